package dev.qrforge.dynamic;

import dev.qrforge.scan.Route;

/** What a scan of a short code leads to. */
public sealed interface RoutingOutcome {

    /** Send the scanner on (302), the way {@code route} says. */
    record Redirect(Route route) implements RoutingOutcome {
    }

    /** The code exists but is paused: a notice instead of a redirect. */
    record Paused() implements RoutingOutcome {
    }

    /** The code's {@code validFrom} has not come yet. */
    record NotYetValid() implements RoutingOutcome {
    }

    /** The code expired, or reached its {@code maxScans}, and names no URL for afterwards. */
    record Expired() implements RoutingOutcome {
    }

    /** The code has a password gate, and the scanner has not given its password. */
    record Locked() implements RoutingOutcome {
    }

    /** The code was deleted: its short link is gone for good. */
    record Gone() implements RoutingOutcome {
    }
}
