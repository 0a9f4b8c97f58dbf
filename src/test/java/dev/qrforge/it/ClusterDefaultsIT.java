package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two servers started with defaults on one machine stay two clusters of one: neither names members
 * (QRFORGE_CLUSTER_MEMBERS), so neither asks the other to join, although they share the default cluster name. The
 * first takes the standard ports, where the old default member list ({@code 127.0.0.1[7600]}) pointed every node:
 * with it, the second would have joined the first while starting. {@link ClusterIT}'s two nodes, given one member
 * list, are the other half of the proof: naming members is what makes a cluster.
 */
@DatabaseIndependent
class ClusterDefaultsIT {

    /** The standard ports: a developer's server there must be stopped first, or this test moved with the switch. */
    private static final int OFFSET_FIRST = Integer.getInteger("it.defaults.offset-first", 0);
    private static final int OFFSET_SECOND = Integer.getInteger("it.defaults.offset-second", 750);
    private static final int JGROUPS_TCP = 7600;
    /** WildFly's log of the channel's first view: {@code WFLYCLJG0033: Connected 'ee' channel. … (1) [a]}. */
    private static final String CHANNEL_CONNECTED = "WFLYCLJG0033";
    private static final String VIEW_OF_ONE = "(1) [";
    private static final String VIEW_OF_TWO = "(2) [";

    private static ProvisionedServer first;
    private static ProvisionedServer second;

    @BeforeAll
    static void startTwoServersWithDefaults() throws Exception {
        for (int port : new int[] {8080 + OFFSET_FIRST, 9990 + OFFSET_FIRST, JGROUPS_TCP + OFFSET_FIRST}) {
            assertThat(free(port)).as("port %d is in use: stop what listens there, or move this test with "
                    + "-Dit.defaults.offset-first", port).isTrue();
        }
        first = new ProvisionedServer("it-defaults-first", OFFSET_FIRST, ProvisionedServer.baseEnvironment(Api.KEY));
        second = new ProvisionedServer("it-defaults-second", OFFSET_SECOND,
                ProvisionedServer.baseEnvironment(Api.KEY));
        // The second starts once the first's channel is up, so its discovery runs while the first listens, as a
        // second instance's would. Neither needs to finish deploying: the channels connect early in the deployment.
        first.launch();
        awaitChannel(first);
        second.launch();
        awaitChannel(second);
    }

    @AfterAll
    static void stopBoth() throws Exception {
        for (ProvisionedServer server : new ProvisionedServer[] {second, first}) {
            if (server != null) {
                server.close();
            }
        }
    }

    @Test
    void eachFormsAClusterOfItsOwn() {
        // The second's channel connected while the first listened: a join would be in that very line's view.
        assertThat(clusterLines(first)).as("the first server's log").anyMatch(line -> line.contains(VIEW_OF_ONE))
                .noneMatch(ClusterDefaultsIT::showsAnotherMember);
        assertThat(clusterLines(second)).as("the second server's log").anyMatch(line -> line.contains(VIEW_OF_ONE))
                .noneMatch(ClusterDefaultsIT::showsAnotherMember);
    }

    /** The log lines about cluster membership, so a failure shows who joined rather than the whole log. */
    private static List<String> clusterLines(ProvisionedServer server) {
        return server.console().lines().filter(line -> line.contains("cluster")).toList();
    }

    private static boolean showsAnotherMember(String line) {
        return line.contains(VIEW_OF_TWO) || line.contains("joined the cluster");
    }

    private static boolean free(int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return true;
        } catch (IOException inUse) {
            return false;
        }
    }

    /** Waits for WildFly's line for the channel's connection, which names the view the node joined. */
    private static void awaitChannel(ProvisionedServer server) {
        ClusterIT.await(() -> server.console().contains(CHANNEL_CONNECTED),
                "the server connecting its channel; see its console.log", Duration.ofSeconds(180));
    }
}
