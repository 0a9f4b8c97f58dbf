package dev.qrforge.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.text.Normalizer;
import java.util.Arrays;
import java.util.Base64;
import java.util.concurrent.Semaphore;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;

/**
 * Passwords kept only as Argon2id hashes (Bouncy Castle), in the PHC string format
 * ({@code $argon2id$v=19$m=19456,t=2,p=1$salt$hash}): the algorithm, its parameters and the salt travel with the
 * hash, so a later change of parameters still verifies what was stored before it. New hashes use OWASP's first
 * recommended Argon2id configuration (19 MiB, 2 passes, 1 lane). A password is compared as NFKC-normalised UTF-8
 * (NIST SP 800-63B), so the same characters typed on different keyboards match. At most one hash per core is computed
 * at once, the others wait: one lane of Argon2 keeps a core busy, so more at once would finish no sooner and only add
 * 19 MiB each to the heap (a worker pool's worth of gate attempts would otherwise hold over half a gigabyte).
 */
public final class PasswordHashes {

    private static final int MEMORY_KIB = 19 * 1024;
    private static final int ITERATIONS = 2;
    private static final int PARALLELISM = 1;
    private static final int SALT_BYTES = 16;
    private static final int HASH_BYTES = 32;
    private static final Pattern PHC = Pattern.compile(
            "\\$argon2id\\$v=19\\$m=(\\d{1,7}),t=(\\d{1,3}),p=(\\d{1,2})\\$([A-Za-z0-9+/]+)\\$([A-Za-z0-9+/]+)");
    private static final Base64.Encoder ENCODER = Base64.getEncoder().withoutPadding();
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Semaphore AT_ONCE = new Semaphore(Runtime.getRuntime().availableProcessors(), true);

    private PasswordHashes() {
    }

    /** A new hash of {@code password} under a fresh salt. */
    public static String hash(String password) {
        byte[] salt = new byte[SALT_BYTES];
        RANDOM.nextBytes(salt);
        byte[] hash = argon2id(password, salt, MEMORY_KIB, ITERATIONS, PARALLELISM, HASH_BYTES);
        return "$argon2id$v=19$m=" + MEMORY_KIB + ",t=" + ITERATIONS + ",p=" + PARALLELISM + "$"
                + ENCODER.encodeToString(salt) + "$" + ENCODER.encodeToString(hash);
    }

    /**
     * Whether {@code password} is the one {@code stored} was made from, compared in constant time.
     *
     * @throws IllegalArgumentException if {@code stored} is no Argon2id PHC string
     */
    public static boolean matches(String password, String stored) {
        Matcher phc = PHC.matcher(stored);
        if (!phc.matches()) {
            throw new IllegalArgumentException("not an Argon2id hash in the PHC string format");
        }
        byte[] expected = Base64.getDecoder().decode(phc.group(5));
        byte[] actual = argon2id(password, Base64.getDecoder().decode(phc.group(4)), Integer.parseInt(phc.group(1)),
                Integer.parseInt(phc.group(2)), Integer.parseInt(phc.group(3)), expected.length);
        return MessageDigest.isEqual(expected, actual);
    }

    private static byte[] argon2id(String password, byte[] salt, int memoryKib, int iterations, int parallelism,
            int length) {
        Argon2BytesGenerator generator = new Argon2BytesGenerator();
        generator.init(new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id)
                .withVersion(Argon2Parameters.ARGON2_VERSION_13).withSalt(salt).withMemoryAsKB(memoryKib)
                .withIterations(iterations).withParallelism(parallelism).build());
        byte[] secret = Normalizer.normalize(password, Normalizer.Form.NFKC).getBytes(StandardCharsets.UTF_8);
        byte[] hash = new byte[length];
        AT_ONCE.acquireUninterruptibly();
        try {
            generator.generateBytes(secret, hash);
        } finally {
            AT_ONCE.release();
            Arrays.fill(secret, (byte) 0);
        }
        return hash;
    }
}
