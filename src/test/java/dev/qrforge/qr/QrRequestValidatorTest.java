package dev.qrforge.qr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorCode;
import dev.qrforge.render.BodyStyle;
import dev.qrforge.render.Design;
import dev.qrforge.render.ErrorCorrection;
import dev.qrforge.render.GradientType;
import dev.qrforge.render.Rgb;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;

class QrRequestValidatorTest {

    private static QrRequest data(String data) {
        return new QrRequest(data, null, null, null, null, null);
    }

    private static AbstractThrowableAssert<?, ? extends Throwable> rejects(QrRequest request, String field) {
        return assertThatThrownBy(() -> QrRequestValidator.validate(request, ImageFormat.SVG))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo(field));
    }

    @Test
    void defaultsFillEverythingButData() {
        CodeSpec spec = QrRequestValidator.validate(data("hello"), ImageFormat.SVG);
        assertThat(spec).isEqualTo(new CodeSpec("hello", ImageFormat.SVG, 300, 4, ErrorCorrection.M, Design.DEFAULT));
    }

    @Test
    void impliedFormatAppliesOnlyWhenNoneIsNamed() {
        assertThat(QrRequestValidator.validate(data("x"), ImageFormat.PNG).format()).isEqualTo(ImageFormat.PNG);
        assertThat(QrRequestValidator.validate(new QrRequest("x", "svg", null, null, null, null), ImageFormat.PNG)
                .format()).isEqualTo(ImageFormat.SVG);
    }

    @Test
    void sizeBoundsAreInclusive() {
        assertThat(QrRequestValidator.validate(new QrRequest("x", null, 100, null, null, null), ImageFormat.SVG).size())
                .isEqualTo(100);
        assertThat(QrRequestValidator.validate(new QrRequest("x", null, 5000, null, null, null), ImageFormat.SVG).size())
                .isEqualTo(5000);
        rejects(new QrRequest("x", null, 99, null, null, null), "size")
                .hasMessage("size must be between 100 and 5000");
        rejects(new QrRequest("x", null, 5001, null, null, null), "size")
                .hasMessage("size must be between 100 and 5000");
    }

    @Test
    void dataIsRequiredAndNotEmpty() {
        assertThatThrownBy(() -> QrRequestValidator.validate(null, ImageFormat.SVG))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_JSON));
        rejects(data(null), "data").hasMessageContaining("required");
        rejects(data(""), "data").hasMessageContaining("empty");
    }

    @Test
    void designIsParsedWithGradient() {
        Design design = QrRequestValidator.design(
                new DesignJson("rounded-pointed", "#112233", "#FFFFFF", "radial", "#445566"));
        assertThat(design.bodyStyle()).isEqualTo(BodyStyle.ROUNDED_POINTED);
        assertThat(design.foreground()).isEqualTo(new Rgb(0x11, 0x22, 0x33));
        assertThat(design.background()).isEqualTo(Rgb.WHITE);
        assertThat(design.gradient().type()).isEqualTo(GradientType.RADIAL);
        assertThat(design.gradient().color2()).isEqualTo(new Rgb(0x44, 0x55, 0x66));
    }

    @Test
    void secondGradientColourAloneImpliesLinear() {
        assertThat(QrRequestValidator.design(new DesignJson(null, null, null, null, "#445566")).gradient().type())
                .isEqualTo(GradientType.LINEAR);
    }

    @Test
    void badDesignValuesNameTheNestedField() {
        rejects(new QrRequest("x", null, null, null, null, new DesignJson("dots", null, null, null, null)),
                "design.bodyStyle").hasMessageContaining("square, rounded-pointed");
        rejects(new QrRequest("x", null, null, null, null, new DesignJson(null, "#12345", null, null, null)),
                "design.foregroundColor").hasMessageContaining("#rrggbb");
        rejects(new QrRequest("x", null, null, null, null, new DesignJson(null, null, "white", null, null)),
                "design.backgroundColor");
        rejects(new QrRequest("x", null, null, null, null, new DesignJson(null, null, null, "linear", null)),
                "design.gradientColor2");
        rejects(new QrRequest("x", null, null, null, null, new DesignJson(null, null, null, "spiral", "#000000")),
                "design.gradientType").hasMessageContaining("linear");
    }

    @Test
    void otherEnumeratedFieldsListTheirValues() {
        rejects(new QrRequest("x", "jpeg", null, null, null, null), "format").hasMessageContaining("svg, png");
        rejects(new QrRequest("x", null, null, null, "Z", null), "errorCorrection").hasMessageContaining("L, M, Q, H");
        rejects(new QrRequest("x", null, null, -1, null, null), "margin");
    }
}
