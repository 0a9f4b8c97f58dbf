package dev.qrforge.bulk;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorCode;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.qrforge.api.ErrorMapper;
import dev.qrforge.api.JsonConfig;
import dev.qrforge.dynamic.DynamicCodes;
import dev.qrforge.dynamic.DynamicRequest;
import dev.qrforge.qr.CodeSpec;
import dev.qrforge.qr.DesignJson;
import dev.qrforge.qr.ImageFormat;
import dev.qrforge.qr.LogoReader;
import dev.qrforge.qr.QrCodes;
import dev.qrforge.qr.QrRequest;
import dev.qrforge.qr.QrRequestValidator;
import dev.qrforge.qr.TemplateReader;
import dev.qrforge.render.DataTooLongException;
import dev.qrforge.render.QrEncoder;
import java.net.URI;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Checks a whole bulk request before any work starts: every item with its defaults applied, down to whether its
 * data fits a QR symbol, so that a job never starts with an item that can only fail. Errors name
 * {@code items[i].field}.
 */
public final class BulkValidator {

    public static final int MAX_ITEMS = 200;
    /** Safe in a ZIP entry on every platform: no paths, no control characters. */
    static final Pattern FILENAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");
    private static final ObjectMapper JSON = JsonConfig.build();

    /**
     * One item ready to be generated.
     *
     * @param request what the job stores for it: a {@link QrRequest}, or a {@link DynamicItem}
     */
    public record Valid<R>(int index, R request, CodeSpec spec, String filename) {
    }

    /** A dynamic code to make: its request, short code chosen, and the base its short link was made on. */
    public record DynamicItem(String base, DynamicRequest request) {
    }

    private BulkValidator() {
    }

    /**
     * @param logos     reads the logos the items name; it reads each distinct one once, however many items share it
     * @param templates reads the design templates the defaults and items name, each once
     * @param clock     stamps what a typed content's format wants stamped
     */
    public static List<Valid<QrRequest>> validate(BulkRequest request, LogoReader logos, TemplateReader templates,
            Clock clock) {
        List<BulkRequest.Item> items = items(request, request == null ? null : request.items());
        BulkRequest.Defaults defaults = defaults(request.defaults());
        DesignJson defaultDesign = defaultDesign(defaults, logos, templates);
        List<Valid<QrRequest>> valid = new ArrayList<>(items.size());
        Set<String> filenames = new HashSet<>();
        for (int i = 0; i < items.size(); i++) {
            valid.add(distinctFile(filenames, item(i, items.get(i), defaults, defaultDesign, logos, templates,
                    clock)));
        }
        return valid;
    }

    /**
     * Checks a dynamic bulk request: each item as {@code POST /api/v1/dynamic} checks its body ({@code check}, which
     * also chooses its short code), with the defaults' look under its own, and the short codes distinct.
     *
     * @param base  the base the request came in on, which short links are made on unless a public base is configured
     * @param check {@code DynamicCodes.check} for the caller's workspace
     */
    public static List<Valid<DynamicItem>> validateDynamic(DynamicBulkRequest request, LogoReader logos,
            TemplateReader templates, URI base, Function<DynamicRequest, DynamicCodes.Checked> check) {
        List<JsonNode> items = items(request, request == null ? null : request.items());
        BulkRequest.Defaults defaults = defaults(request.defaults());
        DesignJson defaultDesign = defaultDesign(defaults, logos, templates);
        List<Valid<DynamicItem>> valid = new ArrayList<>(items.size());
        Set<String> filenames = new HashSet<>();
        Set<String> shortCodes = new HashSet<>();
        for (int i = 0; i < items.size(); i++) {
            Valid<DynamicItem> item = dynamicItem(i, items.get(i), defaults, defaultDesign, templates, base, check);
            DynamicRequest checked = item.request().request();
            // Short codes are unique per domain: the same one may name a code on each.
            String domain = checked.domain() == null ? "" : checked.domain().toLowerCase(Locale.ROOT);
            if (!shortCodes.add(domain + "/" + checked.shortCode())) {
                throw new ApiException(ErrorCode.CONFLICT, "items[" + i + "].shortCode", "shortCode '"
                        + checked.shortCode() + "' is used by an earlier item"
                        + (domain.isEmpty() ? "" : " on " + domain));
            }
            valid.add(distinctFile(filenames, item));
        }
        return valid;
    }

    private static <T> List<T> items(Object body, List<T> items) {
        if (body == null) {
            throw new ApiException(ErrorCode.INVALID_JSON, null,
                    "the request body must be a JSON object with items, e.g. {\"items\": [{…}, …]}");
        }
        if (items == null || items.isEmpty() || items.size() > MAX_ITEMS) {
            throw ApiException.invalid("items", "items must hold 1 to " + MAX_ITEMS + " codes per request, got "
                    + (items == null ? 0 : items.size()));
        }
        return items;
    }

    private static BulkRequest.Defaults defaults(BulkRequest.Defaults given) {
        return given == null ? new BulkRequest.Defaults(null, null, null, null, null) : given;
    }

    /** The defaults' design with their template applied, once the defaults are found valid. */
    private static DesignJson defaultDesign(BulkRequest.Defaults defaults, LogoReader logos,
            TemplateReader templates) {
        DesignJson design = templates.design(defaults.template(), defaults.design(),
                "defaults." + TemplateReader.FIELD);
        try {
            QrRequestValidator.validate(new QrRequest("defaults", defaults.format(), defaults.size(),
                    defaults.margin(), defaults.errorCorrection(), design, null, null, defaults.unit(),
                    defaults.dpi(), defaults.colorSpace()), ImageFormat.SVG, logos);
        } catch (ApiException e) {
            throw prefixed("defaults", e);
        }
        return design;
    }

    private static <R> Valid<R> distinctFile(Set<String> filenames, Valid<R> item) {
        if (!filenames.add(item.filename())) {
            throw ApiException.invalid("items[" + item.index() + "].filename", "filename '" + item.filename()
                    + "' is used by an earlier item; file names in one archive must differ");
        }
        return item;
    }

    /** @param defaultDesign the defaults' design with their template applied */
    private static Valid<QrRequest> item(int index, BulkRequest.Item item, BulkRequest.Defaults defaults,
            DesignJson defaultDesign, LogoReader logos, TemplateReader templates, Clock clock) {
        String prefix = "items[" + index + "].";
        if (item == null) {
            throw ApiException.invalid("items[" + index + "]", "items[" + index + "] must be an object with data");
        }
        QrRequest request = withDefaults(index, item, defaults, defaultDesign, templates);
        CodeSpec spec;
        try {
            spec = QrRequestValidator.validate(request, ImageFormat.SVG, logos, clock);
            // Whether it fits does not depend on the mask: one fixed mask spares choosing among eight, which the job
            // does when it draws the code.
            QrEncoder.encode(spec.data(), spec.errorCorrection(), 0);
        } catch (ApiException e) {
            throw prefixed("items[" + index + "]", e);
        } catch (DataTooLongException e) {
            throw ApiException.invalid(prefix + (item.content() == null ? "data" : "content"), QrCodes.tooLong(e));
        }
        return new Valid<>(index, keepingLogoOnce(request, spec), spec, filename(index, item.filename(), spec));
    }

    private static Valid<DynamicItem> dynamicItem(int index, JsonNode node, BulkRequest.Defaults defaults,
            DesignJson defaultDesign, TemplateReader templates, URI base,
            Function<DynamicRequest, DynamicCodes.Checked> check) {
        String path = "items[" + index + "]";
        if (node == null || !node.isObject()) {
            throw ApiException.invalid(path, path + " must be an object with destinationUrl");
        }
        ObjectNode fields = ((ObjectNode) node).deepCopy();
        JsonNode filename = fields.remove("filename");
        if (filename != null && filename.isNull()) {
            throw ApiException.notNull(path + ".filename");
        }
        if (filename != null && !filename.isTextual()) {
            throw ApiException.invalid(path + ".filename", "filename must be a string");
        }
        if (fields.hasNonNull("password")) {
            // Each gate is an Argon2id hash, made to be slow and memory-hungry: 200 of them would hold a request (or a
            // job) for long, and the plain password would wait in the job's rows until then.
            throw ApiException.invalid(path + ".password", "a bulk item takes no password: set one on a code with"
                    + " PATCH /api/v1/dynamic/{id} once the job has made it");
        }
        DynamicRequest given;
        try {
            given = JSON.treeToValue(fields, DynamicRequest.class);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw prefixed(path, ErrorMapper.translate(e));
        }
        QrRequest look = withDefaults(index, new BulkRequest.Item(null, given.format(), given.size(), given.margin(),
                given.errorCorrection(), given.design(), null, null, given.unit(), given.dpi(), given.colorSpace(),
                given.template()), defaults, defaultDesign, templates);
        DynamicCodes.Checked checked;
        try {
            checked = check.apply(given.withLook(look));
        } catch (ApiException e) {
            throw prefixed(path, e);
        }
        CodeSpec spec = checked.spec();
        return new Valid<>(index, new DynamicItem(base.toString(),
                checked.request().withLook(keepingLogoOnce(look, spec))), spec,
                filename(index, filename == null || filename.isNull() ? null : filename.asText(), spec));
    }

    /**
     * An item's look: its own format, size and so on, else the defaults'; its design (its template's under it) over
     * the defaults'.
     */
    private static QrRequest withDefaults(int index, BulkRequest.Item item, BulkRequest.Defaults defaults,
            DesignJson defaultDesign, TemplateReader templates) {
        DesignJson design = templates.design(item.template(), item.design(),
                "items[" + index + "]." + TemplateReader.FIELD);
        return new QrRequest(item.data(), first(item.format(), defaults.format()),
                first(item.size(), defaults.size()), first(item.margin(), defaults.margin()),
                first(item.errorCorrection(), defaults.errorCorrection()),
                design == null ? defaultDesign : design.over(defaultDesign), null, null,
                item.content(), first(item.unit(), defaults.unit()), first(item.dpi(), defaults.dpi()),
                first(item.colorSpace(), defaults.colorSpace()));
    }

    /** The job keeps the logo once (see BulkJobs#accept); its items name it rather than carry it. */
    private static QrRequest keepingLogoOnce(QrRequest request, CodeSpec spec) {
        return spec.logo() == null ? request : request.withDesign(request.design().withLogo(spec.logo().reference()));
    }

    /** The item's file: its own name, else its number, with the format's extension. */
    private static String filename(int index, String given, CodeSpec spec) {
        return given == null ? String.format("%03d.%s", index + 1, spec.format().wireName())
                : filename("items[" + index + "].filename", given, spec.format());
    }

    /** A given name keeps its own extension if it has the format's; otherwise the format's is appended. */
    private static String filename(String field, String name, ImageFormat format) {
        if (!FILENAME.matcher(name).matches()) {
            throw ApiException.invalid(field, field + " must be 1 to 100 characters of A-Z, a-z, 0-9, '.', '_' and"
                    + " '-', starting with a letter or digit");
        }
        String extension = "." + format.wireName();
        return name.toLowerCase().endsWith(extension) ? name : name + extension;
    }

    private static ApiException prefixed(String prefix, ApiException e) {
        return new ApiException(e.code(), e.field() == null ? prefix : prefix + "." + e.field(), e.getMessage());
    }

    private static <T> T first(T value, T fallback) {
        return value != null ? value : fallback;
    }
}
