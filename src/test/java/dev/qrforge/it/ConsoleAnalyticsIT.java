package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.testing.UserAgents;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.Select;

/**
 * The console's analytics page against real scans: a dynamic code of the console workspace scanned from iPhones,
 * Android phones and Windows PCs in five countries (the tests' server trusts loopback as a proxy and reads MaxMind's
 * GeoIP test database, as in {@link AnalyticsIT}), plus a bot; then the charts' own data, the tables, the pickers'
 * effect on what is asked and drawn, and the CSV exports as files Chromium saved.
 */
@DatabaseIndependent
class ConsoleAnalyticsIT extends ServerTest {

    /** People's scans: iOS 3, Android 2, Windows 3; GB 2, DE 2, US 2, SE 1, FR 1. And one bot, never counted. */
    private static final List<String[]> SCANS = List.of(
            new String[] {"User-Agent", UserAgents.IPHONE, "X-Forwarded-For", "81.2.69.142"},
            new String[] {"User-Agent", UserAgents.IPHONE, "X-Forwarded-For", "81.2.69.142"},
            new String[] {"User-Agent", UserAgents.IPHONE, "X-Forwarded-For", "89.160.20.130"},
            new String[] {"User-Agent", UserAgents.ANDROID_CHROME, "CF-IPCountry", "DE"},
            new String[] {"User-Agent", UserAgents.SAMSUNG, "CF-IPCountry", "DE"},
            new String[] {"User-Agent", UserAgents.CHROME_WINDOWS, "X-Forwarded-For", "216.160.83.56"},
            new String[] {"User-Agent", UserAgents.CHROME_WINDOWS, "X-Forwarded-For", "216.160.83.56"},
            new String[] {"User-Agent", UserAgents.EDGE, "CF-IPCountry", "FR"},
            new String[] {"User-Agent", UserAgents.GOOGLEBOT, "CF-IPCountry", "US"});
    private static final long PEOPLE = 8;
    private static final String CSV_HEADER = "scannedAt,bot,unique,os,osVersion,device,browser,browserVersion,country,"
            + "region,city,language,referrer,rule,arm,destination";

    /** Scanned once for the class: JUnit makes a new instance per test. */
    private static String id;
    private static String title;

    private ConsoleBrowser browser;
    private Path downloads;

    @BeforeEach
    void scanOnceAndOpenBrowser() throws IOException {
        if (id == null) {
            title = "Analytics " + UUID.randomUUID().toString().substring(0, 8);
            // iPhones are split 50/50, so the routes table has a split test's arms to show.
            Map<String, Object> split = Map.of("name", "iPhone test", "when", Map.of("os", List.of("iOS")),
                    "split", List.of(Map.of("destinationUrl", "https://example.com/a", "weight", 50),
                            Map.of("destinationUrl", "https://example.com/b", "weight", 50)));
            Api.Reply created = Api.postAs(ConsoleBrowser.KEY, "/api/v1/dynamic", Api.json(Map.of(
                    "destinationUrl", "https://example.com/console-analytics", "title", title,
                    "rules", List.of(split))));
            assertThat(created.status()).as(created.toString()).isEqualTo(201);
            String shortUrl = created.json().path("shortUrl").asText();
            for (String[] headers : SCANS) {
                DynamicCodesIT.location(DynamicCodesIT.scan(shortUrl, headers));
            }
            id = created.json().path("id").asText();
            Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
            while (true) {
                JsonNode counted = analytics();
                if (counted.path("totalScans").asLong() + counted.path("botScans").asLong() == SCANS.size()) {
                    break;
                }
                assertThat(Instant.now()).as("scans flushed within a minute").isBefore(deadline);
                Api.pauseBeforePolling();
            }
        }
        downloads = Files.createTempDirectory("qrforge-downloads");
        browser = ConsoleBrowser.start();
        // Saves downloads (the CSV exports) where the test reads them, without asking.
        ((ChromeDriver) browser.driver()).executeCdpCommand("Browser.setDownloadBehavior",
                Map.of("behavior", "allow", "downloadPath", downloads.toAbsolutePath().toString()));
        browser.signInWithKey();
    }

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    private static JsonNode analytics() {
        Api.Reply reply = Api.getAs(ConsoleBrowser.KEY, "/api/v1/qr/" + id + "/analytics");
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        return reply.json();
    }

    @Test
    void chartsAndTablesShowTheScansAndThePickersChangeThem() {
        browser.go("analytics/" + id);
        Map<String, Object> timeline = chartData("timeline");
        assertThat(sum(series(timeline, 0))).as("people's scans on the timeline").isEqualTo(PEOPLE);
        int dailyBuckets = labels(timeline).size();
        assertThat(dailyBuckets).as("the last 30 days, daily").isBetween(30, 32);
        assertThat(slices("os")).isEqualTo(Map.of("iOS", 3L, "Android", 2L, "Windows", 3L));
        assertThat(slices("devices")).isEqualTo(Map.of("Mobile", 5L, "Desktop", 3L));
        assertThat(browser.driver().findElement(By.cssSelector("canvas[data-chart=os]")).getAttribute("aria-label"))
                .contains("iOS 3").contains("Android 2").contains("Windows 3");
        WebElement timelineCanvas = browser.driver().findElement(By.cssSelector("canvas[data-chart=timeline]"));
        assertThat(timelineCanvas.getAttribute("role")).isEqualTo("img");
        assertThat(timelineCanvas.getAttribute("aria-label")).contains(": " + PEOPLE + " in ");
        assertThat(rankedRows("countries")).containsExactlyInAnyOrderEntriesOf(Map.of("United Kingdom", 2L,
                "Germany", 2L, "United States", 2L, "Sweden", 1L, "France", 1L));
        assertThat(bigNumbers()).containsExactly(String.valueOf(PEOPLE), String.valueOf(analytics().path("uniqueScans")
                .asLong()), "1");
        Map<String, Long> routes = new HashMap<>();
        analytics().path("byDestination").forEach(row -> routes.merge(row.path("destinationUrl").asText(),
                row.path("scans").asLong(), Long::sum));
        assertThat(routes).as("the API's routes").containsEntry("https://example.com/console-analytics", 5L);
        assertThat(rankedRows("destinations", 1, 2)).isEqualTo(routes);
        wholePage("analytics-code");

        choose("granularity", "Hourly");
        Map<String, Object> hourly = browser.until(driver -> {
            Map<String, Object> data = chartData("timeline");
            return labels(data).size() > dailyBuckets ? data : null;
        });
        assertThat(labels(hourly).size()).as("30 days of hours").isBetween(720, 722);
        assertThat(sum(series(hourly, 0))).isEqualTo(PEOPLE);
        assertThat(browser.driver().getCurrentUrl()).endsWith("#/analytics/" + id + "?granularity=hour");

        choose("range", "Last 24 hours");
        Map<String, Object> lastDay = browser.until(driver -> {
            Map<String, Object> data = chartData("timeline");
            return labels(data).size() < 100 ? data : null;
        });
        assertThat(labels(lastDay).size()).as("24 hours").isBetween(24, 26);
        assertThat(sum(series(lastDay, 0))).isEqualTo(PEOPLE);

        choose("granularity", "Automatic");
        choose("range", "Custom dates");
        setDate("from", "2020-01-01");
        setDate("to", "2020-01-07");
        browser.textIn(By.cssSelector(".analytics"), "No scans in this range");
        assertThat(browser.driver().findElements(By.cssSelector(".analytics canvas"))).isEmpty();
        assertThat(browser.script("return Object.keys(Chart.instances).length")).as("charts of earlier loads destroyed")
                .isEqualTo(0L);
        assertThat(browser.driver().getCurrentUrl()).endsWith("?range=custom&from=2020-01-01&to=2020-01-07");

        browser.go("analytics/" + id);
        chartData("timeline");
        browser.driver().findElement(By.xpath("//button[normalize-space()='Export scans (CSV)']")).click();
        List<String> lines = downloaded("qrforge-scans-" + id);
        assertThat(lines.get(0)).isEqualTo(CSV_HEADER);
        assertThat(lines).hasSize(SCANS.size() + 1);
        List<String[]> rows = lines.stream().skip(1).map(line -> line.split(",", -1)).toList();
        assertThat(rows.stream().filter(row -> row[1].equals("true"))).as("the bot's scan, flagged").hasSize(1);
        assertThat(rows.stream().filter(row -> row[3].equals("iOS"))).hasSize(3);
        browser.assertNoConsoleErrors();
    }

    @Test
    void workspaceListsTheCodeAmongTheMostScannedAndLinksToIt() {
        browser.go("analytics");
        WebElement link = browser.visible(By.cssSelector("[data-ranked=codes] a[href='#/analytics/" + id + "']"));
        assertThat(link.getText()).isEqualTo(title);
        Map<String, Object> timeline = chartData("timeline");
        assertThat(sum(series(timeline, 0))).as("the workspace's scans include this code's")
                .isGreaterThanOrEqualTo(PEOPLE);
        wholePage("analytics-workspace");

        browser.driver().findElement(By.xpath("//button[normalize-space()='Export figures (CSV)']")).click();
        List<String> lines = downloaded("qrforge-workspace-analytics");
        assertThat(lines.get(0)).isEqualTo("dimension,value,label,scans,uniqueScans");
        assertThat(lines).anySatisfy(line -> assertThat(line).startsWith("code," + id + "," + title + "," + PEOPLE + ","));

        link.click();
        browser.until(driver -> driver.getCurrentUrl().endsWith("#/analytics/" + id));
        assertThat(sum(series(chartData("timeline"), 0))).isEqualTo(PEOPLE);
        assertThat(browser.script("return Object.keys(Chart.instances).length"))
                .as("the workspace's charts destroyed on leaving it: only the code's four are alive")
                .isEqualTo((long) browser.driver().findElements(By.cssSelector("canvas")).size()).isEqualTo(4L);
        browser.until(driver -> id.equals(new Select(driver.findElement(By.name("code"))).getFirstSelectedOption()
                .getAttribute("value")));
        choose("code", "Whole workspace");
        browser.until(driver -> driver.getCurrentUrl().endsWith("#/analytics"));
        browser.visible(By.cssSelector("[data-ranked=codes]"));
        browser.until(driver -> driver.findElements(By.cssSelector("select[name=code] option")).size() > 1);
        choose("code", title + " (" + Api.getAs(ConsoleBrowser.KEY, "/api/v1/dynamic/" + id).json().path("shortCode")
                .asText() + ")");
        browser.until(driver -> driver.getCurrentUrl().endsWith("#/analytics/" + id));

        browser.resize(ConsoleBrowser.PHONE);
        assertThat(sum(series(chartData("timeline"), 0))).isEqualTo(PEOPLE);
        assertThat(browser.overflowsSideways()).as("sideways scroll at phone width").isFalse();
        assertThat(browser.tablesScrollingSideways()).as("tables hiding columns at phone width").isEmpty();
        browser.screenshot("analytics-phone");
        browser.assertNoConsoleErrors();
    }

    /** A screenshot of the whole page at desktop width (every chart and table), the window restored after. */
    private void wholePage(String name) {
        long height = (Long) browser.script("return document.documentElement.scrollHeight");
        browser.resize(new Dimension(ConsoleBrowser.DESKTOP.width, (int) Math.min(height + 120, 4000)));
        browser.screenshot(name);
        browser.resize(ConsoleBrowser.DESKTOP);
    }

    /** The labels and datasets' data of the chart drawn on canvas[data-chart=key], once it is drawn. */
    @SuppressWarnings("unchecked")
    private Map<String, Object> chartData(String key) {
        return browser.until(driver -> (Map<String, Object>) browser.script(
                "const canvas = document.querySelector(`canvas[data-chart='${arguments[0]}']`);"
                        + "const chart = canvas && Chart.getChart(canvas);"
                        + "return chart ? {labels: chart.data.labels,"
                        + " series: chart.data.datasets.map((set) => set.data)} : null;", key));
    }

    @SuppressWarnings("unchecked")
    private static List<String> labels(Map<String, Object> data) {
        return (List<String>) data.get("labels");
    }

    @SuppressWarnings("unchecked")
    private static List<Number> series(Map<String, Object> data, int index) {
        return ((List<List<Number>>) data.get("series")).get(index);
    }

    private static long sum(List<Number> values) {
        return values.stream().mapToLong(Number::longValue).sum();
    }

    /** A breakdown's bars as label → value. */
    private Map<String, Long> slices(String key) {
        Map<String, Object> data = chartData(key);
        Map<String, Long> slices = new LinkedHashMap<>();
        for (int i = 0; i < labels(data).size(); i++) {
            slices.put(labels(data).get(i), series(data, 0).get(i).longValue());
        }
        return slices;
    }

    private Map<String, Long> rankedRows(String key) {
        return rankedRows(key, 1, 2);
    }

    /** A ranked table's rows as the text of one column → the count in another. */
    private Map<String, Long> rankedRows(String key, int nameColumn, int countColumn) {
        Map<String, Long> rows = new HashMap<>();
        for (WebElement row : browser.driver().findElements(By.cssSelector("[data-ranked=" + key + "] tbody tr"))) {
            List<WebElement> cells = row.findElements(By.tagName("td"));
            rows.put(cells.get(nameColumn).getText(), Long.parseLong(cells.get(countColumn).getText()
                    .replace(",", "")));
        }
        return rows;
    }

    private List<String> bigNumbers() {
        return browser.driver().findElements(By.cssSelector(".analytics .big-number")).stream()
                .map(WebElement::getText).toList();
    }

    private void choose(String select, String label) {
        new Select(browser.visible(By.name(select))).selectByVisibleText(label);
    }

    /** Sets a date input as a date picker does (its typed form depends on the browser's locale). */
    private void setDate(String name, String isoDate) {
        browser.script("arguments[0].value = arguments[1];"
                + "arguments[0].dispatchEvent(new Event('change', {bubbles: true}));",
                browser.visible(By.name(name)), isoDate);
    }

    /** The lines of the file Chromium saved whose name starts with the prefix, once it is complete. */
    private List<String> downloaded(String prefix) {
        Path file = browser.until(driver -> {
            try (Stream<Path> files = Files.list(downloads)) {
                Optional<Path> done = files.filter(path -> path.getFileName().toString().startsWith(prefix)
                        && path.getFileName().toString().endsWith(".csv")).findFirst();
                return done.orElse(null);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        try {
            return List.of(Files.readString(file, StandardCharsets.UTF_8).split("\r?\n"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
