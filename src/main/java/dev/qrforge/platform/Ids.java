package dev.qrforge.platform;

import java.security.SecureRandom;
import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Opaque public identifiers: a type prefix and base62 characters from a secure random source, so identifiers
 * can be neither guessed nor enumerated.
 */
public final class Ids {

    private static final char[] BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".toCharArray();
    /** 20 base62 characters carry 119 bits: collisions are not a practical concern. */
    private static final int LENGTH = 20;
    private static final SecureRandom RANDOM = new SecureRandom();

    private Ids() {
    }

    public static String next(String prefix) {
        return prefix + randomBase62(LENGTH);
    }

    /**
     * An identifier that only names something passing, such as a request, and guards nothing: as unlikely to
     * collide, but not unguessable. Every request, scans included, takes one, so it comes from a per-thread source
     * rather than the secure one, whose lock the request threads would queue on.
     */
    public static String nextUnguarded(String prefix) {
        return prefix + base62(LENGTH, ThreadLocalRandom.current());
    }

    public static String randomBase62(int length) {
        return base62(length, RANDOM);
    }

    private static String base62(int length, Random random) {
        char[] chars = new char[length];
        for (int i = 0; i < length; i++) {
            chars[i] = BASE62[random.nextInt(BASE62.length)];
        }
        return new String(chars);
    }
}
