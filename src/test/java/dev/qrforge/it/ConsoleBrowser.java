package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The machine's Chromium (Debian packages {@code chromium} and {@code chromium-driver}), headless, on the console of
 * the suite's server. Where the packages are missing the browser tests are skipped, saying why, unless
 * {@code -Dit.require-chromium=true} (as {@code .ci/run} sets, after installing them) makes that a failure.
 * Screenshots go to {@code target/console-screenshots}.
 */
public final class ConsoleBrowser implements AutoCloseable {

    static final Path CHROMIUM = Path.of(System.getProperty("it.chromium", "/usr/bin/chromium"));
    static final Path CHROMEDRIVER = Path.of(System.getProperty("it.chromedriver", "/usr/bin/chromedriver"));
    static final Path SCREENSHOTS = Path.of("target", "console-screenshots");
    static final String CONSOLE_URL = Api.BASE_URL + "/console/";
    /** The key of the console tests' own workspace (it-console). */
    static final String KEY = System.getProperty("it.console.api.key");
    static final Dimension DESKTOP = new Dimension(1280, 900);
    static final Dimension PHONE = new Dimension(390, 844);
    /** The widths the console is shown at in docs/console: a common laptop's, and a common phone's. */
    static final Dimension WIDE = new Dimension(1440, 900);
    /** axe-core's script, as Deque publishes it (pom.xml, version.axe-core). */
    private static final String AXE = "axe.min.js";
    /** The axe-core rule sets the console is held to: WCAG 2 A and AA. */
    private static final List<String> AXE_TAGS = List.of("wcag2a", "wcag2aa");
    private static final Duration WAIT = Duration.ofSeconds(30);

    private final ChromeDriver driver;
    private final WebDriverWait wait;

    private ConsoleBrowser(ChromeDriver driver) {
        this.driver = driver;
        this.wait = new WebDriverWait(driver, WAIT);
    }

    /** Starts a fresh headless Chromium (its own empty profile), at desktop size. */
    public static ConsoleBrowser start() {
        boolean present = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
        if (!present) {
            String why = "no " + CHROMIUM + " or " + CHROMEDRIVER + " (Debian packages chromium, chromium-driver)";
            assertThat(Boolean.getBoolean("it.require-chromium")).as(why + ", and -Dit.require-chromium=true")
                    .isFalse();
            Assumptions.abort("browser tests skipped: " + why);
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        // As root in a sandboxed machine: no setuid sandbox, no GPU; and no calls home, which the closed network
        // refuses by the dozen.
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--disable-extensions", "--lang=en-US",
                "--user-data-dir=" + temporaryProfile(),
                // The suite's port may be one Chromium refuses as unsafe (10080 is, at port offset 2000).
                "--explicitly-allowed-ports=" + URI.create(Api.BASE_URL).getPort());
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        ConsoleBrowser browser = new ConsoleBrowser(new ChromeDriver(service, options));
        browser.driver.manage().window().setSize(DESKTOP);
        return browser;
    }

    private static String temporaryProfile() {
        try {
            File profile = Files.createTempDirectory("qrforge-chromium").toFile();
            profile.deleteOnExit();
            return profile.getAbsolutePath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public WebDriver driver() {
        return driver;
    }

    /** Opens a console route, e.g. {@code "codes"} or {@code "dynamic/dyn_x"}, in the current session. */
    public void go(String route) {
        driver.get(CONSOLE_URL + "#/" + route);
    }

    /** Opens the console and signs in with an API key of the console tests' workspace. */
    public void signInWithKey() {
        signInWithKey(KEY);
    }

    public void signInWithKey(String key) {
        driver.get(CONSOLE_URL);
        WebElement input = visible(By.name("apiKey"));
        input.sendKeys(key);
        driver.findElement(By.cssSelector(".sign-in-key button[type=submit]")).click();
        visible(By.cssSelector("header.top .who-name"));
    }

    /** Waits until the element is displayed, and returns it. */
    public WebElement visible(By by) {
        return wait.until(ExpectedConditions.visibilityOfElementLocated(by));
    }

    /** Waits until the condition holds (a non-null, non-false value), and returns its value. */
    public <T> T until(Function<WebDriver, T> condition) {
        return wait.until(condition);
    }

    /** Waits until the element's text contains the given text. */
    public void textIn(By by, String text) {
        wait.until(ExpectedConditions.textToBePresentInElementLocated(by, text));
    }

    public Object script(String script, Object... args) {
        return driver.executeScript(script, args);
    }

    /** Runs a script that answers by calling its last argument (a promise's outcome, say), and returns that. */
    public Object asyncScript(String script, Object... args) {
        return driver.executeAsyncScript(script, args);
    }

    /** A file the page offered as a download. */
    public record Download(String name, byte[] bytes) {
    }

    /**
     * Clicks {@code button} and returns the file the page offers: the console offers downloads as a link to a Blob
     * (dom.js, download). The Blob is kept here as the page makes its URL, the link's click is caught, and the Blob
     * is read directly: fetching its URL would be refused by the console's Content-Security-Policy (connect-src
     * 'self'), and the page revokes the URL soon after. No download folder is involved.
     */
    public Download download(WebElement button) {
        script("window.qrforgeDownloads = [];"
                + " if (!window.qrforgeClickCaught) {"
                + "   window.qrforgeClickCaught = true;"
                + "   const blobs = new Map();"
                + "   const createObjectURL = URL.createObjectURL;"
                + "   URL.createObjectURL = (blob) => { const url = createObjectURL(blob); blobs.set(url, blob);"
                + "     return url; };"
                + "   const click = HTMLAnchorElement.prototype.click;"
                + "   HTMLAnchorElement.prototype.click = function () {"
                + "     if (!this.hasAttribute('download')) return click.call(this);"
                + "     window.qrforgeDownloads.push({name: this.download, blob: blobs.get(this.href)});"
                + "   };"
                + " }");
        button.click();
        until(driver -> ((Number) script("return window.qrforgeDownloads.length;")).intValue() > 0);
        @SuppressWarnings("unchecked")
        Map<String, Object> file = (Map<String, Object>) asyncScript("const done = arguments[arguments.length - 1];"
                + " const offered = window.qrforgeDownloads[0];"
                + " if (!offered.blob) { done({name: offered.name, error: 'the link is not to a Blob of the page'});"
                + "   return; }"
                + " offered.blob.arrayBuffer().then((buffer) => {"
                + "   let binary = '';"
                + "   new Uint8Array(buffer).forEach((byte) => { binary += String.fromCharCode(byte); });"
                + "   done({name: offered.name, base64: btoa(binary)});"
                + " }, (error) => done({name: offered.name, error: String(error)}));");
        assertThat(file.get("error")).as("reading the offered %s", file.get("name")).isNull();
        return new Download((String) file.get("name"), Base64.getDecoder().decode((String) file.get("base64")));
    }

    /**
     * Makes the page's viewport (innerWidth × innerHeight, and so its screenshots) exactly {@code size}. Resizing the
     * window alone does not do it: headless Chromium keeps a window at least 500 px wide, so a phone's 390 px is
     * emulated (DevTools' Emulation.setDeviceMetricsOverride, as a desktop page, scroll bars included).
     */
    public void resize(Dimension size) {
        driver.manage().window().setSize(size);
        driver.executeCdpCommand("Emulation.setDeviceMetricsOverride", Map.of("width", size.width,
                "height", size.height, "deviceScaleFactor", 1, "mobile", false));
        // Charts follow their box through a ResizeObserver, whose callbacks (and the redraw they schedule) run
        // in the frames after the resize: a layout measured before them still has the old width's canvases.
        driver.executeAsyncScript("const done = arguments[arguments.length - 1];"
                + " requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => done())));");
    }

    /**
     * The page's serious and critical accessibility violations under WCAG 2 A and AA, as axe-core finds them, each as
     * "rule (impact): targets" — empty when there are none. Minor and moderate findings are left to review.
     */
    @SuppressWarnings("unchecked")
    public List<String> axeViolations() {
        if (!Boolean.TRUE.equals(script("return typeof window.axe === 'object';"))) {
            script(axeSource());
        }
        Object outcome = asyncScript("const done = arguments[arguments.length - 1];"
                + " axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations']})"
                + "   .then((results) => done(results.violations"
                + "     .filter((v) => v.impact === 'serious' || v.impact === 'critical')"
                + "     .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)),"
                + "   (error) => done('axe failed: ' + error));", AXE_TAGS);
        assertThat(outcome).as("axe-core's answer").isInstanceOf(List.class);
        return (List<String>) outcome;
    }

    private static String axeSource() {
        try (InputStream in = ConsoleBrowser.class.getClassLoader().getResourceAsStream(AXE)) {
            assertThat(in).as(AXE + " on the test class path (com.deque.html.axe-core:selenium)").isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * What sticks out sideways: "document" or "body" when either is wider than the viewport, then the elements whose
     * right edge passes it (their tag and classes), so that a failure says where to look. Empty when the page fits.
     */
    @SuppressWarnings("unchecked")
    public List<String> sidewaysOverflow() {
        return (List<String>) script("const width = window.innerWidth; const out = [];"
                + " if (document.documentElement.scrollWidth > width) out.push('document '"
                + "   + document.documentElement.scrollWidth + ' > ' + width);"
                + " if (document.body.scrollWidth > width) out.push('body ' + document.body.scrollWidth);"
                + " if (out.length) for (const el of document.body.querySelectorAll('*')) {"
                + "   const box = el.getBoundingClientRect();"
                + "   if (box.width > 0 && box.right > width + 1 && out.length < 12) out.push(el.tagName.toLowerCase()"
                + "     + (typeof el.className === 'string' && el.className ? '.' + el.className.replace(/ +/g, '.')"
                + "       : '')"
                + "     + ' right ' + Math.round(box.right)); }"
                + " return out;");
    }

    /** The element as it is drawn on screen, as PNG bytes (scrolled into view first: Chromium crops it otherwise). */
    public byte[] picture(WebElement element) {
        driver.executeScript("arguments[0].scrollIntoView({block: 'center'});", element);
        return element.getScreenshotAs(OutputType.BYTES);
    }

    /** Saves the whole window as target/console-screenshots/{name}.png. */
    public Path screenshot(String name) {
        return screenshot(SCREENSHOTS.resolve(name + ".png"));
    }

    /** Saves the whole window (the viewport) as a PNG file, its folder made if need be. */
    public Path screenshot(Path file) {
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Asserts that the page logged no errors and threw nothing since the last call (Chromium's SEVERE entries:
     * uncaught exceptions, console.error, failed loads), except entries matching one of the given patterns, which a
     * test expects (a deliberately refused request, say).
     */
    public void assertNoConsoleErrors(Pattern... expected) {
        List<String> errors = driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(entry -> entry.getLevel().intValue() >= Level.SEVERE.intValue())
                .map(LogEntry::getMessage)
                .filter(message -> List.of(expected).stream().noneMatch(p -> p.matcher(message).find()))
                .toList();
        assertThat(errors).as("errors in the browser console").isEmpty();
    }

    /** Whether the page can be scrolled sideways, which a layout that fits the window never needs. */
    public boolean overflowsSideways() {
        return (Boolean) driver.executeScript(
                "return document.documentElement.scrollWidth > document.documentElement.clientWidth + 1;");
    }

    /**
     * The tables whose own box scrolls sideways, each named by its card's heading: columns a reader would have to
     * scroll to find, which the page-wide {@link #overflowsSideways} does not see.
     */
    @SuppressWarnings("unchecked")
    public List<String> tablesScrollingSideways() {
        return (List<String>) driver.executeScript("return [...document.querySelectorAll('.table-wrap')]"
                + ".filter((wrap) => wrap.offsetParent !== null && wrap.scrollWidth > wrap.clientWidth + 1)"
                + ".map((wrap) => wrap.closest('section, .card')?.querySelector('h2, h3')?.textContent ?? 'a table');");
    }

    @Override
    public void close() {
        driver.quit();
    }
}
