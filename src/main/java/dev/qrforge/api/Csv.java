package dev.qrforge.api;

/** CSV records for the API's downloads (scan exports, bulk manifests). */
public final class Csv {

    private Csv() {
    }

    /**
     * One record (RFC 4180), null as an empty field. A text value that a spreadsheet would run as a formula gets a
     * leading apostrophe (OWASP "CSV injection"): much of what is exported came from strangers.
     */
    public static String record(Object... values) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                line.append(',');
            }
            if (values[i] == null) {
                continue;
            }
            String value = values[i].toString();
            if (values[i] instanceof CharSequence && !value.isEmpty() && "=+-@\t\r".indexOf(value.charAt(0)) >= 0) {
                value = "'" + value;
            }
            if (value.contains(",") || value.contains("\"") || value.contains("\n") || value.contains("\r")) {
                value = "\"" + value.replace("\"", "\"\"") + "\"";
            }
            line.append(value);
        }
        return line.append('\n').toString();
    }
}
