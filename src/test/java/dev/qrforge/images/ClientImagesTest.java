package dev.qrforge.images;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.qrforge.api.ApiException;
import dev.qrforge.testing.Backgrounds;
import dev.qrforge.testing.Logos;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;

/** Client images, SVG above all: read up to their header, refused when hostile, drawn only when harmless. */
class ClientImagesTest {

    private static final String FIELD = "design.logo";
    private static final ClientImages.Rules RULES = new ClientImages.Rules(
            Set.of(ImageKind.PNG, ImageKind.JPEG, ImageKind.SVG), 1_000_000, 4_000_000);

    private static ImageFile svg(String document) {
        return ClientImages.inspect(document.getBytes(StandardCharsets.UTF_8), FIELD, RULES);
    }

    private static AbstractThrowableAssert<?, ? extends Throwable> refuses(String document) {
        return assertThatThrownBy(() -> svg(document))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo(FIELD));
    }

    @Test
    void aPlainSvgIsDrawnWithTransparencyAtTheAskedSize() {
        ImageFile file = svg(Logos.SVG);
        assertThat(file.kind()).isEqualTo(ImageKind.SVG);
        assertThat(file.width()).isEqualTo(100);
        assertThat(file.height()).isEqualTo(100);
        BufferedImage drawn = ClientImages.rasterise(file, 64, 64, FIELD);
        assertThat(drawn.getWidth()).isEqualTo(64);
        assertThat(drawn.getRGB(0, 0) >>> 24).as("outside the tile: transparent").isZero();
        assertThat(drawn.getRGB(12, 12) & 0xffffff).as("the blue tile").isEqualTo(0x1565c0);
    }

    @Test
    void intrinsicSizeComesFromWidthAndHeightElseTheViewBoxElseASquare() {
        assertThat(svg("<svg xmlns='http://www.w3.org/2000/svg' width='300px' height='150'/>"))
                .extracting(ImageFile::width, ImageFile::height).containsExactly(300, 150);
        assertThat(svg("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 10'/>"))
                .extracting(ImageFile::width, ImageFile::height).containsExactly(40, 10);
        assertThat(svg("<svg xmlns='http://www.w3.org/2000/svg'/>"))
                .extracting(ImageFile::width, ImageFile::height).containsExactly(512, 512);
    }

    @Test
    void entitiesOfAnyKindAreRefusedWithTheirDoctype() {
        refuses("<?xml version='1.0'?><!DOCTYPE svg [<!ENTITY x SYSTEM 'file:///etc/passwd'>]>"
                + "<svg xmlns='http://www.w3.org/2000/svg'><text>&x;</text></svg>").hasMessageContaining("DOCTYPE");
        refuses("<?xml version='1.0'?><!DOCTYPE svg [<!ENTITY a 'aaaaaaaaaa'><!ENTITY b '&a;&a;&a;&a;&a;&a;&a;&a;'>"
                + "<!ENTITY c '&b;&b;&b;&b;&b;&b;&b;&b;'>]><svg xmlns='http://www.w3.org/2000/svg'><text>&c;</text>"
                + "</svg>").hasMessageContaining("DOCTYPE");
    }

    @Test
    void anythingThatReachesOutsideTheDocumentIsRefused() {
        String open = "<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink'>";
        refuses(open + "<script>alert(1)</script></svg>").hasMessageContaining("<script>");
        refuses(open + "<foreignObject><p>x</p></foreignObject></svg>").hasMessageContaining("foreignObject");
        refuses("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>").hasMessageContaining("onload");
        refuses(open + "<image xlink:href='https://evil.example/x.png'/></svg>")
                .hasMessageContaining("https://evil.example/x.png");
        refuses(open + "<use href='file:///etc/passwd#x'/></svg>").hasMessageContaining("file:///etc/passwd");
        refuses(open + "<image href='data:image/png;base64,iVBORw0KGgo='/></svg>").hasMessageContaining("data:");
        refuses(open + "<style>@import url(https://evil.example/s.css);</style></svg>")
                .hasMessageContaining("style sheet");
        refuses(open + "<rect style='fill:url(https://evil.example/p)'/></svg>").hasMessageContaining("style");
        refuses(open + "<?xml-stylesheet href='https://evil.example/s.css'?></svg>")
                .hasMessageContaining("processing instruction");
        // References inside the document are fine.
        assertThat(svg(open + "<defs><linearGradient id='g'/></defs><rect fill='url(#g)' width='9' height='9'/>"
                + "<use href='#g'/></svg>").kind()).isEqualTo(ImageKind.SVG);
    }

    @Test
    void xmlThatIsNotAnSvgOrNotXmlIsRefused() {
        refuses("<html><svg/></html>").hasMessageContaining("not an SVG");
        refuses("<svg xmlns='http://www.w3.org/2000/svg'><unclosed></svg>").hasMessageContaining("not a readable SVG");
        assertThatThrownBy(() -> ClientImages.read(Backgrounds.base64("GIF89a".getBytes(StandardCharsets.UTF_8)),
                FIELD, RULES)).hasMessageContaining("not an image this service reads");
    }

    @Test
    void bitmapsAreLimitedFromTheirHeader() {
        assertThatThrownBy(() -> ClientImages.read(Backgrounds.base64(Backgrounds.pngClaiming(2001, 2000)), FIELD,
                RULES)).hasMessage(FIELD + " is 2001×2000 px; at most 4 megapixels are accepted");
        ImageFile png = ClientImages.read(Logos.pngDataUri(64), FIELD, RULES);
        assertThat(png.sha256()).hasSize(64);
        assertThat(ClientImages.decode(png, FIELD).getWidth()).isEqualTo(64);
    }
}
