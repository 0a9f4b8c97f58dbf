package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.testing.UserAgents;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;

/**
 * Every view of the console, at a laptop's width and a phone's, with data like people's (a long URL, a long title, a
 * dynamic code with scans, a campaign, a pending domain): no serious or critical WCAG 2 A/AA violation as axe-core
 * finds them, no sideways scroll, and a screenshot of each in docs/console ({view}-1440.png, {view}-390.png), which
 * the README shows. The menus and dialogs the views open are driven from the keyboard.
 */
@DatabaseIndependent
class ConsoleViewsIT extends ServerTest {

    /** Where the screenshots go: the documentation's own folder, so a build refreshes them. */
    private static final Path DOCS = Path.of("docs", "console");
    /** The word the seeded codes' titles share, and the lists are searched by: their screenshots show them alone. */
    private static final String MARK = "Harbour";
    private static final String LONG_TITLE = "Harbour Festival 2026: programme, venues, tickets and the late-night "
            + "ferry timetable for every day of the festival";
    private static final String LONG_URL = "https://events.example.com/harbour-festival/2026/programme/"
            + "venues-and-tickets/late-night-ferry-timetable?utm_source=poster&utm_medium=print"
            + "&utm_campaign=harbour-festival-2026-spring-posters-in-every-shop-window";
    private static final String CAMPAIGN = MARK + " Festival 2026";
    /** A domain left pending, so that the domains view shows how to prove one. */
    private static final String DOMAIN = "go.harbour-festival.example.com";
    private static final List<String> AGENTS = List.of(UserAgents.IPHONE, UserAgents.IPHONE,
            UserAgents.ANDROID_CHROME, UserAgents.CHROME_WINDOWS);

    private static String staticId;
    private static String dynamicId;

    /** A view: its file name in docs/console, its route, and what shows once it is drawn. */
    private record View(String name, String route, By ready) {
    }

    /** Seeds the data once the server runs (ServerTest starts it before each test). */
    @BeforeEach
    void seedOnce() {
        if (dynamicId != null) {
            return;
        }
        // The server's data outlives a run: what an earlier run seeded is found again rather than added twice.
        JsonNode codes = Api.getAs(ConsoleBrowser.KEY, "/api/v1/qr?limit=50&q=" + MARK).json().path("items");
        for (JsonNode code : codes) {
            if (!code.path("dynamic").asBoolean() && LONG_TITLE.equals(code.path("title").asText())) {
                staticId = code.path("id").asText();
            }
        }
        if (staticId == null) {
            staticId = created("/api/v1/qr", Map.of("data", LONG_URL, "title", LONG_TITLE,
                    "tags", List.of("festival", "print"))).path("id").asText();
        }
        boolean hasDomain = false;
        for (JsonNode domain : Api.getAs(ConsoleBrowser.KEY, "/api/v1/domains?limit=200").json().path("items")) {
            hasDomain |= DOMAIN.equals(domain.path("host").asText());
        }
        if (!hasDomain) {
            created("/api/v1/domains", Map.of("host", DOMAIN));
        }
        JsonNode dynamic = Api.getAs(ConsoleBrowser.KEY, "/api/v1/dynamic?limit=50&q=" + MARK).json().path("items");
        if (!dynamic.isEmpty()) {
            dynamicId = dynamic.get(0).path("id").asText();
            return;
        }
        String campaign = null;
        for (JsonNode existing : Api.getAs(ConsoleBrowser.KEY, "/api/v1/campaigns?limit=200").json().path("items")) {
            if (CAMPAIGN.equals(existing.path("name").asText())) {
                campaign = existing.path("id").asText();
            }
        }
        if (campaign == null) {
            campaign = created("/api/v1/campaigns", Map.of("name", CAMPAIGN,
                    "description", "Posters and flyers around the harbour")).path("id").asText();
        }
        JsonNode code = created("/api/v1/dynamic", Map.of("destinationUrl", LONG_URL,
                "title", MARK + " Festival: menu of the food stalls along the quay", "campaign", campaign,
                "tags", List.of("festival")));
        dynamicId = code.path("id").asText();
        for (String agent : AGENTS) {
            DynamicCodesIT.location(DynamicCodesIT.scan(code.path("shortUrl").asText(), "User-Agent", agent));
        }
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        while (Api.getAs(ConsoleBrowser.KEY, "/api/v1/dynamic/" + dynamicId).json().path("scanCount").asLong()
                < AGENTS.size()) {
            assertThat(Instant.now()).as("scans counted within a minute").isBefore(deadline);
            Api.pauseBeforePolling();
        }
    }

    private static JsonNode created(String path, Map<String, Object> body) {
        Api.Reply reply = Api.postAs(ConsoleBrowser.KEY, path, Api.json(body));
        assertThat(reply.status()).as(reply.toString()).isEqualTo(201);
        return reply.json();
    }

    private static List<View> views() {
        return List.of(
                new View("codes", "codes?q=" + MARK, By.cssSelector("table.codes tbody tr img.thumb[src]")),
                new View("design", "design?from=" + staticId, By.cssSelector(".preview-pane[data-state=ready]")),
                new View("dynamic", "dynamic?q=" + MARK, By.cssSelector("table.dynamic-list tbody tr")),
                new View("dynamic-detail", "dynamic/" + dynamicId, By.cssSelector("img.preview[src]")),
                new View("campaigns", "campaigns", By.cssSelector("li.campaign")),
                new View("analytics", "analytics/" + dynamicId, By.cssSelector("canvas[data-chart=os]")),
                new View("bulk", "bulk", By.cssSelector("form textarea")),
                new View("transparent", "transparent", By.cssSelector("form button[type=submit]")),
                new View("audit", "audit", By.cssSelector(".audit tbody tr")),
                new View("domains", "domains", By.cssSelector(".domain-list li.domain .txt-value")));
    }

    @Test
    void everyViewIsAccessibleFitsBothWidthsAndIsPictured() {
        List<String> problems = new ArrayList<>();
        try (ConsoleBrowser browser = ConsoleBrowser.start()) {
            for (Dimension size : List.of(ConsoleBrowser.WIDE, ConsoleBrowser.PHONE)) {
                browser.resize(size);
                browser.go("codes");
                browser.visible(By.name("apiKey"));
                check(browser, "sign-in", size, problems);
            }
            browser.resize(ConsoleBrowser.WIDE);
            browser.signInWithKey();
            for (View view : views()) {
                for (Dimension size : List.of(ConsoleBrowser.WIDE, ConsoleBrowser.PHONE)) {
                    browser.resize(size);
                    browser.go(view.route());
                    browser.visible(view.ready());
                    check(browser, view.name(), size, problems);
                }
            }
            assertThat(problems).as("views with accessibility violations or sideways scroll").isEmpty();
            browser.assertNoConsoleErrors();
        }
    }

    /** Runs axe and the sideways check on the settled page, noting what fails, and pictures it. */
    private static void check(ConsoleBrowser browser, String name, Dimension size, List<String> problems) {
        settle(browser);
        String where = name + " at " + size.width + " px: ";
        browser.axeViolations().forEach(violation -> problems.add(where + violation));
        browser.sidewaysOverflow().forEach(overflow -> problems.add(where + "sideways, " + overflow));
        browser.screenshot(DOCS.resolve(name + "-" + size.width + ".png"));
    }

    /**
     * Waits for the page to be still: no "Loading…" left, every image decoded, the fonts in, two frames drawn; and
     * scrolls to the top with nothing focused, so that each screenshot is taken in the same state.
     */
    private static void settle(ConsoleBrowser browser) {
        browser.until(driver -> (Boolean) browser.script("return ![...document.querySelectorAll('.loading, .status')]"
                .concat(".some((el) => el.offsetParent !== null && el.textContent.startsWith('Loading'))"
                        + " && [...document.images].every((img) => img.complete);")));
        browser.asyncScript("const done = arguments[arguments.length - 1];"
                + " document.activeElement?.blur(); window.scrollTo(0, 0);"
                + " document.fonts.ready.then(() => requestAnimationFrame(() => requestAnimationFrame(done)));");
    }

    @Test
    void theMenusAndTheNewDialogWorkFromTheKeyboard() {
        try (ConsoleBrowser browser = ConsoleBrowser.start()) {
            browser.resize(ConsoleBrowser.WIDE);
            browser.signInWithKey();
            browser.go("codes?q=" + MARK);
            WebElement row = browser.visible(By.cssSelector("tr[data-id='" + staticId + "']"));
            WebElement download = row.findElement(By.cssSelector("button.download-menu"));
            assertThat(download.getAttribute("aria-haspopup")).isEqualTo("menu");
            assertThat(download.getAttribute("aria-expanded")).isEqualTo("false");

            // Enter opens it on its first item; the arrows move; Escape closes it and gives the focus back.
            browser.script("arguments[0].focus();", download);
            download.sendKeys(Keys.ENTER);
            WebElement menu = browser.visible(By.id(download.getAttribute("aria-controls")));
            assertThat(download.getAttribute("aria-expanded")).isEqualTo("true");
            List<WebElement> items = menu.findElements(By.cssSelector("[role=menuitem]"));
            assertThat(items).extracting(WebElement::getText).contains("SVG", "PNG", "PDF", "EPS");
            assertThat(focusedLabel(browser)).isEqualTo(items.get(0).getAttribute("aria-label"));
            browser.driver().switchTo().activeElement().sendKeys(Keys.ARROW_DOWN);
            assertThat(focusedLabel(browser)).isEqualTo(items.get(1).getAttribute("aria-label"));
            assertThat(browser.axeViolations()).as("the open menu's accessibility").isEmpty();
            browser.driver().switchTo().activeElement().sendKeys(Keys.ESCAPE);
            browser.until(driver -> !menu.isDisplayed());
            assertThat(download.getAttribute("aria-expanded")).isEqualTo("false");
            assertThat(browser.script("return document.activeElement === arguments[0];", download)).isEqualTo(true);

            // A menu item downloads, from a phone's width too, where the menu stays within the window.
            browser.resize(ConsoleBrowser.PHONE);
            WebElement more = row.findElement(By.cssSelector("button.more-menu"));
            more.click();
            WebElement moreMenu = browser.visible(By.id(more.getAttribute("aria-controls")));
            assertThat(moreMenu.findElement(By.cssSelector("[role=menuitem].danger")).getText()).isEqualTo("Delete");
            assertThat(browser.sidewaysOverflow()).as("the open menu at phone width").isEmpty();
            Number right = (Number) browser.script("return arguments[0].getBoundingClientRect().right;", moreMenu);
            assertThat(right.doubleValue()).isLessThanOrEqualTo(ConsoleBrowser.PHONE.width);
            browser.driver().switchTo().activeElement().sendKeys(Keys.ESCAPE);
            download.click();
            ConsoleBrowser.Download png = browser.download(browser.visible(
                    By.cssSelector("#" + download.getAttribute("aria-controls") + " [aria-label$='as PNG']")));
            assertThat(png.name()).endsWith(".png");

            // The phone's navigation folds behind Menu.
            WebElement toggle = browser.visible(By.cssSelector("header.top .nav-toggle"));
            assertThat(browser.driver().findElement(By.cssSelector("header.top nav")).isDisplayed()).isFalse();
            toggle.click();
            assertThat(toggle.getAttribute("aria-expanded")).isEqualTo("true");
            browser.visible(By.cssSelector("header.top nav a[data-section=dynamic]")).click();

            // New opens the form in a dialog, Escape closes it and the focus goes back to New.
            WebElement create = browser.visible(By.cssSelector("button.new-dynamic"));
            assertThat(toggle.getAttribute("aria-expanded")).isEqualTo("false");
            create.click();
            WebElement dialog = browser.visible(By.cssSelector("dialog.modal[open]"));
            assertThat(focusedLabel(browser)).isEqualTo("Destination URL");
            assertThat(browser.axeViolations()).as("the New dialog's accessibility").isEmpty();
            assertThat(browser.sidewaysOverflow()).as("the New dialog at phone width").isEmpty();
            browser.driver().switchTo().activeElement().sendKeys(Keys.ESCAPE);
            browser.until(driver -> !dialog.isDisplayed());
            assertThat(browser.script("return document.activeElement === arguments[0];", create)).isEqualTo(true);

            // The check itself works: a button without a name is reported, so an empty answer above means something.
            browser.script("document.querySelector('main').append(document.createElement('button'));");
            assertThat(browser.axeViolations()).anyMatch(violation -> violation.startsWith("button-name (critical)"));
            browser.assertNoConsoleErrors();
        }
    }

    /** The focused control's accessible name as a test can read it: its aria-label, or its label's text. */
    private static String focusedLabel(ConsoleBrowser browser) {
        return (String) browser.script("const a = document.activeElement;"
                + " return a.getAttribute('aria-label') ?? (a.labels?.[0]?.textContent ?? null);");
    }
}
