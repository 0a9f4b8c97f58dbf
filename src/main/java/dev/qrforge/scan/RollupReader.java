package dev.qrforge.scan;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.postgresql.PGStatement;

/**
 * Reads the rollups the flush maintains ({@link Rollups}), never the raw events: hourly totals, and the breakdowns,
 * from the daily rows for the whole UTC days of a range and from the hourly rows for its partial days at either end,
 * so any range costs a few index range scans whatever it spans.
 */
@ApplicationScoped
public class RollupReader {

    /**
     * Codes the top codes read first: when a few codes hold most scans, as they do, these settle the list, and
     * summing this many costs a few milliseconds.
     */
    static final int FIRST_SLICE = 256;
    /** The two stretches of hours at a range's ends ({@link Split}). */
    private static final String EDGE_HOURS = " and ((hour_start >= ? and hour_start < ?)"
            + " or (hour_start >= ? and hour_start < ?))";
    /** Formats: the owner's hourly table, and its condition; the owner's daily table, and its condition. */
    private static final String HOURLY = "select hour_start, sum(scans), sum(unique_scans), sum(bot_scans)"
            + " from %1$s where %2$s and hour_start >= ? and hour_start < ? group by hour_start";
    private static final String BREAKDOWNS_DAILY = "select breakdown from %3$s"
            + " where %4$s and scan_day >= ? and scan_day < ?";
    private static final String BREAKDOWNS_HOURLY = "select breakdown from %1$s where %2$s" + EDGE_HOURS;
    /** A {@link #CODE_TOTALS} stretch of hours. */
    private static final String CODE_HOURS = " union all select dynamic_code_id, scans, unique_scans from scan_hourly"
            + " where dynamic_code_id in (select id from dynamic_code where %1$s) and hour_start >= ? and hour_start < ?";
    /**
     * The codes whose rollups are read ({@link Codes#candidates}), deleted ones included, with what bounds each one's
     * scans in a range ending at a given hour: its count of people's scans, which the flush raises in the transaction
     * that adds the same scans to its rollups, and which an erasure zeroes with them, less its scans in the hours of
     * the {@link #LATER_HOURS} after the range. One statement, so one snapshot: a flush committing between reading the
     * counts and reading the later hours would lower a bound below the code's scans in the range. {@code %1$s}: a
     * {@link Codes#candidates} condition, with one parameter.
     */
    private static final String CANDIDATES = "select c.id, c.scan_count - coalesce(l.later, 0) from dynamic_code c"
            + " left join (select dynamic_code_id, sum(scans) as later from scan_hourly where dynamic_code_id in"
            + " (select id from dynamic_code where %1$s) and hour_start >= ? and hour_start < ?"
            + " group by dynamic_code_id) l on l.dynamic_code_id = c.id where c.%1$s";
    /**
     * How far after a range the bounds look: a day's hourly rows at most, so that reading them costs little against
     * summing the range; a range ending within a day of the newest scans, as a dashboard's does, has them all.
     */
    static final Duration LATER_HOURS = Duration.ofDays(1);
    /**
     * Some codes' daily totals over the whole UTC days, their hourly ones over the partial days at either end: the
     * same sums as adding up their hours, a day's row being its hours added up (schema version 15). Each end's hours
     * are a range of their own, which the hourly rows' key (code, hour) can seek: the two as one condition with
     * {@code or} had PostgreSQL fetch each code's every hourly row and filter them (73 ms for the first slice of the
     * bench's workspace against 21 ms). {@code %1$s}: a {@link Codes#candidates} condition, with one parameter.
     */
    private static final String CODE_TOTALS = "select dynamic_code_id, sum(scans), sum(unique_scans) from ("
            + "select dynamic_code_id, scans, unique_scans from scan_daily where dynamic_code_id in (select id from"
            + " dynamic_code where %1$s) and scan_day >= ? and scan_day < ?" + CODE_HOURS + CODE_HOURS
            + ") r group by dynamic_code_id";
    /** Most scans first, then by id: the order of the top codes. */
    private static final Comparator<CodeTotals> RANKING = Comparator.comparingLong(CodeTotals::scans).reversed()
            .thenComparing(CodeTotals::codeId);

    /** The codes' scans in one UTC hour. */
    public record Hour(Instant start, long scans, long uniqueScans, long botScans) {
    }

    /** One code's scans over a range. */
    public record CodeTotals(String codeId, long scans, long uniqueScans) {
    }

    /**
     * Whose rollups a query reads: one code's, a set of codes' (whatever groups them: this package knows codes only),
     * or a workspace's, which sum those of every code it has had, deleted ones included (their scans stay part of the
     * workspace's history until erased).
     *
     * @param hourly     the hourly rollup table
     * @param daily      the daily rollup table
     * @param condition  an SQL condition on the tables' owner column with one parameter
     * @param candidates the same codes as an SQL condition on {@code dynamic_code} with one parameter
     * @param parameter  a {@code String}, or a {@code String[]} bound as an array
     */
    public record Codes(String hourly, String daily, String condition, String candidates, Object parameter) {

        public static Codes one(String codeId) {
            return new Codes("scan_hourly", "scan_daily", "dynamic_code_id = ?", "id = ?", codeId);
        }

        /**
         * The codes {@code codeIds}, added up: read from their own rows, one array parameter, which H2 and PostgreSQL
         * both compare with {@code = any}.
         */
        public static Codes among(Collection<String> codeIds) {
            return new Codes("scan_hourly", "scan_daily", "dynamic_code_id = any(?)", "id = any(?)",
                    codeIds.toArray(String[]::new));
        }

        public static Codes ofWorkspace(String workspaceId) {
            return new Codes("workspace_hourly", "workspace_daily", "workspace_id = ?", "workspace_id = ?",
                    workspaceId);
        }

        private String where(String query) {
            return String.format(query, hourly, condition, daily, condition);
        }

        private void bind(PreparedStatement query, int index) throws SQLException {
            if (parameter instanceof String[] ids) {
                query.setArray(index, query.getConnection().createArrayOf("varchar", ids));
            } else {
                query.setString(index, (String) parameter);
            }
        }
    }

    @Inject
    DataSource dataSource;

    /** How many codes the top codes read first. */
    int firstSlice = FIRST_SLICE;

    /**
     * Hands {@code each} every hour of [from, to) in which the codes were scanned; {@code from} and {@code to} on
     * hours.
     */
    public void hours(Codes codes, Instant from, Instant to, Consumer<Hour> each) {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement hourly = connection.prepareStatement(codes.where(HOURLY))) {
            codes.bind(hourly, 1);
            hourly.setObject(2, utc(from));
            hourly.setObject(3, utc(to));
            try (ResultSet rows = hourly.executeQuery()) {
                while (rows.next()) {
                    each.accept(new Hour(rows.getObject(1, OffsetDateTime.class).toInstant(), rows.getLong(2),
                            rows.getLong(3), rows.getLong(4)));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not read scan rollups: " + e.getMessage(), e);
        }
    }

    /**
     * The most scanned of the codes in [from, to), most first (ties by id); {@code from} and {@code to} on hours.
     * Only codes with rollup rows in the range are listed, bots-only ones with no scans.
     *
     * <p>Exact, and without reading every code's rows when a few codes hold most scans, which is how scans fall: the
     * codes with the highest bounds, which their scans in the range cannot exceed (the all-time count less the scans
     * of the day after the range, {@link #CANDIDATES}), are summed first; if the list is then full and the next code's
     * bound could not place it (nor could any after it, whose bounds are no larger and ids later), the rest are not
     * read. Otherwise, where the bounds rank the codes unlike the range does (a range that ends more than a day before
     * most codes' newest scans), every code is summed, as this did before (docs/benchmarks.md, "Top codes"). The
     * bounds and the sums are read without one snapshot: a flush committing in between may leave out a code's scans
     * of that flush, as if it were read a flush earlier, the lag analytics have anyway.
     */
    public List<CodeTotals> top(Codes codes, Instant from, Instant to, int limit) {
        if (limit <= 0) {
            return List.of();
        }
        Split split = Split.of(from, to);
        TreeSet<CodeTotals> best = new TreeSet<>(RANKING);
        try (Connection connection = dataSource.getConnection()) {
            List<CodeTotals> candidates = candidates(connection, codes, to);
            List<String> first = candidates.stream().limit(firstSlice).map(CodeTotals::codeId).toList();
            keep(best, sums(connection, Codes.among(first), split), limit);
            boolean settled = first.size() == candidates.size() || best.size() == limit
                    && RANKING.compare(candidates.get(first.size()), best.last()) > 0;
            if (!settled) {
                best.clear();
                keep(best, sums(connection, codes, split), limit);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not read scan rollups: " + e.getMessage(), e);
        }
        return List.copyOf(best);
    }

    /** Adds {@code sums} to the {@code limit} best. */
    private static void keep(TreeSet<CodeTotals> best, List<CodeTotals> sums, int limit) {
        for (CodeTotals totals : sums) {
            best.add(totals);
            if (best.size() > limit) {
                best.pollLast();
            }
        }
    }

    /**
     * The codes, each with the bound of its scans in a range ending at {@code to} as its scans, in {@link #RANKING}
     * order: sorted here, as the database's collation might order equal bounds' ids otherwise.
     */
    private static List<CodeTotals> candidates(Connection connection, Codes codes, Instant to) throws SQLException {
        List<CodeTotals> candidates = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement(String.format(CANDIDATES, codes.candidates()))) {
            codes.bind(query, 1);
            query.setObject(2, utc(to));
            query.setObject(3, utc(to.plus(LATER_HOURS)));
            codes.bind(query, 4);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    candidates.add(new CodeTotals(rows.getString(1), rows.getLong(2), 0));
                }
            }
        }
        candidates.sort(RANKING);
        return candidates;
    }

    /** The codes' sums over the range, of those with rollup rows in it. */
    private static List<CodeTotals> sums(Connection connection, Codes codes, Split split) throws SQLException {
        List<CodeTotals> sums = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement(String.format(CODE_TOTALS,
                codes.candidates()))) {
            if (Sql.postgres(connection)) {
                // Planned afresh for its dates each time: from the sixth run of a server-side prepared statement on,
                // PostgreSQL may keep a generic plan, which takes the range's days for a few hundred rows and sorts
                // the hundreds of thousands there may be on disk instead of hashing them (docs/benchmarks.md, "Top
                // codes").
                query.unwrap(PGStatement.class).setPrepareThreshold(0);
            }
            codes.bind(query, 1);
            split.bindDays(query, 2);
            codes.bind(query, 4);
            split.bindFirstEdge(query, 5);
            codes.bind(query, 7);
            split.bindLastEdge(query, 8);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    sums.add(new CodeTotals(rows.getString(1), rows.getLong(2), rows.getLong(3)));
                }
            }
        }
        return sums;
    }

    /** The codes' scans in [from, to) by every dimension and value; {@code from} and {@code to} on hours. */
    public Map<ScanDimension, Map<String, Long>> breakdowns(Codes codes, Instant from, Instant to) {
        Map<ScanDimension, Map<String, Long>> result = new EnumMap<>(ScanDimension.class);
        for (ScanDimension dimension : ScanDimension.values()) {
            result.put(dimension, new HashMap<>());
        }
        Split split = Split.of(from, to);
        try (Connection connection = dataSource.getConnection()) {
            if (split.firstDay().isBefore(split.endDay())) {
                try (PreparedStatement daily = connection.prepareStatement(codes.where(BREAKDOWNS_DAILY))) {
                    codes.bind(daily, 1);
                    split.bindDays(daily, 2);
                    collect(daily, result);
                }
            }
            try (PreparedStatement hourly = connection.prepareStatement(codes.where(BREAKDOWNS_HOURLY))) {
                codes.bind(hourly, 1);
                split.bindEdges(hourly, 2);
                collect(hourly, result);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not read scan rollups: " + e.getMessage(), e);
        }
        return result;
    }

    /**
     * A range on hours cut into the whole UTC days [firstDay, endDay), read from daily rows, and the partial days
     * [from, firstDay) and [endDay, to) at its ends, read from hourly ones. Without a whole day inside, the days are
     * empty and the first stretch of hours covers the range.
     */
    private record Split(Instant from, Instant firstDay, Instant endDay, Instant to) {

        static Split of(Instant from, Instant to) {
            Instant firstDay = from.truncatedTo(ChronoUnit.DAYS);
            if (firstDay.isBefore(from)) {
                firstDay = firstDay.plus(1, ChronoUnit.DAYS);
            }
            Instant endDay = to.truncatedTo(ChronoUnit.DAYS);
            return firstDay.isBefore(endDay) ? new Split(from, firstDay, endDay, to) : new Split(from, to, to, to);
        }

        /** Binds the days' first and end date to parameters {@code first} and the next. */
        void bindDays(PreparedStatement query, int first) throws SQLException {
            query.setObject(first, LocalDate.ofInstant(firstDay, ZoneOffset.UTC));
            query.setObject(first + 1, LocalDate.ofInstant(endDay, ZoneOffset.UTC));
        }

        /** Binds the two stretches of hours, {@link #EDGE_HOURS}, to parameters {@code first} to {@code first + 3}. */
        void bindEdges(PreparedStatement query, int first) throws SQLException {
            bindFirstEdge(query, first);
            bindLastEdge(query, first + 2);
        }

        /** Binds the hours before the first whole day to parameters {@code first} and the next. */
        void bindFirstEdge(PreparedStatement query, int first) throws SQLException {
            query.setObject(first, utc(from));
            query.setObject(first + 1, utc(firstDay));
        }

        /** Binds the hours after the last whole day to parameters {@code first} and the next. */
        void bindLastEdge(PreparedStatement query, int first) throws SQLException {
            query.setObject(first, utc(endDay));
            query.setObject(first + 1, utc(to));
        }
    }

    private static void collect(PreparedStatement query, Map<ScanDimension, Map<String, Long>> into)
            throws SQLException {
        try (ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                Breakdown breakdown = Breakdown.parse(rows.getString(1));
                for (ScanDimension dimension : ScanDimension.values()) {
                    breakdown.of(dimension.stored()).forEach((value, scans) ->
                            into.get(dimension).merge(value, scans, Long::sum));
                }
            }
        }
    }

    private static OffsetDateTime utc(Instant at) {
        return OffsetDateTime.ofInstant(at, ZoneOffset.UTC);
    }
}
