package dev.qrforge.content;

import ezvcard.VCard;
import ezvcard.VCardVersion;
import ezvcard.io.text.VCardWriter;
import ezvcard.parameter.TelephoneType;
import ezvcard.property.Address;
import ezvcard.property.StructuredName;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A contact card, written by ez-vcard as vCard 3.0 (RFC 2426, what every phone reads) or 4.0 (RFC 6350), with
 * that version's escaping and line folding. Its formatted name ({@code FN}, which both versions require) is the
 * first and last name, or the organisation when there is no name.
 *
 * @param version "3.0" (default) or "4.0"
 */
public record VcardContent(String version, String firstName, String lastName, String organization, String title,
        List<Phone> phones, List<String> emails, PostalAddress address, String url, String note) implements Content {

    static final List<String> VERSIONS = List.of("3.0", "4.0");
    static final String DEFAULT_VERSION = "3.0";

    /** @param type one of {@link #TYPES}, {@code cell} if absent */
    public record Phone(String type, String number) {

        static final Map<String, TelephoneType> TYPES = Map.of("cell", TelephoneType.CELL, "work",
                TelephoneType.WORK, "home", TelephoneType.HOME, "fax", TelephoneType.FAX);
        static final String DEFAULT_TYPE = "cell";

        Phone normalised(String field) {
            return new Phone(Fields.oneOf(field + ".type", type, TYPES.keySet().stream().sorted().toList(),
                    DEFAULT_TYPE), Fields.phone(field + ".number", number));
        }
    }

    public record PostalAddress(String street, String city, String region, String postalCode, String country) {

        PostalAddress normalised() {
            PostalAddress address = new PostalAddress(Fields.optional(street), Fields.optional(city),
                    Fields.optional(region), Fields.optional(postalCode), Fields.optional(country));
            return Stream.of(address.street, address.city, address.region, address.postalCode, address.country)
                    .allMatch(Objects::isNull) ? null : address;
        }
    }

    @Override
    public VcardContent normalised() {
        String first = Fields.optional(firstName);
        String last = Fields.optional(lastName);
        String org = Fields.optional(organization);
        if (first == null && last == null && org == null) {
            throw Fields.invalid("firstName", "or content.lastName or content.organization is required: a vCard"
                    + " needs a name");
        }
        return new VcardContent(Fields.oneOf("version", version, VERSIONS, DEFAULT_VERSION), first, last, org,
                Fields.optional(title),
                Fields.each("phones", phones, (field, phone) -> phone.normalised(field)),
                Fields.each("emails", emails, Fields::email), address == null ? null : address.normalised(),
                Fields.optional(url) == null ? null : Fields.uri("url", url), Fields.optional(note));
    }

    @Override
    public String encode(Clock clock) {
        VCard card = new VCard();
        if (firstName != null || lastName != null) {
            StructuredName name = new StructuredName();
            name.setGiven(firstName);
            name.setFamily(lastName);
            card.setStructuredName(name);
        }
        card.setFormattedName(formattedName());
        if (organization != null) {
            card.setOrganization(organization);
        }
        if (title != null) {
            card.addTitle(title);
        }
        if (phones != null) {
            phones.forEach(phone -> card.addTelephoneNumber(phone.number(), Phone.TYPES.get(phone.type())));
        }
        if (emails != null) {
            emails.forEach(card::addEmail);
        }
        if (address != null) {
            Address adr = new Address();
            adr.setStreetAddress(address.street());
            adr.setLocality(address.city());
            adr.setRegion(address.region());
            adr.setPostalCode(address.postalCode());
            adr.setCountry(address.country());
            card.addAddress(adr);
        }
        if (url != null) {
            card.addUrl(url);
        }
        if (note != null) {
            card.addNote(note);
        }
        // VCardWriter rather than the Ezvcard facade, whose HTML methods would need FreeMarker on the class path.
        StringWriter text = new StringWriter();
        try (VCardWriter writer = new VCardWriter(text, "4.0".equals(version) ? VCardVersion.V4_0
                : VCardVersion.V3_0)) {
            writer.setAddProdId(false);
            writer.write(card);
        } catch (IOException e) {
            throw new UncheckedIOException("a StringWriter does not fail", e);
        }
        return text.toString();
    }

    /** What the card is listed as: the name as people say it, else the organisation. */
    String formattedName() {
        String name = Stream.of(firstName, lastName).filter(Objects::nonNull)
                .collect(Collectors.joining(" "));
        return name.isEmpty() ? organization : name;
    }
}
