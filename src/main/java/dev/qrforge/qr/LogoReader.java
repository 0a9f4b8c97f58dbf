package dev.qrforge.qr;

import dev.qrforge.api.ApiException;
import dev.qrforge.images.ClientImages;
import dev.qrforge.images.ImageFile;
import dev.qrforge.images.ImageKind;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads the logo a design names: a file sent inline (base64 or a data URI), or one the workspace sent before, named
 * by its {@link DesignJson#LOGO_REFERENCE reference}. One reader serves one request; it reads each distinct logo
 * once, so a bulk request whose 200 items share their defaults' logo holds it once.
 */
public final class LogoReader {

    /** A logo is a mark, not a photo: 1 MB and 4 megapixels are far more than a sharp logo needs. */
    static final long MAX_BYTES = 1_000_000;
    static final long MAX_PIXELS = 4_000_000;

    public static final ClientImages.Rules RULES = new ClientImages.Rules(
            Set.of(ImageKind.PNG, ImageKind.JPEG, ImageKind.SVG), MAX_BYTES, MAX_PIXELS);

    private static final int SHA256_HEX_LENGTH = 64;

    private final Function<String, Optional<byte[]>> stored;
    private final Map<String, ImageFile> read = new HashMap<>();

    /** @param stored the workspace's kept logo files, by SHA-256 in hex */
    public LogoReader(Function<String, Optional<byte[]>> stored) {
        this.stored = stored;
    }

    /** For work without a workspace's store: only inline logos. */
    public static LogoReader inlineOnly() {
        return new LogoReader(sha256 -> Optional.empty());
    }

    /** The logo {@code logo} names, read up to its header; every failure is a 400 on {@code field}. */
    public ImageFile read(String logo, String field) {
        ImageFile file = read.get(logo);
        if (file == null) {
            file = logo.startsWith(DesignJson.LOGO_REFERENCE) ? kept(logo, field)
                    : ClientImages.read(logo, field, RULES);
            read.put(logo, file);
        }
        return file;
    }

    private ImageFile kept(String reference, String field) {
        String sha256 = reference.substring(DesignJson.LOGO_REFERENCE.length()).toLowerCase(Locale.ROOT);
        if (sha256.length() != SHA256_HEX_LENGTH || !sha256.chars().allMatch(HexFormat::isHexDigit)) {
            throw ApiException.invalid(field, field + " must be an image (base64 or a data URI) or a reference to"
                    + " one sent before, " + DesignJson.LOGO_REFERENCE + " and 64 hex digits");
        }
        byte[] file = stored.apply(sha256).orElseThrow(() -> ApiException.invalid(field, field + " refers to "
                + reference + ", which this workspace has not sent; send the image itself"));
        return ClientImages.inspect(file, field, RULES);
    }
}
