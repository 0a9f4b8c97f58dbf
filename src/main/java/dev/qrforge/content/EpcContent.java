package dev.qrforge.content;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import org.iban4j.BicFormatException;
import org.iban4j.BicUtil;
import org.iban4j.IbanFormatException;
import org.iban4j.IbanUtil;
import org.iban4j.InvalidCheckDigitException;
import org.iban4j.UnsupportedCountryException;

/**
 * A SEPA credit transfer (GiroCode) as the European Payments Council's EPC069-12 quick-response code, version 002,
 * UTF-8 (character set 1), identification SCT: twelve fields, one per line (LF), trailing empty ones left out, at
 * most {@value #MAX_BYTES} bytes in all. The IBAN is checked by its country's format and check digits (iban4j), a
 * reference by its ISO 11649 check digits. The specification asks for error correction level M.
 *
 * @param bic         8 or 11 characters; optional in version 002 within the EEA
 * @param amount      in euros, 0.01 to 999999999.99, at most two decimals (a double's noise beyond them is
 *                    rounded away); absent lets the payer choose
 * @param purpose     an ISO 20022 purpose code, four letters
 * @param reference   an ISO 11649 structured creditor reference ({@code RF18539007547034}); not with {@code text}
 * @param text        unstructured remittance information, up to 140 characters; not with {@code reference}
 * @param information a note to the payer, up to 70 characters
 */
public record EpcContent(String name, String iban, String bic, BigDecimal amount, String purpose, String reference,
        String text, String information) implements Content {

    static final int MAX_BYTES = 331;
    static final int MAX_NAME = 70;
    static final int MAX_TEXT = 140;
    static final int MAX_INFORMATION = 70;
    static final BigDecimal MIN_AMOUNT = new BigDecimal("0.01");
    static final BigDecimal MAX_AMOUNT = new BigDecimal("999999999.99");
    private static final Pattern PURPOSE = Pattern.compile("[A-Z]{4}");
    /** RF, two check digits, then 1 to 21 letters and digits (ISO 11649). */
    private static final Pattern CREDITOR_REFERENCE = Pattern.compile("RF[0-9]{2}[A-Z0-9]{1,21}");
    private static final Pattern SPACES = Pattern.compile("\\s+");
    private static final BigInteger NINETY_SEVEN = BigInteger.valueOf(97);

    @Override
    public EpcContent normalised() {
        String payee = Fields.atMost("name", Fields.singleLine("name", Fields.required("name", name)).strip(),
                MAX_NAME);
        String account = compact(Fields.required("iban", iban));
        try {
            IbanUtil.validate(account);
        } catch (InvalidCheckDigitException e) {
            throw Fields.invalid("iban", "has wrong check digits: '" + account + "' is not an IBAN (mistyped?)");
        } catch (IbanFormatException | UnsupportedCountryException e) {
            throw Fields.invalid("iban", "is not a valid IBAN: " + e.getMessage());
        }
        String bank = Fields.optional(bic) == null ? null : compact(bic);
        if (bank != null) {
            try {
                BicUtil.validate(bank);
            } catch (BicFormatException | UnsupportedCountryException e) {
                throw Fields.invalid("bic", "is not a valid BIC (8 or 11 characters): " + e.getMessage());
            }
        }
        String code = Fields.optional(purpose) == null ? null : purpose.toUpperCase(Locale.ROOT);
        if (code != null && !PURPOSE.matcher(code).matches()) {
            throw Fields.invalid("purpose", "must be an ISO 20022 purpose code of four letters, e.g. GDDS; got '"
                    + purpose + "'");
        }
        String ref = Fields.optional(reference) == null ? null : compact(reference);
        String remittance = Fields.atMost("text", Fields.singleLine("text", Fields.optional(text)), MAX_TEXT);
        if (ref != null && remittance != null) {
            throw Fields.invalid("text", "must be absent when content.reference is given: a transfer carries"
                    + " either a structured reference or a text");
        }
        if (ref != null && !creditorReference(ref)) {
            throw Fields.invalid("reference", "must be an ISO 11649 creditor reference (RF, two check digits, up to"
                    + " 21 letters and digits) with correct check digits; got '" + reference + "'");
        }
        EpcContent normalised = new EpcContent(payee, account, bank, amount(amount), code, ref, remittance,
                Fields.atMost("information", Fields.singleLine("information", Fields.optional(information)),
                        MAX_INFORMATION));
        int bytes = normalised.encode(null).getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_BYTES) {
            throw Fields.invalid(remittance != null ? "text" : "name", "makes the EPC payload " + bytes
                    + " bytes; the specification allows " + MAX_BYTES);
        }
        return normalised;
    }

    private static String compact(String value) {
        return SPACES.matcher(value).replaceAll("").toUpperCase(Locale.ROOT);
    }

    private static BigDecimal amount(BigDecimal value) {
        if (value == null) {
            return null;
        }
        if (value.compareTo(MIN_AMOUNT) < 0 || value.compareTo(MAX_AMOUNT) > 0) {
            throw Fields.invalid("amount", "must be between " + MIN_AMOUNT + " and " + MAX_AMOUNT + " euros, got "
                    + value.toPlainString());
        }
        BigDecimal cents = value.setScale(2, RoundingMode.HALF_EVEN);
        if (value.subtract(cents).abs().compareTo(floatNoise(value)) > 0) {
            throw Fields.invalid("amount", "must have at most two decimals, got " + value.toPlainString());
        }
        return cents;
    }

    /**
     * How far from a cent a number written from a binary double may be and still mean it: a few units in the last
     * place of the double (0.1 + 0.2 is 0.30000000000000004 in every JSON client that computes in doubles, and 1.1 ×
     * 3 is 3.3000000000000003). Anything further off, 0.001 say, is a third decimal, which the EPC format lacks.
     */
    private static BigDecimal floatNoise(BigDecimal value) {
        return new BigDecimal(4 * Math.ulp(value.doubleValue()));
    }

    /** ISO 11649: the reference with RF and its check digits moved to the end, letters as numbers, is 1 mod 97. */
    static boolean creditorReference(String reference) {
        if (!CREDITOR_REFERENCE.matcher(reference).matches()) {
            return false;
        }
        StringBuilder digits = new StringBuilder();
        for (char c : (reference.substring(4) + reference.substring(0, 4)).toCharArray()) {
            digits.append(Character.digit(c, 36));
        }
        return new BigInteger(digits.toString()).mod(NINETY_SEVEN).intValue() == 1;
    }

    @Override
    public String encode(Clock clock) {
        List<String> lines = new ArrayList<>(List.of("BCD", "002", "1", "SCT", orEmpty(bic), name, iban,
                amount == null ? "" : "EUR" + amount.toPlainString(), orEmpty(purpose), orEmpty(reference),
                orEmpty(text), orEmpty(information)));
        while (lines.get(lines.size() - 1).isEmpty()) {
            lines.remove(lines.size() - 1);
        }
        return String.join("\n", lines);
    }

    private static String orEmpty(String value) {
        return value == null ? "" : value;
    }

    @Override
    public Optional<String> mandatedErrorCorrection() {
        return Optional.of("M");
    }
}
