package dev.qrforge.security;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Credentials an installation starts with, from configuration: QRFORGE_BOOTSTRAP_API_KEY for workspace
 * {@code default} (how a new user, the tests and any outside client get their first key), and
 * QRFORGE_BOOTSTRAP_API_KEYS, {@code workspace=key} pairs separated by commas, for installations whose tenants
 * and terminal keys are provisioned by configuration management. Every key gets every scope in its workspace;
 * applying them is idempotent, so every start of every node does it.
 */
@Singleton
@Startup
@DependsOn("DatabaseMigrations")
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class BootstrapKey {

    static final String DEFAULT_WORKSPACE = "default";

    @Inject
    ApiKeys apiKeys;

    @Inject
    @ConfigProperty(name = "qrforge.bootstrap-api-key")
    Optional<String> bootstrapKey;

    @Inject
    @ConfigProperty(name = "qrforge.bootstrap-api-keys")
    Optional<String> bootstrapKeys;

    @PostConstruct
    void apply() {
        bootstrapKey.filter(key -> !key.isBlank()).ifPresent(key -> ensure(DEFAULT_WORKSPACE, key.strip()));
        bootstrapKeys.ifPresent(list -> {
            for (String pair : list.split(",")) {
                int separator = pair.indexOf('=');
                if (separator <= 0 || separator == pair.length() - 1) {
                    throw new IllegalArgumentException(
                            "QRFORGE_BOOTSTRAP_API_KEYS takes workspace=key pairs separated by commas");
                }
                ensure(pair.substring(0, separator).strip(), pair.substring(separator + 1).strip());
            }
        });
    }

    private void ensure(String workspace, String key) {
        try {
            apiKeys.ensureKey(workspace, "bootstrap", key);
        } catch (RuntimeException raced) {
            // Nodes starting together race to store the key (its hash is unique): a second look finds the winner's,
            // and any other failure fails again.
            apiKeys.ensureKey(workspace, "bootstrap", key);
        }
    }
}
