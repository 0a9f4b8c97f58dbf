package dev.qrforge.bulk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.qrforge.api.ApiException;
import dev.qrforge.qr.ColorSpace;
import dev.qrforge.qr.DesignJson;
import dev.qrforge.qr.LogoReader;
import dev.qrforge.qr.QrRequest;
import dev.qrforge.qr.TemplateReader;
import java.io.StringReader;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BulkCsvTest {

    private static final TemplateReader NO_TEMPLATES = new TemplateReader(id -> Optional.empty());

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
    void printSizesAreColumnsAndValidatedAsOnASingleCode() {
        BulkRequest request = parse("data,format,size,unit,dpi,colorSpace,foregroundColor\n"
                + "https://example.com/a,pdf,30,mm,,cmyk,\"cmyk(100,72,0,18)\"\n"
                + "https://example.com/b,jpeg,1.5,in,600,,\n"
                + "https://example.com/c,png,300,,,,\n");
        BulkRequest.Item pdf = request.items().get(0);
        assertThat(pdf.size()).isEqualTo(30);
        assertThat(pdf.unit()).isEqualTo("mm");
        assertThat(pdf.colorSpace()).isEqualTo("cmyk");
        assertThat(request.items().get(1).size()).isEqualTo(1.5);
        assertThat(request.items().get(1).dpi()).isEqualTo(600);
        assertThat(request.items().get(2).size()).as("whole pixels stay an integer").isEqualTo(300);
        List<BulkValidator.Valid<QrRequest>> valid = BulkValidator.validate(request, LogoReader.inlineOnly(), NO_TEMPLATES,
                Clock.systemUTC());
        assertThat(valid.get(0).spec().print().colorSpace()).isEqualTo(ColorSpace.CMYK);
        assertThat(valid.get(0).filename()).isEqualTo("001.pdf");
        assertThat(valid.get(1).spec().size()).as("1.5 in at 600 dpi").isEqualTo(900);
        assertThatThrownBy(() -> BulkValidator.validate(parse("data,format,size,unit\nx,png,5,mm\n"),
                LogoReader.inlineOnly(), NO_TEMPLATES, Clock.systemUTC())).isInstanceOfSatisfying(ApiException.class,
                        e -> assertThat(e.field()).isEqualTo("items[0].size"));
        assertThatThrownBy(() -> parse("data,dpi\nx,high\n")).isInstanceOfSatisfying(ApiException.class,
                e -> assertThat(e.field()).isEqualTo("items[0].dpi"));
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

    @Test
    void contentColumnsAreFieldPaths() {
        BulkRequest request = parse("content.type,content.firstName,content.phones,content.emails,content.address.city,"
                + "content.ssid,content.hidden,content.latitude,content.longitude\n"
                + "vcard,Ann,work:+49 30 1|+49 171 2,a@example.com|b@example.com,Berlin,,,,\n"
                + "wifi,,,,,\"Net;1\",true,,\n"
                + "geo,,,,,,,52.5,13.4\n");

        assertThat(request.items().get(0).content()).isEqualTo(new dev.qrforge.content.VcardContent(null, "Ann",
                null, null, null, java.util.List.of(new dev.qrforge.content.VcardContent.Phone("work", "+49 30 1"),
                        new dev.qrforge.content.VcardContent.Phone(null, "+49 171 2")),
                java.util.List.of("a@example.com", "b@example.com"),
                new dev.qrforge.content.VcardContent.PostalAddress(null, "Berlin", null, null, null), null, null));
        assertThat(request.items().get(1).content())
                .isEqualTo(new dev.qrforge.content.WifiContent("Net;1", null, null, true));
        assertThat(request.items().get(2).content()).isEqualTo(new dev.qrforge.content.GeoContent(
                new java.math.BigDecimal("52.5"), new java.math.BigDecimal("13.4")));
        assertThat(request.items().get(2).data()).isNull();
    }

    @Test
    void contentCellErrorsNameTheRowAndField() {
        assertThatThrownBy(() -> parse("content.type,content.latitude\ngeo,north\n"))
                .isInstanceOfSatisfying(ApiException.class,
                        e -> assertThat(e.field()).isEqualTo("items[0].content.latitude"));
        assertThatThrownBy(() -> parse("content.type,content.bogus\nwifi,x\n"))
                .isInstanceOfSatisfying(ApiException.class,
                        e -> assertThat(e.field()).isEqualTo("items[0].content.bogus"));
        assertThatThrownBy(() -> parse("content.ssid\nx\n")).isInstanceOfSatisfying(ApiException.class,
                e -> assertThat(e.field()).isEqualTo("data"));
        assertThatThrownBy(() -> parse("data,content.type\nx,\ny,bitcoin\n")).isInstanceOfSatisfying(
                ApiException.class, e -> assertThat(e.field()).isEqualTo("items[1].content.type"));
    }

    @Test
    void aTemplateColumnNamesEachRowsTemplateUnderItsDesignColumns() {
        BulkRequest request = parse("data,template,foregroundColor\nx,tpl_brand,#b71c1c\ny,tpl_gone,\n");
        TemplateReader templates = new TemplateReader(id -> "tpl_brand".equals(id)
                ? Optional.of(new DesignJson("dots", "#1a237e", null, null, null)) : Optional.empty());

        assertThat(request.items().get(0).template()).isEqualTo("tpl_brand");
        assertThatThrownBy(() -> BulkValidator.validate(request, LogoReader.inlineOnly(), templates,
                Clock.systemUTC())).isInstanceOfSatisfying(ApiException.class,
                        e -> assertThat(e.field()).isEqualTo("items[1].template"));
        BulkValidator.Valid<QrRequest> first = BulkValidator.validate(new BulkRequest(null, request.items().subList(0, 1)),
                LogoReader.inlineOnly(), templates, Clock.systemUTC()).get(0);
        assertThat(first.request().template()).as("resolved when accepted").isNull();
        assertThat(first.request().design().bodyStyle()).isEqualTo("dots");
        assertThat(first.request().design().foregroundColor()).isEqualTo("#b71c1c");
    }

    @Test
    void aRowWithDataAndContentIsRefusedByTheValidator() {
        BulkRequest request = parse("data,content.type,content.text\nx,text,y\n");

        assertThatThrownBy(() -> BulkValidator.validate(request, LogoReader.inlineOnly(), NO_TEMPLATES,
                Clock.systemUTC())).isInstanceOfSatisfying(ApiException.class,
                        e -> assertThat(e.field()).isEqualTo("items[0].content"));
    }
}
