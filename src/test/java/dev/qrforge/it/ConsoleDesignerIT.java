package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.zxing.BarcodeFormat;
import com.google.zxing.Result;
import com.google.zxing.client.result.ParsedResult;
import com.google.zxing.client.result.ResultParser;
import com.google.zxing.client.result.WifiParsedResult;
import dev.qrforge.testing.Decoders;
import dev.qrforge.testing.Logos;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/**
 * The console's codes list and designer in Chromium, against the API they use: the live preview decodes to the data
 * and carries the API's own verdict, a saved code is found in the list with its thumbnail, the list pages with the
 * cursor, and both screens fit a phone and work from the keyboard. The it-console workspace is shared with the other
 * console tests, so every check looks for this test's own unique values, never at totals.
 */
@DatabaseIndependent
class ConsoleDesignerIT extends ServerTest {

    private static final By PREVIEW_PANE = By.cssSelector(".preview-pane");
    private static final By PREVIEW = By.cssSelector(".preview-pane img.preview");
    private static final By METER = By.cssSelector(".preview-pane meter");
    private static final By BADGE = By.cssSelector(".preview-pane .badge");
    private static final By WARNINGS = By.cssSelector(".preview-pane ul.warnings li:not(.none)");
    private static final By BREAKDOWN = By.cssSelector(".preview-pane .safety-breakdown");

    private static String unique(String what) {
        return "https://example.com/console-" + what + "/" + UUID.randomUUID();
    }

    /** The control a visible label names: finding controls by their labels checks that they have one. */
    private static WebElement control(ConsoleBrowser browser, String label) {
        WebElement labelElement = browser.visible(By.xpath("//label[normalize-space()='" + label + "']"));
        return browser.driver().findElement(By.id(labelElement.getAttribute("for")));
    }

    /** Sets an <input type=color> as the picker would: Chromium's driver cannot type into one. */
    private static void pick(ConsoleBrowser browser, String label, String colour) {
        browser.script("arguments[0].value = arguments[1];"
                + " arguments[0].dispatchEvent(new Event('input', {bubbles: true}));", control(browser, label), colour);
    }

    private static void choose(ConsoleBrowser browser, String label, String value) {
        new Select(control(browser, label)).selectByValue(value);
    }

    /** Waits until the preview shows the options as they are now (every change marks it pending at once). */
    /**
     * At phone width: with the last of the options scrolled to the middle of the screen, the whole preview is still
     * on screen, above that option rather than over it.
     */
    @SuppressWarnings("unchecked")
    private static void assertPreviewStaysInViewWhileStyling(ConsoleBrowser browser) {
        WebElement last = browser.driver().findElement(By.cssSelector("[data-path=errorCorrection]"));
        List<Number> at = (List<Number>) browser.script("arguments[0].scrollIntoView({block: 'center'});"
                + " const image = document.querySelector('.preview-pane img.preview').getBoundingClientRect();"
                + " const pane = document.querySelector('.preview-pane').getBoundingClientRect();"
                + " return [image.top, image.bottom, innerHeight, pane.bottom,"
                + " arguments[0].getBoundingClientRect().top, scrollY];", last);
        assertThat(at.get(5).doubleValue()).as("the page scrolled to the last option").isPositive();
        assertThat(at.get(0).doubleValue()).as("preview's top").isGreaterThanOrEqualTo(0);
        assertThat(at.get(1).doubleValue()).as("preview's bottom").isGreaterThan(at.get(0).doubleValue())
                .isLessThanOrEqualTo(at.get(2).doubleValue());
        assertThat(at.get(4).doubleValue()).as("the option, below the pinned preview")
                .isGreaterThanOrEqualTo(at.get(3).doubleValue());
    }

    private static WebElement currentPreview(ConsoleBrowser browser) {
        browser.until(driver -> "ready".equals(driver.findElement(PREVIEW_PANE).getAttribute("data-state")));
        WebElement image = browser.visible(PREVIEW);
        browser.until(driver -> (Boolean) browser.script(
                "return arguments[0].complete && arguments[0].naturalWidth > 0;", image));
        return image;
    }

    /**
     * The current preview as the browser draws it, once it decodes to {@code data}. Loaded is not yet painted: a
     * picture taken in between shows no code, so pictures are taken until one reads, and the wait's timeout fails a
     * preview that never does.
     */
    private static BufferedImage readablePreview(ConsoleBrowser browser, String data) {
        WebElement image = currentPreview(browser);
        return browser.until(driver -> {
            BufferedImage drawn = picture(browser, image);
            return Decoders.zxing(drawn, data) ? drawn : null;
        });
    }

    private static BufferedImage picture(ConsoleBrowser browser, WebElement element) {
        try {
            return ImageIO.read(new ByteArrayInputStream(browser.picture(element)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A file for the browser's file picker, holding a data URI's bytes. */
    private static Path file(String dataUri) {
        try {
            Path file = Files.createTempFile("console-logo", ".png");
            file.toFile().deleteOnExit();
            return Files.write(file, Base64.getDecoder().decode(dataUri.substring(dataUri.indexOf(',') + 1)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode preview(Map<String, Object> request) {
        Api.Reply reply = Api.send(Api.requestAs(ConsoleBrowser.KEY, "/api/v1/qr/preview")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Api.json(request))));
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        return reply.json();
    }

    /** The console workspace's template of this name, as the API shows it. */
    private static JsonNode template(String name) {
        Api.Reply reply = Api.getAs(ConsoleBrowser.KEY, "/api/v1/templates?limit=200");
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        for (JsonNode template : reply.json().path("items")) {
            if (template.path("name").asText().equals(name)) {
                return template;
            }
        }
        throw new AssertionError("no template named " + name + " in " + reply);
    }

    private static JsonNode listed(String query) {
        Api.Reply reply = Api.getAs(ConsoleBrowser.KEY,
                "/api/v1/qr?limit=200&q=" + URLEncoder.encode(query, StandardCharsets.UTF_8));
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        return reply.json().path("items");
    }

    /**
     * The verdict the page shows must be the API's for the same request: score, status and warnings. Waited for:
     * the preview of the control changed last may still be on its way while the one before it reads "ready".
     */
    private static void assertShowsVerdict(ConsoleBrowser browser, JsonNode safety) {
        String score = String.valueOf(safety.path("score").asInt());
        // Times out, failing the test, if the page never shows the API's score.
        browser.until(driver -> score.equals(driver.findElement(METER).getAttribute("value")));
        assertThat(browser.driver().findElement(BADGE).getText()).isEqualTo(safety.path("status").asText());
        // Each warning with its cost first, the costliest first (a stable sort: ties keep the API's order).
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < safety.path("warnings").size(); i++) {
            order.add(i);
        }
        JsonNode deductions = safety.path("deductions");
        order.sort((a, b) -> deductions.get(b).path("points").asInt() - deductions.get(a).path("points").asInt());
        List<String> shown = browser.driver().findElements(WARNINGS).stream().map(WebElement::getText).toList();
        assertThat(shown).hasSameSizeAs(order);
        for (int i = 0; i < order.size(); i++) {
            int points = deductions.get(order.get(i)).path("points").asInt();
            assertThat(shown.get(i)).endsWith(safety.path("warnings").get(order.get(i)).asText())
                    .startsWith(points > 0 ? "−" + points + " " : "");
        }
        boolean costs = order.stream().anyMatch(i -> deductions.get(i).path("points").asInt() > 0);
        assertThat(browser.driver().findElement(BREAKDOWN).isDisplayed()).as("the points-off line").isEqualTo(costs);
    }

    /** Whether the image has pixels of a clearly blue ink: the chosen colours, not the default black. */
    private static boolean hasBlueInk(BufferedImage image) {
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int rgb = image.getRGB(x, y);
                int red = (rgb >> 16) & 0xff;
                int blue = rgb & 0xff;
                if (blue > 100 && blue > red + 40) {
                    return true;
                }
            }
        }
        return false;
    }

    @Test
    void designedCodePreviewsDecodesSavesAndIsListed() {
        String url = unique("designer");
        String title = "Designer " + UUID.randomUUID();
        try (ConsoleBrowser browser = ConsoleBrowser.start()) {
            browser.signInWithKey();
            browser.go("design");
            WebElement data = control(browser, "Data to encode");
            data.sendKeys(url);
            control(browser, "Title").sendKeys(title);
            choose(browser, "Body style", "rounded");
            pick(browser, "Foreground colour", "#1a237e");
            choose(browser, "Gradient", "linear");
            pick(browser, "Second colour", "#6a1b9a");
            choose(browser, "Eye frame style", "rounded");
            choose(browser, "Eye ball style", "circle");
            choose(browser, "Frame", "banner-bottom");
            String logo = Logos.pngDataUri(96);
            control(browser, "Logo image").sendKeys(file(logo).toString());

            BufferedImage drawn = readablePreview(browser, url);
            assertThat(hasBlueInk(drawn)).as("the preview is drawn in the chosen colours").isTrue();
            Map<String, Object> design = new LinkedHashMap<>();
            design.put("bodyStyle", "rounded");
            design.put("foregroundColor", "#1a237e");
            design.put("gradientType", "linear");
            design.put("gradientColor2", "#6a1b9a");
            design.put("eyeFrameStyle", "rounded");
            design.put("eyeBallStyle", "circle");
            design.put("logo", logo);
            design.put("frame", Map.of("style", "banner-bottom", "text", "SCAN ME"));
            assertShowsVerdict(browser, preview(Map.of("data", url, "design", design)).path("safety"));
            browser.script("window.scrollTo(0, 0);");
            browser.screenshot("designer-desktop");

            // Keyboard: Tab leaves the data field for the next labelled control, the title.
            browser.script("arguments[0].focus();", data);
            data.sendKeys(Keys.TAB);
            assertThat(browser.script("const a = document.activeElement;"
                    + " return a.labels && a.labels.length ? a.labels[0].textContent : null;")).isEqualTo("Title");

            // The design kept as a template, logo and frame included.
            String templateName = "Template " + UUID.randomUUID();
            control(browser, "Template name").sendKeys(templateName);
            browser.driver().findElement(By.xpath("//button[normalize-space()='Save design as template']")).click();
            By startFromTemplate = By.cssSelector("button[aria-label='Start from template " + templateName + "']");
            browser.visible(startFromTemplate);
            JsonNode template = template(templateName);
            assertThat(template.path("design").path("bodyStyle").asText()).isEqualTo("rounded");
            assertThat(template.path("design").path("logo").asText()).startsWith("sha256:");
            assertThat(template.path("design").path("frame").path("style").asText()).isEqualTo("banner-bottom");

            browser.driver().findElement(By.xpath("//button[normalize-space()='Save']")).click();
            assertThat(browser.visible(By.cssSelector(".preview-pane .saved a")).getAttribute("href"))
                    .contains("#/codes?q=");
            JsonNode stored = listed(url);
            assertThat(stored).hasSize(1);
            assertThat(stored.get(0).path("title").asText()).isEqualTo(title);
            assertThat(stored.get(0).path("design").path("bodyStyle").asText()).isEqualTo("rounded");
            assertThat(stored.get(0).path("design").path("gradientColor2").asText()).isEqualTo("#6a1b9a");
            assertThat(stored.get(0).path("design").path("eyeBallStyle").asText()).isEqualTo("circle");
            assertThat(stored.get(0).path("design").path("logo").asText()).startsWith("sha256:");
            assertThat(stored.get(0).path("design").path("frame").path("style").asText()).isEqualTo("banner-bottom");
            assertThat(stored.get(0).path("errorCorrection").asText()).as("automatic with a logo").isEqualTo("H");
            String id = stored.get(0).path("id").asText();

            // The list, searched by the unique URL as someone would type it, shows the code with its thumbnail.
            browser.go("codes");
            control(browser, "Search").sendKeys(url);
            browser.until(driver -> ids(browser).equals(List.of(id)));
            WebElement row = browser.driver().findElement(By.cssSelector("tr[data-id='" + id + "']"));
            assertThat(row.findElement(By.cssSelector("td.data")).getText()).isEqualTo(url);
            WebElement thumbnail = row.findElement(By.cssSelector("img.thumb"));
            browser.until(driver -> (Boolean) browser.script(
                    "return arguments[0].complete && arguments[0].naturalWidth > 0;", thumbnail));
            browser.screenshot("codes-list");
            browser.resize(ConsoleBrowser.PHONE);
            assertThat(browser.overflowsSideways()).as("codes list at phone width").isFalse();
            browser.resize(ConsoleBrowser.DESKTOP);

            // A static code opens the designer with its data and design as the starting point.
            row.findElement(By.cssSelector("button.more-menu")).click();
            row.findElement(By.linkText("Design from this")).click();
            browser.until(driver -> url.equals(control(browser, "Data to encode").getAttribute("value")));
            assertThat(new Select(control(browser, "Body style")).getFirstSelectedOption().getAttribute("value"))
                    .isEqualTo("rounded");
            assertThat(control(browser, "Foreground colour").getAttribute("value")).isEqualTo("#1a237e");
            assertThat(browser.visible(By.xpath("//button[normalize-space()='Remove logo']")).isDisplayed()).isTrue();
            readablePreview(browser, url);

            // A fresh design started from the template takes its options; deleting it leaves the code made alike.
            browser.go("design");
            browser.visible(startFromTemplate).click();
            assertThat(new Select(control(browser, "Body style")).getFirstSelectedOption().getAttribute("value"))
                    .isEqualTo("rounded");
            assertThat(control(browser, "Foreground colour").getAttribute("value")).isEqualTo("#1a237e");
            assertThat(new Select(control(browser, "Frame")).getFirstSelectedOption().getAttribute("value"))
                    .isEqualTo("banner-bottom");
            assertThat(browser.visible(By.xpath("//button[normalize-space()='Remove logo']")).isDisplayed()).isTrue();
            browser.driver().findElement(By.cssSelector("button[aria-label='Delete template " + templateName + "']"))
                    .click();
            browser.until(driver -> driver.switchTo().alert()).accept();
            browser.until(driver -> driver.findElements(startFromTemplate).isEmpty());
            assertThat(Api.getAs(ConsoleBrowser.KEY, "/api/v1/templates/" + template.path("id").asText()).status())
                    .isEqualTo(404);
            browser.assertNoConsoleErrors();
        }
    }

    @Test
    void riskyDesignShowsTheApisWarningsAndFieldErrorsMarkTheirControl() {
        String url = unique("risky");
        try (ConsoleBrowser browser = ConsoleBrowser.start()) {
            browser.signInWithKey();
            browser.go("design");
            control(browser, "Data to encode").sendKeys(url);
            pick(browser, "Foreground colour", "#e0e0e0");
            choose(browser, "Eye frame style", "circle");
            currentPreview(browser);

            JsonNode safety = preview(Map.of("data", url,
                    "design", Map.of("foregroundColor", "#e0e0e0", "eyeFrameStyle", "circle"))).path("safety");
            assertThat(safety.path("warnings")).as("the API finds this design risky").isNotEmpty();
            assertThat(safety.path("status").asText()).isEqualTo("RISKY");
            assertShowsVerdict(browser, safety);
            browser.script("arguments[0].scrollIntoView({block: 'end'});",
                    browser.driver().findElement(By.cssSelector(".preview-pane ul.warnings")));
            browser.screenshot("designer-risky");

            // A value the API refuses marks the control it names, and says why.
            WebElement size = control(browser, "Size");
            size.clear();
            size.sendKeys("50");
            browser.until(driver -> "error".equals(driver.findElement(PREVIEW_PANE).getAttribute("data-state")));
            assertThat(size.getAttribute("aria-invalid")).isEqualTo("true");
            assertThat(browser.driver().findElement(By.cssSelector(".preview-pane .status.error")).getText())
                    .contains("size must be between 100 and 5000");
            size.clear();
            size.sendKeys("400");
            currentPreview(browser);
            assertThat(size.getAttribute("aria-invalid")).isNull();

            browser.resize(ConsoleBrowser.PHONE);
            browser.script("arguments[0].scrollIntoView();", currentPreview(browser));
            assertThat(browser.overflowsSideways()).as("designer at phone width").isFalse();
            assertPreviewStaysInViewWhileStyling(browser);
            browser.screenshot("designer-phone");
            // Chromium logs the refused size's 400 itself; the page handled it.
            browser.assertNoConsoleErrors(Pattern.compile("api/v1/qr/preview - .* status of 400"));
        }
    }

    @Test
    void typedContentInAFramePreviewsDecodesAndDownloadsAsAPrintPdf() {
        String ssid = "Caf\u00e9;Net:\"\\, " + UUID.randomUUID().toString().substring(0, 8);
        String password = "pa;ss:w\\ord,\"1\"";
        try (ConsoleBrowser browser = ConsoleBrowser.start()) {
            browser.signInWithKey();
            browser.go("design");
            choose(browser, "Content type", "wifi");
            assertThat(control(browser, "Content type").isDisplayed()).isTrue();
            assertThat(browser.driver().findElements(By.xpath("//label[normalize-space()='Data to encode']"))
                    .stream().noneMatch(WebElement::isDisplayed)).as("the free data field gives way to the form")
                    .isTrue();
            control(browser, "Network name (SSID)").sendKeys(ssid);
            control(browser, "Password").sendKeys(password);
            choose(browser, "Frame", "banner-bottom");
            WebElement caption = control(browser, "Caption");
            caption.clear();
            caption.sendKeys("Join us");

            Map<String, Object> wifi = Map.of("type", "wifi", "ssid", ssid, "password", password,
                    "encryption", "wpa2");
            Map<String, Object> design = Map.of("frame", Map.of("style", "banner-bottom", "text", "Join us"));
            JsonNode record = preview(Map.of("content", wifi, "design", design));
            // The framed preview decodes to the Wi-Fi payload the API encodes.
            readablePreview(browser, record.path("data").asText());
            ParsedResult parsed = ResultParser.parseResult(
                    new Result(record.path("data").asText(), null, null, BarcodeFormat.QR_CODE));
            assertThat(parsed).isInstanceOf(WifiParsedResult.class);
            assertThat(((WifiParsedResult) parsed).getSsid()).isEqualTo(ssid);
            assertThat(((WifiParsedResult) parsed).getPassword()).isEqualTo(password);
            assertShowsVerdict(browser, record.path("safety"));
            browser.screenshot("designer-wifi-frame");

            // A 30 mm CMYK PDF: judged as the PDF itself, shown through its SVG twin, downloaded as the PDF.
            choose(browser, "Format", "pdf");
            choose(browser, "Unit", "mm");
            WebElement size = control(browser, "Size");
            size.clear();
            size.sendKeys("30");
            choose(browser, "Colour space", "cmyk");
            currentPreview(browser);
            Map<String, Object> print = new LinkedHashMap<>();
            print.put("content", wifi);
            print.put("design", design);
            print.put("format", "pdf");
            print.put("unit", "mm");
            print.put("size", 30);
            print.put("colorSpace", "cmyk");
            assertShowsVerdict(browser, preview(print).path("safety"));
            browser.driver().findElement(By.cssSelector(".preview-pane button.download-menu")).click();
            ConsoleBrowser.Download pdf = browser.download(
                    browser.visible(By.cssSelector(".preview-pane [role=menuitem][aria-label='Download PDF']")));
            assertThat(pdf.name()).endsWith(".pdf");
            try (PDDocument document = Loader.loadPDF(pdf.bytes())) {
                float width = document.getPage(0).getMediaBox().getWidth();
                assertThat(document.getPage(0).getMediaBox().getWidth() * 25.4 / 72)
                        .as("the page is the code's 30 mm, frame included, wide or more; %s pt", width)
                        .isGreaterThanOrEqualTo(30 - 0.01);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }

            // A payment with a wrong IBAN checksum: the API's error lands at the IBAN field.
            choose(browser, "Format", "png");
            choose(browser, "Content type", "epc");
            control(browser, "Payee").sendKeys("Red Cross");
            WebElement iban = control(browser, "IBAN");
            iban.sendKeys("DE89370400440532013001");
            browser.until(driver -> "error".equals(driver.findElement(PREVIEW_PANE).getAttribute("data-state")));
            assertThat(iban.getAttribute("aria-invalid")).isEqualTo("true");

            browser.resize(ConsoleBrowser.PHONE);
            assertThat(browser.overflowsSideways()).as("designer's content forms at phone width").isFalse();
            browser.resize(ConsoleBrowser.DESKTOP);
            browser.assertNoConsoleErrors(Pattern.compile("api/v1/qr/preview - .* status of 400"));
        }
    }

    @Test
    void restylesADynamicCodeInPlaceKeepingItsShortLink() {
        Api.Reply made = Api.postAs(ConsoleBrowser.KEY, "/api/v1/dynamic", Api.json(Map.of(
                "destinationUrl", unique("restyle"), "title", "Restyle " + UUID.randomUUID(),
                "design", Map.of("foregroundColor", "#1a237e", "gradientType", "linear",
                        "gradientColor2", "#00838f"))));
        assertThat(made.status()).as(made.toString()).isEqualTo(201);
        String id = made.json().path("id").asText();
        String shortUrl = made.json().path("shortUrl").asText();

        try (ConsoleBrowser browser = ConsoleBrowser.start()) {
            browser.signInWithKey();
            browser.go("design?dynamic=" + id);
            currentPreview(browser);
            WebElement data = control(browser, "Data to encode");
            assertThat(data.getDomProperty("value")).isEqualTo(shortUrl);
            assertThat(data.getDomProperty("readOnly")).isEqualTo("true");

            choose(browser, "Body style", "dots");
            choose(browser, "Gradient", "");
            readablePreview(browser, shortUrl);
            browser.driver().findElement(By.xpath("//button[normalize-space()='Save']")).click();
            browser.textIn(By.cssSelector(".preview-pane .saved"), "Restyled");
            browser.screenshot("designer-restyle");

            JsonNode code = Api.getAs(ConsoleBrowser.KEY, "/api/v1/dynamic/" + id).json();
            assertThat(code.path("shortUrl").asText()).isEqualTo(shortUrl);
            JsonNode design = code.path("qr").path("design");
            assertThat(design.path("bodyStyle").asText()).isEqualTo("dots");
            assertThat(design.path("foregroundColor").asText()).isEqualTo("#1a237e");
            assertThat(design.has("gradientType")).as("the gradient turned off is removed: " + design).isFalse();
            browser.assertNoConsoleErrors();
        }
    }

    @Test
    void listPagesWithTheCursorLinksDynamicCodesAndDeletes() {
        String run = UUID.randomUUID().toString();
        Set<String> created = new HashSet<>();
        for (int i = 0; i < 25; i++) {
            Api.Reply reply = Api.postAs(ConsoleBrowser.KEY, "/api/v1/qr",
                    Api.json(Map.of("data", "https://example.com/console-paging/" + run + "/" + i)));
            assertThat(reply.status()).as(reply.toString()).isEqualTo(201);
            created.add(reply.json().path("id").asText());
        }
        Api.Reply dynamic = Api.postAs(ConsoleBrowser.KEY, "/api/v1/dynamic",
                Api.json(Map.of("destinationUrl", "https://example.com/", "title", "Paging " + run)));
        assertThat(dynamic.status()).as(dynamic.toString()).isEqualTo(201);
        created.add(dynamic.json().path("qr").path("id").asText());

        try (ConsoleBrowser browser = ConsoleBrowser.start()) {
            browser.signInWithKey();
            browser.go("codes?q=" + run);
            WebElement dynamicRow = browser.visible(By.cssSelector(
                    "table.codes tbody tr[data-id='" + dynamic.json().path("qr").path("id").asText() + "']"));
            dynamicRow.findElement(By.cssSelector("button.more-menu")).click();
            assertThat(dynamicRow.findElement(By.linkText("Manage")).getAttribute("href"))
                    .endsWith("#/dynamic/" + dynamic.json().path("id").asText());

            List<String> firstPage = ids(browser);
            assertThat(firstPage).hasSizeLessThan(created.size());
            browser.driver().findElement(By.xpath("//button[normalize-space()='Next']")).click();
            browser.until(driver -> !ids(browser).equals(firstPage) && !ids(browser).isEmpty());
            List<String> secondPage = ids(browser);
            Set<String> seen = new HashSet<>(firstPage);
            seen.addAll(secondPage);
            assertThat(seen).as("two pages hold every code once").isEqualTo(created);
            assertThat(firstPage.size() + secondPage.size()).isEqualTo(created.size());
            assertThat(browser.driver().findElement(By.xpath("//button[normalize-space()='Next']")).isEnabled())
                    .isFalse();

            // Delete asks first; the code is then gone from the API.
            String doomed = secondPage.get(0);
            browser.driver().findElement(By.cssSelector("tr[data-id='" + doomed + "'] button.more-menu")).click();
            browser.visible(By.cssSelector("tr[data-id='" + doomed + "'] [role=menuitem].danger")).click();
            browser.driver().switchTo().alert().accept();
            browser.until(driver -> !ids(browser).contains(doomed) && !ids(browser).isEmpty());
            assertThat(Api.getAs(ConsoleBrowser.KEY, "/api/v1/qr/" + doomed).status()).isEqualTo(404);

            browser.driver().findElement(By.xpath("//button[normalize-space()='Previous']")).click();
            browser.until(driver -> ids(browser).equals(firstPage));
            browser.assertNoConsoleErrors();
        }
    }

    /** The ids of the listed rows, read in one go: the list may be replacing them meanwhile. */
    @SuppressWarnings("unchecked")
    private static List<String> ids(ConsoleBrowser browser) {
        return (List<String>) browser.script(
                "return [...document.querySelectorAll('table.codes tbody tr')].map(row => row.dataset.id);");
    }
}
