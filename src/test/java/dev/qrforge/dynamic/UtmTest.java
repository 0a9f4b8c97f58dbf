package dev.qrforge.dynamic;

import static dev.qrforge.dynamic.RuleJsonSupport.MAPPER;
import static dev.qrforge.dynamic.RuleJsonSupport.rules;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorCode;
import dev.qrforge.client.ClientFacts;
import dev.qrforge.scan.Route;
import java.time.Instant;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UtmTest {

    private static final Utm SPRING = new Utm("newsletter", "qr code", "spring sale 2027", null, null);
    private static final Instant NOW = Instant.parse("2027-03-01T12:00:00Z");
    private static final RoutingFacts SCAN = new RoutingFacts("iOS", "mobile", "Safari", "DE", "de", NOW, 0);
    private static final ClientFacts PHONE = new ClientFacts("iOS", "18.1", "mobile", "Safari", "18.1", "DE", null,
            null, "de", null, false, null);
    private static final RandomGenerator NO_DRAW = () -> {
        throw new AssertionError("no random draw expected");
    };

    private static JsonNode json(String text) {
        try {
            return MAPPER.readTree(text.replace('\'', '"'));
        } catch (JsonProcessingException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void keepsTheQueryAndPutsTheFragmentLast() {
        assertThat(Utm.apply(SPRING, "https://example.com/menu?lang=de&ref=poster#dinner")).isEqualTo(
                "https://example.com/menu?lang=de&ref=poster&utm_source=newsletter&utm_medium=qr%20code"
                        + "&utm_campaign=spring%20sale%202027#dinner");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "https://example.com|https://example.com?utm_source=newsletter",
        "https://example.com/|https://example.com/?utm_source=newsletter",
        "https://example.com/p?|https://example.com/p?utm_source=newsletter",
        "https://example.com/p?&a=1&&|https://example.com/p?a=1&utm_source=newsletter",
        "https://example.com/p#|https://example.com/p?utm_source=newsletter#",
        "https://example.com/p#top?x=1|https://example.com/p?utm_source=newsletter#top?x=1",
        // The destination's own parameter of the same name gives way; others, utm_ or not, stay.
        "https://example.com/p?utm_source=old&utm_medium=print&q=a%20b|"
                + "https://example.com/p?utm_medium=print&q=a%20b&utm_source=newsletter",
        "https://example.com/p?utm_source|https://example.com/p?utm_source=newsletter",
        "https://example.com/p?utm_sourcex=1|https://example.com/p?utm_sourcex=1&utm_source=newsletter",
    })
    void addsParametersToAnyShapeOfUrl(String destination, String expected) {
        assertThat(Utm.apply(new Utm("newsletter", null, null, null, null), destination)).isEqualTo(expected);
    }

    @Test
    void encodesEveryByteButTheUnreservedOnes() {
        assertThat(Utm.apply(new Utm("a-b.c_d~e", "ä&=+#/?%", "🍕 pizza", null, null), "https://example.com/"))
                .isEqualTo("https://example.com/?utm_source=a-b.c_d~e&utm_medium=%C3%A4%26%3D%2B%23%2F%3F%25"
                        + "&utm_campaign=%F0%9F%8D%95%20pizza");
    }

    @Test
    void noParametersLeaveTheUrlAlone() {
        assertThat(Utm.apply(null, "https://example.com/p?x#y")).isEqualTo("https://example.com/p?x#y");
        assertThat(Utm.validate("utm", new Utm(null, null, null, null, null))).isNull();
    }

    @Test
    void aRulesParametersOverrideTheCodesOneByOne() {
        Utm rule = new Utm(null, "poster", null, "menu", null);
        assertThat(Utm.over(rule, SPRING)).isEqualTo(new Utm("newsletter", "poster", "spring sale 2027", "menu", null));
        assertThat(Utm.over(null, SPRING)).isEqualTo(SPRING);
        assertThat(Utm.over(rule, null)).isEqualTo(rule);
    }

    @Test
    void routingAddsTheMergedParametersToWhicheverDestinationWins() {
        var rules = rules("[{'when': {'os': ['iOS']}, 'destinationUrl': 'https://example.com/app?x=1',"
                + " 'utm': {'medium': 'poster'}}, {'when': {'os': ['Android']}, 'destinationUrl': 'https://example.com/a'}]");
        assertThat(Router.route(rules, "https://example.com/default#f", SPRING, SCAN, NO_DRAW).destinationUrl())
                .isEqualTo("https://example.com/app?x=1&utm_source=newsletter&utm_medium=poster"
                        + "&utm_campaign=spring%20sale%202027");
        RoutingFacts desktop = new RoutingFacts("Windows", "desktop", "Chrome", "DE", "de", NOW, 0);
        assertThat(Router.route(rules, "https://example.com/default#f", SPRING, desktop, NO_DRAW).destinationUrl())
                .isEqualTo("https://example.com/default?utm_source=newsletter&utm_medium=qr%20code"
                        + "&utm_campaign=spring%20sale%202027#f");
    }

    @Test
    void anExpiredCodesUrlGetsNoParameters() {
        RouteTarget expired = new RouteTarget("dyn_1", DynamicStatus.ACTIVE, "https://example.com/live", RuleSet.NONE,
                SPRING, new Validity(null, NOW.minusSeconds(1), null), "https://example.com/ended", 0, 0, false,
                null);
        assertThat(Router.outcome(expired, PHONE, NOW, 0, false, NO_DRAW))
                .isEqualTo(new RoutingOutcome.Redirect(Route.expired("https://example.com/ended")));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{'source': ' '}|utm.source|utm.source must be 1 to 200 characters and not blank",
        "{'term': 'a\\u0007b'}|utm.term|utm.term must not contain control characters",
        "{'medium': 5}|utm.medium|must be a string",
        "{'channel': 'x'}|utm.channel|unknown field 'channel'; allowed: campaign, content, medium, source, term",
        "[1]|utm|utm must be an object with any of source, medium, campaign, term and content, or null",
    })
    void refusesBadValuesByTheirField(String patch, String field, String message) {
        assertThatThrownBy(() -> Utm.patch(null, json(patch))).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.INVALID_PARAMETER);
            assertThat(e.field()).isEqualTo(field);
        }).hasMessage(message);
    }

    @Test
    void refusesAValueLongerThanTheLimitInCodePoints() {
        String fits = "🍕".repeat(Utm.MAX_LENGTH);
        assertThat(Utm.validate("utm", new Utm(fits, null, null, null, null))).isNotNull();
        assertThatThrownBy(() -> Utm.validate("rules[1].utm", new Utm(null, null, null, null, fits + "x")))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo("rules[1].utm.content"));
    }

    @Test
    void aPatchMergesOneLevelDown() {
        assertThat(Utm.patch(SPRING, json("{'medium': 'flyer', 'campaign': null, 'content': 'v2'}")))
                .isEqualTo(new Utm("newsletter", "flyer", null, null, "v2"));
        assertThat(Utm.patch(SPRING, json("{'source': null, 'medium': null, 'campaign': null}"))).isNull();
        assertThat(Utm.patch(SPRING, json("null"))).isNull();
        assertThat(Utm.patch(null, json("{'source': 'sms'}"))).isEqualTo(new Utm("sms", null, null, null, null));
    }

    @Test
    void storesAndReadsBackExactly() {
        Utm odd = new Utm("\"quoted\" \\ 🍕", null, "ü", null, "x");
        assertThat(Utm.fromStored(Utm.stored(odd))).isEqualTo(odd);
        assertThat(Utm.stored(null)).isNull();
        assertThat(Utm.fromStored(null)).isNull();
    }

    @Test
    void aRulesParametersAreValidatedAndKeptInItsJson() {
        assertThatThrownBy(() -> rules("[{'destinationUrl': 'https://example.com', 'utm': {'source': ''}}]"))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo("rules[0].utm.source"));
        assertThat(RuleJsonSupport.write(rules("[{'destinationUrl': 'https://example.com', 'utm': {'content': 'b'}}]")))
                .isEqualTo("[{\"destinationUrl\":\"https://example.com\",\"utm\":{\"content\":\"b\"}}]");
    }
}
