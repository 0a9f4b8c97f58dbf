package dev.qrforge.composite;

import dev.qrforge.api.ApiException;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.awt.image.DataBuffer;
import java.awt.image.SampleModel;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.MemoryCacheImageInputStream;

/**
 * Turns the images of a request into pixels without trusting them. Only PNG and JPEG are read, recognised by their
 * magic bytes rather than by what the client claims; files are limited to {@link #MAX_ENCODED_BYTES} and images to
 * {@link #MAX_PIXELS}, the latter checked against the file's header before a single pixel is decoded, so a small file
 * claiming vast dimensions (a decompression bomb) costs nothing. Every failure, ImageIO's own included, is the
 * caller's error on the image's field.
 */
final class BackgroundImages {

    /** Ample for any photo meant as a backdrop; keeps request bodies and decoding work bounded. */
    static final int MAX_ENCODED_BYTES = 10_000_000;

    /** 40 MP: more than current phone cameras take; as TYPE_INT_RGB it already costs 160 MB of heap. */
    static final long MAX_PIXELS = 40_000_000;

    private static final String DATA_URI_SCHEME = "data:";
    private static final String BASE64_SUFFIX = ";base64";
    private static final int BASE64_CHARS_PER_GROUP = 4;
    private static final int BYTES_PER_BASE64_GROUP = 3;

    /** The accepted formats, each with its media type and the bytes every file of it starts with. */
    enum Format {
        PNG("image/png", new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}),
        JPEG("image/jpeg", new byte[] {(byte) 0xff, (byte) 0xd8, (byte) 0xff});

        private final String mediaType;
        private final byte[] magic;

        Format(String mediaType, byte[] magic) {
            this.mediaType = mediaType;
            this.magic = magic;
        }

        static Optional<Format> ofMediaType(String mediaType) {
            return Arrays.stream(values()).filter(f -> f.mediaType.equals(mediaType)).findFirst();
        }

        static Optional<Format> sniff(byte[] file) {
            return Arrays.stream(values())
                    .filter(f -> file.length >= f.magic.length
                            && Arrays.equals(file, 0, f.magic.length, f.magic, 0, f.magic.length))
                    .findFirst();
        }

        /** Returns a fresh reader from the JDK's plugins, which always include PNG and JPEG. */
        ImageReader reader() {
            return ImageIO.getImageReadersByFormatName(name().toLowerCase(Locale.ROOT)).next();
        }
    }

    private BackgroundImages() {
    }

    /**
     * An image checked as far as its header: the file, its format and size, and the bytes per pixel it will take
     * once decoded. Nothing has been decoded yet, so what decoding will cost can be reserved first.
     */
    record Background(byte[] file, Format format, int width, int height, int decodedBytesPerPixel, int decodedType) {

        /** The heap {@link #decode} holds: the decoded image, plus a copy in RGB when it decodes to another type. */
        long decodeBytes() {
            long pixels = (long) width * height;
            return pixels * decodedBytesPerPixel + (drawable(decodedType) ? 0 : pixels * Integer.BYTES);
        }
    }

    /**
     * Reads one image up to its header.
     *
     * @param image PNG or JPEG bytes in base64, bare or as a {@code data:image/png;base64,…} URI
     * @param field the image's JSON path, e.g. {@code backgrounds[0].image}
     */
    static Background read(String image, String field) {
        if (image == null) {
            throw ApiException.invalid(field, field + " is required");
        }
        String base64 = image;
        Format declared = null;
        if (image.regionMatches(true, 0, DATA_URI_SCHEME, 0, DATA_URI_SCHEME.length())) {
            int comma = image.indexOf(',');
            String header = comma < 0 ? "" : image.substring(DATA_URI_SCHEME.length(), comma).toLowerCase(Locale.ROOT);
            if (!header.endsWith(BASE64_SUFFIX)) {
                throw ApiException.invalid(field, field + " must be a base64 data URI such as"
                        + " data:image/png;base64,… or bare base64");
            }
            String mediaType = header.substring(0, header.length() - BASE64_SUFFIX.length());
            declared = Format.ofMediaType(mediaType).orElseThrow(() -> ApiException.invalid(field, field
                    + " has media type '" + mediaType + "'; only image/png and image/jpeg are accepted"));
            base64 = image.substring(comma + 1);
        }
        byte[] file = bytes(base64, field);
        Format format = Format.sniff(file).orElseThrow(() -> ApiException.invalid(field,
                field + " is neither a PNG nor a JPEG image; other formats (GIF, WebP, SVG, …) are not accepted"));
        if (declared != null && declared != format) {
            throw ApiException.invalid(field, field + " is declared " + declared.mediaType + " but holds a "
                    + format.name() + " image");
        }
        return header(file, format, field);
    }

    /**
     * Decodes an image into an opaque image Java2D draws on in colour (its own type when that is an RGB one, else
     * TYPE_INT_RGB); transparent parts are flattened onto white, so that what the safety verdict judges is exactly
     * what the composite shows.
     */
    static BufferedImage decode(Background background, String field) {
        ImageReader reader = background.format().reader();
        try (ImageInputStream in = input(background.file())) {
            reader.setInput(in, true, true);
            // ImageIO reports truncated JPEG data only as a warning, filling the missing part with grey.
            List<String> warnings = new ArrayList<>();
            reader.addIIOReadWarningListener((source, warning) -> warnings.add(warning));
            BufferedImage decoded = reader.read(0);
            if (!warnings.isEmpty()) {
                throw unreadable(field, background.format());
            }
            return opaque(decoded);
        } catch (IOException | RuntimeException e) {
            // ImageIO's plugins signal malformed input with unchecked exceptions as well as IIOException.
            throw unreadable(field, background.format());
        } finally {
            reader.dispose();
        }
    }

    private static byte[] bytes(String base64, String field) {
        // Measured on the text first, so an oversized payload is never decoded at all.
        long maxChars = (long) BASE64_CHARS_PER_GROUP
                * ((MAX_ENCODED_BYTES + BYTES_PER_BASE64_GROUP - 1) / BYTES_PER_BASE64_GROUP);
        if (base64.length() > maxChars) {
            throw tooLarge(field);
        }
        byte[] file;
        try {
            file = Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalid(field, field + " is not valid base64 (standard alphabet, padded, without line"
                    + " breaks)");
        }
        if (file.length == 0) {
            throw ApiException.invalid(field, field + " is empty");
        }
        if (file.length > MAX_ENCODED_BYTES) {
            throw tooLarge(field);
        }
        return file;
    }

    private static ApiException tooLarge(String field) {
        return ApiException.invalid(field, field + " is larger than " + MAX_ENCODED_BYTES / 1_000_000 + " MB");
    }

    private static Background header(byte[] file, Format format, String field) {
        ImageReader reader = format.reader();
        try (ImageInputStream in = input(file)) {
            reader.setInput(in, true, true);
            int width = reader.getWidth(0);
            int height = reader.getHeight(0);
            if ((long) width * height > MAX_PIXELS) {
                throw ApiException.invalid(field, field + " is " + width + "×" + height + " px; at most "
                        + MAX_PIXELS / 1_000_000 + " megapixels are accepted");
            }
            ImageTypeSpecifier type = reader.getImageTypes(0).next();
            SampleModel samples = type.getSampleModel(1, 1);
            int bytesPerPixel = Math.max(1, DataBuffer.getDataTypeSize(samples.getDataType()) / Byte.SIZE
                    * samples.getNumDataElements());
            return new Background(file, format, width, height, bytesPerPixel, type.getBufferedImageType());
        } catch (ApiException e) {
            // Already the caller's error, though also a RuntimeException like ImageIO's own below.
            throw e;
        } catch (IOException | RuntimeException e) {
            throw unreadable(field, format);
        } finally {
            reader.dispose();
        }
    }

    /** A memory cache: ImageIO's default may spill to temporary files, which a server has no business writing. */
    private static ImageInputStream input(byte[] file) {
        return new MemoryCacheImageInputStream(new ByteArrayInputStream(file));
    }

    private static ApiException unreadable(String field, Format format) {
        return ApiException.invalid(field, field + " is not a readable " + format.name() + " image: it is truncated"
                + " or corrupt, or a variant this service cannot read (such as a CMYK JPEG)");
    }

    /** Whether images of this type are opaque RGB, which the code can be drawn on as they are. */
    private static boolean drawable(int type) {
        return type == BufferedImage.TYPE_INT_RGB || type == BufferedImage.TYPE_INT_BGR
                || type == BufferedImage.TYPE_3BYTE_BGR;
    }

    private static BufferedImage opaque(BufferedImage decoded) {
        if (drawable(decoded.getType())) {
            return decoded;
        }
        BufferedImage rgb = new BufferedImage(decoded.getWidth(), decoded.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = rgb.createGraphics();
        try {
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, rgb.getWidth(), rgb.getHeight());
            g.drawImage(decoded, 0, 0, null);
        } finally {
            g.dispose();
        }
        return rgb;
    }
}
