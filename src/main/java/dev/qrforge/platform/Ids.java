package dev.qrforge.platform;

import java.security.SecureRandom;

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

    public static String randomBase62(int length) {
        char[] chars = new char[length];
        for (int i = 0; i < length; i++) {
            chars[i] = BASE62[RANDOM.nextInt(BASE62.length)];
        }
        return new String(chars);
    }
}
