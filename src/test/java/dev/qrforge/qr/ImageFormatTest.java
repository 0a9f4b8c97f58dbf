package dev.qrforge.qr;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ImageFormatTest {

    @Test
    void formatsAreSpelledAndParsedOnTheWire() {
        assertThat(ImageFormat.wireNames()).containsExactly("svg", "png", "pdf", "eps", "jpeg", "webp");
        assertThat(ImageFormat.fromWire("png")).contains(ImageFormat.PNG);
        assertThat(ImageFormat.fromWire("PNG")).isEmpty();
        assertThat(ImageFormat.fromWire(null)).isEmpty();
    }

    @Test
    void imageFormatsKnowTheirMediaTypes() {
        assertThat(ImageFormat.SVG.mediaType()).isEqualTo("image/svg+xml");
        assertThat(ImageFormat.PNG.mediaType()).isEqualTo("image/png");
        assertThat(ImageFormat.PDF.mediaType()).isEqualTo("application/pdf");
        assertThat(ImageFormat.EPS.mediaType()).isEqualTo("application/postscript");
        assertThat(ImageFormat.JPEG.mediaType()).isEqualTo("image/jpeg");
        assertThat(ImageFormat.WEBP.mediaType()).isEqualTo("image/webp");
    }
}
