package dev.qrforge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.qrforge.admission.MemoryBudget;
import dev.qrforge.admission.RenderAdmission;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * No Kubernetes runs where the build runs, so docker/kubernetes/ is held here to what the server reads and serves:
 * the image (docker/Dockerfile, docker/entrypoint.sh), the documented settings (docs/configuration.md), the render
 * admission's memory rule (admission.MemoryBudget), the health endpoints, and the rolling upgrade that loses no
 * buffered scans (docs/operations.md, "Kubernetes").
 */
class KubernetesManifestsTest {

    private static final Path MANIFESTS = Paths.get("docker", "kubernetes");
    private static final long MIB = 1024 * 1024;
    /** docs/operations.md, "Memory and admission control": 512 MB of heap or more. */
    private static final long MIN_HEAP = 512 * MIB;
    /**
     * What the documented minimum heap leaves outside the default 25 % render budget: the user-agent analyser
     * (about 135 MB), WildFly, the caches and the scan buffer. A heap whose rest is smaller starves them.
     */
    private static final long MIN_HEAP_OUTSIDE_BUDGET = 384 * MIB;
    /**
     * Memory the JVM needs beside the heap: metaspace, code cache, thread stacks, Undertow's direct buffers, G1's
     * own structures, Java2D and FreeType. An allowance, not a measurement: above it the container's limit holds
     * the process, below it the kernel kills the pod long before admission control can refuse anything.
     */
    private static final long MIN_OFF_HEAP = 512 * MIB;
    /**
     * Time a node needs after its suspension to stop: undeploying, the last flush of the scan buffer (one interval's
     * scans at most, in batches), leaving the cluster.
     */
    private static final int STOP_SECONDS = 15;
    /** Settings that are secrets, which must come from a Secret and never stand in a manifest. */
    private static final Pattern SECRET_SETTING = Pattern.compile("SECRET|PASSWORD|API_KEY");

    private static final Map<String, Map<String, Object>> objects = new LinkedHashMap<>();
    private static Map<String, Object> deployment;
    private static Map<String, Object> pod;
    private static Map<String, Object> container;
    private static Map<String, Map<String, Object>> env;

    @BeforeAll
    static void readManifests() throws IOException {
        List<Path> files;
        try (Stream<Path> listing = Files.list(MANIFESTS)) {
            files = listing.filter(file -> file.toString().endsWith(".yaml")).sorted().toList();
        }
        for (Path file : files) {
            for (Object document : new Yaml().loadAll(Files.readString(file, StandardCharsets.UTF_8))) {
                Map<String, Object> object = map(document);
                Object metadata = object.get("metadata");
                String key = object.get("kind") + "/" + (metadata == null ? file : map(metadata).get("name"));
                assertThat(objects.put(key, object)).as("%s defined once", key).isNull();
            }
        }
        deployment = object("Deployment", "qrforge");
        pod = map(map(map(deployment.get("spec")).get("template")).get("spec"));
        List<Map<String, Object>> containers = list(pod.get("containers"));
        assertThat(containers).hasSize(1);
        container = containers.get(0);
        env = new LinkedHashMap<>();
        for (Map<String, Object> variable : KubernetesManifestsTest.<Map<String, Object>>list(container.get("env"))) {
            assertThat(env.put((String) variable.get("name"), variable)).as("%s set once", variable.get("name"))
                    .isNull();
        }
    }

    /** `kubectl apply -k` applies exactly the files here, every object in the one namespace. */
    @Test
    void theKustomizationAppliesEveryManifestInTheNamespace() throws IOException {
        Map<String, Object> kustomization = object("Kustomization", null);
        Set<String> files;
        try (Stream<Path> listing = Files.list(MANIFESTS)) {
            files = listing.map(file -> file.getFileName().toString())
                    .filter(name -> name.endsWith(".yaml") && !name.equals("kustomization.yaml"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        assertThat(new TreeSet<>(KubernetesManifestsTest.<String>list(kustomization.get("resources"))))
                .isEqualTo(files);
        String namespace = namespace();
        objects.forEach((key, object) -> {
            if (!Set.of("Namespace", "Kustomization").contains(object.get("kind"))) {
                assertThat(map(object.get("metadata")).get("namespace")).as("%s's namespace", key)
                        .isEqualTo(namespace);
            }
        });
    }

    @Test
    void twoReplicasUpgradedOneAtATimeWithoutDroppingCapacity() {
        Map<String, Object> spec = map(deployment.get("spec"));
        assertThat(spec.get("replicas")).as("replicas").isEqualTo(2);
        Map<String, Object> strategy = map(spec.get("strategy"));
        assertThat(strategy.get("type")).as("strategy").isEqualTo("RollingUpdate");
        Map<String, Object> rolling = map(strategy.get("rollingUpdate"));
        assertThat(rolling.get("maxUnavailable")).as("no old pod stops before a new one is ready").isEqualTo(0);
        assertThat(rolling.get("maxSurge")).as("a new pod at a time").isEqualTo(1);
        assertThat(selects(map(map(spec.get("selector")).get("matchLabels")))).as("the Deployment's selector").isTrue();
    }

    /** Voluntary evictions (drains) keep a pod serving, yet are possible: a budget of none blocks every drain. */
    @Test
    void theDisruptionBudgetKeepsOnePodAndAllowsOneEviction() {
        Map<String, Object> spec = map(object("PodDisruptionBudget", "qrforge").get("spec"));
        assertThat(selects(map(map(spec.get("selector")).get("matchLabels")))).as("the budget's selector").isTrue();
        int replicas = (Integer) map(deployment.get("spec")).get("replicas");
        int kept = spec.containsKey("minAvailable") ? (Integer) spec.get("minAvailable")
                : replicas - (Integer) spec.get("maxUnavailable");
        assertThat(kept).as("pods kept through a drain").isGreaterThanOrEqualTo(1).isLessThan(replicas);
    }

    /**
     * DNS_PING asks QRFORGE_CLUSTER_DNS_QUERY for A records and contacts each address on the JGroups port, which is
     * the same on every pod: so the name must be the headless Service's, whose records are the pods, starting ones
     * included (a node joins before it is ready).
     */
    @Test
    void theClusterIsFoundThroughTheHeadlessService() throws IOException {
        assertThat(env).doesNotContainKey("QRFORGE_CLUSTER_MEMBERS").containsKeys("QRFORGE_CLUSTER_NAME");
        Map<String, Object> headless = null;
        for (Map<String, Object> service : objectsOf("Service")) {
            if ("None".equals(map(service.get("spec")).get("clusterIP"))) {
                assertThat(headless).as("one headless Service").isNull();
                headless = service;
            }
        }
        assertThat(headless).as("a headless Service").isNotNull();
        Map<String, Object> spec = map(headless.get("spec"));
        assertThat(selects(map(spec.get("selector")))).as("the headless Service's selector").isTrue();
        assertThat(spec.get("publishNotReadyAddresses")).as("the headless Service publishes starting pods")
                .isEqualTo(true);
        int jgroups = dockerPorts().get("JGroups");
        assertThat(servicePorts(spec)).as("the headless Service's ports").containsEntry(jgroups, jgroups);

        String name = (String) map(headless.get("metadata")).get("name");
        assertThat(value("QRFORGE_CLUSTER_DNS_QUERY")).as("the headless Service's fully qualified name")
                .isEqualTo(name + "." + namespace() + ".svc.cluster.local");
    }

    /** The Service clients reach sends them to the HTTP port, and publishes neither management nor JGroups. */
    @Test
    void theServiceExposesHttpAlone() throws IOException {
        Map<String, Object> spec = map(object("Service", "qrforge").get("spec"));
        assertThat(selects(map(spec.get("selector")))).as("the Service's selector").isTrue();
        assertThat(servicePorts(spec).values()).containsExactly(dockerPorts().get("HTTP"));
    }

    @Test
    void theContainerIsTheImagesWithItsPorts() throws IOException {
        String image = (String) container.get("image");
        assertThat(image.replaceAll(":[^:/]*$", "")).as("the image compose builds, from a registry")
                .endsWith("/qrforge");
        Map<String, Integer> ports = containerPorts();
        Map<String, Integer> docker = dockerPorts();
        assertThat(ports).containsEntry("http", docker.get("HTTP")).containsEntry("management",
                docker.get("management")).containsEntry("jgroups", docker.get("JGroups")).hasSize(3);
        // Every pod its own node name: WildFly's default, the host name, is the pod's name. A fixed one in the
        // arguments would give both replicas the same name (cluster members, bulk job leases).
        assertThat(container).doesNotContainKeys("args", "command");
    }

    @Test
    void everyVariableIsDocumentedAndComposesNodesHaveTheirCounterparts() throws IOException {
        String configuration = Files.readString(Paths.get("docs", "configuration.md"), StandardCharsets.UTF_8);
        Set<String> documented = Pattern.compile("^\\| `(QRFORGE_[A-Z0-9_]+)` \\|", Pattern.MULTILINE)
                .matcher(configuration).results().map(match -> match.group(1)).collect(Collectors.toSet());
        assertThat(env.keySet()).allMatch(name -> name.startsWith("QRFORGE_")).isSubsetOf(documented);
        // The heap is the image's (JBOSS_JAVA_SIZING); JAVA_OPTS would replace it with WildFly's 512 MB.
        assertThat(container).doesNotContainKey("envFrom");

        Map<String, Object> compose;
        try (var reader = Files.newBufferedReader(Paths.get("docker", "compose.yaml"), StandardCharsets.UTF_8)) {
            compose = new Yaml().load(reader);
        }
        Set<String> composeNode = new TreeSet<>(map(map(map(compose.get("services")).get("qrforge-1"))
                .get("environment")).keySet());
        composeNode.remove("QRFORGE_CLUSTER_MEMBERS");
        assertThat(env.keySet()).containsAll(composeNode).contains("QRFORGE_CLUSTER_DNS_QUERY",
                "QRFORGE_CLUSTER_SECRET");
    }

    /**
     * Secrets come from the Secret `qrforge`, whose keys are the ones docs/operations.md tells the operator to
     * create; no secret value stands in a manifest, and no manifest defines the Secret (its values would be there).
     */
    @Test
    void secretsComeFromTheSecretTheDocsCreate() throws IOException {
        assertThat(objectsOf("Secret")).isEmpty();
        String operations = Files.readString(Paths.get("docs", "operations.md"), StandardCharsets.UTF_8);
        Matcher command = Pattern.compile("kubectl -n " + namespace() + " create secret generic qrforge(.*?)```",
                Pattern.DOTALL).matcher(operations);
        assertThat(command.find()).as("docs/operations.md creates the Secret").isTrue();
        Set<String> created = Pattern.compile("--from-literal=([a-z-]+)=").matcher(command.group(1)).results()
                .map(match -> match.group(1)).collect(Collectors.toCollection(TreeSet::new));

        Set<String> referenced = new TreeSet<>();
        env.forEach((name, variable) -> {
            Map<String, Object> from = variable.containsKey("valueFrom") ? map(variable.get("valueFrom")) : Map.of();
            if (SECRET_SETTING.matcher(name).find()) {
                assertThat(variable).as("%s has no literal value", name).doesNotContainKey("value");
                assertThat(from).as("%s comes from a Secret", name).containsKey("secretKeyRef");
            }
            if (from.containsKey("secretKeyRef")) {
                Map<String, Object> ref = map(from.get("secretKeyRef"));
                assertThat(ref.get("name")).isEqualTo("qrforge");
                referenced.add((String) ref.get("key"));
            }
        });
        assertThat(referenced).contains("cluster-secret", "db-password", "visitor-secret").isEqualTo(created);
    }

    /**
     * The probes ask the MicroProfile Health endpoints on the port the image serves management on (9990); readiness
     * waits longer than its own key set fetch may take, so a slow Keycloak reads as down, not as a probe timeout.
     */
    @Test
    void theProbesAskTheServersHealthChecks() throws Exception {
        assertThat(probe("startupProbe")).isEqualTo("/health/started");
        assertThat(probe("readinessProbe")).isEqualTo("/health/ready");
        assertThat(probe("livenessProbe")).isEqualTo("/health/live");
        assertThat(containerPorts().get("management")).isEqualTo(dockerPorts().get("management"));

        long keySetWait = Long.parseLong(setting("QRFORGE_OIDC_READINESS_TIMEOUT_MILLIS",
                configDefault(Class.forName("dev.qrforge.security.KeySetReadiness"), "timeoutMillis")));
        int timeout = (Integer) map(container.get("readinessProbe")).get("timeoutSeconds");
        assertThat(timeout * 1000L).isGreaterThan(keySetWait);
    }

    /**
     * The rule the server applies (RenderAdmission): the render budget is QRFORGE_RENDER_MEMORY_BUDGET (25 % by
     * default) of the maximum heap, and the image sizes the heap as MaxRAMPercentage of the container's memory
     * limit. So the limit decides the heap, the heap the budget; the limit must leave room beside the heap, the
     * heap room beside the budget.
     */
    @Test
    void theMemoryLimitHoldsTheHeapWhoseBudgetTheServerComputes() throws Exception {
        Map<String, Object> resources = map(container.get("resources"));
        long limit = quantity(map(resources.get("limits")).get("memory"));
        assertThat(quantity(map(resources.get("requests")).get("memory"))).as("memory request, the limit")
                .isEqualTo(limit);

        String sizing = dockerfileEnv("JBOSS_JAVA_SIZING");
        Matcher xmx = Pattern.compile("-Xmx(\\d+)([mg])").matcher(sizing);
        Matcher percentage = Pattern.compile("-XX:MaxRAMPercentage=(\\d+(?:\\.\\d+)?)").matcher(sizing);
        long heap;
        if (xmx.find()) {
            heap = Long.parseLong(xmx.group(1)) * MIB * ("g".equals(xmx.group(2)) ? 1024 : 1);
        } else {
            assertThat(percentage.find()).as("the image sizes its heap").isTrue();
            heap = (long) (limit * Double.parseDouble(percentage.group(1)) / 100);
        }
        long budget = MemoryBudget.parse(setting("QRFORGE_RENDER_MEMORY_BUDGET",
                configDefault(RenderAdmission.class, "budgetSetting")), heap);

        assertThat(heap).as("heap of a %d MiB limit", limit / MIB).isGreaterThanOrEqualTo(MIN_HEAP);
        assertThat(budget).as("render budget").isPositive().isLessThan(heap);
        assertThat(heap - budget).as("heap outside the render budget").isGreaterThanOrEqualTo(MIN_HEAP_OUTSIDE_BUDGET);
        assertThat(limit - heap).as("memory beside the heap").isGreaterThanOrEqualTo(MIN_OFF_HEAP);
    }

    /**
     * A stopping pod first pauses in preStop (until the Service's endpoints have been withdrawn everywhere), then
     * on TERM suspends for up to the image's suspend timeout and stops, writing its buffered scans. Killed before
     * that ends, it loses them; so the grace period covers all three, and compose's stop covers the last two.
     */
    @Test
    void theGracePeriodCoversPauseSuspensionAndTheLastFlush() throws IOException {
        Matcher suspend = Pattern.compile("-Dorg\\.wildfly\\.sigterm\\.suspend\\.timeout=(\\d+)")
                .matcher(Files.readString(Paths.get("docker", "entrypoint.sh"), StandardCharsets.UTF_8));
        assertThat(suspend.find()).as("the image suspends on TERM").isTrue();
        int suspendSeconds = Integer.parseInt(suspend.group(1));
        assertThat(suspendSeconds).isPositive();

        List<String> preStop = list(map(map(map(container.get("lifecycle")).get("preStop")).get("exec"))
                .get("command"));
        assertThat(preStop).hasSize(2).first().isEqualTo("sleep");
        int pause = Integer.parseInt(preStop.get(1));
        assertThat(pause).isPositive();
        assertThat((Integer) pod.get("terminationGracePeriodSeconds"))
                .as("terminationGracePeriodSeconds: preStop %d s + suspend %d s + stop %d s", pause, suspendSeconds,
                        STOP_SECONDS)
                .isGreaterThanOrEqualTo(pause + suspendSeconds + STOP_SECONDS);

        Map<String, Object> compose;
        try (var reader = Files.newBufferedReader(Paths.get("docker", "compose.yaml"), StandardCharsets.UTF_8)) {
            compose = new Yaml().load(reader);
        }
        String composeGrace = (String) map(map(compose.get("services")).get("qrforge-1")).get("stop_grace_period");
        assertThat(composeGrace).matches("\\d+s");
        assertThat(Integer.parseInt(composeGrace.replace("s", ""))).as("compose's stop_grace_period")
                .isGreaterThanOrEqualTo(suspendSeconds + STOP_SECONDS);
    }

    private static String namespace() {
        List<Map<String, Object>> namespaces = objectsOf("Namespace");
        assertThat(namespaces).hasSize(1);
        return (String) map(namespaces.get(0).get("metadata")).get("name");
    }

    /** Whether a selector selects the Deployment's pods. */
    private static boolean selects(Map<String, Object> selector) {
        Map<String, Object> labels = map(map(map(map(deployment.get("spec")).get("template")).get("metadata"))
                .get("labels"));
        return !selector.isEmpty() && labels.entrySet().containsAll(selector.entrySet());
    }

    /** A Service's ports: its port → the container port it reaches (by name or number). */
    private static Map<Integer, Integer> servicePorts(Map<String, Object> spec) {
        Map<String, Integer> named = containerPorts();
        Map<Integer, Integer> ports = new LinkedHashMap<>();
        for (Map<String, Object> port : KubernetesManifestsTest.<Map<String, Object>>list(spec.get("ports"))) {
            Object target = port.getOrDefault("targetPort", port.get("port"));
            Integer reached = target instanceof Integer number ? number : named.get(target);
            assertThat(reached).as("target of port %s", port.get("port")).isNotNull().isIn(named.values());
            ports.put((Integer) port.get("port"), reached);
        }
        return ports;
    }

    private static Map<String, Integer> containerPorts() {
        Map<String, Integer> ports = new LinkedHashMap<>();
        for (Map<String, Object> port : KubernetesManifestsTest.<Map<String, Object>>list(container.get("ports"))) {
            ports.put((String) port.get("name"), (Integer) port.get("containerPort"));
        }
        return ports;
    }

    /**
     * The Dockerfile's ports by role, from the comment above EXPOSE ("8080 HTTP (…), 9990 management (…), 7600
     * JGroups (…)"), each of them exposed.
     */
    private static Map<String, Integer> dockerPorts() throws IOException {
        String dockerfile = Files.readString(Paths.get("docker", "Dockerfile"), StandardCharsets.UTF_8);
        Matcher expose = Pattern.compile("^EXPOSE (.+)$", Pattern.MULTILINE).matcher(dockerfile);
        assertThat(expose.find()).isTrue();
        Set<Integer> exposed = Stream.of(expose.group(1).trim().split("\\s+")).map(Integer::valueOf)
                .collect(Collectors.toSet());
        Map<String, Integer> roles = new HashMap<>();
        Pattern.compile("(\\d+) (HTTP|management|JGroups)\\b").matcher(dockerfile).results()
                .forEach(match -> roles.put(match.group(2), Integer.valueOf(match.group(1))));
        assertThat(roles).containsOnlyKeys("HTTP", "management", "JGroups");
        assertThat(exposed).containsAll(roles.values());
        return roles;
    }

    private static String dockerfileEnv(String name) throws IOException {
        Matcher env = Pattern.compile("^ENV " + name + "=\"([^\"]*)\"", Pattern.MULTILINE)
                .matcher(Files.readString(Paths.get("docker", "Dockerfile"), StandardCharsets.UTF_8));
        assertThat(env.find()).as("the Dockerfile sets %s", name).isTrue();
        return env.group(1);
    }

    private static String probe(String kind) {
        Map<String, Object> get = map(map(container.get(kind)).get("httpGet"));
        assertThat(get.get("port")).as("%s's port", kind).isEqualTo("management");
        return (String) get.get("path");
    }

    /** A variable's literal value in the Deployment, or the server's default. */
    private static String setting(String name, String defaultValue) {
        return env.containsKey(name) ? value(name) : defaultValue;
    }

    private static String value(String name) {
        assertThat(env).containsKey(name);
        Object value = env.get(name).get("value");
        assertThat(value).as("%s's value", name).isInstanceOf(String.class);
        return (String) value;
    }

    /** The default the server's code declares for a setting, so the test follows a changed default. */
    private static String configDefault(Class<?> type, String field) throws NoSuchFieldException {
        return type.getDeclaredField(field).getAnnotation(ConfigProperty.class).defaultValue();
    }

    /** A Kubernetes memory quantity in bytes (Mi, Gi, M, G, or plain bytes). */
    private static long quantity(Object text) {
        Matcher quantity = Pattern.compile("(\\d+)(Ki|Mi|Gi|K|M|G)?").matcher(String.valueOf(text));
        assertThat(quantity.matches()).as("memory quantity %s", text).isTrue();
        long amount = Long.parseLong(quantity.group(1));
        String unit = quantity.group(2) == null ? "" : quantity.group(2);
        return amount * switch (unit) {
            case "Ki" -> 1024L;
            case "Mi" -> MIB;
            case "Gi" -> 1024 * MIB;
            case "K" -> 1000L;
            case "M" -> 1000_000L;
            case "G" -> 1000_000_000L;
            default -> 1L;
        };
    }

    private static Map<String, Object> object(String kind, String name) {
        List<Map<String, Object>> found = new ArrayList<>();
        for (Map<String, Object> object : objectsOf(kind)) {
            if (name == null || name.equals(map(object.get("metadata")).get("name"))) {
                found.add(object);
            }
        }
        assertThat(found).as("%s %s", kind, name).hasSize(1);
        return found.get(0);
    }

    private static List<Map<String, Object>> objectsOf(String kind) {
        return objects.values().stream().filter(object -> kind.equals(object.get("kind"))).toList();
    }

    @SuppressWarnings("unchecked")
    private static <V> Map<String, V> map(Object yaml) {
        assertThat(yaml).isInstanceOf(Map.class);
        return (Map<String, V>) yaml;
    }

    @SuppressWarnings("unchecked")
    private static <E> List<E> list(Object yaml) {
        assertThat(yaml).isInstanceOf(List.class);
        return (List<E>) yaml;
    }
}
