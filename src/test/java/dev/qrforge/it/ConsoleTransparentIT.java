package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.testing.Backgrounds;
import dev.qrforge.testing.Decoders;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/** The console's transparent view: background images in, composites out, each with the safety the API measured. */
@DatabaseIndependent
class ConsoleTransparentIT extends ServerTest {

    private static final Path WORK = Path.of("target", "console-transparent");
    private static final By COMPOSITES = By.cssSelector(".composite");

    private static Path write(String name, byte[] content) throws IOException {
        Files.createDirectories(WORK);
        return Files.write(WORK.resolve(name), content).toAbsolutePath();
    }

    private static void chooseFiles(ConsoleBrowser browser, Path... files) {
        browser.visible(By.name("backgrounds")).sendKeys(String.join("\n",
                List.of(files).stream().map(Path::toString).toList()));
    }

    private static int thumbnails(ConsoleBrowser browser) {
        return browser.driver().findElements(By.cssSelector(".backgrounds li img.thumb")).size();
    }

    @Test
    void compositesAreShownWithTheSafetyTheApiMeasuresAndTheLightOneDecodes() throws IOException {
        String data = "https://example.com/poster/" + UUID.randomUUID();
        byte[] sky = Backgrounds.file(Backgrounds.sky(), "png");
        byte[] stripes = Backgrounds.file(Backgrounds.stripes(), "png");
        Path skyFile = write("sky.png", sky);
        Path stripesFile = write("stripes.png", stripes);

        try (ConsoleBrowser browser = ConsoleBrowser.start()) {
            browser.signInWithKey();
            browser.go("transparent");
            browser.visible(By.name("data")).sendKeys(data);
            chooseFiles(browser, skyFile, stripesFile);
            browser.until(d -> thumbnails(browser) == 2);
            new Select(browser.driver().findElement(By.name("position"))).selectByValue("top-left");
            browser.driver().findElement(By.name("padding")).sendKeys("16");
            WebElement plate = browser.driver().findElement(By.name("plate"));
            assertThat(plate.isSelected()).as("a plate is on by default").isTrue();
            // Without a plate the stripes make the code risky: the page must show that verdict, not a good one.
            plate.click();
            browser.driver().findElement(By.cssSelector("form button[type=submit]")).click();

            browser.until(d -> d.findElements(By.cssSelector(".composite img")).size() == 2
                    && (Boolean) browser.script("return [...document.querySelectorAll('.composite img')]"
                    + ".every((img) => img.complete && img.naturalWidth > 0);"));
            List<WebElement> shown = browser.driver().findElements(COMPOSITES);

            WebElement skyImage = shown.get(0).findElement(By.tagName("img"));
            BufferedImage picture = ImageIO.read(new ByteArrayInputStream(browser.picture(skyImage)));
            ImageIO.write(picture, "png", WORK.resolve("sky-composite-as-drawn.png").toFile());
            assertThat(Decoders.zxing(picture, data)).as("the composite on the sky, as drawn, decodes").isTrue();

            Api.Reply reply = Api.send(Api.requestAs(ConsoleBrowser.KEY, "/api/v1/qr/transparent")
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(Api.json(Map.of("data", data,
                            "size", 300, "errorCorrection", "M",
                            "design", Map.of("foregroundColor", "#000000", "bodyStyle", "square"),
                            "placement", Map.of("position", "top-left", "padding", 16),
                            "backgrounds", List.of(Map.of("image", "data:image/png;base64," + Backgrounds.base64(sky)),
                                    Map.of("image", "data:image/png;base64," + Backgrounds.base64(stripes))))))));
            assertThat(reply.status()).as(reply.toString()).isEqualTo(201);
            for (int i = 0; i < 2; i++) {
                JsonNode safety = reply.json().path("composites").get(i).path("safety");
                WebElement composite = shown.get(i);
                assertThat(composite.findElement(By.cssSelector(".safety-score")).getText())
                        .isEqualTo(safety.path("score").asInt() + " / 100");
                assertThat(Double.parseDouble(composite.findElement(By.tagName("meter")).getDomProperty("value")))
                        .isEqualTo(safety.path("score").asDouble());
                assertThat(composite.findElement(By.cssSelector(".badge")).getText())
                        .isEqualTo(safety.path("status").asText());
                List<String> warnings = composite.findElements(By.cssSelector(".warnings li:not(.none)")).stream()
                        .map(WebElement::getText).toList();
                assertThat(warnings).hasSize(safety.path("warnings").size());
                for (JsonNode warning : safety.path("warnings")) {
                    // Each shown after its cost (the signal and points of safety.deductions).
                    assertThat(warnings).anySatisfy(line -> assertThat(line).endsWith(warning.asText()));
                }
            }
            assertThat(reply.json().path("composites").get(1).path("safety").path("status").asText())
                    .as("stripes without a plate").isEqualTo("RISKY");
            assertThat(shown.get(1).findElements(By.cssSelector(".warnings li:not(.none)"))).isNotEmpty();
            assertThat(shown.get(0).findElement(By.tagName("button")).getText()).isEqualTo("Download PNG");
            browser.screenshot("transparent-result");

            browser.resize(ConsoleBrowser.PHONE);
            browser.script("arguments[0].scrollIntoView();", shown.get(1));
            assertThat(browser.overflowsSideways()).as("transparent view scrolls sideways at phone width").isFalse();
            browser.screenshot("transparent-phone");
            browser.assertNoConsoleErrors();
        }
    }

    @Test
    void wrongFilesAreRefusedBeforeSendingAndApiErrorsAppearAtTheirControl() throws IOException {
        Path text = write("not-an-image.txt", "just text".getBytes(StandardCharsets.UTF_8));
        Path sky = write("sky.png", Backgrounds.file(Backgrounds.sky(), "png"));

        try (ConsoleBrowser browser = ConsoleBrowser.start()) {
            browser.signInWithKey();
            browser.go("transparent");
            browser.visible(By.name("data")).sendKeys("https://example.com/poster");
            chooseFiles(browser, text);
            browser.textIn(By.cssSelector(".backgrounds ~ .status"), "not-an-image.txt: not a PNG or JPEG image");
            assertThat(thumbnails(browser)).isZero();

            chooseFiles(browser, sky);
            browser.until(d -> thumbnails(browser) == 1);
            new Select(browser.driver().findElement(By.name("position"))).selectByValue("custom");
            WebElement x = browser.visible(By.name("x"));
            x.clear();
            x.sendKeys(String.valueOf(Backgrounds.WIDTH - 10));
            browser.driver().findElement(By.cssSelector("form button[type=submit]")).click();

            // The API refuses an x that pushes the code off the image; the page says so beside the x field.
            browser.until(d -> "true".equals(x.getDomAttribute("aria-invalid")));
            WebElement error = browser.driver().findElement(By.id(x.getDomAttribute("aria-describedby")));
            assertThat(error.getText()).contains("placement.x=" + (Backgrounds.WIDTH - 10)).contains("at most");
            assertThat(browser.driver().findElements(COMPOSITES)).isEmpty();
            browser.screenshot("transparent-error");
            browser.assertNoConsoleErrors(Pattern.compile("api/v1/qr/transparent - Failed to load resource.* 400"));
        }
    }
}
