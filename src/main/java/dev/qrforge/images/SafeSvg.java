package dev.qrforge.images;

import dev.qrforge.api.ApiException;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.apache.batik.transcoder.SVGAbstractTranscoder;
import org.apache.batik.transcoder.TranscoderException;
import org.apache.batik.transcoder.TranscoderInput;
import org.apache.batik.transcoder.TranscoderOutput;
import org.apache.batik.transcoder.image.ImageTranscoder;
import org.w3c.dom.Attr;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * SVG from clients, which is a program as much as a picture: it may load other files, URLs, fonts and style sheets,
 * define entities (XXE) and run scripts. Before Batik draws one, it is parsed with a parser that refuses any DOCTYPE
 * (so no entities, internal or external) and walked: scripts, foreign content, event handlers and every reference
 * that does not point inside the document itself are refused. Batik then draws it with scripts and external
 * resources switched off as well, so neither check alone has to be perfect.
 */
final class SafeSvg {

    private static final String SVG_NAMESPACE = "http://www.w3.org/2000/svg";
    /** An intrinsic size for SVGs that state none: only their aspect ratio matters. */
    private static final int DEFAULT_SIZE = 512;
    private static final Set<String> FORBIDDEN_ELEMENTS = Set.of("script", "foreignobject", "iframe", "object",
            "embed", "audio", "video", "handler", "listener");
    /** CSS that reaches outside the document: imports, and url(…) that is not a same-document fragment. */
    private static final Pattern EXTERNAL_CSS = Pattern.compile("@import|url\\(\\s*['\"]?\\s*(?!#)",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern LENGTH = Pattern.compile("\\s*([0-9]*\\.?[0-9]+)\\s*(px)?\\s*");
    private static final Pattern VIEW_BOX = Pattern.compile(
            "\\s*-?[0-9.]+[\\s,]+-?[0-9.]+[\\s,]+([0-9]*\\.?[0-9]+)[\\s,]+([0-9]*\\.?[0-9]+)\\s*");

    private SafeSvg() {
    }

    /** Checks an SVG and reads its intrinsic size (width/height, else the viewBox's, else a square). */
    static ImageFile inspect(byte[] file, String field, String sha256) {
        Element root = parse(file, field).getDocumentElement();
        if (!"svg".equals(root.getLocalName()) || !SVG_NAMESPACE.equals(root.getNamespaceURI())) {
            throw ApiException.invalid(field, field + " is XML but not an SVG image (its root must be <svg> in the"
                    + " SVG namespace)");
        }
        refuseOutsideReferences(root, field);
        double width = length(root.getAttribute("width"));
        double height = length(root.getAttribute("height"));
        Matcher viewBox = VIEW_BOX.matcher(root.getAttribute("viewBox"));
        if ((width <= 0 || height <= 0) && viewBox.matches()) {
            width = Double.parseDouble(viewBox.group(1));
            height = Double.parseDouble(viewBox.group(2));
        }
        if (width <= 0 || height <= 0) {
            width = DEFAULT_SIZE;
            height = DEFAULT_SIZE;
        }
        return new ImageFile(file, ImageKind.SVG, (int) Math.max(1, Math.round(width)),
                (int) Math.max(1, Math.round(height)), Integer.BYTES, false, sha256);
    }

    /** Draws an SVG already {@link #inspect inspected} at exactly {@code width}×{@code height} pixels. */
    static BufferedImage rasterise(byte[] file, int width, int height, String field) {
        Capture capture = new Capture();
        capture.addTranscodingHint(SVGAbstractTranscoder.KEY_WIDTH, (float) width);
        capture.addTranscodingHint(SVGAbstractTranscoder.KEY_HEIGHT, (float) height);
        capture.addTranscodingHint(SVGAbstractTranscoder.KEY_ALLOW_EXTERNAL_RESOURCES, Boolean.FALSE);
        capture.addTranscodingHint(SVGAbstractTranscoder.KEY_ALLOWED_SCRIPT_TYPES, "");
        capture.addTranscodingHint(SVGAbstractTranscoder.KEY_CONSTRAIN_SCRIPT_ORIGIN, Boolean.TRUE);
        capture.addTranscodingHint(SVGAbstractTranscoder.KEY_EXECUTE_ONLOAD, Boolean.FALSE);
        try {
            capture.transcode(new TranscoderInput(new ByteArrayInputStream(file)), new TranscoderOutput());
        } catch (TranscoderException | RuntimeException e) {
            throw unreadable(field);
        }
        if (capture.image == null) {
            throw unreadable(field);
        }
        return capture.image;
    }

    private static Document parse(byte[] file, String field) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
            factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            factory.setXIncludeAware(false);
            factory.setExpandEntityReferences(false);
            DocumentBuilder builder = factory.newDocumentBuilder();
            // Errors are thrown (and become the caller's 400), not printed as the parser does by default.
            builder.setErrorHandler(new DefaultHandler());
            return builder.parse(new ByteArrayInputStream(file));
        } catch (SAXException e) {
            String message = e.getMessage() == null ? "" : e.getMessage();
            if (message.contains("DOCTYPE")) {
                throw ApiException.invalid(field, field + " is an SVG with a DOCTYPE; DOCTYPEs (and the entities they"
                        + " declare) are not accepted");
            }
            throw unreadable(field);
        } catch (IOException | ParserConfigurationException e) {
            throw unreadable(field);
        }
    }

    private static void refuseOutsideReferences(Element element, String field) {
        String name = element.getLocalName() == null ? element.getNodeName() : element.getLocalName();
        if (FORBIDDEN_ELEMENTS.contains(name.toLowerCase(Locale.ROOT))) {
            throw refused(field, "a <" + name + "> element");
        }
        if (name.equalsIgnoreCase("style") && EXTERNAL_CSS.matcher(element.getTextContent()).find()) {
            throw refused(field, "a style sheet that loads from outside the document");
        }
        NamedNodeMap attributes = element.getAttributes();
        for (int i = 0; i < attributes.getLength(); i++) {
            Attr attribute = (Attr) attributes.item(i);
            String attributeName = (attribute.getLocalName() == null ? attribute.getName()
                    : attribute.getLocalName()).toLowerCase(Locale.ROOT);
            String value = attribute.getValue().strip();
            if (attributeName.startsWith("on")) {
                throw refused(field, "an event handler (" + attribute.getName() + ")");
            }
            if (attributeName.equals("href") && !value.startsWith("#")) {
                throw refused(field, "a link to '" + abbreviate(value) + "' outside the document");
            }
            if (EXTERNAL_CSS.matcher(value).find()) {
                throw refused(field, "a reference to something outside the document in " + attribute.getName());
            }
        }
        NodeList children = element.getChildNodes();
        for (int i = 0; i < children.getLength(); i++) {
            Node child = children.item(i);
            if (child.getNodeType() == Node.ELEMENT_NODE) {
                refuseOutsideReferences((Element) child, field);
            } else if (child.getNodeType() == Node.PROCESSING_INSTRUCTION_NODE) {
                throw refused(field, "a processing instruction");
            }
        }
    }

    private static double length(String value) {
        Matcher matcher = LENGTH.matcher(value);
        return matcher.matches() ? Double.parseDouble(matcher.group(1)) : -1;
    }

    private static String abbreviate(String value) {
        return value.length() <= 40 ? value : value.substring(0, 40) + "…";
    }

    private static ApiException refused(String field, String what) {
        return ApiException.invalid(field, field + " is an SVG with " + what + "; SVG images must be self-contained:"
                + " no scripts, no event handlers, no links to files or URLs");
    }

    private static ApiException unreadable(String field) {
        return ApiException.invalid(field, field + " is not a readable SVG image");
    }

    /** Keeps the image Batik draws instead of encoding it. */
    private static final class Capture extends ImageTranscoder {

        private BufferedImage image;

        @Override
        public BufferedImage createImage(int width, int height) {
            return new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        }

        @Override
        public void writeImage(BufferedImage drawn, TranscoderOutput output) {
            image = drawn;
        }
    }
}
