package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.testing.Decoding;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The console's bulk view: a CSV or JSON file becomes a job, of static or dynamic codes, whose progress, codes and ZIP
 * the page shows.
 */
@DatabaseIndependent
class ConsoleBulkIT extends ServerTest {

    private static final Path WORK = Path.of("target", "console-bulk");
    private static final By JOB = By.cssSelector(".bulk-job");

    private static Path write(String name, String content) throws IOException {
        Files.createDirectories(WORK);
        return Files.writeString(WORK.resolve(name), content, StandardCharsets.UTF_8).toAbsolutePath();
    }

    private static Api.Reply postCsv(String csv) {
        return Api.send(Api.requestAs(ConsoleBrowser.KEY, "/api/v1/qr/bulk").header("Content-Type", "text/csv")
                .POST(HttpRequest.BodyPublishers.ofString(csv)));
    }

    /** A browser signed in and on the bulk view, downloading into {@code downloads}. */
    private static ConsoleBrowser bulkView(Path downloads) {
        ConsoleBrowser browser = ConsoleBrowser.start();
        try {
            ((ChromeDriver) browser.driver()).executeCdpCommand("Browser.setDownloadBehavior",
                    Map.of("behavior", "allow", "downloadPath", downloads.toString()));
            browser.signInWithKey();
            browser.go("bulk");
            return browser;
        } catch (RuntimeException | AssertionError e) {
            browser.close();
            throw e;
        }
    }

    private static boolean finished(ConsoleBrowser browser) {
        return (Boolean) browser.script("const job = document.querySelector('.bulk-job');"
                + "const bar = job && job.querySelector('progress');"
                + "return !!bar && bar.value === bar.max && job.querySelector('.download-zip').disabled === false;");
    }

    @Test
    void aCsvFileBecomesAJobWhoseProgressCodesAndArchiveThePageShows() throws IOException {
        String tag = UUID.randomUUID().toString();
        List<String> data = List.of("https://example.com/" + tag + "/1", "https://example.com/" + tag + "/2",
                "https://example.com/" + tag + "/3?a=1,b=2");
        Path csv = write("codes-" + tag + ".csv", "data,filename,format\n" + data.get(0) + ",one,svg\n"
                + data.get(1) + ",two,png\n\"" + data.get(2) + "\",three,\n");
        Path downloads = Files.createDirectories(WORK.resolve("downloads-" + tag)).toAbsolutePath();

        try (ConsoleBrowser browser = bulkView(downloads)) {
            browser.visible(By.name("csvFile")).sendKeys(csv.toString());
            browser.until(d -> d.findElement(By.name("csv")).getDomProperty("value").contains(tag));
            browser.textIn(By.cssSelector("form .status"), "3 rows");
            browser.driver().findElement(By.cssSelector("form button[type=submit]")).click();

            WebElement job = browser.visible(JOB);
            browser.screenshot("bulk-progress");
            browser.until(d -> finished(browser));
            String jobId = job.getDomAttribute("data-job-id");
            assertThat(job.getText()).contains(jobId).contains("3 of 3 done").contains("COMPLETED");

            JsonNode view = Api.send(Api.requestAs(ConsoleBrowser.KEY, "/api/v1/qr/bulk/" + jobId).GET()).json();
            assertThat(view.path("status").asText()).isEqualTo("COMPLETED");
            assertThat(view.path("succeeded").asInt()).isEqualTo(3);
            assertThat(view.path("results")).hasSize(3);
            String third = view.path("results").get(2).path("id").asText();
            assertThat(Api.send(Api.requestAs(ConsoleBrowser.KEY, "/api/v1/qr/" + third).GET()).json()
                    .path("data").asText()).isEqualTo(data.get(2));
            browser.driver().findElement(By.cssSelector(".bulk-job details summary")).click();
            assertThat(job.findElements(By.cssSelector("tbody tr"))).hasSize(3);
            assertThat(job.getText()).contains(third).contains("three.svg");
            browser.screenshot("bulk-done");

            job.findElement(By.cssSelector(".download-zip")).click();
            Path zip = downloads.resolve(jobId + ".zip");
            browser.until(d -> Files.exists(zip) && !Files.exists(downloads.resolve(jobId + ".zip.crdownload")));
            Map<String, byte[]> files = BulkIT.unzip(Files.readAllBytes(zip));
            assertThat(files.keySet()).containsExactlyInAnyOrder("one.svg", "two.png", "three.svg", "manifest.csv");
            assertThat(Decoding.svgText(new String(files.get("one.svg"), StandardCharsets.UTF_8)))
                    .isEqualTo(data.get(0));
            assertThat(Decoding.pngText(files.get("two.png"))).isEqualTo(data.get(1));
            assertThat(new String(files.get("manifest.csv"), StandardCharsets.UTF_8)).contains(third);

            // The tab remembers its jobs: leaving the section and coming back shows the finished job again.
            browser.go("transparent");
            browser.visible(By.name("backgrounds"));
            browser.go("bulk");
            browser.until(d -> finished(browser));
            assertThat(browser.visible(JOB).getDomAttribute("data-job-id")).isEqualTo(jobId);

            browser.resize(ConsoleBrowser.PHONE);
            assertThat(browser.overflowsSideways()).as("bulk view scrolls sideways at phone width").isFalse();
            browser.assertNoConsoleErrors();
        }
    }

    @Test
    void aJsonFileOfDynamicCodesBecomesAJobWhoseShortLinksRedirect() throws IOException {
        String tag = UUID.randomUUID().toString().substring(0, 8);
        List<String> destinations = List.of("https://example.com/" + tag + "/tent", "https://example.com/" + tag + "/door");
        Path json = write("dynamic-" + tag + ".json", Api.json(Map.of("defaults", Map.of("format", "png"), "items",
                List.of(Map.of("destinationUrl", destinations.get(0), "shortCode", "tent-" + tag, "filename", "tent"),
                        Map.of("destinationUrl", destinations.get(1), "title", "Door " + tag)))));
        Path downloads = Files.createDirectories(WORK.resolve("downloads-" + tag)).toAbsolutePath();

        try (ConsoleBrowser browser = bulkView(downloads)) {
            browser.visible(By.cssSelector("input[name=kind][value=dynamic]")).click();
            assertThat(browser.driver().findElement(By.cssSelector(".csv-help")).getDomProperty("textContent"))
                    .as("the dynamic columns are listed").contains("destinationUrl").contains("utm.source");
            browser.driver().findElement(By.name("csvFile")).sendKeys(json.toString());
            browser.until(d -> d.findElement(By.name("csv")).getDomProperty("value").contains(tag));
            browser.textIn(By.cssSelector("form .status"), "2 items");
            browser.driver().findElement(By.cssSelector("form button[type=submit]")).click();

            WebElement job = browser.visible(JOB);
            browser.until(d -> finished(browser));
            String jobId = job.getDomAttribute("data-job-id");
            assertThat(job.getDomAttribute("data-kind")).isEqualTo("dynamic");
            assertThat(job.getText()).contains("2 of 2 done").contains("COMPLETED");
            JsonNode view = Api.send(Api.requestAs(ConsoleBrowser.KEY, "/api/v1/qr/bulk/" + jobId).GET()).json();
            assertThat(view.path("kind").asText()).isEqualTo("dynamic");
            browser.driver().findElement(By.cssSelector(".bulk-job details summary")).click();
            List<WebElement> links = job.findElements(By.cssSelector("a.short-link"));
            assertThat(links).hasSize(2);
            for (int i = 0; i < 2; i++) {
                String shortUrl = view.path("results").get(i).path("shortUrl").asText();
                assertThat(links.get(i).getText()).isEqualTo(shortUrl);
                assertThat(DynamicCodesIT.location(DynamicCodesIT.scan(shortUrl))).isEqualTo(destinations.get(i));
            }
            assertThat(links.get(0).getText()).endsWith("/s/tent-" + tag);
            browser.screenshot("bulk-dynamic-done");

            job.findElement(By.cssSelector(".download-zip")).click();
            Path zip = downloads.resolve(jobId + ".zip");
            browser.until(d -> Files.exists(zip) && !Files.exists(downloads.resolve(jobId + ".zip.crdownload")));
            Map<String, byte[]> files = BulkIT.unzip(Files.readAllBytes(zip));
            assertThat(files.keySet()).containsExactlyInAnyOrder("tent.png", "002.png", "manifest.csv");
            assertThat(Decoding.pngText(files.get("tent.png"))).endsWith("/s/tent-" + tag);
            assertThat(new String(files.get("manifest.csv"), StandardCharsets.UTF_8))
                    .startsWith("index,id,shortCode,shortUrl,qrCodeId,file,status,score\n");

            browser.resize(ConsoleBrowser.PHONE);
            assertThat(browser.overflowsSideways()).as("bulk view scrolls sideways at phone width").isFalse();
            browser.assertNoConsoleErrors();
        }
    }

    @Test
    void aRowWithoutDataIsRefusedWithTheApisMessageAtThatRow() throws IOException {
        String tag = UUID.randomUUID().toString();
        String csv = "data,size\nhttps://example.com/" + tag + "/1,200\n,300\n";
        Path file = write("bad-" + tag + ".csv", csv);
        Api.Reply refused = postCsv(csv);
        assertThat(refused.status()).isEqualTo(400);
        String message = refused.json().path("error").path("message").asText();
        assertThat(refused.json().path("error").path("field").asText()).isEqualTo("items[1].data");

        try (ConsoleBrowser browser = ConsoleBrowser.start()) {
            browser.signInWithKey();
            browser.go("bulk");
            browser.visible(By.name("csvFile")).sendKeys(file.toString());
            browser.until(d -> d.findElement(By.name("csv")).getDomProperty("value").contains(tag));
            browser.driver().findElement(By.cssSelector("form button[type=submit]")).click();

            browser.until(d -> d.findElement(By.cssSelector("form .status.error")).getText().contains(message));
            String shown = browser.driver().findElement(By.cssSelector("form .status")).getText();
            assertThat(shown).startsWith("Row 2, line 3: ").contains("items[1].data");
            WebElement text = browser.driver().findElement(By.name("csv"));
            assertThat(text.getDomAttribute("aria-invalid")).isEqualTo("true");
            // The refused row is selected in the text box, ready to be fixed.
            assertThat(browser.script("const t = arguments[0]; return t.value.slice(t.selectionStart, t.selectionEnd);",
                    text)).isEqualTo(",300");
            assertThat(browser.driver().findElements(JOB)).isEmpty();
            browser.screenshot("bulk-error");
            browser.assertNoConsoleErrors(Pattern.compile("api/v1/qr/bulk - Failed to load resource.* 400"));
        }
    }
}
