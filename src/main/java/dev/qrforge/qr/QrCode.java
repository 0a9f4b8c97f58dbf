package dev.qrforge.qr;

import dev.qrforge.api.WireNames;
import dev.qrforge.render.BodyStyle;
import dev.qrforge.render.Design;
import dev.qrforge.render.ErrorCorrection;
import dev.qrforge.render.Gradient;
import dev.qrforge.render.GradientType;
import dev.qrforge.render.Rgb;
import dev.qrforge.safety.Safety;
import dev.qrforge.safety.SafetyStatus;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * A generated QR code as stored: the request that made it (enough to re-render it identically) and the safety
 * verdict it got. The image itself is not stored; rendering is cheaper than the storage and I/O it would cost.
 */
@Entity
@Table(name = "qr_code")
public class QrCode {

    /** Warnings are single sentences, so a newline separates them safely in one column. */
    private static final String WARNING_SEPARATOR = "\n";

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

    @Column(name = "body_style", nullable = false)
    private String bodyStyle;

    @Column(name = "foreground_color", nullable = false)
    private String foregroundColor;

    @Column(name = "background_color", nullable = false)
    private String backgroundColor;

    @Column(name = "gradient_type")
    private String gradientType;

    @Column(name = "gradient_color2")
    private String gradientColor2;

    @Column(name = "safety_score", nullable = false)
    private int safetyScore;

    @Column(name = "safety_status", nullable = false)
    private String safetyStatus;

    @Column(name = "safety_verified", nullable = false)
    private boolean safetyVerified;

    @Column(name = "safety_warnings", nullable = false)
    private String safetyWarnings;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    protected QrCode() {
    }

    QrCode(String id, String workspaceId, CodeSpec spec, Safety safety, Instant createdAt) {
        this.id = id;
        this.workspaceId = workspaceId;
        this.data = spec.data();
        this.format = spec.format().wireName();
        this.size = spec.size();
        this.margin = spec.margin();
        this.errorCorrection = spec.errorCorrection().name();
        DesignJson design = DesignJson.of(spec.design());
        this.bodyStyle = design.bodyStyle();
        this.foregroundColor = design.foregroundColor();
        this.backgroundColor = design.backgroundColor();
        this.gradientType = design.gradientType();
        this.gradientColor2 = design.gradientColor2();
        this.safetyScore = safety.score();
        this.safetyStatus = safety.status().name();
        this.safetyVerified = safety.verified();
        this.safetyWarnings = String.join(WARNING_SEPARATOR, safety.warnings());
        this.createdAt = createdAt;
    }

    public String id() {
        return id;
    }

    public Instant createdAt() {
        return createdAt;
    }

    /** The stored values were validated on the way in, so parsing them back cannot fail. */
    public CodeSpec spec() {
        Gradient gradient = gradientType == null ? null
                : new Gradient(WireNames.find(GradientType.class, gradientType).orElseThrow(), Rgb.parseHex(gradientColor2).orElseThrow());
        Design design = new Design(WireNames.find(BodyStyle.class, bodyStyle).orElseThrow(),
                Rgb.parseHex(foregroundColor).orElseThrow(), Rgb.parseHex(backgroundColor).orElseThrow(), gradient);
        return new CodeSpec(data, ImageFormat.fromWire(format).orElseThrow(), size, margin,
                ErrorCorrection.valueOf(errorCorrection), design);
    }

    public Safety safety() {
        List<String> warnings = safetyWarnings.isEmpty() ? List.of()
                : Arrays.asList(safetyWarnings.split(WARNING_SEPARATOR));
        return new Safety(safetyScore, SafetyStatus.valueOf(safetyStatus), warnings, safetyVerified);
    }

    /** The record without its image, as listings show it. */
    public QrView view() {
        return new QrView(id, format, size, margin, errorCorrection, data,
                new DesignJson(bodyStyle, foregroundColor, backgroundColor, gradientType, gradientColor2),
                null, null, safety(), createdAt);
    }
}
