package dev.qrforge.dynamic;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.Instants;
import dev.qrforge.api.Names;
import dev.qrforge.client.ClientNames;
import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Turns the {@code rules} of a request into {@link Rule}s, naming the first offending field by its full path
 * ({@code rules[2].when.os[1]}, {@code rules[0].split[1].weight}). Values are brought to their canonical
 * spelling and duplicates dropped, keeping the caller's order.
 */
public final class RuleValidator {

    /** Rules are tried in turn on every scan; this keeps a scan's work small and a rule list reviewable. */
    public static final int MAX_RULES = 50;
    /** Per condition list; no real audience needs more, and the whole rule set stays a small column. */
    public static final int MAX_VALUES = 50;
    public static final int MAX_NAME_LENGTH = 100;
    /** A split of one is a plain destination; more than ten arms is not an experiment anyone can read. */
    public static final int MIN_SPLIT = 2;
    public static final int MAX_SPLIT = 10;
    /** Up to 1000 allows per-mille shares; with ten arms the sum stays far from int overflow. */
    public static final int MIN_WEIGHT = 1;
    public static final int MAX_WEIGHT = 1000;
    public static final ZoneId DEFAULT_TIMEZONE = ZoneId.of("UTC");

    private static final Set<String> ZONES = Set.copyOf(ZoneId.getAvailableZoneIds());

    private RuleValidator() {
    }

    /** @param rules as bound from JSON; null (no rules given) is an empty list */
    public static List<Rule> validate(List<RuleJson> rules) {
        if (rules == null) {
            return List.of();
        }
        if (rules.size() > MAX_RULES) {
            throw ApiException.invalid("rules", "rules may hold at most " + MAX_RULES + " rules, got " + rules.size());
        }
        List<Rule> valid = new ArrayList<>(rules.size());
        for (int i = 0; i < rules.size(); i++) {
            valid.add(rule("rules[" + i + "]", rules.get(i)));
        }
        return List.copyOf(valid);
    }

    private static Rule rule(String path, RuleJson rule) {
        if (rule.name() != null && (Names.blank(rule.name()) || Names.length(rule.name()) > MAX_NAME_LENGTH)) {
            throw ApiException.invalid(path + ".name",
                    path + ".name must be 1 to " + MAX_NAME_LENGTH + " characters and not blank");
        }
        Conditions when = conditions(path + ".when", rule.when());
        if ((rule.destinationUrl() == null) == (rule.split() == null)) {
            throw ApiException.invalid(path + ".destinationUrl",
                    path + " needs exactly one of destinationUrl and split");
        }
        Utm utm = Utm.validate(path + ".utm", rule.utm());
        if (rule.destinationUrl() != null) {
            return new Rule(rule.name(), when,
                    Destinations.requireHttpUrl(path + ".destinationUrl", rule.destinationUrl()), null, utm);
        }
        return new Rule(rule.name(), when, null, split(path + ".split", rule.split()), utm);
    }

    private static List<Rule.Target> split(String path, List<SplitJson> split) {
        if (split.size() < MIN_SPLIT || split.size() > MAX_SPLIT) {
            throw ApiException.invalid(path, path + " must hold " + MIN_SPLIT + " to " + MAX_SPLIT
                    + " destinations, got " + split.size());
        }
        List<Rule.Target> targets = new ArrayList<>(split.size());
        for (int i = 0; i < split.size(); i++) {
            String arm = path + "[" + i + "]";
            SplitJson target = split.get(i);
            String url = Destinations.requireHttpUrl(arm + ".destinationUrl", target.destinationUrl());
            if (target.weight() == null || target.weight() < MIN_WEIGHT || target.weight() > MAX_WEIGHT) {
                throw ApiException.invalid(arm + ".weight", arm + ".weight must be an integer from " + MIN_WEIGHT
                        + " to " + MAX_WEIGHT);
            }
            targets.add(new Rule.Target(url, target.weight()));
        }
        return List.copyOf(targets);
    }

    private static Conditions conditions(String path, ConditionsJson when) {
        if (when == null) {
            return Conditions.ANY;
        }
        Set<String> os = values(path + ".os", when.os(), named(ClientNames.OPERATING_SYSTEMS),
                "one of " + String.join(", ", ClientNames.OPERATING_SYSTEMS));
        Set<String> device = values(path + ".device", when.device(), named(ClientNames.DEVICES),
                "one of " + String.join(", ", ClientNames.DEVICES));
        Set<String> browser = values(path + ".browser", when.browser(), named(ClientNames.BROWSERS),
                "one of " + String.join(", ", ClientNames.BROWSERS));
        Set<String> country = values(path + ".country", when.country(),
                code(ClientNames.COUNTRIES, value -> value.toUpperCase(Locale.ROOT)),
                "an ISO 3166-1 alpha-2 country code such as DE");
        Set<String> language = values(path + ".language", when.language(),
                code(ClientNames.LANGUAGES, value -> value.toLowerCase(Locale.ROOT)),
                "an ISO 639-1 language code such as de");
        Schedule schedule = schedule(path, when);
        Instant startAt = instant(path + ".startAt", when.startAt());
        Instant endAt = instant(path + ".endAt", when.endAt());
        if (startAt != null && endAt != null && !startAt.isBefore(endAt)) {
            throw ApiException.invalid(path + ".endAt", path + ".endAt must be after " + path + ".startAt");
        }
        if (when.scanCountBelow() != null && when.scanCountBelow() < 1) {
            throw ApiException.invalid(path + ".scanCountBelow", path + ".scanCountBelow must be a positive integer");
        }
        return new Conditions(os, device, browser, country, language, schedule, startAt, endAt,
                when.scanCountBelow());
    }

    private static Schedule schedule(String path, ConditionsJson when) {
        if (when.daysOfWeek() == null && when.timeFrom() == null && when.timeTo() == null) {
            if (when.timezone() != null) {
                throw ApiException.invalid(path + ".timezone",
                        path + ".timezone applies only together with daysOfWeek or timeFrom and timeTo");
            }
            return null;
        }
        Set<DayOfWeek> days = values(path + ".daysOfWeek", when.daysOfWeek(), RuleValidator::day,
                "an English day name such as monday");
        LocalTime from = time(path + ".timeFrom", when.timeFrom());
        LocalTime to = time(path + ".timeTo", when.timeTo());
        if ((from == null) != (to == null)) {
            String missing = from == null ? path + ".timeFrom" : path + ".timeTo";
            throw ApiException.invalid(missing, missing + " is required when the other end of the window is set");
        }
        if (from != null && from.equals(to)) {
            throw ApiException.invalid(path + ".timeTo", path + ".timeTo must differ from " + path + ".timeFrom");
        }
        return new Schedule(days, from, to, zone(path + ".timezone", when.timezone()));
    }

    /**
     * A condition's list of accepted values, canonical and without duplicates; an absent list is an empty set
     * (no condition), an empty list is a mistake.
     */
    private static <T> Set<T> values(String path, List<String> given, Function<String, Optional<T>> parse,
            String expected) {
        if (given == null) {
            return Set.of();
        }
        if (given.isEmpty() || given.size() > MAX_VALUES) {
            throw ApiException.invalid(path, path + " must hold 1 to " + MAX_VALUES + " values, or be left out");
        }
        Set<T> values = new LinkedHashSet<>();
        for (int i = 0; i < given.size(); i++) {
            String value = given.get(i);
            String element = path + "[" + i + "]";
            values.add(parse.apply(value).orElseThrow(() -> ApiException.invalid(element,
                    element + " must be " + expected + "; got '" + value + "'")));
        }
        return Collections.unmodifiableSet(values);
    }

    private static Function<String, Optional<String>> named(List<String> canonical) {
        return value -> canonical.stream().filter(value::equalsIgnoreCase).findFirst();
    }

    private static Function<String, Optional<String>> code(Set<String> codes, UnaryOperator<String> normalize) {
        return value -> Optional.of(normalize.apply(value)).filter(codes::contains);
    }

    private static Optional<DayOfWeek> day(String value) {
        return Arrays.stream(DayOfWeek.values()).filter(day -> day.name().equalsIgnoreCase(value)).findFirst();
    }

    private static LocalTime time(String path, String value) {
        if (value == null) {
            return null;
        }
        try {
            return LocalTime.parse(value, Schedule.TIME_FORMAT);
        } catch (DateTimeException e) {
            throw ApiException.invalid(path, path + " must be a time of day as HH:mm, such as 09:30; got '"
                    + value + "'");
        }
    }

    private static ZoneId zone(String path, String value) {
        if (value == null) {
            return DEFAULT_TIMEZONE;
        }
        if (!ZONES.contains(value)) {
            throw ApiException.invalid(path, path + " must be an IANA time zone such as Europe/Berlin; got '"
                    + value + "'");
        }
        return ZoneId.of(value);
    }

    /** As every timestamp of the API (api.Instants): RFC 3339, offsets to ±23:59, from 2000 to before 9999. */
    private static Instant instant(String path, String value) {
        return value == null ? null : Instants.parse(path, value);
    }
}
