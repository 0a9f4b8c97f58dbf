package dev.qrforge.it;

import static dev.qrforge.testing.ContentReaders.HOSTILE;
import static dev.qrforge.testing.ContentReaders.zxing;
import static org.assertj.core.api.Assertions.assertThat;

import biweekly.component.VEvent;
import com.fasterxml.jackson.databind.JsonNode;
import com.google.zxing.client.result.AddressBookParsedResult;
import com.google.zxing.client.result.EmailAddressParsedResult;
import com.google.zxing.client.result.GeoParsedResult;
import com.google.zxing.client.result.SMSParsedResult;
import com.google.zxing.client.result.TelParsedResult;
import com.google.zxing.client.result.WifiParsedResult;
import dev.qrforge.testing.ContentReaders;
import dev.qrforge.testing.Decoding;
import ezvcard.VCard;
import java.net.http.HttpRequest;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Typed content end to end: every type, hostile characters in every free-text field, generated as a PNG, decoded by
 * ZXing from the pixels, parsed by the format's own reader, and compared field by field; the record returns the
 * normalised content and its data, then again on GET; the errors that name content fields; a bulk CSV of contents.
 */
class ContentIT extends ServerTest {

    /** Each type's request content and what its decoded text must read back as. */
    private static Map<Map<String, Object>, Consumer<String>> everyType() {
        Map<Map<String, Object>, Consumer<String>> types = new LinkedHashMap<>();
        types.put(Map.of("type", "url", "url", "https://example.com/a;b?c=d,e&f=%22"),
                text -> assertThat(text).isEqualTo("https://example.com/a;b?c=d,e&f=%22"));
        types.put(Map.of("type", "text", "text", HOSTILE), text -> assertThat(text).isEqualTo(HOSTILE));
        types.put(Map.of("type", "vcard", "version", "4.0", "firstName", "F" + HOSTILE, "lastName", "L" + HOSTILE,
                "organization", "O" + HOSTILE, "title", "T" + HOSTILE,
                "phones", List.of(Map.of("type", "home", "number", "+49 30 1234")),
                "emails", List.of("x+y@example.com"), "address", Map.of("street", "S" + HOSTILE, "city", "C" + HOSTILE),
                "note", "N" + HOSTILE), text -> {
                    VCard card = ContentReaders.vcard(text);
                    assertThat(List.of(card.getStructuredName().getGiven(), card.getStructuredName().getFamily(),
                            card.getOrganization().getValues().get(0), card.getTitles().get(0).getValue(),
                            card.getAddresses().get(0).getStreetAddress(), card.getAddresses().get(0).getLocality(),
                            card.getNotes().get(0).getValue()))
                            .containsExactly("F" + HOSTILE, "L" + HOSTILE, "O" + HOSTILE, "T" + HOSTILE,
                                    "S" + HOSTILE, "C" + HOSTILE, "N" + HOSTILE);
                    assertThat(card.getTelephoneNumbers().get(0).getText()).isEqualTo("+49 30 1234");
                    assertThat(card.getEmails().get(0).getValue()).isEqualTo("x+y@example.com");
                });
        types.put(Map.of("type", "mecard", "firstName", "F" + HOSTILE, "lastName", "L", "phones", List.of("+1 555"),
                "address", "A" + HOSTILE, "note", "N" + HOSTILE), text -> {
                    AddressBookParsedResult card = (AddressBookParsedResult) zxing(text);
                    assertThat(card.getNames()).containsExactly("F" + HOSTILE + " L");
                    assertThat(card.getPhoneNumbers()).containsExactly("+1555");
                    assertThat(card.getAddresses()).containsExactly("A" + HOSTILE);
                    assertThat(card.getNote()).isEqualTo("N" + HOSTILE);
                });
        types.put(Map.of("type", "wifi", "ssid", "S" + HOSTILE, "password", "P" + HOSTILE, "encryption", "wpa3"),
                text -> {
                    WifiParsedResult wifi = (WifiParsedResult) zxing(text);
                    assertThat(List.of(wifi.getSsid(), wifi.getPassword(), wifi.getNetworkEncryption()))
                            .containsExactly("S" + HOSTILE, "P" + HOSTILE, "SAE");
                });
        types.put(Map.of("type", "email", "to", "a&b@example.com", "subject", "S" + HOSTILE, "body", "B" + HOSTILE),
                text -> {
                    EmailAddressParsedResult mail = (EmailAddressParsedResult) zxing(text);
                    assertThat(mail.getTos()).containsExactly("a&b@example.com");
                    assertThat(mail.getSubject()).isEqualTo("S" + HOSTILE);
                    assertThat(mail.getBody()).isEqualTo("B" + HOSTILE.replace("\n", "\r\n"));
                });
        types.put(Map.of("type", "sms", "number", "+49 171 555", "message", "M" + HOSTILE), text -> {
            SMSParsedResult sms = (SMSParsedResult) zxing(text);
            assertThat(sms.getNumbers()).containsExactly("+49171555");
            assertThat(sms.getBody()).isEqualTo("M" + HOSTILE);
        });
        types.put(Map.of("type", "phone", "number", "+1 (555) 010-9999"),
                text -> assertThat(((TelParsedResult) zxing(text)).getNumber()).isEqualTo("+15550109999"));
        types.put(Map.of("type", "geo", "latitude", -33.8568, "longitude", 151.2153), text -> {
            GeoParsedResult geo = (GeoParsedResult) zxing(text);
            assertThat(List.of(geo.getLatitude(), geo.getLongitude())).containsExactly(-33.8568, 151.2153);
        });
        types.put(Map.of("type", "event", "summary", "S" + HOSTILE, "start", "2026-12-01T18:00",
                "end", "2026-12-01T20:00", "timeZone", "Europe/Berlin", "location", "L" + HOSTILE,
                "description", "D" + HOSTILE), text -> {
                    VEvent event = ContentReaders.event(text);
                    assertThat(List.of(event.getSummary().getValue(), event.getLocation().getValue(),
                            event.getDescription().getValue())).containsExactly("S" + HOSTILE, "L" + HOSTILE,
                                    "D" + HOSTILE);
                    assertThat(event.getDateStart().getValue().toInstant())
                            .isEqualTo(Instant.parse("2026-12-01T17:00:00Z"));
                    assertThat(event.getDateEnd().getValue().toInstant())
                            .isEqualTo(Instant.parse("2026-12-01T19:00:00Z"));
                });
        String epcHostile = "x;:\\,\"' 😀";
        types.put(Map.of("type", "epc", "name", "N" + epcHostile, "iban", "DE89 3704 0044 0532 0130 00",
                "amount", 12.5, "text", "T" + epcHostile, "information", "I" + epcHostile),
                text -> assertThat(text.split("\n", -1)).containsExactly("BCD", "002", "1", "SCT", "",
                        "N" + epcHostile, "DE89370400440532013000", "EUR12.50", "", "", "T" + epcHostile,
                        "I" + epcHostile));
        return types;
    }

    @Test
    void everyTypeRoundTripsThroughTheImageAndTheRecordKeepsIt() {
        everyType().forEach((content, readsBack) -> {
            String type = (String) content.get("type");
            Api.Reply created = Api.post("/api/v1/qr", Api.json(Map.of("content", content, "format", "png",
                    "size", 800)));
            assertThat(created.status()).as(type + ": " + created).isEqualTo(201);
            JsonNode record = created.json();
            String decoded = Decoding.pngText(Base64.getDecoder().decode(record.path("png").asText()));
            assertThat(decoded).as(type).isEqualTo(record.path("data").asText());
            readsBack.accept(decoded);
            assertThat(record.path("content").path("type").asText()).isEqualTo(type);
            assertThat(record.path("errorCorrection").asText()).isEqualTo("M");

            JsonNode fetched = Api.get("/api/v1/qr/" + record.path("id").asText()).json();
            assertThat(fetched.path("content")).as(type).isEqualTo(record.path("content"));
            assertThat(fetched.path("data")).as(type).isEqualTo(record.path("data"));
        });
    }

    @Test
    void theRecordShowsTheNormalisedContent() {
        JsonNode preview = Api.post("/api/v1/qr/preview", Api.json(Map.of("content",
                Map.of("type", "wifi", "ssid", "Guest", "password", "12345678")))).json();

        assertThat(preview.path("content")).isEqualTo(Api.JSON.valueToTree(Map.of("type", "wifi", "ssid", "Guest",
                "password", "12345678", "encryption", "wpa2", "hidden", false)));
        assertThat(preview.path("data").asText()).isEqualTo("WIFI:T:WPA;S:Guest;P:12345678;;");
    }

    @Test
    void contentErrorsNameTheirField() {
        assertError(Api.post("/api/v1/qr", Api.json(Map.of("content", Map.of("type", "epc", "name", "N",
                "iban", "DE88370400440532013000")))), "content.iban");
        assertError(Api.post("/api/v1/qr", Api.json(Map.of("data", "x", "content", Map.of("type", "text",
                "text", "y")))), "content");
        assertError(Api.post("/api/v1/qr", Api.json(Map.of("content", Map.of("type", "bitcoin")))), "content.type");
        assertError(Api.post("/api/v1/qr", Api.json(Map.of("content", Map.of("type", "vcard", "firstName", "A",
                "phones", List.of(Map.of("number", "1"), Map.of("number", "call me")))))), "content.phones[1].number");
        assertError(Api.post("/api/v1/dynamic", Api.json(Map.of("destinationUrl", "https://example.com",
                "content", Map.of("type", "url", "url", "https://example.com")))), "content");
    }

    private static void assertError(Api.Reply reply, String field) {
        assertThat(reply.status()).as(reply.toString()).isEqualTo(400);
        assertThat(reply.json().path("error").path("field").asText()).as(reply.toString()).isEqualTo(field);
    }

    @Test
    void aBulkCsvOfContents() {
        Api.Reply accepted = Api.send(Api.request("/api/v1/qr/bulk").header("Content-Type", "text/csv")
                .POST(HttpRequest.BodyPublishers.ofString("content.type,content.ssid,content.password,"
                        + "content.firstName,content.phones\n"
                        + "wifi,\"Guest;1\",12345678,,\n"
                        + "vcard,,,Ann,work:+49 30 1|+49 171 2\n")));
        assertThat(accepted.status()).as(accepted.toString()).isEqualTo(202);

        JsonNode job = BulkIT.awaitFinished(accepted.json().path("jobId").asText());
        assertThat(job.path("succeeded").asInt()).as(job.toString()).isEqualTo(2);
        JsonNode wifi = Api.get("/api/v1/qr/" + job.path("results").get(0).path("id").asText()).json();
        assertThat(wifi.path("data").asText()).isEqualTo("WIFI:T:WPA;S:Guest\\;1;P:12345678;;");
        assertThat(wifi.path("content").path("encryption").asText()).isEqualTo("wpa2");
        JsonNode vcard = Api.get("/api/v1/qr/" + job.path("results").get(1).path("id").asText()).json();
        VCard card = ContentReaders.vcard(vcard.path("data").asText());
        assertThat(card.getTelephoneNumbers()).extracting(tel -> tel.getText()).containsExactly("+49 30 1",
                "+49 171 2");
        assertThat(vcard.path("content").path("phones").get(1).path("type").asText()).isEqualTo("cell");
    }
}
