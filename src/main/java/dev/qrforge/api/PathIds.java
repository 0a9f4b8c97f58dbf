package dev.qrforge.api;

/** Path templates for resource ids beside fixed paths of the same collection. */
public final class PathIds {

    /**
     * An {@code {id}} segment that only an id can fill ({@code qr_…}, {@code dyn_…}: a prefix, an underscore, the
     * rest), so that {@code /api/v1/qr/preview} or {@code /api/v1/dynamic/bulk} never reads as the id "preview": a
     * method those fixed paths do not serve is then a 405 listing theirs, not a 404 for a code called "preview".
     */
    public static final String ID = "{id: [^/_]+_[^/]*}";

    private PathIds() {
    }
}
