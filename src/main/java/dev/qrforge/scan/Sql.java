package dev.qrforge.scan;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * The scan flush's JDBC plumbing. Every statement exists in two forms: PostgreSQL gets the whole batch at once, so
 * its cost does not grow with round trips: as one set-based statement over arrays (one array per column,
 * {@code unnest}) where the rows are few or small, as one {@code COPY} where they are many (into their table, or into a
 * {@link #stage} that one statement then joins in); H2, the embedded default, gets one row per statement in a JDBC
 * batch.
 */
final class Sql {

    /** A column, and its element type in a PostgreSQL array. */
    record Column(String name, String arrayType) {
    }

    static final String POSTGRES = "PostgreSQL";
    /** Characters of COPY text sent per message: large enough to amortise a write, small enough not to matter. */
    private static final int COPY_CHUNK = 1 << 16;
    /** The first and last second of the years Instant writes in four digits, 0000 and 9999. */
    private static final long FIRST_FOUR_DIGIT_SECOND = -62_167_219_200L;
    private static final long LAST_FOUR_DIGIT_SECOND = 253_402_300_799L;
    private static final int[] POWERS_OF_TEN = {1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000,
        100_000_000};

    private Sql() {
    }

    static boolean postgres(Connection connection) throws SQLException {
        return POSTGRES.equals(connection.getMetaData().getDatabaseProductName());
    }

    static String names(List<Column> columns, String prefix) {
        return join(columns, c -> prefix + c.name());
    }

    /** {@code ?::varchar[], ?::timestamptz[], …}: PostgreSQL array parameters for {@code unnest}. */
    static String arrays(List<Column> columns) {
        return join(columns, c -> "?::" + c.arrayType() + "[]");
    }

    static String parameters(List<Column> columns) {
        return join(columns, c -> "?");
    }

    static String join(List<Column> columns, Function<Column, String> each) {
        return columns.stream().map(each).collect(Collectors.joining(", "));
    }

    /** PostgreSQL: binds each column of {@code rows} as one array parameter, in column order. */
    static void bindArrays(Connection connection, PreparedStatement statement, List<Column> columns,
            List<Object[]> rows) throws SQLException {
        for (int c = 0; c < columns.size(); c++) {
            Object[] column = new Object[rows.size()];
            for (int r = 0; r < rows.size(); r++) {
                column[r] = arrayElement(rows.get(r)[c]);
            }
            statement.setArray(c + 1, connection.createArrayOf(columns.get(c).arrayType(), column));
        }
    }

    /**
     * PostgreSQL: appends {@code rows} to {@code table} with {@code COPY ... FROM STDIN} in its text format, which
     * costs client and server less than the same values as arrays: no array literals to build, quote and parse
     * (docs/benchmarks.md, "Analytics at scale").
     */
    static void copy(Connection connection, String table, List<Column> columns, List<Object[]> rows)
            throws SQLException {
        if (rows.isEmpty()) {
            return;
        }
        CopyIn copy = connection.unwrap(PGConnection.class).getCopyAPI()
                .copyIn("copy " + table + " (" + names(columns, "") + ") from stdin");
        try {
            StringBuilder text = new StringBuilder(COPY_CHUNK + COPY_CHUNK / 4);
            for (Object[] row : rows) {
                for (int c = 0; c < row.length; c++) {
                    if (c > 0) {
                        text.append('\t');
                    }
                    copyValue(text, row[c]);
                }
                text.append('\n');
                if (text.length() >= COPY_CHUNK) {
                    send(copy, text);
                }
            }
            send(copy, text);
            copy.endCopy();
        } finally {
            if (copy.isActive()) {
                copy.cancelCopy();
            }
        }
    }

    /**
     * PostgreSQL: an empty temporary table shaped like {@code table}, for rows to {@link #copy} before one set-based
     * statement joins them in. One per connection, kept for the next flush on the same pooled connection; emptied
     * when taken rather than on commit, which works in auto-commit mode too, and by truncation, which leaves no dead
     * rows behind (autovacuum never visits temporary tables). PostgreSQL cannot prepare a transaction that touched a
     * temporary table, so the flush needs the local (non-XA) data source configure-server.cli defines.
     *
     * @return its name
     */
    static String stage(Connection connection, String table) throws SQLException {
        String stage = "pg_temp." + table + "_stage";
        try (Statement ddl = connection.createStatement()) {
            ddl.execute("create temporary table if not exists " + stage + " (like " + table + ")");
            ddl.execute("truncate " + stage);
        }
        return stage;
    }

    private static void send(CopyIn copy, StringBuilder text) throws SQLException {
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
        copy.writeToCopy(bytes, 0, bytes.length);
        text.setLength(0);
    }

    /** One value in COPY's text format: {@code \N} for null, and the four characters that would end it escaped. */
    private static void copyValue(StringBuilder text, Object value) {
        if (value == null) {
            text.append("\\N");
            return;
        }
        String plain = arrayElement(value).toString();
        for (int i = 0; i < plain.length(); i++) {
            char c = plain.charAt(i);
            switch (c) {
                case '\\' -> text.append("\\\\");
                case '\t' -> text.append("\\t");
                case '\n' -> text.append("\\n");
                case '\r' -> text.append("\\r");
                default -> text.append(c);
            }
        }
    }

    /** H2: binds one row's values as the statement's parameters. */
    static void bindRow(PreparedStatement statement, Object[] row) throws SQLException {
        for (int c = 0; c < row.length; c++) {
            if (row[c] == null) {
                statement.setNull(c + 1, Types.VARCHAR);
            } else {
                statement.setObject(c + 1, row[c] instanceof Instant at ? OffsetDateTime.ofInstant(at, ZoneOffset.UTC)
                        : row[c]);
            }
        }
    }

    /**
     * Instants and dates travel in arrays and COPY as ISO-8601 text, which PostgreSQL reads exactly whatever the
     * session's or the JVM's time zone (java.sql.Timestamp would be rendered in the JVM's zone).
     */
    private static Object arrayElement(Object value) {
        if (value instanceof Instant at) {
            return iso(at);
        }
        return value instanceof java.time.LocalDate ? value.toString() : value;
    }

    /**
     * {@link Instant#toString}, character for character, written out by hand for the years 0 to 9999: a flush
     * writes one per event, and the formatter behind {@code toString} took about a seventh of the analytics loader's
     * CPU samples (docs/benchmarks.md, "Analytics at scale").
     */
    static String iso(Instant at) {
        if (at.getEpochSecond() < FIRST_FOUR_DIGIT_SECOND || at.getEpochSecond() > LAST_FOUR_DIGIT_SECOND) {
            return at.toString();
        }
        LocalDateTime utc = LocalDateTime.ofEpochSecond(at.getEpochSecond(), at.getNano(), ZoneOffset.UTC);
        StringBuilder text = new StringBuilder(30);
        digits(text, utc.getYear(), 4).append('-');
        digits(text, utc.getMonthValue(), 2).append('-');
        digits(text, utc.getDayOfMonth(), 2).append('T');
        digits(text, utc.getHour(), 2).append(':');
        digits(text, utc.getMinute(), 2).append(':');
        digits(text, utc.getSecond(), 2);
        int nano = at.getNano();
        if (nano > 0) {
            text.append('.');
            if (nano % 1_000_000 == 0) {
                digits(text, nano / 1_000_000, 3);
            } else if (nano % 1000 == 0) {
                digits(text, nano / 1000, 6);
            } else {
                digits(text, nano, 9);
            }
        }
        return text.append('Z').toString();
    }

    /** {@code value} in {@code width} decimal digits, zeros in front. */
    private static StringBuilder digits(StringBuilder text, int value, int width) {
        for (int divisor = POWERS_OF_TEN[width - 1]; divisor > 0; divisor /= 10) {
            text.append((char) ('0' + value / divisor % 10));
        }
        return text;
    }
}
