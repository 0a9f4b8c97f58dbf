package dev.qrforge.dynamic;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.qrforge.api.Nullable;
import java.time.Instant;
import java.time.LocalTime;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * A rule's {@code when} object as it travels in JSON: in requests as the caller wrote it, in storage and
 * responses in canonical form (canonical spellings, duplicates dropped, the time zone filled in).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ConditionsJson(@Nullable List<String> os, @Nullable List<String> device,
        @Nullable List<String> browser, @Nullable List<String> country, @Nullable List<String> language,
        @Nullable List<String> daysOfWeek, String timeFrom, String timeTo, String timezone,
        String startAt, String endAt, Long scanCountBelow) {

    /** The canonical form of {@code when}, or null when it places no condition (the field is then omitted). */
    public static ConditionsJson of(Conditions when) {
        if (when.equals(Conditions.ANY)) {
            return null;
        }
        List<String> days = null;
        String timeFrom = null;
        String timeTo = null;
        String timezone = null;
        Schedule schedule = when.schedule();
        if (schedule != null) {
            days = list(schedule.days().stream().map(day -> day.name().toLowerCase(Locale.ROOT)).toList());
            timeFrom = format(schedule.timeFrom());
            timeTo = format(schedule.timeTo());
            timezone = schedule.timezone().getId();
        }
        return new ConditionsJson(list(when.os()), list(when.device()), list(when.browser()), list(when.country()),
                list(when.language()), days, timeFrom, timeTo, timezone, format(when.startAt()),
                format(when.endAt()), when.scanCountBelow());
    }

    private static List<String> list(Collection<String> values) {
        return values.isEmpty() ? null : List.copyOf(values);
    }

    private static String format(LocalTime time) {
        return time == null ? null : Schedule.TIME_FORMAT.format(time);
    }

    private static String format(Instant instant) {
        return instant == null ? null : instant.toString();
    }
}
