package dev.qrforge.client;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.time.LocalDate;
import java.util.HexFormat;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Pseudonymous visitor keys for counting unique scans without keeping addresses: HMAC-SHA256 of the client address
 * and user agent under a key derived for the day from a secret. The day's key is never stored, the raw address
 * never leaves memory, and keys of different days cannot be linked, so a visitor is unique per code per day.
 *
 * <p>Nodes sharing a database must share QRFORGE_VISITOR_SECRET to recognise the same visitor; without it each node
 * draws a random secret at start (uniques then count per node and restart). QRFORGE_UNIQUE_VISITORS=false turns the
 * keys off entirely: no key is computed and every scan counts as not unique.
 */
@ApplicationScoped
public class VisitorKeys {

    private static final String HMAC = "HmacSHA256";
    /** 128 bits of the HMAC: collisions among a code's daily visitors are out of the question. */
    private static final int KEY_BYTES = 16;
    private static final int SECRET_BYTES = 32;

    private record DayKey(LocalDate day, SecretKeySpec key) {
    }

    @Inject
    @ConfigProperty(name = "qrforge.unique-visitors", defaultValue = "true")
    boolean enabled;

    @Inject
    @ConfigProperty(name = "qrforge.visitor-secret")
    Optional<String> configuredSecret;

    private byte[] secret;
    private volatile DayKey today;
    private final ThreadLocal<Mac> macs = ThreadLocal.withInitial(VisitorKeys::newMac);

    @PostConstruct
    void start() {
        secret = configuredSecret.filter(s -> !s.isBlank()).map(s -> s.getBytes(StandardCharsets.UTF_8))
                .orElseGet(() -> {
                    byte[] random = new byte[SECRET_BYTES];
                    new SecureRandom().nextBytes(random);
                    return random;
                });
    }

    /** The visitor's key for {@code day}, or null when keys are off or the address is unknown. */
    public String key(InetAddress client, String userAgent, LocalDate day) {
        if (!enabled || client == null) {
            return null;
        }
        Mac mac = macs.get();
        try {
            mac.init(dayKey(day));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
        mac.update(client.getAddress());
        mac.update((byte) 0);
        if (userAgent != null) {
            mac.update(userAgent.getBytes(StandardCharsets.UTF_8));
        }
        return HexFormat.of().formatHex(mac.doFinal(), 0, KEY_BYTES);
    }

    private SecretKeySpec dayKey(LocalDate day) {
        DayKey current = today;
        if (current == null || !current.day().equals(day)) {
            Mac mac = newMac();
            try {
                mac.init(new SecretKeySpec(secret, HMAC));
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException(e);
            }
            current = new DayKey(day, new SecretKeySpec(mac.doFinal(day.toString().getBytes(StandardCharsets.UTF_8)), HMAC));
            today = current;
        }
        return current.key();
    }

    private static Mac newMac() {
        try {
            return Mac.getInstance(HMAC);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java runtime has " + HMAC, e);
        }
    }
}
