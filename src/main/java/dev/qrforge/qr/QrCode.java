package dev.qrforge.qr;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.qrforge.api.JsonConfig;
import dev.qrforge.api.WireNames;
import dev.qrforge.content.Content;
import dev.qrforge.render.ErrorCorrection;
import dev.qrforge.safety.Deduction;
import dev.qrforge.safety.Safety;
import dev.qrforge.safety.SafetyStatus;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A generated QR code as stored: the request that made it (enough to re-render it identically) and the safety
 * verdict it got. The image itself is not stored; rendering is cheaper than the storage and I/O it would cost.
 */
@Entity
@Table(name = "qr_code")
public class QrCode {

    /** Warnings are single sentences, so a newline separates them safely in one column. */
    private static final String WARNING_SEPARATOR = "\n";
    private static final String DEDUCTION_SEPARATOR = ":";

    private static final ObjectMapper JSON = JsonConfig.build();

    @Id
    private String id;

    @Column(name = "workspace_id", nullable = false)
    private String workspaceId;

    @Column(name = "payload", nullable = false)
    private String data;

    @Column(name = "image_format", nullable = false)
    private String format;

    @Column(name = "size_px", nullable = false)
    private int size;

    @Column(name = "margin_modules", nullable = false)
    private int margin;

    @Column(name = "error_correction", nullable = false)
    private String errorCorrection;

    /** Null for codes kept before masks were chosen by verification: they were drawn with the standard's choice. */
    @Column(name = "mask_pattern")
    private Integer mask;

    /** The effective {@link DesignJson}, its logo by reference. */
    @Column(name = "design", nullable = false)
    private String design;

    @Column(name = "safety_score", nullable = false)
    private int safetyScore;

    @Column(name = "safety_status", nullable = false)
    private String safetyStatus;

    @Column(name = "safety_verified", nullable = false)
    private boolean safetyVerified;

    @Column(name = "safety_warnings", nullable = false)
    private String safetyWarnings;

    /** Each warning's signal and points, "signal:points" a line; null for verdicts stored before they were kept. */
    @Column(name = "safety_deductions")
    private String safetyDeductions;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    private String title;

    /** {@link Labels#storedTags()}. */
    private String tags;

    /** The dynamic code whose short link this code carries, or null for a static code. */
    @Column(name = "dynamic_code_id")
    private String dynamicCodeId;

    /** That dynamic code's status, mirrored so that listings filter on this table alone. */
    @Column(name = "dynamic_status")
    private String dynamicStatus;

    @Column(name = "size_unit", nullable = false)
    private String unit;

    /** The edge in {@link #unit} when that is physical; null for pixels. */
    @Column(name = "print_size")
    private Double printSize;

    @Column(name = "dpi")
    private Integer dpi;

    @Column(name = "color_space", nullable = false)
    private String colorSpace;

    @Column(name = "deleted_at")
    private Instant deletedAt;

    /** The typed payload the data encodes, as JSON; null for free data. Like the data, it never changes. */
    @Column(name = "content")
    private String content;

    protected QrCode() {
    }

    QrCode(String id, String workspaceId, CodeSpec spec, Safety safety, Labels labels, Instant createdAt) {
        this.id = id;
        this.workspaceId = workspaceId;
        this.data = spec.data();
        this.content = spec.content() == null ? null : write(spec.content());
        this.createdAt = createdAt;
        record(spec, safety);
        label(labels);
    }

    void label(Labels labels) {
        this.title = labels.title();
        this.tags = labels.storedTags();
    }

    Labels labels() {
        return new Labels(title, Labels.parseTags(tags));
    }

    /** Makes this the QR record of dynamic code {@code id}, in {@code status} (its wire name). */
    void dynamic(String id, String status) {
        this.dynamicCodeId = id;
        this.dynamicStatus = status;
    }

    String dynamicCodeId() {
        return dynamicCodeId;
    }

    void delete(Instant at) {
        this.deletedAt = at;
    }

    /** Everything but the data, which never changes. */
    private void record(CodeSpec spec, Safety safety) {
        this.format = spec.format().wireName();
        this.size = spec.size();
        this.margin = spec.margin();
        this.errorCorrection = spec.errorCorrection().name();
        this.mask = spec.mask();
        PrintSize print = spec.print();
        this.unit = WireNames.of(print.unit());
        this.printSize = print.unit().physical() ? print.size() : null;
        this.dpi = print.dpi();
        this.colorSpace = WireNames.of(print.colorSpace());
        this.design = write(CmykColours.restore(DesignJson.of(spec.design(), spec.logo()), print.cmykInks()));
        this.safetyScore = safety.score();
        this.safetyStatus = safety.status().name();
        this.safetyVerified = safety.verified();
        this.safetyWarnings = String.join(WARNING_SEPARATOR, safety.warnings());
        this.safetyDeductions = safety.deductions().stream().map(d -> d.signal() + DEDUCTION_SEPARATOR + d.points())
                .collect(Collectors.joining(WARNING_SEPARATOR));
    }

    public String id() {
        return id;
    }

    public Instant createdAt() {
        return createdAt;
    }

    public String workspaceId() {
        return workspaceId;
    }

    /**
     * The request that made this code, which draws it again exactly. The stored values were validated on the way
     * in, so parsing them back cannot fail; the logo comes from {@code logos}, the workspace's kept files.
     */
    CodeSpec spec(LogoReader logos) {
        ColorSpace inks = WireNames.find(ColorSpace.class, colorSpace).orElseThrow();
        CmykColours.Split stored = CmykColours.split(design(), inks);
        SizeUnit sizeUnit = WireNames.find(SizeUnit.class, unit).orElseThrow();
        return new CodeSpec(data, ImageFormat.fromWire(format).orElseThrow(), size, margin,
                ErrorCorrection.valueOf(errorCorrection), QrRequestValidator.design(stored.design()),
                QrRequestValidator.logo(stored.design(), logos), mask, content(), new PrintSize(sizeUnit,
                        sizeUnit.physical() ? printSize : size, dpi, inks, stored.cmykInks()));
    }

    /** Draws this code in another way: the data, and so the printed content, stay the same. */
    void restyle(CodeSpec spec, Safety safety) {
        if (!spec.data().equals(data)) {
            throw new IllegalArgumentException("a restyle keeps the data");
        }
        record(spec, safety);
    }

    public Safety safety() {
        return safety(safetyScore, safetyStatus, safetyWarnings, safetyVerified, safetyDeductions);
    }

    /** The verdict as its columns keep it. */
    static Safety safety(int score, String status, String warnings, boolean verified, String deductions) {
        List<Deduction> costs = deductions == null || deductions.isEmpty() ? List.of()
                : Arrays.stream(deductions.split(WARNING_SEPARATOR)).map(line -> {
                    int colon = line.lastIndexOf(DEDUCTION_SEPARATOR);
                    return new Deduction(line.substring(0, colon), Integer.parseInt(line.substring(colon + 1)));
                }).toList();
        return new Safety(score, SafetyStatus.valueOf(status), warnings.isEmpty() ? List.of()
                : Arrays.asList(warnings.split(WARNING_SEPARATOR)), verified, costs);
    }

    /** The record without its image, as listings show it. */
    public QrView view() {
        // Cast, or the conditional unboxes both sides to double and a size of 640 pixels reads 640.0.
        return new QrView(id, format, printSize != null ? (Number) printSize : (Number) size, margin, errorCorrection,
                data, design(), null, null, safety(), title, Labels.parseTags(tags), dynamicCodeId != null,
                dynamicCodeId, createdAt, content(), unit, dpi, colorSpace, null, null, null, null);
    }

    DesignJson design() {
        return read("design", design, DesignJson.class);
    }

    private Content content() {
        return content == null ? null : read("content", content, Content.class);
    }

    private <T> T read(String column, String json, Class<T> type) {
        try {
            return JSON.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the stored " + column + " of " + id
                    + " is not the JSON this service wrote", e);
        }
    }

    private static String write(Object record) {
        try {
            return JSON.writeValueAsString(record);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a design or content record is always JSON", e);
        }
    }
}
