package dev.qrforge.webhook;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The signature of a delivery: HMAC-SHA256 with the webhook's secret over {@code timestamp + "." + body}, sent as
 * {@code v1=<hex>}. The timestamp is signed so that a captured delivery cannot be replayed later as a fresh one;
 * the version prefix leaves room for another scheme beside this one.
 */
final class Signatures {

    static final String SCHEME = "v1=";
    private static final String ALGORITHM = "HmacSHA256";

    private Signatures() {
    }

    static String sign(String secret, long timestamp, String body) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), ALGORITHM));
            byte[] digest = mac.doFinal((timestamp + "." + body).getBytes(StandardCharsets.UTF_8));
            return SCHEME + HexFormat.of().formatHex(digest);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java runtime has HmacSHA256", e);
        }
    }
}
