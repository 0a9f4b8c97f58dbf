package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Who may join a cluster (configure-server.cli, "Clustering"), on three servers of the test's own that only need
 * their channels, not their deployments:
 * <ul>
 * <li>two members discover each other through DNS_PING: the test's DNS server on loopback answers the cluster's name
 * with both members' A records, and the two share a port offset on two loopback addresses, as pods of a headless
 * service share the JGroups port;</li>
 * <li>an intruder that names the first member but holds the wrong secret is refused by the coordinator's AUTH, which
 * logs why, and its own channel fails with the reason; the members' view never grows past two.</li>
 * </ul>
 * {@link ClusterIT} is the secret's other half: members holding it cluster and serve as one.
 */
@DatabaseIndependent
class ClusterMembershipIT {

    /** Both members' port offset (each on its own loopback address) and the intruder's. */
    private static final int OFFSET = Integer.getInteger("it.membership.offset", 1050);
    private static final int OFFSET_INTRUDER = Integer.getInteger("it.membership.offset-intruder", 1150);
    private static final String DNS_NAME = "qrforge-cluster.membership.test";
    private static final String SECRET = "membership-" + UUID.randomUUID();
    /** WildFly's log of the channel's first view: {@code WFLYCLJG0033: Connected 'ee' channel. … (1) [a]}. */
    private static final String CHANNEL_CONNECTED = "WFLYCLJG0033";
    /** What JGroups' AUTH logs on the coordinator when a joiner's token does not match its own. */
    private static final String REFUSED = "failed to validate AuthHeader";
    /** The reason the refused joiner's channel gives. */
    private static final String REFUSAL_REASON = "authentication failed";
    private static final Duration BOOT = Duration.ofSeconds(180);

    private static DnsResponder dns;
    private static ProvisionedServer first;
    private static ProvisionedServer second;
    private static ProvisionedServer intruder;

    @BeforeAll
    static void startMembersAndIntruder() throws Exception {
        dns = new DnsResponder(Integer.getInteger("it.dns.port"));
        dns.a(DNS_NAME, "127.0.0.1");
        dns.a(DNS_NAME, "127.0.0.2");
        String cluster = "it-membership-" + UUID.randomUUID();
        first = new ProvisionedServer("it-membership-first", OFFSET, "127.0.0.1", member(cluster));
        second = new ProvisionedServer("it-membership-second", OFFSET, "127.0.0.2", member(cluster));
        Map<String, String> wrong = ProvisionedServer.baseEnvironment(Api.KEY);
        wrong.put("QRFORGE_CLUSTER_NAME", cluster);
        wrong.put("QRFORGE_CLUSTER_SECRET", "not-" + SECRET);
        wrong.put("QRFORGE_CLUSTER_MEMBERS", "127.0.0.1[" + (7600 + OFFSET) + "]");
        intruder = new ProvisionedServer("it-membership-intruder", OFFSET_INTRUDER, wrong);
        // The first is coordinator before the others look for it, so each joins it (or is refused) at once rather
        // than forming a cluster of its own that a later merge would have to resolve.
        first.launch();
        ClusterIT.await(() -> first.console().contains(CHANNEL_CONNECTED), "the first member's channel", BOOT);
        second.launch();
        intruder.launch();
        ClusterIT.await(() -> second.console().contains(CHANNEL_CONNECTED), "the second member's channel", BOOT);
        ClusterIT.await(() -> first.console().contains(REFUSED), "the coordinator refusing the intruder", BOOT);
        ClusterIT.await(() -> intruder.console().contains(REFUSAL_REASON), "the intruder's channel failing", BOOT);
    }

    @AfterAll
    static void stopAll() throws Exception {
        for (AutoCloseable closeable : new AutoCloseable[] {intruder, second, first, dns}) {
            if (closeable != null) {
                closeable.close();
            }
        }
    }

    @Test
    void membersFoundThroughDnsFormOneView() {
        // The second joined the first's view while connecting: its channel's first view is of two.
        assertThat(clusterLines(second)).as("the second member's log").anyMatch(line -> line.contains("(2) ["));
    }

    @Test
    void aNodeWithTheWrongSecretIsRefusedAndTheLogsSayWhy() {
        assertThat(lines(first, REFUSED)).as("the coordinator's log").singleElement()
                .satisfies(line -> assertThat(line).contains("it-membership-intruder"));
        assertThat(lines(intruder, REFUSAL_REASON)).as("the intruder's log").isNotEmpty();
        assertThat(clusterLines(intruder)).as("the intruder's log").noneMatch(line -> line.contains("(2) [")
                || line.contains("(3) ["));
        for (ProvisionedServer member : new ProvisionedServer[] {first, second}) {
            assertThat(member.console()).as("a member's view").doesNotContain("(3) [");
        }
    }

    private static Map<String, String> member(String cluster) {
        Map<String, String> env = ProvisionedServer.baseEnvironment(Api.KEY);
        env.put("QRFORGE_CLUSTER_NAME", cluster);
        env.put("QRFORGE_CLUSTER_SECRET", SECRET);
        env.put("QRFORGE_CLUSTER_DNS_QUERY", DNS_NAME);
        env.put("QRFORGE_CLUSTER_DNS_SERVER", "127.0.0.1:" + Integer.getInteger("it.dns.port"));
        return env;
    }

    private static List<String> clusterLines(ProvisionedServer server) {
        return lines(server, "cluster");
    }

    private static List<String> lines(ProvisionedServer server, String containing) {
        return server.console().lines().filter(line -> line.contains(containing)).toList();
    }
}
