package dev.qrforge.scan;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The scan flush's JDBC plumbing. Every statement exists in two forms: PostgreSQL gets the whole batch as one
 * set-based statement over arrays (one array per column, {@code unnest}), so its cost does not grow with round trips;
 * H2, the embedded default, gets one row per statement in a JDBC batch.
 */
final class Sql {

    /** A column, and its element type in a PostgreSQL array. */
    record Column(String name, String arrayType) {
    }

    static final String POSTGRES = "PostgreSQL";

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
     * Instants and dates travel in arrays as ISO-8601 text, which PostgreSQL reads exactly whatever the session's
     * or the JVM's time zone (java.sql.Timestamp would be rendered in the JVM's zone).
     */
    private static Object arrayElement(Object value) {
        return value instanceof Instant || value instanceof java.time.LocalDate ? value.toString() : value;
    }
}
