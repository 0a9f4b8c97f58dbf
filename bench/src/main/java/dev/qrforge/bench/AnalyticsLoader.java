package dev.qrforge.bench;

import dev.qrforge.client.ClientFacts;
import dev.qrforge.scan.ScanEvent;
import dev.qrforge.scan.ScanTables;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.ToIntFunction;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Loads issue #4's analytics data set through {@link ScanTables#write}, the code the server's flush runs, and measures
 * its throughput against the same events written by plain batched inserts into a copy of {@code scan_event} (no
 * visitor merge, no rollups): the baseline, measured batch by batch in the same run.
 *
 * <p>Data: {@value #BIG_CODE_SCANS} scans of one code evenly over {@value #BIG_CODE_DAYS} days, and
 * {@value #OTHER_SCANS_PER_CODE} scans of each other code evenly over the last {@value #OTHER_CODE_DAYS} days, merged
 * in time order, so each batch holds what a server running all year would have flushed together. About
 * {@value #BOT_PERCENT} % are bots and about 30 % of a day's scans of a code are repeat visits.
 *
 * <p>Arguments: JDBC URL, user,
 * password, a file of dynamic code ids (the big code first), the end of the loaded period (an ISO instant; every
 * scan falls before it), and a file to write the figures to as {@code key=value} lines.
 */
public final class AnalyticsLoader {

    /** The server's default QRFORGE_SCAN_BUFFER_CAPACITY (the largest batch its flush writes), unless told otherwise. */
    private static final int DEFAULT_BATCH_SIZE = 50_000;
    private static final int BIG_CODE_SCANS = 1_000_000;
    private static final int BIG_CODE_DAYS = 365;
    private static final int OTHER_SCANS_PER_CODE = 100;
    private static final int OTHER_CODE_DAYS = 30;
    private static final int BOT_PERCENT = 10;
    /**
     * A code's daily visitors are drawn from a pool this many times its daily scans: n draws from 1.3 n keys leave
     * about 30 % of them repeats.
     */
    private static final double VISITOR_POOL_PER_DAILY_SCAN = 1.3;
    /** Distinct people's client facts to draw from: enough for every combination the tables below make. */
    private static final int PEOPLE_FACTS = 4096;
    private static final int TAIL_BATCHES = 10;
    /**
     * Live phase: a minute of sustained traffic at {@value #LIVE_SCANS_PER_SECOND} scans a second spread over the
     * 10,000 other codes, in batches as the server's flush forms them: a full buffer flushes early, so each batch is
     * one buffer's worth of consecutive scans.
     */
    private static final int LIVE_SCANS_PER_SECOND = 20_000;
    private static final int LIVE_SECONDS = 60;
    private static final int LIVE_VISITORS_PER_CODE = 10;
    private static final int PROGRESS_EVERY_BATCHES = 10;
    private static final long SEED = 4;
    private static final double NANOS_PER_SECOND = 1e9;
    private static final String INSERT_BASELINE = "insert into scan_event_baseline (dynamic_code_id, scanned_at,"
            + " bot, os, os_version, device, browser, browser_version, country, region, city, language, referrer_host,"
            + " visitor_key) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

    private record Platform(String os, List<String> osVersions, String device, String browser,
            List<String> browserVersions, int weight) {
    }

    private record Place(String country, String region, String city, String language, int weight) {
    }

    private record Referrer(String host, int weight) {
    }

    private static final List<Platform> PLATFORMS = List.of(
            new Platform("iOS", List.of("17.5", "17.6", "18.1", "16.7"), "mobile", "Safari", List.of("17.5", "18.1"), 30),
            new Platform("iOS", List.of("17.5", "18.1"), "mobile", "Chrome", List.of("126.0.6478.54"), 5),
            new Platform("iOS", List.of("17.5", "18.1"), "tablet", "Safari", List.of("17.5", "18.1"), 5),
            new Platform("Android", List.of("14", "13", "12"), "mobile", "Chrome", List.of("126.0.6478.71", "125.0"), 25),
            new Platform("Android", List.of("14", "13"), "mobile", "Samsung Internet", List.of("25.0"), 6),
            new Platform("Android", List.of("14", "13"), "tablet", "Chrome", List.of("126.0.6478.71"), 3),
            new Platform("Windows", List.of(">=10"), "desktop", "Chrome", List.of("126.0.0.0"), 8),
            new Platform("Windows", List.of(">=10"), "desktop", "Edge", List.of("126.0.0.0"), 5),
            new Platform("macOS", List.of("10.15.7", "14.5"), "desktop", "Safari", List.of("17.5"), 4),
            new Platform("macOS", List.of("10.15.7"), "desktop", "Chrome", List.of("126.0.0.0"), 3),
            new Platform("Linux", List.of("??"), "desktop", "Firefox", List.of("127.0"), 2),
            new Platform("ChromeOS", List.of("15886.44.0"), "desktop", "Chrome", List.of("126.0.0.0"), 1),
            new Platform(null, List.of(""), "other", null, List.of(""), 3));

    /** Some places have no city: a country header from a CDN, or a GeoIP Country database, tells only the country. */
    private static final List<Place> PLACES = List.of(
            new Place("US", "California", "Los Angeles", "en", 6), new Place("US", "New York", "New York", "en", 6),
            new Place("US", "Illinois", "Chicago", "en", 3), new Place("US", "Texas", "Houston", "en", 3),
            new Place("US", null, null, "en", 4), new Place("DE", "Berlin", "Berlin", "de", 5),
            new Place("DE", "Bavaria", "Munich", "de", 4), new Place("DE", "Hamburg", "Hamburg", "de", 3),
            new Place("DE", null, null, "de", 3), new Place("FR", "Île-de-France", "Paris", "fr", 5),
            new Place("FR", "Auvergne-Rhône-Alpes", "Lyon", "fr", 2), new Place("GB", "England", "London", "en", 5),
            new Place("GB", "England", "Manchester", "en", 2), new Place("ES", "Madrid", "Madrid", "es", 3),
            new Place("ES", "Catalonia", "Barcelona", "es", 3), new Place("IT", "Lombardy", "Milan", "it", 3),
            new Place("NL", "North Holland", "Amsterdam", "nl", 3), new Place("PL", "Mazovia", "Warsaw", "pl", 2),
            new Place("SE", "Stockholm", "Stockholm", "sv", 2), new Place("BR", "São Paulo", "São Paulo", "pt", 4),
            new Place("MX", "Mexico City", "Mexico City", "es", 2), new Place("CA", "Ontario", "Toronto", "en", 3),
            new Place("IN", "Maharashtra", "Mumbai", "en", 4), new Place("JP", "Tokyo", "Tokyo", "ja", 4),
            new Place("AU", "New South Wales", "Sydney", "en", 2), new Place("US", "Washington", "Paris", "en", 1),
            new Place(null, null, null, "en", 3));

    /** Most scans come from a camera app and carry no referrer. */
    private static final List<Referrer> REFERRERS = List.of(new Referrer(null, 70), new Referrer("l.instagram.com", 8),
            new Referrer("www.google.com", 6), new Referrer("lm.facebook.com", 5), new Referrer("t.co", 4),
            new Referrer("www.linkedin.com", 3), new Referrer("www.reddit.com", 2),
            new Referrer("news.ycombinator.com", 2));

    private static final List<ClientFacts> BOTS = List.of(
            new ClientFacts(null, null, "other", "Googlebot", "2.1", "US", null, null, null, null, true, null),
            new ClientFacts(null, null, "other", "facebookexternalhit", "1.1", "IE", null, null, null, null, true, null),
            new ClientFacts(null, null, "other", "Slackbot", "1.0", "US", null, null, "en", null, true, null),
            new ClientFacts(null, null, "other", "WhatsApp", "2.23.20", "BR", null, null, null, null, true, null),
            new ClientFacts(null, null, "other", "Twitterbot", "1.0", "US", null, null, null, null, true, null),
            new ClientFacts(null, null, "other", "curl", "8.5.0", "DE", null, null, null, null, true, null));

    /** Scans of some codes at evenly spaced instants: scan i falls at a random point of the i-th of n equal slots. */
    private static final class ScanSeries {
        private final List<String> codes;
        private final long scans;
        private final Instant start;
        private final long spanNanos;
        private final int visitorPool;
        private long next;
        private Instant nextAt;

        ScanSeries(List<String> codes, long scans, Instant end, int days, Random random) {
            this.codes = codes;
            this.scans = scans;
            this.start = end.minus(Duration.ofDays(days));
            this.spanNanos = Duration.ofDays(days).toNanos();
            this.visitorPool = (int) Math.max(1, Math.round(
                    (double) scans / codes.size() / days * VISITOR_POOL_PER_DAILY_SCAN));
            this.nextAt = at(0, random);
        }

        boolean done() {
            return next >= scans;
        }

        /** Codes take turns, so each gets exactly its share, spread over the whole period. */
        String code() {
            return codes.get((int) (next % codes.size()));
        }

        void advance(Random random) {
            next++;
            nextAt = at(next, random);
        }

        private Instant at(long scan, Random random) {
            return start.plusNanos((long) (spanNanos * ((scan + random.nextDouble()) / scans)));
        }
    }

    private final Random random = new Random(SEED);
    private final int batchSize;
    private final List<ClientFacts> people = new ArrayList<>(PEOPLE_FACTS);
    private final HexFormat hex = HexFormat.of();

    private AnalyticsLoader(int batchSize) {
        this.batchSize = batchSize;
        List<Platform> platforms = byWeight(PLATFORMS, Platform::weight);
        List<Place> places = byWeight(PLACES, Place::weight);
        List<Referrer> referrers = byWeight(REFERRERS, Referrer::weight);
        for (int i = 0; i < PEOPLE_FACTS; i++) {
            Platform platform = pick(platforms);
            Place place = pick(places);
            people.add(new ClientFacts(platform.os(), emptyToNull(pick(platform.osVersions())), platform.device(),
                    platform.browser(), emptyToNull(pick(platform.browserVersions())), place.country(),
                    place.region(), place.city(), place.language(), pick(referrers).host(), false, null));
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 6 || args.length > 7) {
            System.err.println("usage: AnalyticsLoader <jdbc-url> <user> <password> <codes-file> <end-instant>"
                    + " <results-file> [batch-size]");
            System.exit(2);
        }
        PGSimpleDataSource postgres = new PGSimpleDataSource();
        postgres.setURL(args[0]);
        postgres.setUser(args[1]);
        postgres.setPassword(args[2]);
        List<String> codes = Files.readAllLines(Path.of(args[3])).stream().filter(s -> !s.isBlank()).toList();
        Instant end = Instant.parse(args[4]);
        try (Connection connection = postgres.getConnection()) {
            connection.setAutoCommit(false);
            int batchSize = args.length == 7 ? Integer.parseInt(args[6]) : DEFAULT_BATCH_SIZE;
            Map<String, String> results = new AnalyticsLoader(batchSize).load(connection, codes, end);
            StringBuilder lines = new StringBuilder();
            results.forEach((key, value) -> lines.append(key).append('=').append(value).append('\n'));
            Files.writeString(Path.of(args[5]), lines);
        }
    }

    private Map<String, String> load(Connection connection, List<String> codes, Instant end) throws SQLException {
        try (Statement ddl = connection.createStatement()) {
            ddl.execute("drop table if exists scan_event_baseline");
            ddl.execute("create table scan_event_baseline (like scan_event including all)");
        }
        connection.commit();

        String bigCode = codes.get(0);
        ScanSeries big = new ScanSeries(List.of(bigCode), BIG_CODE_SCANS, end, BIG_CODE_DAYS, random);
        List<String> others = codes.subList(1, codes.size());
        ScanSeries rest = new ScanSeries(others, (long) others.size() * OTHER_SCANS_PER_CODE, end, OTHER_CODE_DAYS, random);
        long totalEvents = BIG_CODE_SCANS + rest.scans;
        int batches = (int) ((totalEvents + batchSize - 1) / batchSize);
        System.out.printf(Locale.ROOT, "loading %,d scans (%,d of %s, %,d of %,d other codes) in %d batches of %,d%n",
                totalEvents, BIG_CODE_SCANS, bigCode, rest.scans, others.size(), batches, batchSize);

        long[] oursNanos = new long[batches];
        long[] baselineNanos = new long[batches];
        int[] sizes = new int[batches];
        boolean[] mixed = new boolean[batches];
        long bigCodeCounted = 0;
        long started = System.nanoTime();
        for (int b = 0; b < batches; b++) {
            List<ScanEvent> batch = new ArrayList<>(batchSize);
            while (batch.size() < batchSize && !(big.done() && rest.done())) {
                ScanSeries from = rest.done() || !big.done() && big.nextAt.isBefore(rest.nextAt) ? big : rest;
                batch.add(event(from));
                mixed[b] |= from == rest;
                from.advance(random);
            }
            bigCodeCounted += batch.stream().filter(e -> e.counted() && e.codeId().equals(bigCode)).count();
            sizes[b] = batch.size();
            time(connection, batch, b, oursNanos, baselineNanos);
            if ((b + 1) % PROGRESS_EVERY_BATCHES == 0 || b == batches - 1) {
                int from = Math.max(0, b + 1 - PROGRESS_EVERY_BATCHES);
                System.out.printf(Locale.ROOT, "  batch %3d/%d  ours %,8.0f events/s  baseline %,8.0f events/s"
                        + "  (%s, %.0f s so far)%n", b + 1, batches, rate(sizes, oursNanos, from, b + 1),
                        rate(sizes, baselineNanos, from, b + 1), mixed[b] ? "all codes, last 30 days" : "big code only",
                        (System.nanoTime() - started) / NANOS_PER_SECOND);
            }
        }

        int liveBatches = LIVE_SECONDS * LIVE_SCANS_PER_SECOND / batchSize;
        long liveBatchNanos = 1_000_000_000L * batchSize / LIVE_SCANS_PER_SECOND;
        long[] liveOurs = new long[liveBatches];
        long[] liveBaseline = new long[liveBatches];
        int[] liveSizes = new int[liveBatches];
        for (int b = 0; b < liveBatches; b++) {
            List<ScanEvent> batch = liveBatch(others, end.plusNanos(b * liveBatchNanos), liveBatchNanos);
            liveSizes[b] = batch.size();
            time(connection, batch, b, liveOurs, liveBaseline);
        }
        System.out.printf(Locale.ROOT, "  live: %d batches of %,d scans (%.1f s of traffic each) over %,d codes"
                + "  ours %,8.0f events/s  baseline %,8.0f events/s%n", liveBatches, batchSize,
                liveBatchNanos / NANOS_PER_SECOND, others.size(), rate(liveSizes, liveOurs, 0, liveBatches),
                rate(liveSizes, liveBaseline, 0, liveBatches));

        Map<String, String> results = new LinkedHashMap<>();
        results.put("events", Long.toString(totalEvents));
        results.put("batches", Integer.toString(batches));
        results.put("big_code_counted", Long.toString(bigCodeCounted));
        results.put("wall_seconds", format((System.nanoTime() - started) / NANOS_PER_SECOND));
        results.put("ours_seconds", format(sum(oursNanos, 0, batches) / NANOS_PER_SECOND));
        results.put("baseline_seconds", format(sum(baselineNanos, 0, batches) / NANOS_PER_SECOND));
        results.put("ours_events_per_s", format(rate(sizes, oursNanos, 0, batches)));
        results.put("baseline_events_per_s", format(rate(sizes, baselineNanos, 0, batches)));
        int tail = Math.max(0, batches - TAIL_BATCHES);
        results.put("ours_tail_events_per_s", format(rate(sizes, oursNanos, tail, batches)));
        results.put("baseline_tail_events_per_s", format(rate(sizes, baselineNanos, tail, batches)));
        results.put("ours_big_only_events_per_s", format(rateWhere(sizes, oursNanos, mixed, false)));
        results.put("baseline_big_only_events_per_s", format(rateWhere(sizes, baselineNanos, mixed, false)));
        results.put("ours_mixed_events_per_s", format(rateWhere(sizes, oursNanos, mixed, true)));
        results.put("baseline_mixed_events_per_s", format(rateWhere(sizes, baselineNanos, mixed, true)));
        results.put("batch_size", Integer.toString(batchSize));
        results.put("live_events", Long.toString((long) liveBatches * batchSize));
        results.put("ours_live_events_per_s", format(rate(liveSizes, liveOurs, 0, liveBatches)));
        results.put("baseline_live_events_per_s", format(rate(liveSizes, liveBaseline, 0, liveBatches)));
        return results;
    }

    /**
     * One buffer's worth of live traffic after the loaded period: scans of random codes among {@code codes}, at
     * random instants of the {@code spanNanos} starting at {@code start}, each visitor drawn from a pool of ten per
     * code.
     */
    private List<ScanEvent> liveBatch(List<String> codes, Instant start, long spanNanos) {
        List<ScanEvent> batch = new ArrayList<>(batchSize);
        long day = start.atZone(ZoneOffset.UTC).toLocalDate().toEpochDay();
        for (int i = 0; i < batchSize; i++) {
            String code = pick(codes);
            boolean bot = random.nextInt(100) < BOT_PERCENT;
            batch.add(new ScanEvent(code, start.plusNanos((long) (random.nextDouble() * spanNanos)),
                    bot ? pick(BOTS) : pick(people), visitorKey(code, day, random.nextInt(LIVE_VISITORS_PER_CODE)), null));
        }
        return batch;
    }

    private ScanEvent event(ScanSeries series) {
        String code = series.code();
        boolean bot = random.nextInt(100) < BOT_PERCENT;
        ClientFacts facts = bot ? pick(BOTS) : pick(people);
        long day = series.nextAt.atZone(ZoneOffset.UTC).toLocalDate().toEpochDay();
        return new ScanEvent(code, series.nextAt, facts, visitorKey(code, day, random.nextInt(series.visitorPool)), null);
    }

    /** 32 hex digits, like the server's 128-bit HMAC, the same for the same visitor of a code on the same day. */
    private String visitorKey(String code, long day, int visitor) {
        long seed = ((long) code.hashCode() << 32) ^ day * 1_000_003L ^ visitor;
        return hex.toHexDigits(mix(seed)) + hex.toHexDigits(mix(~seed));
    }

    /** SplitMix64's finaliser: spreads neighbouring seeds over all 64 bits. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /**
     * Writes batch {@code b} both ways, recording each time. Alternating who goes first spreads checkpoints and
     * cache warmth fairly over both writers.
     */
    private static void time(Connection connection, List<ScanEvent> batch, int b, long[] ours,
            long[] baseline) throws SQLException {
        Map<String, Long> counts = new HashMap<>();
        for (ScanEvent event : batch) {
            if (event.counted()) {
                counts.merge(event.codeId(), 1L, Long::sum);
            }
        }
        if (b % 2 == 0) {
            baseline[b] = timeBaseline(connection, batch);
            ours[b] = timeOurs(connection, batch, counts);
        } else {
            ours[b] = timeOurs(connection, batch, counts);
            baseline[b] = timeBaseline(connection, batch);
        }
    }

    private static long timeOurs(Connection connection, List<ScanEvent> batch,
            Map<String, Long> counts) throws SQLException {
        long start = System.nanoTime();
        try {
            ScanTables.write(connection, batch, counts);
            connection.commit();
        } catch (RuntimeException | SQLException e) {
            connection.rollback();
            throw e;
        }
        return System.nanoTime() - start;
    }

    private static long timeBaseline(Connection connection, List<ScanEvent> batch) throws SQLException {
        long start = System.nanoTime();
        try (PreparedStatement insert = connection.prepareStatement(INSERT_BASELINE)) {
            for (ScanEvent event : batch) {
                ClientFacts facts = event.facts();
                insert.setString(1, event.codeId());
                insert.setTimestamp(2, Timestamp.from(event.scannedAt()));
                insert.setBoolean(3, facts.bot());
                insert.setString(4, facts.os());
                insert.setString(5, facts.osVersion());
                insert.setString(6, facts.device());
                insert.setString(7, facts.browser());
                insert.setString(8, facts.browserVersion());
                insert.setString(9, facts.country());
                insert.setString(10, facts.region());
                insert.setString(11, facts.city());
                insert.setString(12, facts.language());
                insert.setString(13, facts.referrerHost());
                insert.setString(14, event.visitorKey());
                insert.addBatch();
            }
            insert.executeBatch();
            connection.commit();
        } catch (SQLException e) {
            connection.rollback();
            throw e;
        }
        return System.nanoTime() - start;
    }

    private static double rate(int[] sizes, long[] nanos, int from, int to) {
        long events = 0;
        for (int i = from; i < to; i++) {
            events += sizes[i];
        }
        return events / (sum(nanos, from, to) / NANOS_PER_SECOND);
    }

    private static double rateWhere(int[] sizes, long[] nanos, boolean[] mixed, boolean wanted) {
        long events = 0;
        long total = 0;
        for (int i = 0; i < sizes.length; i++) {
            if (mixed[i] == wanted) {
                events += sizes[i];
                total += nanos[i];
            }
        }
        return total == 0 ? Double.NaN : events / (total / NANOS_PER_SECOND);
    }

    private static long sum(long[] values, int from, int to) {
        long total = 0;
        for (int i = from; i < to; i++) {
            total += values[i];
        }
        return total;
    }

    private static String format(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }

    private <T> T pick(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    /** Each value repeated by its weight, so that a uniform pick is a weighted one. */
    private static <T> List<T> byWeight(List<T> values, ToIntFunction<T> weight) {
        List<T> expanded = new ArrayList<>();
        for (T value : values) {
            for (int i = 0; i < weight.applyAsInt(value); i++) {
                expanded.add(value);
            }
        }
        return expanded;
    }

    private static String emptyToNull(String value) {
        return value.isEmpty() ? null : value;
    }
}
