package dev.qrforge;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * No Docker engine runs where the build runs, so the container setup (docker/) is held to the code here instead:
 * what the compose file sets is what the application reads and docs/configuration.md documents, its versions are
 * the build's, and its two nodes, proxy and cluster settings fit together.
 */
class ContainerFilesTest {

    private static final Path DOCKER = Paths.get("docker");
    private static final Pattern NODE_NAME = Pattern.compile("-Djboss\\.node\\.name=(\\S+)");
    private static final Pattern MEMBER = Pattern.compile("([^,\\[\\]]+)\\[(\\d+)]");
    /** JGroups' TCP port in the provisioned server's configuration. */
    private static final String JGROUPS_PORT = "7600";

    private static Map<String, Map<String, Object>> services;
    private static Map<String, Map<String, Object>> nodes;

    @BeforeAll
    static void readCompose() throws IOException {
        try (Reader reader = Files.newBufferedReader(DOCKER.resolve("compose.yaml"), StandardCharsets.UTF_8)) {
            Map<String, Object> compose = new Yaml().load(reader);
            services = map(compose.get("services"));
        }
        nodes = new LinkedHashMap<>();
        services.forEach((name, service) -> {
            if ("qrforge".equals(service.get("image"))) {
                nodes.put(name, service);
            }
        });
        assertThat(nodes).as("services running the qrforge image").hasSize(2);
    }

    @Test
    void everyVariableTheNodesGetIsDocumented() throws IOException {
        String configuration = Files.readString(Paths.get("docs", "configuration.md"), StandardCharsets.UTF_8);
        Set<String> documented = Pattern.compile("^\\| `(QRFORGE_[A-Z0-9_]+)` \\|", Pattern.MULTILINE)
                .matcher(configuration).results().map(match -> match.group(1)).collect(Collectors.toSet());
        for (Map<String, Object> node : nodes.values()) {
            assertThat(environment(node).keySet()).allMatch(name -> name.startsWith("QRFORGE_"))
                    .isSubsetOf(documented);
        }
    }

    @Test
    void keycloakIsTheVersionTheTestsRunWithTheirRealm() throws Exception {
        String version = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(Paths.get("pom.xml").toFile())
                .getElementsByTagName("version.keycloak").item(0).getTextContent();
        Map<String, Object> keycloak = services.get("keycloak");
        assertThat(keycloak.get("image")).isEqualTo("quay.io/keycloak/keycloak:" + version);

        List<String> volumes = list(keycloak.get("volumes"));
        assertThat(volumes).hasSize(1);
        Path realm = DOCKER.resolve(volumes.get(0).split(":")[0]).normalize();
        assertThat(realm).isEqualTo(Paths.get("src/test/resources/keycloak/qrforge-realm.json")).isRegularFile();
    }

    @Test
    void theNodesAreOneClusterOfDistinctMembers() {
        List<String> nodeNames = new ArrayList<>();
        for (Map.Entry<String, Map<String, Object>> node : nodes.entrySet()) {
            String command = String.join(" ", list(node.getValue().get("command")));
            Matcher nodeName = NODE_NAME.matcher(command);
            assertThat(nodeName.find()).as("%s sets jboss.node.name", node.getKey()).isTrue();
            nodeNames.add(nodeName.group(1));
            // TCPPING's hosts are the services' names on the compose network.
            assertThat(node.getValue().get("hostname")).isEqualTo(node.getKey());
        }
        assertThat(nodeNames).doesNotHaveDuplicates();

        List<Map<String, Object>> environments = nodes.values().stream().map(ContainerFilesTest::environment).toList();
        assertThat(environments.get(1)).as("the second node's environment").isEqualTo(environments.get(0));
        Map<String, Object> environment = environments.get(0);
        // One cluster secret too: without it each node's would be its own name, and the two would refuse each other.
        assertThat(environment).containsKeys("QRFORGE_CLUSTER_NAME", "QRFORGE_CLUSTER_SECRET", "QRFORGE_VISITOR_SECRET",
                "QRFORGE_DB_URL");
        Matcher members = MEMBER.matcher(String.valueOf(environment.get("QRFORGE_CLUSTER_MEMBERS")));
        Set<String> hosts = new TreeSet<>();
        while (members.find()) {
            assertThat(members.group(2)).isEqualTo(JGROUPS_PORT);
            hosts.add(members.group(1).strip());
        }
        assertThat(hosts).isEqualTo(new TreeSet<>(nodes.keySet()));
    }

    @Test
    void theProxyIsTheOneEntranceAndTheOneTrustedProxy() throws IOException {
        Map<String, Object> proxy = services.get("proxy");
        assertThat(list(proxy.get("ports"))).containsExactly("8080:8080");
        services.forEach((name, service) -> {
            if (!Set.of("proxy", "keycloak").contains(name)) {
                assertThat(service).as("%s publishes no port", name).doesNotContainKey("ports");
            }
        });

        String address = String.valueOf(map(map(proxy.get("networks")).get("default")).get("ipv4_address"));
        Object trusted = environment(nodes.values().iterator().next()).get("QRFORGE_TRUSTED_PROXIES");
        assertThat(Arrays.asList(String.valueOf(trusted).split(","))).containsExactly(address + "/32");

        String nginx = Files.readString(DOCKER.resolve("nginx.conf"), StandardCharsets.UTF_8);
        List<String> upstream = Pattern.compile("^\\s*server (\\S+);", Pattern.MULTILINE).matcher(nginx).results()
                .map(match -> match.group(1)).toList();
        assertThat(upstream).containsExactlyInAnyOrderElementsOf(
                nodes.keySet().stream().map(node -> node + ":8080").toList());
        assertThat(nginx).contains("proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;");
    }

    /** The proxy lets through every body the server itself would take, so the application answers oversized ones. */
    @Test
    void theProxyTakesTheBodiesTheServerTakes() throws IOException {
        String script = Files.readString(Paths.get("wildfly/configure-server.cli"), StandardCharsets.UTF_8);
        Matcher serverLimit = Pattern.compile("max-post-size, value=\"\\$\\{env\\.QRFORGE_HTTP_MAX_POST_SIZE:(\\d+)}")
                .matcher(script);
        assertThat(serverLimit.find()).isTrue();
        Matcher proxyLimit = Pattern.compile("client_max_body_size (\\d+)m;")
                .matcher(Files.readString(DOCKER.resolve("nginx.conf"), StandardCharsets.UTF_8));
        assertThat(proxyLimit.find()).isTrue();
        assertThat(Long.parseLong(proxyLimit.group(1)) * 1024 * 1024).isEqualTo(Long.parseLong(serverLimit.group(1)));
    }

    private static Map<String, Object> environment(Map<String, Object> service) {
        return map(service.get("environment"));
    }

    @SuppressWarnings("unchecked")
    private static <V> Map<String, V> map(Object yaml) {
        assertThat(yaml).isInstanceOf(Map.class);
        return (Map<String, V>) yaml;
    }

    @SuppressWarnings("unchecked")
    private static List<String> list(Object yaml) {
        assertThat(yaml).isInstanceOf(List.class);
        return (List<String>) yaml;
    }
}
