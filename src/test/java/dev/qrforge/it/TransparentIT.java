package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.testing.Backgrounds;
import dev.qrforge.testing.Decoding;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Codes composited over light, dark and busy backgrounds, and hostile images, through the deployed API. */
@DatabaseIndependent
class TransparentIT extends ServerTest {

    private static final String DATA = "https://example.com/poster";

    private static Api.Reply composite(List<Object> backgrounds, Map<String, Object> placement) {
        return Api.post("/api/v1/qr/transparent", Api.json(Map.of("data", DATA, "size", 240,
                "backgrounds", backgrounds, "placement", placement)));
    }

    private static JsonNode only(Api.Reply reply) {
        assertThat(reply.status()).as(reply.toString()).isEqualTo(201);
        return reply.json().path("composites").get(0);
    }

    @Test
    void overALightBackgroundTheCompositeDecodesAtTheBackgroundsSize() {
        Api.Reply reply = composite(List.of(Map.of("image", Backgrounds.pngDataUri(Backgrounds.flat(new Color(0xf5f0e6))))),
                Map.of("position", "bottom-right"));
        JsonNode composite = only(reply);
        assertThat(reply.json().path("id").asText()).startsWith("qr_");
        assertThat(reply.header("Location")).hasValueSatisfying(l -> assertThat(l).endsWith(reply.json().path("id").asText()));
        BufferedImage image = Decoding.png(Base64.getDecoder().decode(composite.path("png").asText()));
        assertThat(image.getWidth()).isEqualTo(Backgrounds.WIDTH).isEqualTo(composite.path("width").asInt());
        assertThat(image.getHeight()).isEqualTo(Backgrounds.HEIGHT);
        assertThat(Decoding.text(image)).isEqualTo(DATA);
        assertThat(composite.path("safety").path("status").asText()).isNotEqualTo("RISKY");
    }

    @Test
    void darkOrBusyBackgroundsAreRiskyAndThePlateRescuesThem() {
        for (BufferedImage background : List.of(Backgrounds.flat(new Color(0x202428)), Backgrounds.noise())) {
            JsonNode bare = only(composite(List.of(Map.of("image", Backgrounds.pngDataUri(background))),
                    Map.of("position", "center")));
            assertThat(bare.path("safety").path("status").asText()).isEqualTo("RISKY");
            assertThat(bare.path("safety").path("warnings").toString()).contains("plate").contains("x=");

            JsonNode plated = only(composite(List.of(Map.of("image", Backgrounds.pngDataUri(background))),
                    Map.of("position", "center", "plate", true)));
            assertThat(Decoding.pngText(Base64.getDecoder().decode(plated.path("png").asText()))).isEqualTo(DATA);
            assertThat(plated.path("safety").path("verified").asBoolean()).isTrue();
        }
    }

    @Test
    void hostileImagesAreRefusedByName() {
        byte[] random = new byte[4096];
        new Random(7).nextBytes(random);
        byte[] png = Backgrounds.file(Backgrounds.flat(Color.WHITE), "png");
        byte[] truncated = java.util.Arrays.copyOf(png, png.length / 2);
        byte[] gif = Backgrounds.file(Backgrounds.flat(Color.WHITE), "gif");
        byte[] huge = new byte[10 * 1024 * 1024 + 16];
        System.arraycopy(png, 0, huge, 0, png.length);
        for (String image : List.of(Backgrounds.base64(random), Backgrounds.base64(truncated), Backgrounds.base64(gif),
                "data:text/html;base64,PGgxPmhpPC9oMT4=", "not base64 at all!", Backgrounds.base64(huge),
                Backgrounds.base64(Backgrounds.pngClaiming(100_000, 100_000)))) {
            Api.Reply reply = composite(List.of(Map.of("image", Backgrounds.pngDataUri(Backgrounds.flat(Color.WHITE))),
                    Map.of("image", image)), Map.of("position", "center"));
            assertThat(reply.status()).as(reply.toString().substring(0, Math.min(300, reply.toString().length())))
                    .isEqualTo(400);
            assertThat(reply.json().path("error").path("field").asText()).as(reply.json().toString()).isEqualTo("backgrounds[1].image");
        }
    }
}
