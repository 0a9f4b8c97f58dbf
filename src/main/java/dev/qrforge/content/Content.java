package dev.qrforge.content;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.time.Clock;
import java.util.Optional;

/**
 * A structured payload, told apart on the wire by {@code type}. What a client sends is checked and completed by
 * {@link #normalised()} (every field named {@code content.<path>} when wrong, defaults filled in); only a normalised
 * content is {@linkplain #encode encoded}.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = UrlContent.class, name = "url"),
    @JsonSubTypes.Type(value = TextContent.class, name = "text"),
    @JsonSubTypes.Type(value = VcardContent.class, name = "vcard"),
    @JsonSubTypes.Type(value = MecardContent.class, name = "mecard"),
    @JsonSubTypes.Type(value = WifiContent.class, name = "wifi"),
    @JsonSubTypes.Type(value = EmailContent.class, name = "email"),
    @JsonSubTypes.Type(value = SmsContent.class, name = "sms"),
    @JsonSubTypes.Type(value = PhoneContent.class, name = "phone"),
    @JsonSubTypes.Type(value = GeoContent.class, name = "geo"),
    @JsonSubTypes.Type(value = EventContent.class, name = "event"),
    @JsonSubTypes.Type(value = EpcContent.class, name = "epc")})
public sealed interface Content permits UrlContent, TextContent, VcardContent, MecardContent, WifiContent,
        EmailContent, SmsContent, PhoneContent, GeoContent, EventContent, EpcContent {

    /** The field path every error of a content names first. */
    String FIELD = "content";

    /** This content checked, with its defaults filled in; a wrong field is a 400 naming its path. */
    Content normalised();

    /**
     * The text the code carries. Only called on a {@linkplain #normalised() normalised} content.
     *
     * @param clock stamps what a format wants stamped (an event's DTSTAMP)
     */
    String encode(Clock clock);

    /**
     * The error-correction level the format's specification mandates (a name: L, M, Q, H), used when the request
     * names none; empty when the format leaves the choice free.
     */
    default Optional<String> mandatedErrorCorrection() {
        return Optional.empty();
    }

    /** A content checked and encoded: what a code records. */
    record Encoded(Content content, String data) {
    }

    /** Checks {@code content}, fills in its defaults and encodes it. */
    static Encoded encode(Content content, Clock clock) {
        Content normalised = content.normalised();
        return new Encoded(normalised, normalised.encode(clock));
    }
}
