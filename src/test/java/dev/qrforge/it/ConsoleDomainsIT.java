package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/**
 * The console's domains view: a domain added, its TXT record shown and set (in the test's DNS server), verified, then
 * chosen for a new dynamic code, whose short link is on it; at phone width too.
 */
@DatabaseIndependent
class ConsoleDomainsIT extends ServerTest {

    @Test
    void aDomainIsAddedVerifiedByItsTxtRecordAndChosenForANewDynamicCodeAtPhoneWidth() {
        String host = "console-" + UUID.randomUUID().toString().substring(0, 8) + ".example.com";
        try (DnsResponder dns = new DnsResponder(Integer.getInteger("it.dns.port"));
                ConsoleBrowser browser = ConsoleBrowser.start()) {
            browser.signInWithKey();
            browser.go("domains");
            browser.visible(By.cssSelector("button.add-domain")).click();
            WebElement form = browser.visible(By.cssSelector(".domains dialog[open] form"));
            form.findElement(By.name("host")).sendKeys(host.toUpperCase());
            form.findElement(By.cssSelector("button[type=submit]")).click();
            By card = By.cssSelector(".domain-list li.domain");
            browser.textIn(card, host);
            browser.textIn(card, "Pending");
            WebElement pending = browser.visible(card);
            String name = pending.findElement(By.cssSelector(".txt-name")).getText();
            String value = pending.findElement(By.cssSelector(".txt-value")).getText();
            assertThat(name).isEqualTo("_qrforge-challenge." + host);
            assertThat(value).startsWith("qrforge-verification=");

            browser.resize(ConsoleBrowser.PHONE);
            browser.screenshot("domains-pending-phone");
            assertThat(browser.overflowsSideways()).as("domains view sideways at phone width").isFalse();

            dns.txt(name, value);
            browser.driver().findElement(By.xpath("//button[text()='Verify now']")).click();
            browser.textIn(card, "Verified");
            browser.textIn(card, "its TXT record");

            browser.go("dynamic");
            browser.visible(By.cssSelector("button.new-dynamic")).click();
            WebElement create = browser.visible(By.cssSelector("dialog[open] form.create-dynamic"));
            WebElement domain = browser.visible(By.cssSelector("form.create-dynamic select[name=domain]"));
            browser.until(driver -> new Select(domain).getOptions().stream()
                    .anyMatch(option -> option.getAttribute("value").equals(host)));
            new Select(domain).selectByValue(host);
            create.findElement(By.name("destinationUrl")).sendKeys("https://example.com/console-domain");
            create.findElement(By.cssSelector("button[type=submit]")).click();
            assertThat(browser.visible(By.cssSelector("a.short-url")).getText()).contains(host + "/s/");
            assertThat(browser.overflowsSideways()).as("dynamic code on a domain sideways at phone width").isFalse();
            browser.assertNoConsoleErrors();
        }
    }
}
