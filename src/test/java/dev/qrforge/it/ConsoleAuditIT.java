package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/** The console's audit view: the filtered log as a table with the changed fields, its CSV, at phone width too. */
@DatabaseIndependent
class ConsoleAuditIT extends ServerTest {

    @Test
    void theAuditViewShowsAChangeWithItsFieldsFiltersItAndOffersItsCsvAtPhoneWidth() {
        Api.Reply created = Api.postAs(ConsoleBrowser.KEY, "/api/v1/qr", Api.json(Map.of("data",
                "https://example.com/console-audit", "title", "Audited")));
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        String id = created.json().path("id").asText();
        assertThat(Api.patchAs(ConsoleBrowser.KEY, "/api/v1/qr/" + id, Api.json(Map.of("title", "Renamed")))
                .status()).isEqualTo(200);

        try (ConsoleBrowser browser = ConsoleBrowser.start()) {
            browser.signInWithKey();
            browser.go("audit?resourceId=" + id);
            browser.textIn(By.cssSelector(".audit .status"), "2 changes");
            WebElement rows = browser.visible(By.cssSelector(".audit tbody"));
            assertThat(rows.findElements(By.tagName("tr"))).hasSize(2);
            String newest = rows.findElements(By.tagName("tr")).get(0).getText();
            assertThat(newest).contains("update").contains(id).contains("title").contains("Audited")
                    .contains("Renamed");

            new Select(browser.driver().findElement(By.cssSelector(".audit select"))).selectByValue("create");
            browser.textIn(By.cssSelector(".audit .status"), "1 change");
            assertThat(browser.driver().getCurrentUrl()).contains("action=create").contains("resourceId=" + id);
            ConsoleBrowser.Download csv = browser.download(browser.driver().findElement(
                    By.xpath("//button[text()='Download CSV']")));
            String text = new String(csv.bytes(), StandardCharsets.UTF_8);
            assertThat(text.lines()).hasSize(2);
            assertThat(text).contains(",create,qr_code," + id + ",");

            browser.resize(ConsoleBrowser.PHONE);
            browser.script("arguments[0].scrollIntoView();", rows);
            browser.screenshot("audit-phone");
            assertThat(browser.overflowsSideways()).as("audit view sideways at phone width").isFalse();
            assertThat(browser.tablesScrollingSideways()).as("tables hiding columns at phone width").isEmpty();
            browser.assertNoConsoleErrors();
        }
    }
}
