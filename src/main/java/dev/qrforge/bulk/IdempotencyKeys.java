package dev.qrforge.bulk;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorCode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * An Idempotency-Key names one request: a retry with the key gets the first answer again, and the key sent with
 * another request is refused with 422, as the IETF's Idempotency-Key header draft (section 2.7) has it, rather than
 * answered with the result of a request the client did not send this time. Requests are compared by the SHA-256 of
 * the JSON the API read them into, so a retry that spells the same request with other white space, or as CSV
 * rather than JSON, is the same request (a bulk change's patch keeps its members' order, so reordering them is not).
 */
final class IdempotencyKeys {

    private IdempotencyKeys() {
    }

    /** The fingerprint of a request as read (its JSON form). */
    static String fingerprint(String requestJson) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(requestJson.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** Refuses a key's reuse for another request; keys stored without a fingerprint replay as before. */
    static void requireSameRequest(String key, String storedFingerprint, String fingerprint) {
        if (storedFingerprint != null && !storedFingerprint.equals(fingerprint)) {
            throw new ApiException(ErrorCode.UNPROCESSABLE, BulkResource.IDEMPOTENCY_KEY, "Idempotency-Key '" + key
                    + "' was used for a different request; send a new request with a new key");
        }
    }
}
