package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.testing.UserAgents;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/**
 * The console's campaigns page (#/campaigns) in a real browser, checked in the API: a campaign created, refused by
 * name, renamed and deleted from the page; a code filed in it from the dynamic pages and found by the list's filter;
 * its analytics drawn from real scans with the workspace view's charts; all of it fitting a phone.
 */
@DatabaseIndependent
class ConsoleCampaignsIT extends ServerTest {

    private static final By NEW = By.cssSelector("button.new-campaign");
    private static final By CREATE = By.cssSelector("dialog[open] form.campaign-form[aria-label='New campaign']");

    private static JsonNode api(String path) {
        Api.Reply reply = Api.getAs(ConsoleBrowser.KEY, path);
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        return reply.json();
    }

    /** The console workspace's campaign named {@code name}, or null. */
    private static JsonNode campaignNamed(String name) {
        for (JsonNode campaign : api("/api/v1/campaigns?limit=200").path("items")) {
            if (campaign.path("name").asText().equals(name)) {
                return campaign;
            }
        }
        return null;
    }

    private static WebElement item(ConsoleBrowser browser, String id) {
        return browser.visible(By.cssSelector("li.campaign[data-id='" + id + "']"));
    }

    /** The sum of the chart's first dataset, once it is drawn. */
    private static long charted(ConsoleBrowser browser, String chart) {
        return browser.until(driver -> (Long) browser.script("const canvas = document.querySelector("
                + "`canvas[data-chart='${arguments[0]}']`); const drawn = canvas && Chart.getChart(canvas);"
                + " return drawn ? drawn.data.datasets[0].data.reduce((a, b) => a + b, 0) : null;", chart));
    }

    @Test
    void campaignsAreMadeFiledIntoAnalysedRenamedAndDeletedFromTheConsole() {
        String name = "Console campaign " + UUID.randomUUID().toString().substring(0, 8);
        try (ConsoleBrowser browser = ConsoleBrowser.start()) {
            browser.signInWithKey();
            browser.go("campaigns");
            browser.visible(NEW).click();
            WebElement create = browser.visible(CREATE);
            create.findElement(By.name("name")).sendKeys(name);
            create.findElement(By.name("description")).sendKeys("Posters in the shops");
            create.findElement(By.cssSelector("button[type=submit]")).click();
            // The dialog closes on success, and the list says what was made.
            browser.textIn(By.cssSelector("[aria-labelledby=campaigns-title] > .status"), "Created");
            assertThat(create.isDisplayed()).isFalse();
            JsonNode campaign = browser.until(driver -> campaignNamed(name));
            String id = campaign.path("id").asText();
            assertThat(campaign.path("description").asText()).isEqualTo("Posters in the shops");
            assertThat(item(browser, id).getText()).contains(name, "Posters in the shops", "0 codes");

            // The same name in another case is refused at the name's input.
            browser.visible(NEW).click();
            browser.visible(CREATE);
            WebElement nameInput = create.findElement(By.name("name"));
            nameInput.sendKeys(name.toUpperCase());
            create.findElement(By.cssSelector("button[type=submit]")).click();
            browser.until(driver -> "true".equals(nameInput.getAttribute("aria-invalid")));
            assertThat(create.findElement(By.cssSelector(".field-error")).getText()).contains("already exists");

            // A code made from the list filtered to the campaign is filed in it; the filter finds it, and only it.
            browser.go("dynamic?campaign=" + id);
            browser.visible(By.cssSelector("button.new-dynamic")).click();
            WebElement form = browser.visible(By.cssSelector("dialog[open] form.create-dynamic"));
            browser.until(driver -> id.equals(new Select(form.findElement(By.name("campaign")))
                    .getFirstSelectedOption().getAttribute("value")) && new Select(form.findElement(
                    By.name("campaign"))).getFirstSelectedOption().getText().equals(name));
            form.findElement(By.name("destinationUrl")).sendKeys("https://example.com/console-campaign");
            form.findElement(By.name("title")).sendKeys(name + " poster");
            form.findElement(By.cssSelector("button[type=submit]")).click();
            String code = browser.until(driver -> {
                String hash = (String) browser.script("return location.hash;");
                return hash.startsWith("#/dynamic/dyn_") ? hash.substring("#/dynamic/".length()) : null;
            });
            JsonNode filed = api("/api/v1/dynamic/" + code);
            assertThat(filed.path("campaign").asText()).isEqualTo(id);
            browser.until(driver -> name.equals(new Select(browser.visible(By.cssSelector(
                    ".dynamic-detail select[name=campaign]"))).getFirstSelectedOption().getText()));
            String other = Api.postAs(ConsoleBrowser.KEY, "/api/v1/dynamic", Api.json(Map.of("destinationUrl",
                    "https://example.com/console-uncampaigned"))).json().path("id").asText();
            browser.go("dynamic?campaign=" + id);
            browser.until(driver -> driver.findElements(By.cssSelector("table.dynamic-list tbody tr")).size() == 1);
            assertThat(browser.driver().findElements(By.cssSelector("table.dynamic-list tbody tr[data-id='" + code
                    + "']"))).hasSize(1);
            assertThat(browser.driver().findElements(By.cssSelector("tr[data-id='" + other + "']"))).isEmpty();

            // Its analytics: real scans, drawn with the workspace view's charts, its code among the most scanned.
            String shortUrl = filed.path("shortUrl").asText();
            for (String agent : List.of(UserAgents.IPHONE, UserAgents.ANDROID_CHROME, UserAgents.CHROME_WINDOWS)) {
                DynamicCodesIT.location(DynamicCodesIT.scan(shortUrl, "User-Agent", agent));
            }
            Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
            while (api("/api/v1/campaigns/" + id + "/analytics").path("totalScans").asLong() < 3) {
                assertThat(Instant.now()).as("scans flushed within a minute").isBefore(deadline);
                Api.pauseBeforePolling();
            }
            browser.go("campaigns");
            item(browser, id).findElement(By.linkText("Analytics")).click();
            browser.until(driver -> driver.getCurrentUrl().endsWith("#/analytics?campaign=" + id));
            browser.textIn(By.cssSelector(".analytics h1"), "Campaign analytics");
            assertThat(charted(browser, "timeline")).isEqualTo(3);
            assertThat(charted(browser, "os")).isEqualTo(3);
            browser.visible(By.cssSelector("[data-ranked=codes] a[href='#/analytics/" + code + "']"));
            browser.until(driver -> name.equals(new Select(driver.findElement(By.name("campaign")))
                    .getFirstSelectedOption().getText()));

            browser.resize(ConsoleBrowser.PHONE);
            assertThat(charted(browser, "timeline")).isEqualTo(3);
            assertThat(browser.overflowsSideways()).as("analytics: sideways scroll at phone width").isFalse();
            browser.go("campaigns");
            item(browser, id);
            assertThat(browser.overflowsSideways()).as("campaigns: sideways scroll at phone width").isFalse();
            browser.screenshot("campaigns-phone");

            // Renamed in place; then deleted, its code staying, in no campaign.
            String renamed = name + " (spring)";
            item(browser, id).findElement(By.xpath(".//button[normalize-space()='Edit']")).click();
            WebElement edit = item(browser, id).findElement(By.cssSelector("form.campaign-form"));
            WebElement newName = edit.findElement(By.name("name"));
            newName.clear();
            newName.sendKeys(renamed);
            edit.findElement(By.cssSelector("button[type=submit]")).click();
            browser.until(driver -> renamed.equals(api("/api/v1/campaigns/" + id).path("name").asText()));
            browser.until(driver -> item(browser, id).getText().contains(renamed));

            item(browser, id).findElement(By.xpath(".//button[normalize-space()='Delete']")).click();
            browser.until(driver -> driver.switchTo().alert()).accept();
            browser.until(driver -> Api.getAs(ConsoleBrowser.KEY, "/api/v1/campaigns/" + id).status() == 404);
            browser.until(driver -> driver.findElements(By.cssSelector("li.campaign[data-id='" + id + "']")).isEmpty());
            assertThat(api("/api/v1/dynamic/" + code).path("campaign").isNull()).isTrue();
            browser.assertNoConsoleErrors(Pattern.compile("status of 409"));
        }
    }
}
