package dev.qrforge.dynamic;

/**
 * What the scan path needs to know about one code, as cached by {@link CodeDirectory}.
 *
 * @param storedCount   the flushed scan count when this was loaded
 * @param flushedAtLoad how many of this code's scans this node had flushed when it was loaded, so that
 *                      {@code storedCount + (node's flushed + pending now) - flushedAtLoad} is the count now
 * @param utm           the code's campaign parameters, or null
 * @param validity      when it leads anywhere
 * @param deleted       whether the code was deleted: its link is gone, its scans are not counted
 * @param passwordHash  the password gate's hash ({@link dev.qrforge.security.PasswordHashes}), or null: no gate
 */
public record RouteTarget(String codeId, DynamicStatus status, String destinationUrl, RuleSet rules, Utm utm,
        Validity validity, String expiredUrl, long storedCount, long flushedAtLoad, boolean deleted,
        String passwordHash) {

    public boolean gated() {
        return passwordHash != null;
    }
}
