package dev.qrforge.api;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The spelling of enum constants on the wire (JSON, query strings): lower case, words joined by hyphens, so
 * {@code ROUNDED_POINTED} travels as {@code "rounded-pointed"}. Deriving the spelling from the constant's name keeps
 * every wire-facing enum consistent and leaves nothing to keep in sync by hand.
 */
public final class WireNames {

    private WireNames() {
    }

    /** Returns the wire spelling of the given constant. */
    public static String of(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * Returns the constant of the given type spelled exactly {@code wire} (case-sensitive, so that one value has one
     * spelling), or empty for any other string including null.
     */
    public static <E extends Enum<E>> Optional<E> find(Class<E> type, String wire) {
        return Arrays.stream(type.getEnumConstants()).filter(c -> of(c).equals(wire)).findFirst();
    }

    /** Returns the wire spellings of all constants of the given type, in declaration order. */
    public static <E extends Enum<E>> List<String> all(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).map(WireNames::of).toList();
    }
}
