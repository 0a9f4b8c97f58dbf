package dev.qrforge.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Names are checked as the OpenAPI document's patterns state them (JSON Schema: code points, ECMA white space). */
class NamesTest {

    @Test
    void lengthsCountCodePointsAsJsonSchemaDoes() {
        String hundredEmoji = "\uD83D\uDE00".repeat(100);
        assertThat(Names.required("name", hundredEmoji, 100)).isEqualTo(hundredEmoji);
        assertThatThrownBy(() -> Names.required("name", hundredEmoji + "x", 100)).isInstanceOf(ApiException.class);
    }

    @Test
    void blankIsEcmaWhiteSpace() {
        assertThat(Names.blank("\u00A0\u3000\uFEFF \t")).isTrue();
        assertThat(Names.blank("\u00A0x")).isFalse();
        assertThatThrownBy(() -> Names.required("name", "\u00A0", 100)).isInstanceOf(ApiException.class);
    }

    @Test
    void controlCharactersAreRefusedC1Included() {
        assertThat(Names.hasControl("a\u0085b")).isTrue();
        assertThat(Names.hasControl("a\u00A0b")).isFalse();
    }

    /** The document's Name pattern and this class agree on the characters that decide (ECMA's \s, C0/C1). */
    @Test
    void agreesWithTheDocumentsPattern() {
        Pattern name = Pattern.compile("^[^\\u0000-\\u001F\\u007F-\\u009F]*[^\\u0000-\\u0020\\u007F-\\u00A0\\u1680"
                + "\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF][^\\u0000-\\u001F\\u007F-\\u009F]*$");
        for (int c = 0; c < 0x3100; c++) {
            String text = "x" + (char) c;
            String alone = String.valueOf((char) c);
            if (Character.isSurrogate((char) c)) {
                continue;
            }
            boolean valid = !Names.hasControl(text);
            assertThat(name.matcher(text).matches()).as("U+%04X after x", c).isEqualTo(valid);
            boolean aloneValid = !Names.hasControl(alone) && !Names.blank(alone);
            assertThat(name.matcher(alone).matches()).as("U+%04X alone", c).isEqualTo(aloneValid);
        }
    }
}
