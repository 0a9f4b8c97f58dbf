/**
 * Typed payloads: the structured {@code content} a client may send instead of free {@code data} (a URL, text, vCard,
 * MECARD, Wi-Fi login, e-mail, SMS, phone number, geo location, calendar event or EPC SEPA credit transfer), each
 * field checked and named by its path ({@code content.iban}), and its encoding into the text a QR code carries, by
 * each format's own escaping rules (ez-vcard for vCards, biweekly for iCalendar, iban4j for IBAN checksums). It knows
 * nothing of codes or images: it uses only {@code api} (errors) and {@code platform}.
 */
package dev.qrforge.content;
