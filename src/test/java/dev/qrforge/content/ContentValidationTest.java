package dev.qrforge.content;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorMapper;
import dev.qrforge.api.JsonConfig;
import dev.qrforge.testing.OpenApiDocuments;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every rule of every type, each failing on the exact path of its field; and the defaults a normalised content
 * shows.
 */
class ContentValidationTest {

    private static final ObjectMapper JSON = JsonConfig.build();
    private static final String IBAN = "DE89370400440532013000";

    static AbstractThrowableAssert<?, ?> rejects(Content content, String field) {
        return assertThatThrownBy(content::normalised).isInstanceOf(ApiException.class)
                .satisfies(e -> assertThat(((ApiException) e).field()).isEqualTo(field));
    }

    /** The content a JSON body binds to, or the error the API would answer with. */
    static Content bind(String json) {
        try {
            return JSON.readValue(json, Content.class);
        } catch (Exception e) {
            throw ErrorMapper.translate(e);
        }
    }

    @Test
    void theTypeIsRequiredAndMustBeKnown() {
        assertThatThrownBy(() -> bind("{\"url\": \"https://example.com\"}")).isInstanceOf(ApiException.class)
                .hasMessageContaining("type is required, one of: url, text, vcard, mecard, wifi, email, sms, phone,"
                        + " geo, event, epc")
                .satisfies(e -> assertThat(((ApiException) e).field()).isEqualTo("type"));
        assertThatThrownBy(() -> bind("{\"type\": \"bitcoin\"}")).isInstanceOf(ApiException.class)
                .hasMessageContaining("got 'bitcoin'");
    }

    @Test
    void aContactsUrlIsWhatTheDocumentsPatternSays() throws Exception {
        // The document cannot say "format: uri, or blank" without making blank a negative case; its pattern must
        // accept exactly what the API keeps on these samples (the fuzzer's finds among them).
        for (String url : List.of("", "   ", "https://example.com/a?b=c#d", " https://example.com ", "mailto:a@b.c",
                "urn:isbn:0451450523", "Mz*\u00c8", "a:b c", "a://", "a:", "a:#x", "a:b#c#d", "a:%zz", "a://[x",
                "https://ex\u00e4mple.com/\u00fc", "a:b\u0085", "a:b<c")) {
            boolean documented = OpenApiDocuments.violations("/components/schemas/VcardContent",
                    JSON.valueToTree(Map.of("type", "vcard", "firstName", "A", "url", url))).isEmpty()
                    && OpenApiDocuments.violations("/components/schemas/MecardContent",
                    JSON.valueToTree(Map.of("type", "mecard", "firstName", "A", "url", url))).isEmpty();
            boolean kept = accepts(new VcardContent(null, "A", null, null, null, null, null, null, url, null))
                    && accepts(bind(JSON.writeValueAsString(Map.of("type", "mecard", "firstName", "A", "url", url))));
            assertThat(kept).as("the API on '%s', which the document %s", url, documented ? "allows" : "refuses")
                    .isEqualTo(documented);
        }
    }

    private static boolean accepts(Content content) {
        try {
            content.normalised();
            return true;
        } catch (ApiException refused) {
            return false;
        }
    }

    @Test
    void aFieldOfAnotherTypeIsUnknown() {
        assertThatThrownBy(() -> bind("{\"type\": \"wifi\", \"ssid\": \"x\", \"iban\": \"y\"}"))
                .isInstanceOf(ApiException.class).hasMessageContaining("unknown field 'iban'")
                .satisfies(e -> assertThat(((ApiException) e).field()).isEqualTo("iban"));
    }

    @Test
    void nestedFieldsAreNamedByTheirPath() {
        rejects(bind("{\"type\": \"vcard\", \"firstName\": \"A\", \"phones\": [{\"number\": \"1\"},"
                + " {\"number\": \"call me\"}]}"), "content.phones[1].number");
        rejects(bind("{\"type\": \"vcard\", \"firstName\": \"A\", \"phones\": [{\"type\": \"pager\", \"number\":"
                + " \"1\"}]}"), "content.phones[0].type").hasMessageContaining("cell, fax, home, work");
        rejects(bind("{\"type\": \"vcard\", \"firstName\": \"A\", \"emails\": [\"a@example.com\", \"nope\"]}"),
                "content.emails[1]");
    }

    @Test
    void urls() {
        rejects(new UrlContent(null), "content.url");
        rejects(new UrlContent("example.com/a"), "content.url").hasMessageContaining("absolute");
        rejects(new UrlContent("https://exa mple.com"), "content.url");
        assertThat(new UrlContent("mailto:a@example.com").normalised().url()).isEqualTo("mailto:a@example.com");
    }

    @Test
    void text() {
        rejects(new TextContent(""), "content.text");
    }

    @Test
    void vcards() {
        rejects(new VcardContent(null, " ", null, null, "CEO", null, null, null, null, null), "content.firstName");
        rejects(new VcardContent("2.1", "A", null, null, null, null, null, null, null, null), "content.version");
        rejects(new VcardContent(null, "A", null, null, null, null, null, null, "no uri", null), "content.url");
        VcardContent normalised = new VcardContent(null, null, null, "ACME", null,
                List.of(new VcardContent.Phone(null, "1")), null,
                new VcardContent.PostalAddress(" ", null, null, null, null), null, null).normalised();
        assertThat(normalised.version()).isEqualTo("3.0");
        assertThat(normalised.phones().get(0).type()).isEqualTo("cell");
        assertThat(normalised.address()).as("an address of blanks is none").isNull();
        assertThat(normalised.formattedName()).isEqualTo("ACME");
    }

    @Test
    void mecards() {
        rejects(new MecardContent(null, null, null, null, null, null, null, null), "content.firstName");
        rejects(new MecardContent("A", null, List.of("12", "x"), null, null, null, null, null), "content.phones[1]");
        rejects(new MecardContent("A", null, null, null, null, null, null, "17.5.1990"), "content.birthday");
        // A blank optional field is one not given, a web address as much as any other.
        assertThat(new MecardContent("A", null, null, null, null, " ", null, null).normalised().url()).isNull();
        assertThat(new VcardContent(null, "A", null, null, null, null, null, null, "", null).normalised().url())
                .isNull();
    }

    @ParameterizedTest
    @CsvSource({
        "wpa2, 1234567, content.password",
        "wpa, , content.password",
        "wpa3, 1234567890123456789012345678901234567890123456789012345678901234, content.password",
        "wep, 123456, content.password",
        "wep, 12345678901, content.password",
        "nopass, secret, content.password",
        "wpa4, 12345678, content.encryption"})
    void wifiPasswordsFollowTheirEncryption(String encryption, String password, String field) {
        rejects(new WifiContent("net", password, encryption, null), field);
    }

    @Test
    void wifi() {
        rejects(new WifiContent(null, "12345678", null, null), "content.ssid");
        rejects(new WifiContent("123456789012345678901234567890123", "12345678", null, null), "content.ssid");
        WifiContent normalised = new WifiContent("net", "12345678", null, null).normalised();
        assertThat(normalised.encryption()).isEqualTo("wpa2");
        assertThat(normalised.hidden()).isFalse();
        assertThat(new WifiContent("n", "abcde", "WEP", null).normalised().encryption()).isEqualTo("wep");
        assertThat(new WifiContent("n", "0123456789abcdef0123456789", "wep", null).normalised()).isNotNull();
    }

    @Test
    void emailSmsPhone() {
        rejects(new EmailContent("not an address", null, null), "content.to");
        rejects(new EmailContent("a@b", null, null), "content.to");
        rejects(new SmsContent("+49 abc", "hi"), "content.number");
        rejects(new PhoneContent("++49"), "content.number");
        rejects(new PhoneContent("()"), "content.number");
    }

    @ParameterizedTest
    @CsvSource({"90.0001, 0, content.latitude", "-91, 0, content.latitude", "0, 180.5, content.longitude",
        "0, -181, content.longitude", ", 1, content.latitude"})
    void geoRanges(BigDecimal latitude, BigDecimal longitude, String field) {
        rejects(new GeoContent(latitude, longitude), field);
    }

    @Test
    void events() {
        rejects(new EventContent(null, "2026-12-01", null, null, null, null), "content.summary");
        rejects(new EventContent("S", null, null, null, null, null), "content.start");
        rejects(new EventContent("S", "2026-12-01T18:00", null, null, null, null), "content.timeZone");
        rejects(new EventContent("S", "2026-12-01T18:00", null, "Mars/Olympus", null, null), "content.timeZone");
        rejects(new EventContent("S", "1 Dec 2026", null, null, null, null), "content.start");
        rejects(new EventContent("S", "2026-12-01T18:00Z", "2026-12-01T17:59Z", null, null, null), "content.end")
                .hasMessageContaining("not be before");
        rejects(new EventContent("S", "2026-12-02", "2026-12-01", null, null, null), "content.end");
        rejects(new EventContent("S", "2026-12-01", "2026-12-01T10:00Z", null, null, null), "content.end");
        // The same instant in two spellings is not "before".
        assertThat(new EventContent("S", "2026-12-01T18:00+01:00", "2026-12-01T17:00Z", null, null, null)
                .normalised()).isNotNull();
    }

    @Test
    void aWrongIbanChecksumIsNamed() {
        rejects(new EpcContent("Name", "DE88370400440532013000", null, null, null, null, null, null),
                "content.iban").hasMessageContaining("check digits");
        rejects(new EpcContent("Name", "XX89370400440532013000", null, null, null, null, null, null), "content.iban");
    }

    @Test
    void epcFields() {
        rejects(epc("N\nM", null, null, null, null, null, null), "content.name");
        rejects(epc("x".repeat(71), null, null, null, null, null, null), "content.name");
        rejects(epc("N", "COBADE", null, null, null, null, null), "content.bic");
        rejects(epc("N", null, new BigDecimal("0.001"), null, null, null, null), "content.amount");
        rejects(epc("N", null, new BigDecimal("548822204.5771894"), null, null, null, null), "content.amount");
        rejects(epc("N", null, new BigDecimal("0.010000000001"), null, null, null, null), "content.amount");
        // A double's noise beyond the cents is the cent meant: what 0.1 + 0.2 and 1.1 × 3 give in doubles.
        assertThat(epc("N", null, new BigDecimal(Double.toString(0.1 + 0.2)), null, null, null, null).normalised()
                .amount()).isEqualTo(new BigDecimal("0.30"));
        assertThat(epc("N", null, new BigDecimal(Double.toString(1.1 * 3)), null, null, null, null).normalised()
                .amount()).isEqualTo(new BigDecimal("3.30"));
        assertThat(epc("N", null, new BigDecimal(Double.toString(54882220457L * 0.01)), null, null, null, null)
                .normalised().amount()).isEqualTo(new BigDecimal("548822204.57"));
        rejects(epc("N", null, new BigDecimal("0"), null, null, null, null), "content.amount");
        rejects(epc("N", null, new BigDecimal("1000000000"), null, null, null, null), "content.amount");
        rejects(epc("N", null, null, "GDD", null, null, null), "content.purpose");
        // As the document's pattern has it: four letters exactly, or blank (not given).
        rejects(epc("N", null, null, " GDDS", null, null, null), "content.purpose");
        assertThat(epc("N", null, null, "\u3000", null, null, null).normalised().purpose()).isNull();
        rejects(epc("N", null, null, null, "RF19539007547034", null, null), "content.reference");
        rejects(epc("N", null, null, null, "RF18539007547034", "and text", null), "content.text");
        rejects(epc("N", null, null, null, null, "x".repeat(141), null), "content.text");
        rejects(epc("N", null, null, null, null, null, "x".repeat(71)), "content.information");
        // 70 four-byte characters in each of name and information and 140 in text: over 331 bytes in all.
        rejects(epc("😀".repeat(70), null, null, null, null, "😀".repeat(140), "😀".repeat(70)), "content.text")
                .hasMessageContaining("331");
        EpcContent normalised = epc("N", "cobadeffxxx", new BigDecimal("5"), "gdds", "rf18 5390 0754 7034", null,
                null).normalised();
        assertThat(normalised.amount()).isEqualByComparingTo("5").hasToString("5.00");
        assertThat(normalised.bic()).isEqualTo("COBADEFFXXX");
        assertThat(normalised.reference()).isEqualTo("RF18539007547034");
        assertThat(normalised.mandatedErrorCorrection()).contains("M");
    }

    private static EpcContent epc(String name, String bic, BigDecimal amount, String purpose, String reference,
            String text, String information) {
        return new EpcContent(name, IBAN, bic, amount, purpose, reference, text, information);
    }

    @Test
    void theNormalisedContentIsWhatTheApiShows() throws Exception {
        Content content = bind("{\"type\": \"wifi\", \"ssid\": \"net\", \"password\": \"12345678\"}").normalised();

        assertThat(JSON.writeValueAsString(content))
                .isEqualTo("{\"type\":\"wifi\",\"ssid\":\"net\",\"password\":\"12345678\",\"encryption\":\"wpa2\","
                        + "\"hidden\":false}");
        assertThat(JSON.readValue(JSON.writeValueAsString(content), Content.class)).isEqualTo(content);
    }
}
