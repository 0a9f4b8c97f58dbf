package dev.qrforge.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ScanExportTest {

    @Test
    void csvQuotesWhatNeedsItAndDefusesFormulas() {
        assertThat(ScanExport.csv(new Object[] {"2026-11-23T10:00:00Z", true, false, "iOS", null, "a,b", "say \"hi\""}))
                .isEqualTo("2026-11-23T10:00:00Z,true,false,iOS,,\"a,b\",\"say \"\"hi\"\"\"\n");
        assertThat(ScanExport.csv(new Object[] {"=HYPERLINK(\"x\")", "-1+1", "@SUM(A1)", "+1"}))
                .isEqualTo("\"'=HYPERLINK(\"\"x\"\")\",'-1+1,'@SUM(A1),'+1\n");
    }
}
