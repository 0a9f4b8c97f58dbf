package dev.qrforge.content;

import static dev.qrforge.testing.ContentReaders.zxing;
import static org.assertj.core.api.Assertions.assertThat;

import biweekly.component.VEvent;
import com.google.zxing.client.result.AddressBookParsedResult;
import com.google.zxing.client.result.EmailAddressParsedResult;
import com.google.zxing.client.result.GeoParsedResult;
import com.google.zxing.client.result.SMSParsedResult;
import com.google.zxing.client.result.TelParsedResult;
import com.google.zxing.client.result.WifiParsedResult;
import ezvcard.VCard;
import ezvcard.parameter.TelephoneType;
import ezvcard.property.Address;
import dev.qrforge.testing.ContentReaders;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every type encoded with hostile characters ({@code ; : \ , " '}, line breaks, emoji) in every free-text field,
 * then parsed back by an independent reader of the format (ez-vcard, biweekly, ZXing's result parsers, the EPC
 * lines): the fields come back as sent.
 */
class ContentRoundTripTest {

    static final String HOSTILE = ContentReaders.HOSTILE;
    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-25T10:15:30Z"), ZoneOffset.UTC);

    static String encode(Content content) {
        return Content.encode(content, CLOCK).data();
    }

    @ParameterizedTest
    @ValueSource(strings = {"3.0", "4.0"})
    void vcard(String version) {
        String text = encode(new VcardContent(version, "First" + HOSTILE, "Last" + HOSTILE, "Org" + HOSTILE,
                "Title" + HOSTILE, List.of(new VcardContent.Phone("work", "+49 (30) 123-45"),
                        new VcardContent.Phone(null, "0171 555")), List.of("o'brien+x&y@example.com"),
                new VcardContent.PostalAddress("Street" + HOSTILE, "City" + HOSTILE, "Region" + HOSTILE,
                        "12345" + HOSTILE, "Country" + HOSTILE),
                "https://example.com/a?b=c;d", "Note" + HOSTILE));

        VCard card = ContentReaders.vcard(text);
        assertThat(card.getVersion().getVersion()).isEqualTo(version);
        assertThat(card.getStructuredName().getGiven()).isEqualTo("First" + HOSTILE);
        assertThat(card.getStructuredName().getFamily()).isEqualTo("Last" + HOSTILE);
        assertThat(card.getFormattedName().getValue()).isEqualTo("First" + HOSTILE + " Last" + HOSTILE);
        assertThat(card.getOrganization().getValues()).containsExactly("Org" + HOSTILE);
        assertThat(card.getTitles().get(0).getValue()).isEqualTo("Title" + HOSTILE);
        assertThat(card.getTelephoneNumbers()).extracting(tel -> tel.getText())
                .containsExactly("+49 (30) 123-45", "0171 555");
        assertThat(card.getTelephoneNumbers().get(0).getTypes()).containsExactly(TelephoneType.WORK);
        assertThat(card.getTelephoneNumbers().get(1).getTypes()).containsExactly(TelephoneType.CELL);
        assertThat(card.getEmails().get(0).getValue()).isEqualTo("o'brien+x&y@example.com");
        Address address = card.getAddresses().get(0);
        assertThat(List.of(address.getStreetAddress(), address.getLocality(), address.getRegion(),
                address.getPostalCode(), address.getCountry())).containsExactly("Street" + HOSTILE,
                        "City" + HOSTILE, "Region" + HOSTILE, "12345" + HOSTILE, "Country" + HOSTILE);
        assertThat(card.getUrls().get(0).getValue()).isEqualTo("https://example.com/a?b=c;d");
        assertThat(card.getNotes().get(0).getValue()).isEqualTo("Note" + HOSTILE);
        // ZXing reads it as an address book entry too, as phones do.
        assertThat(zxing(text)).isInstanceOf(AddressBookParsedResult.class);
    }

    @Test
    void mecard() {
        // ZXing splits N at its first comma, so the comma of the hostile string goes into the first name.
        String text = encode(new MecardContent("First" + HOSTILE, "Last;:\\\"'\n😀", List.of("+49 30 123", "0171"),
                List.of("a+b@example.com"), "Street" + HOSTILE, "https://example.com/?a=b;c", "Note" + HOSTILE,
                "1990-05-17"));

        AddressBookParsedResult card = (AddressBookParsedResult) zxing(text);
        assertThat(card.getNames()).containsExactly("First" + HOSTILE + " Last;:\\\"'\n😀");
        assertThat(card.getPhoneNumbers()).containsExactly("+4930123", "0171");
        assertThat(card.getEmails()).containsExactly("a+b@example.com");
        assertThat(card.getAddresses()).containsExactly("Street" + HOSTILE);
        assertThat(card.getURLs()).containsExactly("https://example.com/?a=b;c");
        assertThat(card.getNote()).isEqualTo("Note" + HOSTILE);
        assertThat(card.getBirthday()).isEqualTo("19900517");
    }

    @ParameterizedTest
    @ValueSource(strings = {"wpa", "wpa2", "wpa3"})
    void wifi(String encryption) {
        String text = encode(new WifiContent("Net" + HOSTILE, "Pass" + HOSTILE, encryption, true));

        WifiParsedResult wifi = (WifiParsedResult) zxing(text);
        assertThat(wifi.getSsid()).isEqualTo("Net" + HOSTILE);
        assertThat(wifi.getPassword()).isEqualTo("Pass" + HOSTILE);
        assertThat(wifi.getNetworkEncryption()).isEqualTo(encryption.equals("wpa3") ? "SAE" : "WPA");
        assertThat(wifi.isHidden()).isTrue();
    }

    @Test
    void openAndWepNetworks() {
        WifiParsedResult open = (WifiParsedResult) zxing(encode(new WifiContent("Café" + HOSTILE, null, "nopass",
                null)));
        assertThat(open.getSsid()).isEqualTo("Café" + HOSTILE);
        assertThat(open.getPassword()).isNull();
        assertThat(open.getNetworkEncryption()).isEqualTo("nopass");
        assertThat(open.isHidden()).isFalse();

        WifiParsedResult wep = (WifiParsedResult) zxing(encode(new WifiContent("x", "a;b:\\", "wep", false)));
        assertThat(wep.getPassword()).isEqualTo("a;b:\\");
        assertThat(wep.getNetworkEncryption()).isEqualTo("WEP");
    }

    @Test
    void email() {
        String text = encode(new EmailContent("o'brien+x&y@example.com", "Subject" + HOSTILE + "?&=%+#",
                "Body" + HOSTILE + "\r\nline\rthree"));

        EmailAddressParsedResult mail = (EmailAddressParsedResult) zxing(text);
        assertThat(mail.getTos()).containsExactly("o'brien+x&y@example.com");
        assertThat(mail.getSubject()).isEqualTo("Subject" + HOSTILE + "?&=%+#");
        // RFC 6068: every line break of a body is CRLF.
        assertThat(mail.getBody()).isEqualTo("Body" + HOSTILE.replace("\n", "\r\n") + "\r\nline\r\nthree");
    }

    @Test
    void sms() {
        SMSParsedResult sms = (SMSParsedResult) zxing(encode(new SmsContent("+49 (171) 555-12", "Hi" + HOSTILE)));

        assertThat(sms.getNumbers()).containsExactly("+4917155512");
        assertThat(sms.getBody()).isEqualTo("Hi" + HOSTILE);
    }

    @Test
    void phone() {
        TelParsedResult tel = (TelParsedResult) zxing(encode(new PhoneContent(" +1 (555) 010-9999 ")));

        assertThat(tel.getNumber()).isEqualTo("+15550109999");
        assertThat(tel.getTelURI()).isEqualTo("tel:+15550109999");
    }

    @Test
    void geo() {
        GeoParsedResult geo = (GeoParsedResult) zxing(encode(new GeoContent(new BigDecimal("-33.8568"),
                new BigDecimal("151.2153"))));

        assertThat(geo.getLatitude()).isEqualTo(-33.8568);
        assertThat(geo.getLongitude()).isEqualTo(151.2153);
    }

    @Test
    void event() {
        String text = encode(new EventContent("Summary" + HOSTILE, "2026-12-01T18:00", "2026-12-01T20:30",
                "Europe/Berlin", "Location" + HOSTILE, "Description" + HOSTILE));

        VEvent event = ContentReaders.event(text);
        assertThat(event.getSummary().getValue()).isEqualTo("Summary" + HOSTILE);
        assertThat(event.getLocation().getValue()).isEqualTo("Location" + HOSTILE);
        assertThat(event.getDescription().getValue()).isEqualTo("Description" + HOSTILE);
        assertThat(event.getDateStart().getValue().toInstant()).isEqualTo(Instant.parse("2026-12-01T17:00:00Z"));
        assertThat(event.getDateEnd().getValue().toInstant()).isEqualTo(Instant.parse("2026-12-01T19:30:00Z"));
        assertThat(event.getDateTimeStamp().getValue().toInstant()).isEqualTo(CLOCK.instant());
        assertThat(event.getUid().getValue()).endsWith("@qrforge.dev");
        assertThat(text).contains("DTSTART:20261201T170000Z").doesNotContain("VTIMEZONE");
    }

    @Test
    void allDayEvent() {
        String text = encode(new EventContent("Fair", "2026-12-01", "2026-12-03", null, null, null));

        assertThat(text).contains("DTSTART;VALUE=DATE:20261201").contains("DTEND;VALUE=DATE:20261204");
        VEvent event = ContentReaders.event(text);
        assertThat(event.getDateStart().getValue().hasTime()).isFalse();
    }

    @Test
    void anEventsUidIsStableAndItsOffsetFormsAgree() {
        EventContent local = new EventContent("S", "2026-12-01T18:00", null, "Europe/Berlin", null, null);
        EventContent offset = new EventContent("S", "2026-12-01T18:00+01:00", null, null, null, null);
        EventContent utc = new EventContent("S", "2026-12-01T17:00Z", null, null, null, null);

        assertThat(encode(local)).isEqualTo(encode(local));
        for (EventContent same : List.of(offset, utc)) {
            assertThat(ContentReaders.event(encode(same)).getDateStart().getValue().toInstant())
                    .isEqualTo(Instant.parse("2026-12-01T17:00:00Z"));
        }
    }

    @Test
    void epc() {
        String text = encode(new EpcContent("Name ;:\\,\"' 😀", "de89 3704 0044 0532 0130 00", "cobadeffxxx",
                new BigDecimal("1234.5"), "gdds", null, "Text ;:\\,\"' 😀", "Info ;:\\,\"' 😀"));

        assertThat(text.split("\n", -1)).containsExactly("BCD", "002", "1", "SCT", "COBADEFFXXX",
                "Name ;:\\,\"' 😀", "DE89370400440532013000", "EUR1234.50", "GDDS", "", "Text ;:\\,\"' 😀",
                "Info ;:\\,\"' 😀");
    }

    @Test
    void epcLeavesTrailingEmptyFieldsOut() {
        String text = encode(new EpcContent("Red Cross", "DE89370400440532013000", null, null, null,
                "RF18 5390 0754 7034", null, null));

        assertThat(text.split("\n", -1)).containsExactly("BCD", "002", "1", "SCT", "", "Red Cross",
                "DE89370400440532013000", "", "", "RF18539007547034");
    }

    @Test
    void urlAndTextAreCarriedAsTheyAre() {
        assertThat(encode(new UrlContent(" https://example.com/a;b?c=d,e ")))
                .isEqualTo("https://example.com/a;b?c=d,e");
        assertThat(encode(new TextContent(HOSTILE))).isEqualTo(HOSTILE);
    }
}
