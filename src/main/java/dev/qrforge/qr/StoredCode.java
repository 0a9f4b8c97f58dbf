package dev.qrforge.qr;

import dev.qrforge.safety.Safety;

/**
 * A kept code as another feature may use it: enough to draw it again, and its verdict.
 *
 * @param spec   the request that made it, which draws exactly the same image again
 * @param safety the verdict given when it was made
 */
public record StoredCode(String id, CodeSpec spec, Safety safety) {
}
