package dev.qrforge;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static java.util.Map.entry;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import jakarta.persistence.Entity;
import jakarta.servlet.annotation.WebServlet;
import jakarta.ws.rs.Path;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The package map of ARCHITECTURE.md, checked on the compiled classes: which packages each package may use (so
 * dependencies run one way), no cycles, and no feature reaching into another's internals (its JPA entities, its
 * JAX-RS resources and servlets; package-private classes the compiler already guards).
 */
class ArchitectureTest {

    private static final String ROOT = "dev.qrforge";

    /** Every package of the application, and the packages it may use. */
    static final Map<String, Set<String>> ALLOWED = Map.ofEntries(
            entry("platform", Set.of()),
            entry("cluster", Set.of()),
            entry("api", Set.of("platform")),
            entry("admission", Set.of("api", "platform")),
            entry("security", Set.of("api", "platform")),
            entry("render", Set.of()),
            entry("console", Set.of()),
            entry("safety", Set.of("render", "api")),
            entry("client", Set.of("platform")),
            entry("scan", Set.of("client", "platform")),
            entry("images", Set.of("api")),
            entry("content", Set.of("api", "platform")),
            entry("qr", Set.of("render", "safety", "images", "content", "admission", "security", "api", "platform")),
            entry("domain", Set.of("client", "security", "api", "platform")),
            entry("campaign", Set.of("security", "api", "platform")),
            entry("dynamic", Set.of("qr", "scan", "domain", "campaign", "client", "security", "api", "platform")),
            entry("redirect", Set.of("dynamic", "scan", "client", "security", "api", "platform")),
            entry("analytics", Set.of("dynamic", "qr", "scan", "campaign", "security", "api", "platform")),
            entry("bulk", Set.of("dynamic", "qr", "render", "safety", "content", "admission", "security", "api", "platform")),
            entry("composite", Set.of("qr", "render", "safety", "images", "admission", "security", "api",
                    "platform")),
            entry("webhook", Set.of("scan", "bulk", "dynamic", "qr", "client", "security", "api", "platform")),
            entry("audit", Set.of("client", "security", "api", "platform")));

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages(ROOT);

    private static String feature(JavaClass type) {
        String name = type.getPackageName();
        String rest = name.equals(ROOT) ? "" : name.substring(ROOT.length() + 1);
        int dot = rest.indexOf('.');
        return dot < 0 ? rest : rest.substring(0, dot);
    }

    @Test
    void everyPackageIsOnTheMap() {
        Set<String> packages = CLASSES.stream().map(ArchitectureTest::feature)
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(ALLOWED.keySet()).as("ARCHITECTURE.md's map").containsAll(packages);
        assertThat(packages).as("packages with classes").containsAll(ALLOWED.keySet());
    }

    @Test
    void packagesUseOnlyWhatTheMapAllows() {
        ALLOWED.forEach((feature, allowed) -> {
            String[] forbidden = ALLOWED.keySet().stream()
                    .filter(other -> !other.equals(feature) && !allowed.contains(other))
                    .map(other -> ROOT + "." + other + "..").toArray(String[]::new);
            if (forbidden.length > 0) {
                noClasses().that().resideInAPackage(ROOT + "." + feature + "..")
                        .should().dependOnClassesThat().resideInAnyPackage(forbidden)
                        .because(feature + " may use only " + allowed + " (ARCHITECTURE.md)")
                        .check(CLASSES);
            }
        });
    }

    @Test
    void packagesFormNoCycles() {
        slices().matching(ROOT + ".(*)..").should().beFreeOfCycles().check(CLASSES);
    }

    @Test
    void entitiesResourcesAndServletsAreTheirFeaturesOwn() {
        List<String> violations = new ArrayList<>();
        for (Class<? extends Annotation> internal : List.of(Entity.class, Path.class, WebServlet.class)) {
            for (JavaClass owned : CLASSES.that(annotatedWith(internal))) {
                for (Dependency use : owned.getDirectDependenciesToSelf()) {
                    if (!feature(use.getOriginClass()).equals(feature(owned))) {
                        violations.add(use.getDescription());
                    }
                }
            }
        }
        assertThat(violations).as("uses of another feature's entities, resources or servlets").isEmpty();
    }

    /**
     * WildFly's registry for a deployment passes on to the scraped one only the meters created through its
     * name-and-tags methods ({@code registry.counter(name, tags…)}); a meter builder's {@code register} would keep
     * the meter in a registry nobody scrapes.
     */
    @Test
    void metersAreCreatedThroughTheRegistryNotBuilders() {
        noClasses().should().dependOnClassesThat()
                .haveNameMatching("io\\.micrometer\\.core\\.instrument\\..*\\$Builder")
                .because("WildFly scrapes only meters made by the registry's name-and-tags methods (ARCHITECTURE.md)")
                .check(CLASSES);
    }

    private static DescribedPredicate<JavaClass> annotatedWith(Class<? extends Annotation> annotation) {
        return DescribedPredicate.describe("annotated with @" + annotation.getSimpleName(),
                type -> type.isAnnotatedWith(annotation));
    }
}
