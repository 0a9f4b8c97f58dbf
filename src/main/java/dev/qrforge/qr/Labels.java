package dev.qrforge.qr;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.Names;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * What people call a code and file it under: a title and tags, set on creation and changed by PATCH, searched by
 * the listings. Tags are stored as {@code |a|b|}, so {@code |} cannot be part of one.
 *
 * @param title null for none
 * @param tags  distinct, in the order given
 */
public record Labels(String title, List<String> tags) {

    public static final int MAX_TITLE_LENGTH = 200;
    public static final int MAX_TAGS = 20;
    public static final int MAX_TAG_LENGTH = 50;
    static final String TAG_SEPARATOR = "|";
    public static final Labels NONE = new Labels(null, List.of());

    public Labels {
        tags = List.copyOf(tags);
    }

    /** Validates a request's {@code title} and {@code tags}; null tags mean none. */
    public static Labels of(String title, List<String> tags) {
        return new Labels(title(title), tags(tags));
    }

    public static String title(String title) {
        if (title != null && Names.length(title) > MAX_TITLE_LENGTH) {
            throw ApiException.invalid("title", "title must be at most " + MAX_TITLE_LENGTH + " characters");
        }
        return title;
    }

    public static List<String> tags(List<String> tags) {
        if (tags == null) {
            return List.of();
        }
        if (tags.size() > MAX_TAGS) {
            throw ApiException.invalid("tags", "at most " + MAX_TAGS + " tags; got " + tags.size());
        }
        LinkedHashSet<String> distinct = new LinkedHashSet<>();
        for (int i = 0; i < tags.size(); i++) {
            distinct.add(tag("tags[" + i + "]", tags.get(i)));
        }
        return new ArrayList<>(distinct);
    }

    /** One tag, from a request body or a {@code tag} filter. */
    public static String tag(String field, String tag) {
        if (tag == null || Names.blank(tag) || Names.length(tag) > MAX_TAG_LENGTH || tag.contains(TAG_SEPARATOR)
                || Names.hasControl(tag)) {
            throw ApiException.invalid(field, "a tag is 1 to " + MAX_TAG_LENGTH + " characters, not blank, without"
                    + " '" + TAG_SEPARATOR + "' or control characters");
        }
        return tag;
    }

    /** The stored form, or null for no tags. */
    String storedTags() {
        return tags.isEmpty() ? null : TAG_SEPARATOR + String.join(TAG_SEPARATOR, tags) + TAG_SEPARATOR;
    }

    static List<String> parseTags(String stored) {
        return stored == null ? List.of()
                : List.of(stored.substring(1, stored.length() - 1).split("\\" + TAG_SEPARATOR));
    }

    /** What a listing searches for to find {@code tag}: the tag with its separators, as stored. */
    static String storedNeedle(String tag) {
        return TAG_SEPARATOR + tag + TAG_SEPARATOR;
    }
}
