package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Custom domains end to end: registration, verification by TXT record and by HTTP challenge through a DNS server of
 * the test's own (arquillian.xml points the server's resolver at it, and the HTTP challenge at the server's own
 * port), dynamic codes on them, and scans told apart by the {@code Host} they name ({@link Api#scanNaming}).
 */
class DomainsIT extends ServerTest {

    private static final String DOMAINS = "/api/v1/domains";
    private static final URI BASE = URI.create(Api.BASE_URL);
    private static DnsResponder dns;

    @BeforeAll
    static void startDns() {
        dns = new DnsResponder(Integer.getInteger("it.dns.port"));
    }

    @AfterAll
    static void stopDns() {
        dns.close();
    }

    /** A host no other test or earlier run uses. */
    private static String host(String label) {
        return label + "-" + UUID.randomUUID().toString().substring(0, 8) + ".example.com";
    }

    private static String unique(String label) {
        return label + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private static JsonNode ok(Api.Reply reply, int status) {
        assertThat(reply.status()).as(reply.toString()).isEqualTo(status);
        return reply.json();
    }

    private static JsonNode register(String key, String host) {
        return ok(Api.postAs(key, DOMAINS, Api.json(Map.of("host", host))), 201);
    }

    private static JsonNode verify(String key, String id) {
        return ok(Api.postAs(key, DOMAINS + "/" + id + "/verify", ""), 200);
    }

    /** A domain of the main workspace, verified by its TXT record. */
    private static JsonNode verifiedByDns(String host) {
        JsonNode domain = register(Api.KEY, host);
        JsonNode txt = domain.path("verification").path("txt");
        dns.txt(txt.path("name").asText(), txt.path("value").asText());
        JsonNode verified = verify(Api.KEY, domain.path("id").asText());
        assertThat(verified.path("status").asText()).as(verified.toString()).isEqualTo("verified");
        return verified;
    }

    private static JsonNode dynamic(String key, Map<String, Object> fields) {
        return ok(Api.postAs(key, "/api/v1/dynamic", Api.json(fields)), 201);
    }

    private static Api.HostScan scan(String host, String path) {
        return Api.scanNaming(Api.BASE_URL, host, path);
    }

    @Test
    void twoDomainsServeTheSameShortCodeEachToItsOwnDestinationAndOtherHostsTheDefaultDomains() {
        String byDns = host("dns");
        String byHttp = host("http");
        JsonNode first = verifiedByDns(byDns);
        assertThat(first.path("verifiedBy").asText()).isEqualTo("dns");
        assertThat(first.path("verifiedAt").isTextual()).isTrue();
        assertThat(first.path("lastError").isNull()).isTrue();

        JsonNode second = register(Api.KEY, byHttp);
        String token = second.path("verification").path("token").asText();
        assertThat(second.path("verification").path("http").path("url").asText())
                .isEqualTo("http://" + byHttp + ":" + BASE.getPort() + "/.well-known/qrforge-challenge/" + token);
        // Pending, the service answers its challenge on any host.
        assertThat(Api.get("/.well-known/qrforge-challenge/" + token).text().strip())
                .isEqualTo("qrforge-verification=" + token);
        dns.a(byHttp, "127.0.0.1");
        JsonNode verified = verify(Api.KEY, second.path("id").asText());
        assertThat(verified.path("status").asText()).as(verified.toString()).isEqualTo("verified");
        assertThat(verified.path("verifiedBy").asText()).isEqualTo("http");
        assertThat(Api.get("/.well-known/qrforge-challenge/" + token).status()).as("verified: no longer answered")
                .isEqualTo(404);

        String shortCode = unique("promo");
        JsonNode onFirst = dynamic(Api.KEY, Map.of("destinationUrl", "https://example.com/first", "shortCode",
                shortCode, "domain", byDns.toUpperCase()));
        assertThat(onFirst.path("domain").asText()).isEqualTo(byDns);
        assertThat(onFirst.path("shortUrl").asText()).isEqualTo("http://" + byDns + "/s/" + shortCode);
        JsonNode onSecond = dynamic(Api.KEY, Map.of("destinationUrl", "https://example.com/second", "shortCode",
                shortCode, "domain", byHttp));
        assertThat(onSecond.path("shortUrl").asText()).isEqualTo("http://" + byHttp + "/s/" + shortCode);
        assertThat(Api.postAs(Api.KEY, "/api/v1/dynamic", Api.json(Map.of("destinationUrl",
                "https://example.com/again", "shortCode", shortCode, "domain", byHttp))).status())
                .as("unique per domain").isEqualTo(409);
        String onlyCustom = unique("custom-only");
        dynamic(Api.KEY, Map.of("destinationUrl", "https://example.com/custom-only", "shortCode", onlyCustom,
                "domain", byDns));
        String onlyDefault = unique("default-only");
        JsonNode onDefault = dynamic(Api.KEY, Map.of("destinationUrl", "https://example.com/default",
                "shortCode", onlyDefault));
        assertThat(onDefault.path("domain").isNull()).isTrue();

        assertThat(scan(byDns, "/s/" + shortCode)).isEqualTo(new Api.HostScan(302, "https://example.com/first"));
        assertThat(scan(byHttp, "/s/" + shortCode)).isEqualTo(new Api.HostScan(302, "https://example.com/second"));
        // Again, now answered from the caches (the scan lane).
        assertThat(scan(byDns, "/s/" + shortCode)).isEqualTo(new Api.HostScan(302, "https://example.com/first"));
        assertThat(scan(byHttp.toUpperCase(), "/s/" + shortCode)).isEqualTo(new Api.HostScan(302,
                "https://example.com/second"));
        String unknown = host("unknown");
        assertThat(scan(unknown, "/s/" + onlyDefault)).as("an unknown host falls back to the default domain")
                .isEqualTo(new Api.HostScan(302, "https://example.com/default"));
        assertThat(scan(unknown, "/s/" + onlyCustom).status()).as("but not to a custom domain's codes")
                .isEqualTo(404);
        assertThat(scan(unknown, "/s/" + shortCode).status()).isEqualTo(404);
        assertThat(scan(byDns, "/s/" + onlyDefault).status()).as("a custom host resolves its own codes only")
                .isEqualTo(404);
        assertThat(scan(byDns, "/s/" + onlyCustom)).isEqualTo(new Api.HostScan(302, "https://example.com/custom-only"));

        // The real-time counts went to each domain's own code.
        assertThat(ok(Api.get("/api/v1/dynamic/" + onFirst.path("id").asText()), 200).path("scanCount").asLong())
                .isEqualTo(2);
        assertThat(ok(Api.get("/api/v1/dynamic/" + onSecond.path("id").asText()), 200).path("scanCount").asLong())
                .isEqualTo(2);
    }

    @Test
    void aDomainStaysPendingUntilItsRecordIsThereAndOnlyAVerifiedDomainOfTheWorkspaceTakesCodes() {
        String host = host("pending");
        JsonNode domain = register(Api.KEY, host);
        String id = domain.path("id").asText();
        assertThat(domain.path("status").asText()).isEqualTo("pending");
        assertThat(domain.path("verification").path("txt").path("name").asText())
                .isEqualTo("_qrforge-challenge." + host);

        JsonNode failed = verify(Api.KEY, id);
        assertThat(failed.path("status").asText()).isEqualTo("pending");
        assertThat(failed.path("lastCheckedAt").isTextual()).isTrue();
        assertThat(failed.path("lastError").asText()).contains("no TXT record at _qrforge-challenge." + host)
                .contains(host + " has no A or AAAA record");
        Api.Reply refused = Api.post("/api/v1/dynamic", Api.json(Map.of("destinationUrl", "https://example.com",
                "domain", host)));
        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.json().path("error").path("code").asText()).isEqualTo("UNPROCESSABLE");
        assertThat(refused.json().path("error").path("field").asText()).isEqualTo("domain");
        assertThat(refused.json().path("error").path("message").asText()).contains("not verified");

        // A record of the wrong value, then an HTTP challenge to an address the server must not call.
        dns.txt("_qrforge-challenge." + host, "qrforge-verification=someone-elses");
        dns.a(host, "10.1.2.3");
        JsonNode stillPending = verify(Api.KEY, id);
        assertThat(stillPending.path("status").asText()).isEqualTo("pending");
        assertThat(stillPending.path("lastError").asText()).contains("do not include")
                .contains("10.1.2.3, a private address");

        dns.txt("_qrforge-challenge." + host, domain.path("verification").path("txt").path("value").asText());
        assertThat(verify(Api.KEY, id).path("status").asText()).isEqualTo("verified");

        Api.Reply unknown = Api.post("/api/v1/dynamic", Api.json(Map.of("destinationUrl", "https://example.com",
                "domain", host("nobody"))));
        assertThat(unknown.status()).isEqualTo(422);
        assertThat(unknown.json().path("error").path("field").asText()).isEqualTo("domain");
        Api.Reply others = Api.postAs(Api.OTHER_KEY, "/api/v1/dynamic", Api.json(Map.of("destinationUrl",
                "https://example.com", "domain", host)));
        assertThat(others.status()).as("another workspace's domain").isEqualTo(422);
        assertThat(others.json().path("error").path("message").asText()).as("told like an unknown host")
                .isEqualTo("domain " + host + " is not one of this workspace's domains; register it at POST"
                        + " /api/v1/domains first");
        assertThat(Api.getAs(Api.OTHER_KEY, DOMAINS + "/" + id).status()).isEqualTo(404);
        Api.Reply taken = Api.postAs(Api.OTHER_KEY, DOMAINS, Api.json(Map.of("host", host)));
        assertThat(taken.status()).isEqualTo(409);
        assertThat(taken.json().path("error").path("field").asText()).isEqualTo("host");
    }

    @Test
    void hostsAreCheckedAndStoredInTheirAsciiForm() {
        for (String bad : List.of("127.0.0.1", "localhost", "https://go.example.com", "go.example.com:8080",
                "-bad.example.com", "under_score.example.com", "1.2.3.4.5", "")) {
            Api.Reply reply = Api.post(DOMAINS, Api.json(Map.of("host", bad)));
            assertThat(reply.status()).as(bad).isEqualTo(400);
            assertThat(reply.json().path("error").path("field").asText()).as(bad).isEqualTo("host");
        }
        String label = unique("bücher");
        JsonNode idn = register(Api.KEY, label.toUpperCase() + ".Example.COM.");
        assertThat(idn.path("host").asText()).startsWith("xn--").endsWith(".example.com").doesNotContain("ü");
    }

    @Test
    void aDomainWithLiveCodesIsNotDeletedAndEveryChangeIsAudited() {
        String host = host("audited");
        String id = verifiedByDns(host).path("id").asText();
        String code = dynamic(Api.KEY, Map.of("destinationUrl", "https://example.com/audited", "domain", host))
                .path("id").asText();
        Api.Reply refused = Api.deleteAs(Api.KEY, DOMAINS + "/" + id);
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.json().path("error").path("message").asText()).contains("1 dynamic code");
        assertThat(Api.deleteAs(Api.KEY, "/api/v1/dynamic/" + code).status()).isEqualTo(204);
        assertThat(Api.deleteAs(Api.KEY, DOMAINS + "/" + id).status()).isEqualTo(204);
        assertThat(Api.get(DOMAINS + "/" + id).status()).isEqualTo(404);

        List<String> actions = new ArrayList<>();
        JsonNode entries = ok(Api.get("/api/v1/audit?resourceType=domain&resourceId=" + id), 200).path("items");
        entries.forEach(entry -> actions.add(entry.path("action").asText()));
        assertThat(actions).containsExactly("delete", "update", "create");
        assertThat(entries.get(1).path("before").path("status").asText()).isEqualTo("pending");
        assertThat(entries.get(1).path("after").path("status").asText()).isEqualTo("verified");
        assertThat(entries.get(1).path("after").path("verifiedBy").asText()).isEqualTo("dns");
        assertThat(entries.get(2).path("after").path("host").asText()).isEqualTo(host);
        JsonNode codeCreated = ok(Api.get("/api/v1/audit?resourceType=dynamic_code&action=create&resourceId="
                + code), 200).path("items").get(0);
        assertThat(codeCreated.path("after").path("domain").asText()).isEqualTo(host);
    }

    @Test
    void domainsAreListedNewestFirstByCursor() {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ids.add(0, register(Api.KEY, host("listed")).path("id").asText());
        }
        JsonNode page = ok(Api.get(DOMAINS + "?limit=2"), 200);
        assertThat(page.path("items")).hasSize(2);
        assertThat(page.path("items").get(0).path("id").asText()).isEqualTo(ids.get(0));
        assertThat(page.path("items").get(1).path("id").asText()).isEqualTo(ids.get(1));
        JsonNode next = ok(Api.get(DOMAINS + "?limit=2&cursor=" + page.path("nextCursor").asText()), 200);
        assertThat(next.path("items").get(0).path("id").asText()).isEqualTo(ids.get(2));
        assertThat(ok(Api.getAs(Api.OTHER_KEY, DOMAINS + "?limit=200"), 200).path("items").findValuesAsText("id"))
                .doesNotContainAnyElementsOf(ids);
    }
}
