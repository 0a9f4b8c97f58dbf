package dev.qrforge.redirect;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * What remembers, for a while, that a visitor gave a gated code's password: a cookie scoped to that short link's path,
 * holding its expiry and an HMAC-SHA256 of the short code and that expiry. The key is the code's stored password hash,
 * which never leaves the server and is the same on every node, so a pass needs no secret of its own, holds on every
 * node, and ends with the password: a new password (or none, and a gate again later) makes every pass invalid.
 */
final class GatePass {

    static final String COOKIE = "qrforge_gate";
    private static final String MAC = "HmacSHA256";
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();

    private GatePass() {
    }

    /** A pass for {@code shortCode} under its gate's {@code passwordHash}, valid until {@code expiresEpochSecond}. */
    static String issue(String shortCode, String passwordHash, long expiresEpochSecond) {
        return expiresEpochSecond + "." + ENCODER.encodeToString(mac(shortCode, passwordHash, expiresEpochSecond));
    }

    /** Whether {@code pass} (a cookie's value, or null) opens {@code shortCode}'s gate at {@code nowEpochSecond}. */
    static boolean opens(String pass, String shortCode, String passwordHash, long nowEpochSecond) {
        int dot = pass == null ? -1 : pass.indexOf('.');
        if (dot < 1) {
            return false;
        }
        long expires;
        byte[] mac;
        try {
            expires = Long.parseLong(pass, 0, dot, 10);
            mac = Base64.getUrlDecoder().decode(pass.substring(dot + 1));
        } catch (IllegalArgumentException e) {
            return false;
        }
        return nowEpochSecond < expires && MessageDigest.isEqual(mac, mac(shortCode, passwordHash, expires));
    }

    /** The {@code Set-Cookie} value that hands {@code pass} to the browser for this short link's path only. */
    static String cookie(String pass, String path, long maxAgeSeconds, boolean secure) {
        return COOKIE + "=" + pass + "; Path=" + path + "; Max-Age=" + maxAgeSeconds + "; HttpOnly; SameSite=Lax"
                + (secure ? "; Secure" : "");
    }

    private static byte[] mac(String shortCode, String passwordHash, long expiresEpochSecond) {
        try {
            Mac mac = Mac.getInstance(MAC);
            mac.init(new SecretKeySpec(passwordHash.getBytes(StandardCharsets.UTF_8), MAC));
            return mac.doFinal((shortCode + '|' + expiresEpochSecond).getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java platform has " + MAC, e);
        }
    }
}
