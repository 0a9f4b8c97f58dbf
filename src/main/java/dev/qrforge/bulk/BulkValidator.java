package dev.qrforge.bulk;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorCode;
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
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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

    /** One item ready to be generated. */
    public record Valid(int index, QrRequest request, CodeSpec spec, String filename) {
    }

    private BulkValidator() {
    }

    /**
     * @param logos     reads the logos the items name; it reads each distinct one once, however many items share it
     * @param templates reads the design templates the defaults and items name, each once
     * @param clock     stamps what a typed content's format wants stamped
     */
    public static List<Valid> validate(BulkRequest request, LogoReader logos, TemplateReader templates,
            Clock clock) {
        if (request == null) {
            throw new ApiException(ErrorCode.INVALID_JSON, null,
                    "the request body must be a JSON object with items, e.g. {\"items\": [{\"data\": \"…\"}]}");
        }
        List<BulkRequest.Item> items = request.items();
        if (items == null || items.isEmpty() || items.size() > MAX_ITEMS) {
            throw ApiException.invalid("items", "items must hold 1 to " + MAX_ITEMS + " codes per request, got "
                    + (items == null ? 0 : items.size()));
        }
        BulkRequest.Defaults defaults = request.defaults() == null
                ? new BulkRequest.Defaults(null, null, null, null, null) : request.defaults();
        DesignJson defaultDesign = templates.design(defaults.template(), defaults.design(),
                "defaults." + TemplateReader.FIELD);
        try {
            QrRequestValidator.validate(new QrRequest("defaults", defaults.format(), defaults.size(),
                    defaults.margin(), defaults.errorCorrection(), defaultDesign, null, null, defaults.unit(),
                    defaults.dpi(), defaults.colorSpace()), ImageFormat.SVG, logos);
        } catch (ApiException e) {
            throw prefixed("defaults", e);
        }
        List<Valid> valid = new ArrayList<>(items.size());
        Set<String> filenames = new HashSet<>();
        for (int i = 0; i < items.size(); i++) {
            Valid item = item(i, items.get(i), defaults, defaultDesign, logos, templates, clock);
            if (!filenames.add(item.filename())) {
                throw ApiException.invalid("items[" + i + "].filename", "filename '" + item.filename()
                        + "' is used by an earlier item; file names in one archive must differ");
            }
            valid.add(item);
        }
        return valid;
    }

    /** @param defaultDesign the defaults' design with their template applied */
    private static Valid item(int index, BulkRequest.Item item, BulkRequest.Defaults defaults,
            DesignJson defaultDesign, LogoReader logos, TemplateReader templates, Clock clock) {
        String prefix = "items[" + index + "].";
        if (item == null) {
            throw ApiException.invalid("items[" + index + "]", "items[" + index + "] must be an object with data");
        }
        DesignJson design = templates.design(item.template(), item.design(), prefix + TemplateReader.FIELD);
        QrRequest request = new QrRequest(item.data(), first(item.format(), defaults.format()),
                first(item.size(), defaults.size()), first(item.margin(), defaults.margin()),
                first(item.errorCorrection(), defaults.errorCorrection()),
                design == null ? defaultDesign : design.over(defaultDesign), null, null,
                item.content(), first(item.unit(), defaults.unit()), first(item.dpi(), defaults.dpi()),
                first(item.colorSpace(), defaults.colorSpace()));
        CodeSpec spec;
        try {
            spec = QrRequestValidator.validate(request, ImageFormat.SVG, logos, clock);
            QrEncoder.encode(spec.data(), spec.errorCorrection());
        } catch (ApiException e) {
            throw prefixed("items[" + index + "]", e);
        } catch (DataTooLongException e) {
            throw ApiException.invalid(prefix + (item.content() == null ? "data" : "content"), QrCodes.tooLong(e));
        }
        String filename = item.filename() == null
                ? String.format("%03d.%s", index + 1, spec.format().wireName())
                : filename(prefix + "filename", item.filename(), spec.format());
        // The job keeps the logo once (see BulkJobs#accept); its items name it rather than carry it.
        QrRequest stored = spec.logo() == null ? request : new QrRequest(request.data(), request.format(),
                request.size(), request.margin(), request.errorCorrection(),
                request.design().withLogo(spec.logo().reference()), null, null, request.content(), request.unit(),
                request.dpi(), request.colorSpace());
        return new Valid(index, stored, spec, filename);
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
