package dev.qrforge.bulk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.qrforge.api.ApiException;
import dev.qrforge.qr.DesignJson;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

class BulkCsvTest {

    private static BulkRequest parse(String csv) {
        return BulkCsv.parse(new StringReader(csv));
    }

    @Test
    void everyFlatDesignFieldIsAColumn() {
        BulkRequest request = parse("data,bodyStyle,gradientColor2,gradientRotation,gradientOnEyes,eyeFrameStyle,"
                + "eyeBallColor,logo,logoSize,logoMargin,logoClearModules\n"
                + "https://example.com/a,dots,#004d40,90,false,rounded,#b71c1c,sha256:" + "a".repeat(64)
                + ",0.25,2,true\nhttps://example.com/b,,,,,,,,,,\n");
        DesignJson design = request.items().get(0).design();
        assertThat(design.bodyStyle()).isEqualTo("dots");
        assertThat(design.gradientRotation()).isEqualTo(90.0);
        assertThat(design.gradientOnEyes()).isFalse();
        assertThat(design.eyeFrameStyle()).isEqualTo("rounded");
        assertThat(design.eyeBallColor()).isEqualTo("#b71c1c");
        assertThat(design.logo()).startsWith("sha256:");
        assertThat(design.logoSize()).isEqualTo(0.25);
        assertThat(design.logoMargin()).isEqualTo(2.0);
        assertThat(design.logoClearModules()).isTrue();
        assertThat(request.items().get(1).design()).as("all empty: no design").isNull();
    }

    @Test
    void theFramesFieldsAreColumnsByTheirPath() {
        BulkRequest request = parse("data,frame.style,frame.text,frame.textColor,frame.frameColor\n"
                + "https://example.com/a,banner-bottom,\"Table 7, garden\",#ffffff,#004d40\n"
                + "https://example.com/b,,,,\n");
        assertThat(request.items().get(0).design().frame())
                .isEqualTo(new DesignJson.FrameJson("banner-bottom", "Table 7, garden", "#ffffff", "#004d40"));
        assertThat(request.items().get(1).design()).as("all empty: no design").isNull();
    }

    @Test
    void badNumbersAndBooleansNameTheirCell() {
        assertThatThrownBy(() -> parse("data,logoSize\nx,big\n")).isInstanceOfSatisfying(ApiException.class,
                e -> assertThat(e.field()).isEqualTo("items[0].design.logoSize"));
        assertThatThrownBy(() -> parse("data,gradientOnEyes\nx,yes\n")).isInstanceOfSatisfying(ApiException.class,
                e -> assertThat(e.field()).isEqualTo("items[0].design.gradientOnEyes"));
        assertThatThrownBy(() -> parse("data,eyes\nx,y\n")).isInstanceOfSatisfying(ApiException.class,
                e -> assertThat(e.field()).isEqualTo("eyes"));
    }
}
