package dev.qrforge.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CsvTest {

    @Test
    void quotesWhatNeedsItAndDefusesFormulas() {
        assertThat(Csv.record("2026-11-23T10:00:00Z", true, false, "iOS", null, "a,b", "say \"hi\""))
                .isEqualTo("2026-11-23T10:00:00Z,true,false,iOS,,\"a,b\",\"say \"\"hi\"\"\"\n");
        assertThat(Csv.record("=HYPERLINK(\"x\")", "-1+1", "@SUM(A1)", "+1", -5))
                .isEqualTo("\"'=HYPERLINK(\"\"x\"\")\",'-1+1,'@SUM(A1),'+1,-5\n");
    }
}
