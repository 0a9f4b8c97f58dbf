package dev.qrforge.dynamic;

/** What {@link CodeDirectory#cached} can tell about a short code from the cache alone. */
public sealed interface CachedTarget {

    /** The code is cached and leads to {@code target}. */
    record Known(RouteTarget target) implements CachedTarget {
    }

    /** The cache holds that no code has this short code. */
    record Unknown() implements CachedTarget {
    }

    /** The cache cannot tell: only {@link CodeDirectory#lookup}, which may read the database, can. */
    record NotCached() implements CachedTarget {
    }
}
