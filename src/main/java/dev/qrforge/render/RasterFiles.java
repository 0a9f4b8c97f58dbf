package dev.qrforge.render;

import com.luciad.imageio.webp.CompressionType;
import com.luciad.imageio.webp.WebPImageReaderSpi;
import com.luciad.imageio.webp.WebPImageWriterSpi;
import com.luciad.imageio.webp.WebPWriteParam;
import java.awt.image.BufferedImage;
import java.awt.image.Raster;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.ImageOutputStream;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * JPEG and WebP files of a code, encoded from the whole image {@link RasterRenderer} draws (these encoders take an
 * image, not rows), and read back, so the verdict judges the very file delivered. The encoders are named directly
 * rather than looked up in ImageIO's registry, which in an application server sees only the server's own class path.
 */
public final class RasterFiles {

    /**
     * JPEG quality: 0.92, the common "high" setting of browsers' and editors' exports, at which module edges show no
     * ringing a scanner notices, for files a third the size of 1.0's.
     */
    public static final float JPEG_QUALITY = 0.92f;

    /**
     * Chroma sampling 1×1 for every component (4:4:4): the default 4:2:0 halves the colour resolution, which blurs
     * the edges of coloured modules by a pixel.
     */
    private static final String FULL_SAMPLING = "1";
    private static final String JPEG_METADATA = "javax_imageio_jpeg_image_1.0";
    /** JFIF density unit 1: dots per inch. */
    private static final String DOTS_PER_INCH = "1";

    private static final WebPImageWriterSpi WEBP_WRITER = new WebPImageWriterSpi();
    private static final WebPImageReaderSpi WEBP_READER = new WebPImageReaderSpi();

    private RasterFiles() {
    }

    /** The code drawn as one image: opaque RGB, or ARGB for a transparent design. */
    public static BufferedImage image(RenderSpec spec) {
        int width = spec.imageWidth();
        BufferedImage image = new BufferedImage(width, spec.imageHeight(),
                spec.design().transparent() ? BufferedImage.TYPE_INT_ARGB : BufferedImage.TYPE_INT_RGB);
        RasterRenderer.streamRows(spec, (y, pixels, offset) -> image.setRGB(0, y, width, 1, pixels, offset, width));
        return image;
    }

    /** The heap {@link #image} holds besides its drawing's working memory: the whole image. */
    public static long imageBytes(RenderSpec spec) {
        return (long) spec.imageWidth() * spec.imageHeight() * Integer.BYTES;
    }

    /**
     * A baseline JPEG of an opaque image at {@link #JPEG_QUALITY} with 4:4:4 chroma, its JFIF header stating
     * {@code dpi} (if > 0).
     */
    public static byte[] jpeg(BufferedImage image, int dpi) {
        if (image.getColorModel().hasAlpha()) {
            throw new IllegalArgumentException("JPEG has no alpha channel");
        }
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        try {
            ImageWriteParam param = writer.getDefaultWriteParam();
            param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            param.setCompressionQuality(JPEG_QUALITY);
            IIOMetadata metadata = writer.getDefaultImageMetadata(new ImageTypeSpecifier(image), param);
            Element tree = (Element) metadata.getAsTree(JPEG_METADATA);
            NodeList components = tree.getElementsByTagName("componentSpec");
            for (int i = 0; i < components.getLength(); i++) {
                Element component = (Element) components.item(i);
                component.setAttribute("HsamplingFactor", FULL_SAMPLING);
                component.setAttribute("VsamplingFactor", FULL_SAMPLING);
            }
            if (dpi > 0) {
                Element jfif = (Element) tree.getElementsByTagName("app0JFIF").item(0);
                jfif.setAttribute("resUnits", DOTS_PER_INCH);
                jfif.setAttribute("Xdensity", Integer.toString(dpi));
                jfif.setAttribute("Ydensity", Integer.toString(dpi));
            }
            metadata.setFromTree(JPEG_METADATA, tree);
            return write(writer, new IIOImage(image, null, metadata), param);
        } catch (IOException e) {
            throw new UncheckedIOException("writing a JPEG in memory", e);
        } finally {
            writer.dispose();
        }
    }

    /** A lossless WebP: decoded, it is the image pixel for pixel, alpha included. */
    public static byte[] webp(BufferedImage image) {
        ImageWriter writer = WEBP_WRITER.createWriterInstance(null);
        try {
            WebPWriteParam param = new WebPWriteParam(Locale.ROOT);
            param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            param.setCompressionType(CompressionType.Lossless);
            return write(writer, new IIOImage(new ReadInPlace(image), null, null), param);
        } catch (IOException e) {
            throw new UncheckedIOException("writing a WebP in memory", e);
        } finally {
            writer.dispose();
        }
    }

    /**
     * An image whose {@link #getData()} is its own raster. The WebP encoder reads the pixels through
     * {@code getData()}, which a {@link BufferedImage} answers with a copy of the whole image (100 MB at 5000 px, on top
     * of the encoder's own RGB copy); the encoder only reads them, so the copy is waste.
     */
    private static final class ReadInPlace extends BufferedImage {
        ReadInPlace(BufferedImage image) {
            super(image.getColorModel(), image.getRaster(), image.isAlphaPremultiplied(), null);
        }

        @Override
        public Raster getData() {
            return getRaster();
        }
    }

    /** Decodes a JPEG file. */
    public static BufferedImage readJpeg(byte[] file) {
        try {
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(file));
            if (image == null) {
                throw new IllegalStateException("not a JPEG file this JVM can read");
            }
            return image;
        } catch (IOException e) {
            throw new UncheckedIOException("reading a JPEG in memory", e);
        }
    }

    /** Decodes a WebP file. */
    public static BufferedImage readWebp(byte[] file) {
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(file))) {
            ImageReader reader = WEBP_READER.createReaderInstance(null);
            try {
                reader.setInput(in);
                return reader.read(0);
            } finally {
                reader.dispose();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("reading a WebP in memory", e);
        }
    }

    private static byte[] write(ImageWriter writer, IIOImage image, ImageWriteParam param) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ImageOutputStream out = ImageIO.createImageOutputStream(bytes)) {
            writer.setOutput(out);
            writer.write(null, image, param);
        }
        return bytes.toByteArray();
    }
}
