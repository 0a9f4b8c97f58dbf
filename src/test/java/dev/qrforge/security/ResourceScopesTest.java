package dev.qrforge.security;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HEAD;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every endpoint says which scope it needs: ScopeFilter refuses the ones that do not, so this catches them early. */
class ResourceScopesTest {

    private static final List<Class<? extends Annotation>> HTTP_METHODS = List.of(GET.class, HEAD.class, POST.class,
            PUT.class, PATCH.class, DELETE.class);

    @Test
    void everyResourceMethodDeclaresItsScope() throws Exception {
        java.nio.file.Path classes = java.nio.file.Path.of(
                ScopeFilter.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> endpoints = new ArrayList<>();
        List<String> undeclared = new ArrayList<>();
        try (Stream<java.nio.file.Path> files = Files.walk(classes)) {
            for (java.nio.file.Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                String name = classes.relativize(file).toString().replace('/', '.').replaceAll("\\.class$", "");
                Class<?> type = Class.forName(name, false, getClass().getClassLoader());
                if (!type.isAnnotationPresent(Path.class)) {
                    continue;
                }
                for (Method method : type.getDeclaredMethods()) {
                    if (HTTP_METHODS.stream().anyMatch(method::isAnnotationPresent)) {
                        endpoints.add(type.getSimpleName() + "." + method.getName());
                        if (!method.isAnnotationPresent(RequiresScope.class)) {
                            undeclared.add(type.getSimpleName() + "." + method.getName());
                        }
                    }
                }
            }
        }
        assertThat(endpoints).as("resource methods found").hasSizeGreaterThanOrEqualTo(17)
                .contains("ApiKeyResource.revoke", "QrResource.image", "ScanExportResource.get");
        assertThat(undeclared).isEmpty();
    }
}
