package dev.qrforge.images;

import dev.qrforge.api.ApiException;
import java.awt.image.BufferedImage;
import java.awt.image.DataBuffer;
import java.awt.image.SampleModel;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.MemoryCacheImageInputStream;

/**
 * Turns the images clients send into pixels without trusting them. Formats are recognised by their content, not by
 * what the client claims; files are limited in bytes and images in pixels, the latter checked against the header
 * before a single pixel is decoded, so a small file claiming vast dimensions (a decompression bomb) costs nothing.
 * SVG is read only after {@link SafeSvg} has checked that it refers to nothing outside itself. Every failure, the
 * decoders' own included, is the caller's error on the image's field.
 */
public final class ClientImages {

    private static final String DATA_URI_SCHEME = "data:";
    private static final String BASE64_SUFFIX = ";base64";
    private static final int BASE64_CHARS_PER_GROUP = 4;
    private static final int BYTES_PER_BASE64_GROUP = 3;
    private static final long MEGA = 1_000_000;

    /** What one use of client images accepts. */
    public record Rules(Set<ImageKind> kinds, long maxBytes, long maxPixels) {

        String describeKinds() {
            return kinds.stream().sorted().map(ImageKind::mediaType).collect(Collectors.joining(", "));
        }
    }

    private ClientImages() {
    }

    /**
     * Reads one image up to its header.
     *
     * @param image the file in base64, bare or as a {@code data:image/png;base64,…} URI
     * @param field the image's JSON path, e.g. {@code backgrounds[0].image}
     */
    public static ImageFile read(String image, String field, Rules rules) {
        if (image == null) {
            throw ApiException.invalid(field, field + " is required");
        }
        String base64 = image;
        ImageKind declared = null;
        if (image.regionMatches(true, 0, DATA_URI_SCHEME, 0, DATA_URI_SCHEME.length())) {
            int comma = image.indexOf(',');
            String header = comma < 0 ? "" : image.substring(DATA_URI_SCHEME.length(), comma).toLowerCase(Locale.ROOT);
            if (!header.endsWith(BASE64_SUFFIX)) {
                throw ApiException.invalid(field, field + " must be a base64 data URI such as"
                        + " data:image/png;base64,… or bare base64");
            }
            String mediaType = header.substring(0, header.length() - BASE64_SUFFIX.length());
            declared = ImageKind.ofMediaType(mediaType).filter(rules.kinds()::contains)
                    .orElseThrow(() -> ApiException.invalid(field, field + " has media type '" + mediaType
                            + "'; only " + rules.describeKinds() + " are accepted"));
            base64 = image.substring(comma + 1);
        }
        ImageFile file = inspect(bytes(base64, field, rules), field, rules);
        if (declared != null && declared != file.kind()) {
            throw ApiException.invalid(field, field + " is declared " + declared.mediaType() + " but holds "
                    + file.kind().mediaType());
        }
        return file;
    }

    /** Reads a file this service kept (a logo) up to its header, exactly as when it was first sent. */
    public static ImageFile inspect(byte[] file, String field, Rules rules) {
        if (file.length == 0) {
            throw ApiException.invalid(field, field + " is empty");
        }
        if (file.length > rules.maxBytes()) {
            throw tooLarge(field, rules);
        }
        ImageKind kind = ImageKind.sniff(file).filter(rules.kinds()::contains).orElseThrow(() -> ApiException.invalid(
                field, field + " is not an image this service reads; " + rules.describeKinds() + " are accepted"));
        ImageFile header = kind == ImageKind.SVG ? SafeSvg.inspect(file, field, sha256(file))
                : rasterHeader(file, kind, field);
        if ((long) header.width() * header.height() > rules.maxPixels()) {
            throw ApiException.invalid(field, field + " is " + header.width() + "×" + header.height() + " px; at"
                    + " most " + megapixels(rules.maxPixels()) + " megapixels are accepted");
        }
        return header;
    }

    /** Decodes a PNG or JPEG as it is stored (alpha, grey or indexed colour included). */
    public static BufferedImage decode(ImageFile file, String field) {
        if (file.kind() == ImageKind.SVG) {
            throw new IllegalArgumentException("SVG is rasterised, not decoded");
        }
        ImageReader reader = reader(file.kind());
        try (ImageInputStream in = input(file.bytes())) {
            reader.setInput(in, true, true);
            // ImageIO reports truncated JPEG data only as a warning, filling the missing part with grey.
            List<String> warnings = new ArrayList<>();
            reader.addIIOReadWarningListener((source, warning) -> warnings.add(warning));
            BufferedImage decoded = reader.read(0);
            if (!warnings.isEmpty()) {
                throw unreadable(field, file.kind());
            }
            return decoded;
        } catch (IOException | RuntimeException e) {
            // ImageIO's plugins signal malformed input with unchecked exceptions as well as IIOException.
            throw unreadable(field, file.kind());
        } finally {
            reader.dispose();
        }
    }

    /** Draws an SVG at {@code width}×{@code height} pixels, with transparency. */
    public static BufferedImage rasterise(ImageFile file, int width, int height, String field) {
        return SafeSvg.rasterise(file.bytes(), width, height, field);
    }

    private static byte[] bytes(String base64, String field, Rules rules) {
        // Measured on the text first, so an oversized payload is never decoded at all.
        long maxChars = (long) BASE64_CHARS_PER_GROUP
                * ((rules.maxBytes() + BYTES_PER_BASE64_GROUP - 1) / BYTES_PER_BASE64_GROUP);
        if (base64.length() > maxChars) {
            throw tooLarge(field, rules);
        }
        try {
            return Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalid(field, field + " is not valid base64 (standard alphabet, padded, without line"
                    + " breaks)");
        }
    }

    private static ImageFile rasterHeader(byte[] file, ImageKind kind, String field) {
        ImageReader reader = reader(kind);
        try (ImageInputStream in = input(file)) {
            reader.setInput(in, true, true);
            int width = reader.getWidth(0);
            int height = reader.getHeight(0);
            ImageTypeSpecifier type = reader.getImageTypes(0).next();
            SampleModel samples = type.getSampleModel(1, 1);
            int bytesPerPixel = Math.max(1, DataBuffer.getDataTypeSize(samples.getDataType()) / Byte.SIZE
                    * samples.getNumDataElements());
            int decodedType = type.getBufferedImageType();
            boolean rgb = decodedType == BufferedImage.TYPE_INT_RGB || decodedType == BufferedImage.TYPE_INT_BGR
                    || decodedType == BufferedImage.TYPE_3BYTE_BGR;
            return new ImageFile(file, kind, width, height, bytesPerPixel, rgb, sha256(file));
        } catch (IOException | RuntimeException e) {
            throw unreadable(field, kind);
        } finally {
            reader.dispose();
        }
    }

    /** A fresh reader from the JDK's plugins, which always include PNG and JPEG. */
    private static ImageReader reader(ImageKind kind) {
        return ImageIO.getImageReadersByFormatName(kind.name().toLowerCase(Locale.ROOT)).next();
    }

    /** A memory cache: ImageIO's default may spill to temporary files, which a server has no business writing. */
    private static ImageInputStream input(byte[] file) {
        return new MemoryCacheImageInputStream(new ByteArrayInputStream(file));
    }

    static ApiException unreadable(String field, ImageKind kind) {
        return ApiException.invalid(field, field + " is not a readable " + kind.name() + " image: it is truncated"
                + " or corrupt, or a variant this service cannot read (such as a CMYK JPEG)");
    }

    private static ApiException tooLarge(String field, Rules rules) {
        return ApiException.invalid(field, field + " is larger than " + describeBytes(rules.maxBytes()));
    }

    private static String describeBytes(long bytes) {
        return bytes % MEGA == 0 ? bytes / MEGA + " MB" : bytes + " bytes";
    }

    private static String megapixels(long pixels) {
        return pixels % MEGA == 0 ? Long.toString(pixels / MEGA) : String.format(Locale.ROOT, "%.1f", pixels / 1e6);
    }

    static String sha256(byte[] file) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(file));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

}
