package dev.qrforge.bulk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.qrforge.api.ApiException;
import dev.qrforge.api.JsonConfig;
import dev.qrforge.content.Content;
import dev.qrforge.content.ContentCsv;
import dev.qrforge.qr.DesignJson;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
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

    /** The columns of a dynamic row besides the look's. */
    static final List<String> DYNAMIC_COLUMNS = List.of("destinationUrl", "shortCode", "title", "tags", "status",
            "validFrom", "expiresAt", "maxScans", "expiredUrl", "rules", "utm.source", "utm.medium", "utm.campaign",
            "utm.term", "utm.content", "domain", "campaign");

    private static final ObjectMapper JSON = JsonConfig.build();

    private static final String CONTENT_TYPE = ContentCsv.PREFIX + "type";

    private static final DesignJson NO_DESIGN = new DesignJson(null, null, null, null, null);
    private static final DesignJson.FrameJson NO_FRAME = new DesignJson.FrameJson(null, null, null, null);

    private BulkCsv() {
    }

    public static BulkRequest parse(Reader csv) {
        List<String> allowed = new ArrayList<>(COLUMNS);
        allowed.add(ContentCsv.PREFIX + "<field>");
        return new BulkRequest(null, rows(csv, header -> header.containsKey("data")
                || header.containsKey(CONTENT_TYPE) ? null : "data", "data or content.type", allowed,
                column -> COLUMNS.contains(column) || column.startsWith(ContentCsv.PREFIX), BulkCsv::item));
    }

    /**
     * The CSV form of a dynamic bulk request: a row is a code, its columns those of a static row but {@code data} and
     * the content's, plus {@link #DYNAMIC_COLUMNS}: {@code tags} separated by {@code |}, {@code rules} as the JSON
     * of the API, the campaign parameters as {@code utm.source} and so on.
     */
    public static DynamicBulkRequest parseDynamic(Reader csv) {
        List<String> allowed = new ArrayList<>(DYNAMIC_COLUMNS);
        COLUMNS.stream().filter(column -> !column.equals("data")).forEach(allowed::add);
        return new DynamicBulkRequest(null, rows(csv, header -> header.containsKey("destinationUrl") ? null
                : "destinationUrl", "destinationUrl", allowed, allowed::contains, BulkCsv::dynamicItem));
    }

    /** What one row becomes, given its cells by column ({@code null}: not given). */
    private interface RowReader<T> {
        T read(int index, Function<String, String> cell, Set<String> columns);
    }

    /**
     * @param missing  the field to name when the header lacks a required column, or null when it has them
     * @param required the required columns, as the error says them
     */
    private static <T> List<T> rows(Reader csv, Function<Map<String, Integer>, String> missing, String required,
            List<String> allowed, Predicate<String> known, RowReader<T> reader) {
        CSVFormat format = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true)
                .setIgnoreSurroundingSpaces(true).setIgnoreEmptyLines(true).get();
        try (CSVParser parser = CSVParser.parse(csv, format)) {
            Map<String, Integer> header = parser.getHeaderMap();
            String absent = missing.apply(header);
            if (absent != null) {
                throw ApiException.invalid(absent, "the CSV header must name a " + required + " column; columns: "
                        + String.join(",", allowed));
            }
            for (String column : header.keySet()) {
                if (!known.test(column)) {
                    throw ApiException.invalid(column, "unknown CSV column '" + column + "'; allowed: "
                            + String.join(",", allowed));
                }
            }
            List<T> items = new ArrayList<>();
            for (CSVRecord row : parser) {
                if (items.size() == BulkValidator.MAX_ITEMS) {
                    throw ApiException.invalid("items", "items must hold 1 to " + BulkValidator.MAX_ITEMS
                            + " codes per request; the CSV has more rows");
                }
                Function<String, String> cell = name -> {
                    if (!header.containsKey(name) || !row.isSet(name)) {
                        return null;
                    }
                    String value = row.get(name);
                    return value.isEmpty() ? null : value;
                };
                items.add(reader.read(items.size(), cell, header.keySet()));
            }
            return items;
        } catch (IOException | UncheckedIOException | IllegalStateException e) {
            throw ApiException.invalid("items", "the CSV cannot be read: " + e.getMessage());
        }
    }

    /** A dynamic row: its look read as a static row's, then its dynamic code's columns. */
    private static JsonNode dynamicItem(int index, Function<String, String> cell, Set<String> columns) {
        ObjectNode item = JSON.valueToTree(item(index, cell, columns));
        for (String column : List.of("destinationUrl", "shortCode", "status", "validFrom", "expiresAt", "expiredUrl",
                "title", "domain", "campaign")) {
            String value = cell.apply(column);
            if (value != null) {
                item.put(column, value);
            }
        }
        String maxScans = cell.apply("maxScans");
        if (maxScans != null) {
            try {
                item.put("maxScans", Long.parseLong(maxScans));
            } catch (NumberFormatException e) {
                throw ApiException.invalid("items[" + index + "].maxScans", "maxScans must be an integer, got '"
                        + maxScans + "'");
            }
        }
        String tags = cell.apply("tags");
        if (tags != null) {
            ArrayNode list = item.putArray("tags");
            Arrays.stream(tags.split("\\|", -1)).map(String::trim).forEach(list::add);
        }
        String rules = cell.apply("rules");
        if (rules != null) {
            try {
                item.set("rules", JSON.readTree(rules));
            } catch (IOException e) {
                throw ApiException.invalid("items[" + index + "].rules", "rules must be the JSON array of the API,"
                        + " e.g. [{\"if\": {…}, \"destinationUrl\": \"…\"}]: " + e.getMessage());
            }
        }
        ObjectNode utm = JsonNodeFactory.instance.objectNode();
        for (String field : List.of("source", "medium", "campaign", "term", "content")) {
            String value = cell.apply("utm." + field);
            if (value != null) {
                utm.put(field, value);
            }
        }
        if (!utm.isEmpty()) {
            item.set("utm", utm);
        }
        return item;
    }

    /** A static row, or the look of a dynamic one (which has no data nor content columns). */
    private static BulkRequest.Item item(int index, Function<String, String> cell, Set<String> columns) {
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
