package dev.qrforge.bulk;

import dev.qrforge.api.ApiException;
import dev.qrforge.content.Content;
import dev.qrforge.content.ContentCsv;
import dev.qrforge.qr.DesignJson;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * The CSV form of a bulk request: a header row naming columns, one code per row. Columns are the item fields
 * ({@code data} or {@code content.type} required) and the design fields by name (all but the per-eye {@code eyes},
 * which is nested; the frame's as {@code frame.style} and so on), and a typed content's fields by their paths
 * ({@code content.ssid}, see {@link ContentCsv}); an empty cell means "not given". A logo is best given as the
 * {@code sha256:} reference of one sent before.
 */
public final class BulkCsv {

    static final List<String> COLUMNS = List.of("data", "format", "size", "unit", "dpi", "colorSpace", "margin",
            "errorCorrection", "filename", "template",
            "bodyStyle", "foregroundColor", "backgroundColor", "gradientType", "gradientColor2", "gradientRotation",
            "gradientOnEyes", "eyeFrameStyle", "eyeBallStyle", "eyeFrameColor", "eyeBallColor", "logo", "logoSize",
            "logoMargin", "logoClearModules", "frame.style", "frame.text", "frame.textColor", "frame.frameColor");

    private static final String CONTENT_TYPE = ContentCsv.PREFIX + "type";

    private static final DesignJson NO_DESIGN = new DesignJson(null, null, null, null, null);
    private static final DesignJson.FrameJson NO_FRAME = new DesignJson.FrameJson(null, null, null, null);

    private BulkCsv() {
    }

    public static BulkRequest parse(Reader csv) {
        CSVFormat format = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true)
                .setIgnoreSurroundingSpaces(true).setIgnoreEmptyLines(true).get();
        try (CSVParser parser = CSVParser.parse(csv, format)) {
            Map<String, Integer> header = parser.getHeaderMap();
            if (!header.containsKey("data") && !header.containsKey(CONTENT_TYPE)) {
                throw ApiException.invalid("data", "the CSV header must name a data or a content.type column;"
                        + " columns: " + String.join(",", COLUMNS) + " and content.<field>");
            }
            for (String column : header.keySet()) {
                if (!COLUMNS.contains(column) && !column.startsWith(ContentCsv.PREFIX)) {
                    throw ApiException.invalid(column, "unknown CSV column '" + column + "'; allowed: "
                            + String.join(",", COLUMNS) + " and content.<field>");
                }
            }
            List<BulkRequest.Item> items = new ArrayList<>();
            for (CSVRecord row : parser) {
                if (items.size() == BulkValidator.MAX_ITEMS) {
                    throw ApiException.invalid("items", "items must hold 1 to " + BulkValidator.MAX_ITEMS
                            + " codes per request; the CSV has more rows");
                }
                items.add(item(items.size(), row, header.keySet()));
            }
            return new BulkRequest(null, items);
        } catch (IOException | UncheckedIOException | IllegalStateException e) {
            throw ApiException.invalid("items", "the CSV cannot be read: " + e.getMessage());
        }
    }

    private static BulkRequest.Item item(int index, CSVRecord row, Set<String> columns) {
        java.util.function.Function<String, String> cell = name -> {
            if (!columns.contains(name) || !row.isSet(name)) {
                return null;
            }
            String value = row.get(name);
            return value.isEmpty() ? null : value;
        };
        String design = "design.";
        DesignJson designJson = new DesignJson(cell.apply("bodyStyle"), cell.apply("foregroundColor"),
                cell.apply("backgroundColor"), cell.apply("gradientType"), cell.apply("gradientColor2"),
                number(index, design + "gradientRotation", cell.apply("gradientRotation")),
                bool(index, design + "gradientOnEyes", cell.apply("gradientOnEyes")), cell.apply("eyeFrameStyle"),
                cell.apply("eyeBallStyle"), cell.apply("eyeFrameColor"), cell.apply("eyeBallColor"), null,
                cell.apply("logo"), number(index, design + "logoSize", cell.apply("logoSize")),
                number(index, design + "logoMargin", cell.apply("logoMargin")),
                bool(index, design + "logoClearModules", cell.apply("logoClearModules")), frame(cell));
        return new BulkRequest.Item(cell.apply("data"), cell.apply("format"), size(index, cell.apply("size")),
                integer(index, "margin", cell.apply("margin")), cell.apply("errorCorrection"),
                designJson.equals(NO_DESIGN) ? null : designJson, cell.apply("filename"),
                content(index, columns, cell), cell.apply("unit"), integer(index, "dpi", cell.apply("dpi")),
                cell.apply("colorSpace"), cell.apply("template"));
    }

    /** The row's typed content, if any of its content columns has a value. */
    private static Content content(int index, Set<String> columns, Function<String, String> cell) {
        Map<String, String> cells = new LinkedHashMap<>();
        for (String column : columns) {
            String value = column.startsWith(ContentCsv.PREFIX) ? cell.apply(column) : null;
            if (value != null) {
                cells.put(column.substring(ContentCsv.PREFIX.length()), value);
            }
        }
        try {
            return cells.isEmpty() ? null : ContentCsv.parse(cells);
        } catch (ApiException e) {
            throw new ApiException(e.code(), "items[" + index + "]." + e.field(), e.getMessage());
        }
    }

    /** The frame's columns, or null when none is given. */
    private static DesignJson.FrameJson frame(Function<String, String> cell) {
        DesignJson.FrameJson frame = new DesignJson.FrameJson(cell.apply("frame.style"), cell.apply("frame.text"),
                cell.apply("frame.textColor"), cell.apply("frame.frameColor"));
        return frame.equals(NO_FRAME) ? null : frame;
    }

    private static Double number(int index, String field, String value) {
        if (value == null) {
            return null;
        }
        try {
            return Double.valueOf(value);
        } catch (NumberFormatException e) {
            throw ApiException.invalid("items[" + index + "]." + field, field + " must be a number, got '" + value
                    + "'");
        }
    }

    private static Boolean bool(int index, String field, String value) {
        if (value == null) {
            return null;
        }
        if (!value.equals("true") && !value.equals("false")) {
            throw ApiException.invalid("items[" + index + "]." + field, field + " must be true or false, got '"
                    + value + "'");
        }
        return Boolean.valueOf(value);
    }

    /** A size as JSON would carry it: a whole number as an integer (pixels), a length with decimals as a number. */
    private static Number size(int index, String value) {
        if (value != null && value.matches("[+-]?\\d+")) {
            return integer(index, "size", value);
        }
        return number(index, "size", value);
    }

    private static Integer integer(int index, String column, String value) {
        if (value == null) {
            return null;
        }
        try {
            return Integer.valueOf(value);
        } catch (NumberFormatException e) {
            throw ApiException.invalid("items[" + index + "]." + column, column + " must be an integer, got '"
                    + value + "'");
        }
    }
}
