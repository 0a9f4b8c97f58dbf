package dev.qrforge.testing;

import biweekly.Biweekly;
import biweekly.component.VEvent;
import com.google.zxing.BarcodeFormat;
import com.google.zxing.Result;
import com.google.zxing.client.result.ParsedResult;
import com.google.zxing.client.result.ResultParser;
import ezvcard.VCard;
import ezvcard.io.text.VCardReader;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Reads an encoded typed payload back as third parties do: vCards with ez-vcard's parser, events with biweekly's,
 * MECARD, WIFI, mailto, SMSTO, tel and geo with ZXing's result parsers (what Android scanners use).
 */
public final class ContentReaders {

    /** Everything the formats give a meaning: their separators, escape character, quotes, a line break, an emoji. */
    public static final String HOSTILE = "a;b:c\\d,e\"f'g\nh 😀";

    private ContentReaders() {
    }

    public static ParsedResult zxing(String text) {
        return ResultParser.parseResult(new Result(text, null, null, BarcodeFormat.QR_CODE));
    }

    public static VCard vcard(String text) {
        try (VCardReader reader = new VCardReader(text)) {
            return reader.readNext();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The one event of an iCalendar object. */
    public static VEvent event(String text) {
        return Biweekly.parse(text).first().getEvents().get(0);
    }
}
