package dev.qrforge.images;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The image formats clients may send, recognised by their first bytes rather than by what the client claims. */
public enum ImageKind {

    PNG("image/png", new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}),
    JPEG("image/jpeg", new byte[] {(byte) 0xff, (byte) 0xd8, (byte) 0xff}),
    /** XML whose first element is {@code <svg>}; the file's first bytes can only say "XML" (see {@link #sniff}). */
    SVG("image/svg+xml", null);

    /** How far into a file an SVG's root element is looked for, past an XML declaration and comments. */
    private static final int SVG_ROOT_WINDOW = 1024;

    private final String mediaType;
    private final byte[] magic;

    ImageKind(String mediaType, byte[] magic) {
        this.mediaType = mediaType;
        this.magic = magic;
    }

    public String mediaType() {
        return mediaType;
    }

    static Optional<ImageKind> ofMediaType(String mediaType) {
        return Arrays.stream(values()).filter(kind -> kind.mediaType.equals(mediaType)).findFirst();
    }

    /** The kind a file's content shows it to be, if any. */
    static Optional<ImageKind> sniff(byte[] file) {
        for (ImageKind kind : values()) {
            if (kind.magic != null && file.length >= kind.magic.length
                    && Arrays.equals(file, 0, kind.magic.length, kind.magic, 0, kind.magic.length)) {
                return Optional.of(kind);
            }
        }
        String start = new String(file, 0, Math.min(file.length, SVG_ROOT_WINDOW), StandardCharsets.UTF_8)
                .stripLeading().toLowerCase(Locale.ROOT);
        return start.startsWith("<") && start.contains("<svg") ? Optional.of(SVG) : Optional.empty();
    }
}
