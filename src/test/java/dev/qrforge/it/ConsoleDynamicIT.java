package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.testing.Decoders;
import dev.qrforge.testing.Decoding;
import dev.qrforge.testing.UserAgents;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;

/**
 * The console's dynamic-code pages (#/dynamic, #/dynamic/{id}) in a real browser: whatever is done on the page is
 * checked where it matters, on the scan path (/s/{code}) and in the API.
 */
@DatabaseIndependent
class ConsoleDynamicIT extends ServerTest {

    private static final HttpClient SCANNER = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    private static final By SWITCH = By.cssSelector("button[role=switch]");
    private static final By RULES = By.cssSelector("form.rules-card");

    private static String destination(String what) {
        return "https://example.com/console-" + what + "/" + UUID.randomUUID();
    }

    private static HttpResponse<String> scan(String shortUrl, String userAgent) {
        try {
            return SCANNER.send(HttpRequest.newBuilder(URI.create(shortUrl)).GET().header("User-Agent", userAgent)
                    .build(), HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static String location(HttpResponse<String> response) {
        return response.statusCode() == 302 ? response.headers().firstValue("Location").orElse(null) : null;
    }

    private static JsonNode code(String id) {
        Api.Reply reply = Api.getAs(ConsoleBrowser.KEY, "/api/v1/dynamic/" + id);
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        return reply.json();
    }

    private static void retype(WebElement input, String text) {
        input.clear();
        input.sendKeys(text);
    }

    /** The id of the code the browser shows, from its address (#/dynamic/{id}). */
    private static String shownId(ConsoleBrowser browser) {
        return browser.until(driver -> {
            String hash = (String) browser.script("return location.hash;");
            return hash.startsWith("#/dynamic/dyn_") ? hash.substring("#/dynamic/".length()) : null;
        });
    }

    private static WebElement inRules(ConsoleBrowser browser, String dataPath) {
        return browser.visible(By.cssSelector("form.rules-card [data-path=\"" + dataPath + "\"]"));
    }

    private static void saveRules(ConsoleBrowser browser) {
        browser.driver().findElement(RULES).findElement(By.cssSelector("button[type=submit]")).click();
    }

    @Test
    void createRedirectEditRoutePauseAndDeleteFromTheConsole() {
        String first = destination("first");
        String title = "Console dynamic " + UUID.randomUUID();
        try (ConsoleBrowser browser = ConsoleBrowser.start()) {
            browser.signInWithKey();
            browser.go("dynamic");
            browser.visible(By.cssSelector("button.new-dynamic")).click();
            WebElement create = browser.visible(By.cssSelector("dialog[open] form.create-dynamic"));
            create.findElement(By.name("destinationUrl")).sendKeys(first);
            create.findElement(By.name("title")).sendKeys(title);
            create.findElement(By.name("tags")).sendKeys("console, it");
            create.findElement(By.cssSelector("button[type=submit]")).click();

            String id = shownId(browser);
            String shortUrl = browser.visible(By.cssSelector("a.short-url")).getText();
            JsonNode created = code(id);
            assertThat(shortUrl).isEqualTo(created.path("shortUrl").asText());
            assertThat(created.path("title").asText()).isEqualTo(title);
            assertThat(created.path("tags").toString()).isEqualTo("[\"console\",\"it\"]");
            assertThat(location(scan(shortUrl, UserAgents.CHROME_WINDOWS))).isEqualTo(first);

            // The image on the page is the code's QR record, and it decodes to the short link.
            WebElement image = browser.visible(By.cssSelector("img.preview"));
            browser.until(driver -> (Boolean) browser.script(
                    "return arguments[0].complete && arguments[0].naturalWidth > 0;", image));
            assertThat(Decoders.zxing(Decoding.png(browser.picture(image)), shortUrl)).isTrue();

            // A new destination, saved in the page, is where the next scans go.
            String second = destination("second");
            retype(browser.visible(By.cssSelector(".dynamic-detail input[name=destinationUrl]")), second);
            browser.driver().findElement(By.xpath("//button[normalize-space()='Save changes']")).click();
            browser.textIn(By.cssSelector(".dynamic-detail form .status"), "Saved");
            browser.until(driver -> second.equals(location(scan(shortUrl, UserAgents.CHROME_WINDOWS))));

            // Rules: iPhones to the App Store page, then an A/B split for everyone else.
            String ios = destination("ios");
            String variantA = destination("a");
            String variantB = destination("b");
            WebElement rules = browser.visible(RULES);
            rules.findElement(By.xpath(".//button[normalize-space()='Add rule']")).click();
            inRules(browser, "rules[0].name").sendKeys("iPhones");
            rules.findElement(By.cssSelector("select[aria-label='Condition to add to rule 1']"))
                    .findElement(By.cssSelector("option[value=os]")).click();
            rules.findElement(By.xpath(".//button[normalize-space()='Add condition']")).click();
            inRules(browser, "rules[0].when.os").findElement(By.cssSelector("input[value=iOS]")).click();
            inRules(browser, "rules[0].destinationUrl").sendKeys(ios);

            rules.findElement(By.xpath(".//button[normalize-space()='Add rule']")).click();
            inRules(browser, "rules[1]").findElement(By.cssSelector("input[type=radio][value=split]")).click();
            inRules(browser, "rules[1].split[0].destinationUrl").sendKeys(variantA);
            inRules(browser, "rules[1].split[1].destinationUrl").sendKeys(variantB);
            retype(inRules(browser, "rules[1].split[1].weight"), "30");

            // A weight the API would refuse is caught at its input, and nothing is saved.
            WebElement zero = inRules(browser, "rules[1].split[0].weight");
            retype(zero, "0");
            saveRules(browser);
            browser.until(driver -> "true".equals(zero.getAttribute("aria-invalid")));
            assertThat(inRules(browser, "rules[1].split[0]").findElement(By.cssSelector(".field-error")).getText())
                    .contains("1 to 1000");
            assertThat(code(id).path("rules")).isEmpty();

            // A value only the API knows to be wrong: its answer lands on the input named by the error's field.
            // (Adding a condition redraws the rule, so its inputs are looked up again.)
            rules.findElement(By.cssSelector("select[aria-label='Condition to add to rule 2']"))
                    .findElement(By.cssSelector("option[value=language]")).click();
            rules.findElement(By.xpath(".//fieldset[@data-path='rules[1]']//button[normalize-space()='Add condition']"))
                    .click();
            WebElement language = inRules(browser, "rules[1].when.language");
            language.sendKeys("zz");
            WebElement seventy = inRules(browser, "rules[1].split[0].weight");
            retype(seventy, "70");
            saveRules(browser);
            browser.until(driver -> "true".equals(language.getAttribute("aria-invalid")));
            assertThat(seventy.getAttribute("aria-invalid")).isNull();
            assertThat(code(id).path("rules")).isEmpty();
            rules.findElement(By.cssSelector("button[aria-label='Remove condition Language from rule 2']")).click();

            List<WebElement> shares = inRules(browser, "rules[1].split").findElements(By.cssSelector("output.share"));
            assertThat(shares).extracting(WebElement::getText).containsExactly("70 %", "30 %");
            saveRules(browser);
            browser.textIn(By.cssSelector("form.rules-card .status"), "Rules saved: 2 rules");
            browser.screenshot("dynamic-rules");

            JsonNode saved = code(id).path("rules");
            assertThat(saved).isEqualTo(Api.JSON.valueToTree(List.of(
                    Map.of("name", "iPhones", "when", Map.of("os", List.of("iOS")), "destinationUrl", ios),
                    Map.of("split", List.of(Map.of("destinationUrl", variantA, "weight", 70),
                            Map.of("destinationUrl", variantB, "weight", 30))))));
            assertThat(location(scan(shortUrl, UserAgents.IPHONE))).isEqualTo(ios);
            assertThat(location(scan(shortUrl, UserAgents.CHROME_WINDOWS))).isIn(variantA, variantB);

            // Paused: the short link answers the paused page; resumed (from the keyboard): it redirects again.
            WebElement toggle = browser.visible(SWITCH);
            assertThat(toggle.getAttribute("aria-checked")).isEqualTo("true");
            toggle.click();
            browser.until(driver -> "false".equals(toggle.getAttribute("aria-checked")) && toggle.isEnabled());
            assertThat(code(id).path("status").asText()).isEqualTo("paused");
            HttpResponse<String> paused = scan(shortUrl, UserAgents.CHROME_WINDOWS);
            assertThat(paused.statusCode()).isEqualTo(404);
            assertThat(paused.body()).contains("paused");
            assertThat(paused.headers().firstValue("Location")).isEmpty();
            assertThat(browser.visible(By.cssSelector(".detail-head .badge")).getText()).isEqualTo("Paused");

            toggle.sendKeys(Keys.SPACE);
            browser.until(driver -> "true".equals(toggle.getAttribute("aria-checked")) && toggle.isEnabled());
            assertThat(code(id).path("status").asText()).isEqualTo("active");
            assertThat(location(scan(shortUrl, UserAgents.IPHONE))).isEqualTo(ios);
            toggle.sendKeys(Keys.ENTER);
            browser.until(driver -> "false".equals(toggle.getAttribute("aria-checked")) && toggle.isEnabled());
            assertThat(code(id).path("status").asText()).isEqualTo("paused");
            toggle.sendKeys(Keys.ENTER);
            browser.until(driver -> "true".equals(toggle.getAttribute("aria-checked")) && toggle.isEnabled());
            assertThat(code(id).path("status").asText()).isEqualTo("active");

            // A password gate set on the page: scans get its form; removed again: they are redirected.
            WebElement gate = browser.visible(By.cssSelector("form.password-gate"));
            gate.findElement(By.name("password")).sendKeys("console gate");
            gate.findElement(By.cssSelector("button[type=submit]")).click();
            browser.textIn(By.cssSelector("form.password-gate .status"), "Password saved");
            assertThat(code(id).path("passwordProtected").asBoolean()).isTrue();
            assertThat(browser.visible(By.cssSelector(".detail-head .badge.protected")).getText()).isEqualTo("Password");
            assertThat(scan(shortUrl, UserAgents.CHROME_WINDOWS).body()).contains("<form method=\"post\"");
            gate.findElement(By.xpath(".//button[normalize-space()='Remove password']")).click();
            browser.textIn(By.cssSelector("form.password-gate .status"), "Password removed");
            assertThat(code(id).path("passwordProtected").asBoolean()).isFalse();

            // Deleted (after the confirmation): gone from the API, and the short link says so.
            browser.driver().findElement(By.xpath("//button[normalize-space()='Delete this code']")).click();
            browser.until(driver -> driver.switchTo().alert()).accept();
            browser.until(driver -> "#/dynamic".equals(browser.script("return location.hash;")));
            assertThat(Api.getAs(ConsoleBrowser.KEY, "/api/v1/dynamic/" + id).status()).isEqualTo(404);
            assertThat(scan(shortUrl, UserAgents.CHROME_WINDOWS).statusCode()).isEqualTo(410);
            // The one refused save (the unknown language) is the only failed request.
            browser.assertNoConsoleErrors(Pattern.compile("/api/v1/dynamic/" + id + " .*status of 400"));
        }
    }

    @Test
    void liveScanCountListAndPhoneWidth() {
        String target = destination("live");
        String title = "Console live " + UUID.randomUUID();
        Api.Reply reply = Api.postAs(ConsoleBrowser.KEY, "/api/v1/dynamic",
                Api.json(Map.of("destinationUrl", target, "title", title)));
        assertThat(reply.status()).as(reply.toString()).isEqualTo(201);
        String id = reply.json().path("id").asText();
        String shortUrl = reply.json().path("shortUrl").asText();
        int scans = 5;
        try (ConsoleBrowser browser = ConsoleBrowser.start()) {
            browser.signInWithKey();
            browser.go("dynamic/" + id);
            By shownCount = By.cssSelector(".scan-count");
            browser.textIn(shownCount, "0");
            for (int i = 0; i < scans; i++) {
                assertThat(location(scan(shortUrl, UserAgents.ANDROID_CHROME))).isEqualTo(target);
            }
            // The page is not reloaded: its poll brings the count.
            browser.until(driver -> driver.findElement(shownCount).getText().equals(String.valueOf(scans)));
            assertThat(browser.driver().findElement(By.cssSelector(".scans-live")).getText()).contains("scans so far");
            browser.script("arguments[0].scrollIntoView({block: 'center'});", browser.driver().findElement(shownCount));
            browser.screenshot("dynamic-detail");

            browser.go("dynamic?q=" + title.substring(title.length() - 12));
            By row = By.cssSelector("tr[data-id='" + id + "']");
            browser.visible(row);
            assertThat(browser.driver().findElements(By.cssSelector("table.dynamic-list tbody tr"))).hasSize(1);
            WebElement found = browser.driver().findElement(row);
            assertThat(found.findElement(By.cssSelector("td.scans")).getText()).isEqualTo(String.valueOf(scans));
            assertThat(found.findElement(By.cssSelector(".badge")).getText()).isEqualTo("Active");
            assertThat(found.findElement(By.cssSelector(".short-url")).getText())
                    .isEqualTo(shortUrl.replaceFirst("^https?://", ""));
            browser.screenshot("dynamic-list");

            browser.resize(ConsoleBrowser.PHONE);
            assertThat(browser.overflowsSideways()).as("list sideways at phone width").isFalse();
            assertThat(browser.tablesScrollingSideways()).as("tables hiding columns at phone width").isEmpty();
            found.findElement(By.cssSelector("td a")).click();
            browser.visible(SWITCH);
            browser.visible(By.cssSelector("a.short-url"));
            assertThat(browser.overflowsSideways()).as("detail sideways at phone width").isFalse();
            browser.screenshot("dynamic-phone");
            browser.assertNoConsoleErrors();
        }
    }
}
