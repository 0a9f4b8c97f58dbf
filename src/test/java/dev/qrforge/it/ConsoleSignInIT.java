package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpRequest;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;

/**
 * The console's shell in Chromium: both ways of signing in (a workspace API key; Keycloak's authorization-code flow
 * with PKCE, through the realm's real login page), and every section at phone width.
 */
@DatabaseIndependent
class ConsoleSignInIT extends ServerTest {

    private static final List<String> SECTIONS = List.of("codes", "design", "dynamic", "analytics", "bulk",
            "transparent");

    @Test
    void consoleIsServedWithItsSettingsAndAPolicyThatAdmitsOnlyThisOriginAndKeycloak() {
        Api.Reply bare = Api.send(HttpRequest.newBuilder(URI.create(Api.BASE_URL + "/console")));
        assertThat(bare.status()).isEqualTo(302);
        assertThat(bare.header("Location")).hasValueSatisfying(location -> assertThat(location).endsWith("/console/"));

        Api.Reply page = Api.send(HttpRequest.newBuilder(URI.create(ConsoleBrowser.CONSOLE_URL)));
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.text()).contains("webjars/keycloak-js/").contains("webjars/chart.js/").doesNotContain("${");
        String keycloakOrigin = URI.create(Tokens.REALM_URL).resolve("/").toString().replaceAll("/$", "");
        assertThat(page.header("Content-Security-Policy")).hasValueSatisfying(csp -> assertThat(csp)
                .contains("script-src 'self';").contains("connect-src 'self' " + keycloakOrigin + ";")
                .contains("frame-ancestors 'none'").doesNotContain("unsafe"));

        JsonNode settings = Api.send(HttpRequest.newBuilder(URI.create(ConsoleBrowser.CONSOLE_URL + "settings.json")))
                .json().path("oidc");
        assertThat(settings.path("url").asText() + "/realms/" + settings.path("realm").asText())
                .isEqualTo(Tokens.REALM_URL);
        assertThat(settings.path("clientId").asText()).isEqualTo("qrforge-console");
    }

    @Test
    void aWrongKeyIsRefusedOnTheSpotAndTheRightOneSignsInForTheTab() {
        try (ConsoleBrowser browser = ConsoleBrowser.start()) {
            browser.go("codes");
            WebElement key = browser.visible(By.name("apiKey"));
            key.sendKeys("qrk_not_a_key_of_anybody_0000000", Keys.ENTER);
            browser.textIn(By.cssSelector(".sign-in-key .status.error"), "not valid");
            // A sentence for people; the request id is for support, folded under Details.
            WebElement refusal = browser.driver().findElement(By.cssSelector(".sign-in-key .status.error"));
            assertThat(refusal.getText()).doesNotContain("req_").doesNotContain("[");
            WebElement details = refusal.findElement(By.cssSelector("details"));
            assertThat(details.findElement(By.tagName("summary")).getText()).isEqualTo("Details");
            details.findElement(By.tagName("summary")).click();
            assertThat(details.findElement(By.tagName("code")).getText()).startsWith("req_");
            browser.screenshot("sign-in-refused");
            browser.assertNoConsoleErrors(Pattern.compile("api/v1/qr\\?limit=1 .*status of 401"));

            key.clear();
            key.sendKeys(ConsoleBrowser.KEY, Keys.ENTER);
            browser.textIn(By.cssSelector("header.top .who-name"), ConsoleBrowser.KEY.substring(
                    ConsoleBrowser.KEY.length() - 4));
            browser.visible(By.cssSelector("nav a[aria-current=page][data-section=codes]"));

            browser.driver().navigate().refresh();
            browser.visible(By.cssSelector("header.top .who-name"));
            assertThat(browser.driver().findElements(By.name("apiKey"))).as("still signed in after a reload").isEmpty();

            browser.driver().findElement(By.cssSelector("header.top .sign-out")).click();
            browser.visible(By.name("apiKey"));
            browser.assertNoConsoleErrors();
        }
    }

    @Test
    void keycloakSignInUsesTheAuthorizationCodeFlowWithPkceAndItsTokenCallsTheApi() {
        try (ConsoleBrowser browser = ConsoleBrowser.start()) {
            browser.go("codes");
            browser.screenshot("sign-in");
            browser.visible(By.cssSelector(".sign-in-keycloak")).click();

            browser.visible(By.id("username")).sendKeys("console-user");
            String login = browser.driver().getCurrentUrl();
            assertThat(login).startsWith(Tokens.REALM_URL + "/protocol/openid-connect/auth?")
                    .contains("client_id=qrforge-console").contains("response_type=code")
                    .contains("code_challenge_method=S256").contains("code_challenge=");
            browser.driver().findElement(By.id("password")).sendKeys("console-password");
            browser.driver().findElement(By.id("kc-login")).click();

            browser.textIn(By.cssSelector("header.top .who-name"), "console-user");
            assertThat(browser.driver().getCurrentUrl()).as("the code is gone from the address bar")
                    .doesNotContain("code=");
            browser.visible(By.cssSelector("main h1"));
            assertThat(browser.driver().findElement(By.cssSelector(".notice")).isDisplayed()).isFalse();
            // The console's own API module, as its views use it, now calls with the user's token: a code made
            // this way is in the realm's console workspace, and the same token lists it.
            Object listed = browser.asyncScript("""
                    const done = arguments[arguments.length - 1];
                    import('./js/api.js')
                        .then(api => api.post('qr', {data: 'https://example.com/keycloak-console'})
                            .then(made => api.get('qr?q=keycloak-console&limit=200')
                                .then(page => done(page.items.some(item => item.id === made.id)))))
                        .catch(e => done(String(e)));""");
            assertThat(listed).isEqualTo(Boolean.TRUE);
            browser.screenshot("signed-in-keycloak");
            browser.assertNoConsoleErrors();
        }
    }

    @Test
    void everySectionFitsAPhoneAndTheKeyboardReachesIt() {
        try (ConsoleBrowser browser = ConsoleBrowser.start()) {
            browser.signInWithKey();
            browser.resize(ConsoleBrowser.PHONE);
            for (String section : SECTIONS) {
                browser.go(section);
                // The sections are folded behind Menu at this width: the current one is marked all the same.
                By current = By.cssSelector("nav a[aria-current=page][data-section=" + section + "]");
                browser.until(driver -> !driver.findElements(current).isEmpty());
                browser.until(driver -> driver.findElements(By.cssSelector("main .loading")).isEmpty()
                        && !driver.findElements(By.cssSelector("main h1")).isEmpty());
                assertThat(browser.driver().findElement(By.cssSelector(".notice")).isDisplayed())
                        .as(section + " shows no error").isFalse();
                assertThat(browser.overflowsSideways()).as(section + " fits 390 px").isFalse();
                browser.screenshot("phone-" + section);
            }

            // One header row on a phone; Menu unfolds the sections, the current one marked, and Escape folds them.
            WebElement header = browser.driver().findElement(By.cssSelector("header.top"));
            assertThat(header.getSize().getHeight()).as("the phone header's height").isLessThan(64);
            WebElement menu = browser.visible(By.cssSelector("header.top .nav-toggle"));
            assertThat(menu.getAttribute("aria-expanded")).isEqualTo("false");
            menu.click();
            assertThat(menu.getAttribute("aria-expanded")).isEqualTo("true");
            WebElement here = browser.visible(By.cssSelector("nav a[aria-current=page]"));
            here.sendKeys(Keys.ESCAPE);
            browser.until(driver -> !here.isDisplayed());
            assertThat(browser.driver().switchTo().activeElement()).isEqualTo(menu);

            // On a fresh page, the first Tab stop is the skip link, and following it lands in the section itself.
            browser.driver().navigate().refresh();
            browser.visible(By.cssSelector("main h1"));
            new Actions(browser.driver()).sendKeys(Keys.TAB).perform();
            WebElement skip = browser.driver().switchTo().activeElement();
            assertThat(skip.getDomAttribute("class")).isEqualTo("skip-link");
            assertThat(skip.getText()).as("shown once focused").isEqualTo("Skip to content");
            skip.sendKeys(Keys.ENTER);
            assertThat(browser.driver().switchTo().activeElement().getAttribute("id")).isEqualTo("main");
            browser.assertNoConsoleErrors();
        }
    }
}
