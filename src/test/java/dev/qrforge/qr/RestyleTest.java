package dev.qrforge.qr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.qrforge.api.ApiException;
import dev.qrforge.api.JsonConfig;
import dev.qrforge.render.Design;
import dev.qrforge.render.ErrorCorrection;
import dev.qrforge.testing.Logos;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A restyle is a JSON merge patch over the request that made a code; the data never changes. */
class RestyleTest {

    private static final String DATA = "https://qrf.example/s/abc";

    private static ObjectNode patch(String json) throws Exception {
        return (ObjectNode) JsonConfig.build().readTree(json);
    }

    private static CodeSpec styled() {
        return QrRequestValidator.validate(new QrRequest(DATA, "png", 400, 2, null,
                new DesignJson("dots", "#004d40", null, "radial", "#1a237e")), ImageFormat.SVG,
                LogoReader.inlineOnly());
    }

    /** The workspace's one template: a green square-bodied design with a frame. */
    static final TemplateReader TEMPLATES = new TemplateReader(id -> "tpl_green".equals(id)
            ? Optional.of(TemplateReaderTest.design("{\"bodyStyle\": \"square\", \"foregroundColor\": \"#1b5e20\","
                    + " \"frame\": {\"style\": \"box\"}}"))
            : Optional.empty());

    private static QrRequest restyle(CodeSpec current, String patch) throws Exception {
        return Restyle.merge(current, DesignJson.of(current.design(), current.logo()), patch(patch), TEMPLATES);
    }

    @Test
    void aTemplateReplacesTheCodesDesignAndThePatchsDesignMergesOverIt() throws Exception {
        QrRequest request = restyle(styled(), "{\"template\": \"tpl_green\", \"design\": {\"bodyStyle\": \"dots\"}}");
        CodeSpec spec = QrRequestValidator.validate(request, ImageFormat.SVG, LogoReader.inlineOnly());
        assertThat(request.template()).isNull();
        assertThat(spec.data()).isEqualTo(DATA);
        assertThat(spec.size()).as("the code's own settings stay").isEqualTo(400);
        assertThat(spec.design().bodyStyle().name()).as("the patch's design over the template").isEqualTo("DOTS");
        assertThat(spec.design().foreground().hex()).isEqualTo("#1b5e20");
        assertThat(spec.design().gradient()).as("the code's old gradient is not the template's").isNull();
        assertThat(spec.design().frame().present()).isTrue();
        assertThatThrownBy(() -> restyle(styled(), "{\"template\": \"tpl_gone\"}"))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo("template"));
        assertThatThrownBy(() -> restyle(styled(), "{\"template\": 7}"))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo("template"));
    }

    @Test
    void designFieldsMergeOneByOneAndNullRemovesThem() throws Exception {
        QrRequest request = restyle(styled(), "{\"design\": {\"bodyStyle\": \"blobs\", \"gradientType\": null,"
                + " \"gradientColor2\": null}}");
        assertThat(request.data()).isEqualTo(DATA);
        assertThat(request.format()).isEqualTo("png");
        assertThat(request.size()).isEqualTo(400);
        assertThat(request.margin()).isEqualTo(2);
        CodeSpec spec = QrRequestValidator.validate(request, ImageFormat.SVG, LogoReader.inlineOnly());
        assertThat(spec.design().bodyStyle().name()).isEqualTo("BLOBS");
        assertThat(spec.design().foreground().hex()).isEqualTo("#004d40");
        assertThat(spec.design().gradient()).isNull();
    }

    @Test
    void anAutomaticErrorCorrectionStaysAutomatic() throws Exception {
        CodeSpec plain = styled();
        assertThat(plain.errorCorrection()).isEqualTo(ErrorCorrection.M);
        QrRequest withLogo = restyle(plain, "{\"design\": {\"logo\": \"" + Logos.pngDataUri(32) + "\"}}");
        assertThat(QrRequestValidator.validate(withLogo, ImageFormat.SVG, LogoReader.inlineOnly()).errorCorrection())
                .isEqualTo(ErrorCorrection.H);
        CodeSpec chosen = new CodeSpec(DATA, ImageFormat.SVG, 300, 4, ErrorCorrection.Q, Design.DEFAULT);
        assertThat(restyle(chosen, "{\"size\": 500}").errorCorrection()).as("chosen by the client: kept")
                .isEqualTo("Q");
        assertThat(restyle(chosen, "{\"errorCorrection\": null}").errorCorrection()).isNull();
    }

    @Test
    void aSizeTakesItsUnitAndDpiWithItUnlessThePatchSetsThem() throws Exception {
        CodeSpec printed = QrRequestValidator.validate(new QrRequest(DATA, "png", 2.5, 4, null, null, null, null, null,
                "in", 600, null), ImageFormat.SVG, LogoReader.inlineOnly());

        CodeSpec defaultSize = QrRequestValidator.validate(restyle(printed, "{\"size\": null}"), ImageFormat.SVG,
                LogoReader.inlineOnly());
        assertThat(defaultSize.print().unit()).isEqualTo(SizeUnit.PX);
        assertThat(defaultSize.print().dpi()).isNull();
        assertThat(defaultSize.size()).isEqualTo(300);

        CodeSpec inPixels = QrRequestValidator.validate(restyle(printed, "{\"unit\": \"px\", \"size\": 800}"),
                ImageFormat.SVG, LogoReader.inlineOnly());
        assertThat(inPixels.size()).isEqualTo(800);
        assertThat(inPixels.print().dpi()).isNull();

        QrRequest otherPrint = restyle(printed, "{\"unit\": \"mm\", \"size\": 50}");
        assertThat(otherPrint.dpi()).as("a print unit keeps the code's dpi").isEqualTo(600);
        // What the patch says still counts: a size in mm needs a number, and pixels no dpi.
        assertThatThrownBy(() -> QrRequestValidator.validate(restyle(printed, "{\"size\": null, \"unit\": \"mm\"}"),
                ImageFormat.SVG, LogoReader.inlineOnly()))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo("size"));
        assertThatThrownBy(() -> QrRequestValidator.validate(restyle(printed, "{\"unit\": \"px\", \"dpi\": 300}"),
                ImageFormat.SVG, LogoReader.inlineOnly()))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo("dpi"));
    }

    @Test
    void aFramesStyleCanChangeButNotBeRemoved() throws Exception {
        QrRequest framed = restyle(styled(), "{\"design\": {\"frame\": {\"style\": \"box\", \"text\": \"Menu\"}}}");
        CodeSpec spec = QrRequestValidator.validate(framed, ImageFormat.SVG, LogoReader.inlineOnly());
        assertThat(spec.design().frame().present()).isTrue();
        // The document's FramePatch.style is not nullable: a frame has no default style to return to.
        assertThatThrownBy(() -> QrRequestValidator.validate(restyle(spec,
                "{\"design\": {\"frame\": {\"style\": null}}}"), ImageFormat.SVG, LogoReader.inlineOnly()))
                .isInstanceOfSatisfying(ApiException.class,
                        e -> assertThat(e.field()).isEqualTo("design.frame.style"));
        CodeSpec unframed = QrRequestValidator.validate(restyle(spec, "{\"design\": {\"frame\": null}}"),
                ImageFormat.SVG, LogoReader.inlineOnly());
        assertThat(unframed.design().frame().present()).isFalse();
    }

    @Test
    void theDataAndUnknownFieldsCannotBePatched() {
        assertThatThrownBy(() -> restyle(styled(), "{\"data\": \"https://elsewhere.example\"}"))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo("data"))
                .hasMessage("unknown field 'data'; allowed: colorSpace, design, dpi, errorCorrection, format, margin,"
                        + " size, template, unit");
        assertThatThrownBy(() -> restyle(styled(), "{\"size\": \"big\"}"))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo("size"));
        assertThatThrownBy(() -> restyle(styled(), "{\"design\": {\"shadow\": true}}"))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo("design.shadow"));
        // A null removes nothing there is to remove: still an unknown field, not a no-op.
        assertThatThrownBy(() -> restyle(styled(), "{\"design\": {\"shadow\": null}}"))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo("design.shadow"));
    }
}
