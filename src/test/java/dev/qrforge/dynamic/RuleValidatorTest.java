package dev.qrforge.dynamic;

import static dev.qrforge.dynamic.RuleJsonSupport.parse;
import static dev.qrforge.dynamic.RuleJsonSupport.rules;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorCode;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RuleValidatorTest {

    private static final String URL = "'destinationUrl': 'https://example.com/x'";

    private static void rejects(String json, String field, String message) {
        assertThatThrownBy(() -> rules(json)).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.INVALID_PARAMETER);
            assertThat(e.field()).isEqualTo(field);
        }).hasMessage(message);
    }

    /** A list whose rule number 2 has the given {@code when}, behind two harmless rules. */
    private static String thirdRuleWhen(String when) {
        return "[{" + URL + "}, {'when': {}, " + URL + "}, {'when': " + when + ", " + URL + "}]";
    }

    @Test
    void valuesAreCanonicalDeduplicatedAndKeepTheirOrder() {
        Rule rule = rules("[{'name': 'x', 'when': {'os': ['ANDROID', 'ios', 'Android'], 'device': ['Mobile'],"
                + " 'browser': ['samsung internet', 'EDGE'], 'country': ['de', 'At'], 'language': ['DE'],"
                + " 'daysOfWeek': ['Sunday', 'SATURDAY'], 'timeFrom': '22:00', 'timeTo': '06:00'}, " + URL + "}]")
                .get(0);
        Conditions when = rule.when();
        assertThat(when.os()).containsExactly("Android", "iOS");
        assertThat(when.device()).containsExactly("mobile");
        assertThat(when.browser()).containsExactly("Samsung Internet", "Edge");
        assertThat(when.country()).containsExactly("DE", "AT");
        assertThat(when.language()).containsExactly("de");
        assertThat(when.schedule()).isEqualTo(new Schedule(Set.of(DayOfWeek.SUNDAY, DayOfWeek.SATURDAY),
                LocalTime.of(22, 0), LocalTime.of(6, 0), ZoneId.of("UTC")));
        assertThat(when.schedule().days()).containsExactly(DayOfWeek.SUNDAY, DayOfWeek.SATURDAY);
        assertThat(rule.name()).isEqualTo("x");
        assertThat(rule.destinationUrl()).isEqualTo("https://example.com/x");
        assertThat(rule.split()).isNull();
    }

    @Test
    void validatedRulesAreImmutable() {
        List<Rule> valid = rules("[{'when': {'os': ['iOS']}, 'split': [{'destinationUrl': 'https://a.example',"
                + " 'weight': 1}, {'destinationUrl': 'https://b.example', 'weight': 2}]}]");
        assertThatThrownBy(() -> valid.add(valid.get(0))).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> valid.get(0).when().os().add("Android"))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> valid.get(0).split().clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void absentOrEmptyWhenPlacesNoCondition() {
        assertThat(rules("[{" + URL + "}, {'when': {}, " + URL + "}]"))
                .extracting(Rule::when).containsExactly(Conditions.ANY, Conditions.ANY);
        assertThat(RuleValidator.validate(null)).isEmpty();
        assertThat(rules("[]")).isEmpty();
    }

    @Test
    void periodAndCountAreParsed() {
        Conditions when = rules("[{'when': {'startAt': '2026-12-01T01:00:00+01:00', 'endAt': '2026-12-24T00:00:00Z',"
                + " 'scanCountBelow': 100}, " + URL + "}]").get(0).when();
        assertThat(when.startAt()).isEqualTo(Instant.parse("2026-12-01T00:00:00Z"));
        assertThat(when.endAt()).isEqualTo(Instant.parse("2026-12-24T00:00:00Z"));
        assertThat(when.scanCountBelow()).isEqualTo(100L);
        assertThat(when.schedule()).isNull();
        // As every timestamp of the API: any offset RFC 3339 allows, beyond Java's ±18:00 (a fuzzer's find).
        assertThat(rules("[{'when': {'startAt': '4893-01-21T21:56:30-19:36'}, " + URL + "}]").get(0).when().startAt())
                .isEqualTo(Instant.parse("4893-01-22T17:32:30Z"));
    }

    @Test
    void ruleListIsBounded() {
        String fifty = IntStream.range(0, RuleValidator.MAX_RULES).mapToObj(i -> "{" + URL + "}")
                .collect(Collectors.joining(",", "[", "]"));
        assertThat(rules(fifty)).hasSize(50);
        rejects(fifty.replace("]", ",{" + URL + "}]"), "rules", "rules may hold at most 50 rules, got 51");
    }

    @Test
    void ruleNeedsExactlyOneDestination() {
        rejects("[{" + URL + "}, {'name': 'x'}]", "rules[1].destinationUrl",
                "rules[1] needs exactly one of destinationUrl and split");
        rejects("[{" + URL + ", 'split': [{'destinationUrl': 'https://a.example', 'weight': 1},"
                + " {'destinationUrl': 'https://b.example', 'weight': 1}]}]", "rules[0].destinationUrl",
                "rules[0] needs exactly one of destinationUrl and split");
        rejects("[{" + URL + "}, {'destinationUrl': 'javascript:alert(1)'}]", "rules[1].destinationUrl",
                "rules[1].destinationUrl must use http or https, not 'javascript'");
    }

    @Test
    void nameIsShortAndNotBlank() {
        assertThat(rules("[{'name': '" + "é".repeat(100) + "', " + URL + "}]").get(0).name()).hasSize(100);
        String message = "rules[0].name must be 1 to 100 characters and not blank";
        rejects("[{'name': '" + "x".repeat(101) + "', " + URL + "}]", "rules[0].name", message);
        rejects("[{'name': '  ', " + URL + "}]", "rules[0].name", message);
    }

    @Test
    void splitArmsAndWeightsAreChecked() {
        String arm = "{'destinationUrl': 'https://a.example', 'weight': 5}";
        rejects("[{'split': [" + arm + "]}]", "rules[0].split", "rules[0].split must hold 2 to 10 destinations, got 1");
        rejects("[{'split': [" + String.join(",", Collections.nCopies(11, arm)) + "]}]", "rules[0].split",
                "rules[0].split must hold 2 to 10 destinations, got 11");
        assertThat(rules("[{'split': [" + String.join(",", Collections.nCopies(10, arm)) + "]}]").get(0).split())
                .hasSize(10);
        rejects("[{'split': [" + arm + ", {'destinationUrl': 'data:x', 'weight': 1}]}]",
                "rules[0].split[1].destinationUrl",
                "rules[0].split[1].destinationUrl must use http or https, not 'data'");
        rejects("[{'split': [" + arm + ", {'weight': 1}]}]",
                "rules[0].split[1].destinationUrl", "rules[0].split[1].destinationUrl is required");
        for (String weight : List.of("0", "1001", "-3")) {
            rejects("[{'split': [" + arm + ", {'destinationUrl': 'https://b.example', 'weight': " + weight + "}]}]",
                    "rules[0].split[1].weight", "rules[0].split[1].weight must be an integer from 1 to 1000");
        }
        assertThat(rules("[{'split': [{'destinationUrl': 'https://a.example', 'weight': 1},"
                + " {'destinationUrl': 'https://b.example', 'weight': 1000}]}]").get(0).split())
                .containsExactly(new Rule.Target("https://a.example", 1), new Rule.Target("https://b.example", 1000));
    }

    /** Each row: a {@code when}, the field it gets wrong (under {@code rules[2].when.}), and what is said. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "{'os': ['iOS', 'Symbian']} | os[1] | must be one of iOS, Android, Windows, macOS, Linux, ChromeOS; got 'Symbian'",
        "{'os': []} | os | must hold 1 to 50 values, or be left out",
        "{'device': ['phone']} | device[0] | must be one of mobile, tablet, desktop; got 'phone'",
        "{'browser': ['Samsung']} | browser[0] | must be one of Chrome, Safari, Firefox, Edge, Samsung Internet, Opera; got 'Samsung'",
        "{'country': ['DE', 'XX']} | country[1] | must be an ISO 3166-1 alpha-2 country code such as DE; got 'XX'",
        "{'country': ['DEU']} | country[0] | must be an ISO 3166-1 alpha-2 country code such as DE; got 'DEU'",
        "{'language': ['deu']} | language[0] | must be an ISO 639-1 language code such as de; got 'deu'",
        "{'language': ['qq']} | language[0] | must be an ISO 639-1 language code such as de; got 'qq'",
        "{'daysOfWeek': ['sat']} | daysOfWeek[0] | must be an English day name such as monday; got 'sat'",
        "{'timeFrom': '9:00', 'timeTo': '17:00'} | timeFrom | must be a time of day as HH:mm, such as 09:30; got '9:00'",
        "{'timeFrom': '09:00', 'timeTo': '24:00'} | timeTo | must be a time of day as HH:mm, such as 09:30; got '24:00'",
        "{'timeFrom': '09:00:00', 'timeTo': '17:00'} | timeFrom | must be a time of day as HH:mm, such as 09:30; got '09:00:00'",
        "{'timeFrom': '09:00'} | timeTo | is required when the other end of the window is set",
        "{'timeTo': '09:00'} | timeFrom | is required when the other end of the window is set",
        "{'timeFrom': '09:00', 'timeTo': '09:00'} | timeTo | must differ from rules[2].when.timeFrom",
        "{'daysOfWeek': ['monday'], 'timezone': 'Mars/Olympus'} | timezone | must be an IANA time zone such as Europe/Berlin; got 'Mars/Olympus'",
        "{'daysOfWeek': ['monday'], 'timezone': '+02:00'} | timezone | must be an IANA time zone such as Europe/Berlin; got '+02:00'",
        "{'daysOfWeek': ['monday'], 'timezone': 'europe/berlin'} | timezone | must be an IANA time zone such as Europe/Berlin; got 'europe/berlin'",
        "{'timezone': 'Europe/Berlin'} | timezone | applies only together with daysOfWeek or timeFrom and timeTo",
        "{'startAt': '2026-12-01'} | startAt | must be an RFC 3339 timestamp such as 2026-11-01T00:00:00Z",
        "{'endAt': 'soon'} | endAt | must be an RFC 3339 timestamp such as 2026-11-01T00:00:00Z",
        "{'endAt': '1999-12-31T23:59:59Z'} | endAt | must be from 2000-01-01T00:00:00Z and before 9999-01-01T00:00:00Z; got 1999-12-31T23:59:59Z",
        "{'startAt': '2026-12-24T00:00:00Z', 'endAt': '2026-12-01T00:00:00Z'} | endAt | must be after rules[2].when.startAt",
        "{'startAt': '2026-12-24T00:00:00Z', 'endAt': '2026-12-24T00:00:00Z'} | endAt | must be after rules[2].when.startAt",
        "{'scanCountBelow': 0} | scanCountBelow | must be a positive integer",
        "{'scanCountBelow': -5} | scanCountBelow | must be a positive integer",
    })
    void everyConditionErrorNamesItsField(String when, String field, String message) {
        String path = "rules[2].when." + field;
        rejects(thirdRuleWhen(when), path, path + " " + message);
    }

    @Test
    void conditionListsAreBounded() {
        String fifty = Collections.nCopies(RuleValidator.MAX_VALUES, "'DE'").stream()
                .collect(Collectors.joining(",", "[", "]"));
        assertThat(rules("[{'when': {'country': " + fifty + "}, " + URL + "}]").get(0).when().country())
                .containsExactly("DE");
        rejects("[{'when': {'country': " + fifty.replace("]", ",'AT']") + "}, " + URL + "}]",
                "rules[0].when.country", "rules[0].when.country must hold 1 to 50 values, or be left out");
    }

    @Test
    void strictBindingRejectsWrongShapesBeforeValidation() {
        assertThatThrownBy(() -> parse("[{'when': {'scanCountBelow': '100'}, " + URL + "}]"))
                .hasCauseInstanceOf(MismatchedInputException.class);
        assertThatThrownBy(() -> parse("[{'when': {'scanCountBelow': 1.5}, " + URL + "}]"))
                .hasCauseInstanceOf(MismatchedInputException.class);
        assertThatThrownBy(() -> parse("[{'when': {'os': 'iOS'}, " + URL + "}]"))
                .hasCauseInstanceOf(MismatchedInputException.class);
        assertThatThrownBy(() -> parse("[{'when': {'platform': ['iOS']}, " + URL + "}]"))
                .cause().isInstanceOfSatisfying(UnrecognizedPropertyException.class,
                        e -> assertThat(e.getPropertyName()).isEqualTo("platform"));
        assertThatThrownBy(() -> parse("[{'split': [{'destinationUrl': 'https://a.example', 'weight': '7'}]}]"))
                .hasCauseInstanceOf(MismatchedInputException.class);
        // So is a null where the document has none: a rule, an arm, a weight, a condition's value.
        for (String nulls : List.of("[{" + URL + "}, null]", "[{'split': [{" + URL + ", 'weight': 1}, null]}]",
                "[{'split': [{" + URL + ", 'weight': null}]}]", "[{'when': {'os': [null]}, " + URL + "}]")) {
            assertThatThrownBy(() -> parse(nulls)).as(nulls).hasCauseInstanceOf(InvalidNullException.class);
        }
    }
}
