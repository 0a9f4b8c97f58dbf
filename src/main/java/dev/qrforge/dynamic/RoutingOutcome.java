package dev.qrforge.dynamic;

/** What a scan of a short code leads to. */
public sealed interface RoutingOutcome {

    /** Send the scanner on (302). */
    record Redirect(String url) implements RoutingOutcome {
    }

    /** The code exists but is paused: a notice instead of a redirect. */
    record Paused() implements RoutingOutcome {
    }

    /** The code expired and names no URL for afterwards. */
    record Expired() implements RoutingOutcome {
    }
}
