package dev.qrforge.render;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Writes an 8-bit RGB, RGBA or palette PNG, or a two-colour one at a bit per pixel (RFC 2083) row by row, so an image
 * is encoded while it is drawn and never needs to exist whole. The rows of a drawn code are deflated by
 * {@link RunLengthDeflate}, several times faster than zlib on their runs, except two-colour ones, whose repeats zlib
 * finds a row back; pictures (composites, logos), whose repeats are anywhere, by the JDK's zlib. It exists because
 * the encoders at hand all want the finished image: pngencoder copies it into one scanline array (another 3 bytes per
 * pixel), and ImageIO, which can stream, filters every row five ways and was measured 3–4 times slower here.
 */
public final class PngWriter implements RowSink, AutoCloseable {

    /**
     * zlib level of pictures: the fastest, as larger levels cost several times the time for a few per cent of size.
     */
    static final int PICTURE_COMPRESSION_LEVEL = 1;
    /**
     * zlib level and filter of {@link Pixels#TWO_COLOURS} rows, a twenty-fourth of RGB's bytes: zlib's default level
     * on unfiltered rows, whose repeats it finds a row back, gave a 1000 px code's file in 969 bytes, against 2,445
     * to 3,034 at the fastest level with or without the Up filter, for about half a millisecond more.
     */
    static final int TWO_COLOUR_COMPRESSION_LEVEL = Deflater.DEFAULT_COMPRESSION;

    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    private static final int BYTE_BITS = 8;
    private static final int GREY_LEVELS = 256;
    /** The most entries a palette holds, and the slots of the table that finds a colour's entry. */
    private static final int PALETTE_ENTRIES = 256;
    private static final int PALETTE_SLOTS = 2 * PALETTE_ENTRIES;
    private static final int RGB_MASK = 0xffffff;
    private static final int RGB_BYTES = 3;
    private static final int RGBA_BYTES = 4;
    /** PNG row filters: the first row as it is, every later one as its difference from the row above. */
    private static final int FILTER_NONE = 0;
    private static final int FILTER_UP = 2;
    /** Compressed bytes per IDAT chunk. */
    private static final int CHUNK_BYTES = 1 << 16;
    /** Length, type and CRC of a chunk. */
    private static final int CHUNK_FRAMING = 12;
    /** Signature, header chunk, density chunk, a grey palette (the largest) and end chunk. */
    private static final int FILE_FRAMING = 8 + 25 + 21 + 780 + 12;
    /** zlib's header and checksum, and its last block's end, with room to spare. */
    private static final int ZLIB_FRAMING = 64;
    /**
     * What deflating adds to the bytes at most, as a fraction of them: a byte {@link RunLengthDeflate} cannot make part
     * of a run takes 9 bits at worst (its codes are no longer than deflate's fixed ones for a block's symbols), and
     * each block of 16,384 symbols describes its codes in under 300 bytes (zlib never expands by more than 0.03 %).
     */
    private static final int DEFLATE_EXPANSION_DIVISOR = 7;
    private static final ByteBuffer NO_INPUT = ByteBuffer.allocateDirect(0);
    /** The largest array the JVM reliably allocates. */
    private static final int MAX_ARRAY_BYTES = Integer.MAX_VALUE - 8;
    private static final double METRES_PER_INCH = 0.0254;

    /**
     * How pixels are stored: their PNG colour type and bytes. An opaque image in greys alone is stored as indices into
     * a palette of the 256 greys: a third of the bytes to filter and deflate, and files to match. Not as PNG's grey
     * type, whose levels Java's ImageIO, which many of the callers' systems decode with, reads as linear light and
     * so lightens; palette entries every decoder reads as sRGB, as it reads RGB.
     */
    enum Pixels {
        GREYS(3, BYTE_BITS), RGB(2, RGB_BYTES * BYTE_BITS), RGBA(6, RGBA_BYTES * BYTE_BITS),
        /**
         * Two colours, light and dark, as a palette of two at a bit per pixel: a code drawn on whole pixels
         * ({@link AlignedRaster}), a twenty-fourth of RGB's bytes. A transparent light colour is stated in a tRNS
         * chunk.
         */
        TWO_COLOURS(3, 1),
        /**
         * An opaque image of at most 256 colours, as indices into a palette of the colours in the order they first
         * appear, a third of RGB's bytes: one colour anti-aliased over another (Java2D's coverage has 256 levels).
         */
        FEW_COLOURS(3, BYTE_BITS);

        private final int colourType;
        private final int bits;

        Pixels(int colourType, int bits) {
            this.colourType = colourType;
            this.bits = bits;
        }

        /** The bytes a row of {@code width} pixels takes, before its filter byte. */
        int rowBytes(int width) {
            return (int) (((long) width * bits + BYTE_BITS - 1) / BYTE_BITS);
        }

        /** Greys when every pixel is an opaque grey, else RGB with an alpha channel or without. */
        static Pixels of(boolean grey, boolean alpha) {
            if (alpha) {
                return RGBA;
            }
            return grey ? GREYS : RGB;
        }
    }

    private final int width;
    private final int height;
    private final Pixels format;
    /** For {@link Pixels#TWO_COLOURS}: the pixel value stored as palette index 1; every other value is index 0. */
    private final int dark;
    /** For pictures and {@link Pixels#TWO_COLOURS} rows: zlib, and the rows it has not yet had; else null. */
    private final Deflater deflater;
    /*
     * zlib works on direct buffers here: on heap arrays the JDK pins them for the native call (a JNI critical
     * section), which holds off garbage collection; with many renders at once, a thread needing memory then waited
     * for the collector too often and was failed with an OutOfMemoryError on a heap that had room.
     */
    private final ByteBuffer filteredRows;
    private final ByteBuffer compressed;
    private final byte[] chunkData;
    /** For a drawn code's other rows: what deflates them; else null. */
    private final RunLengthDeflate runLength;
    private final Output out;
    /** For {@link Pixels#FEW_COLOURS}: each slot's colour (or -1) and its palette entry, and the entries so far. */
    private final int[] slotColours;
    private final byte[] slotEntries;
    private final int[] paletteColours;
    private int paletteSize;
    /** Where the palette chunk, written empty and filled in at the end, starts in the file. */
    private int paletteChunkAt;
    /** Whether the image had more colours than a palette holds: its rows are then dropped. */
    private boolean overflowed;
    /** This row and the one above, as RGB(A) bytes; the filter byte is written separately. */
    private byte[] current;
    private byte[] above;
    private final byte[] filtered;
    private final byte[] zeros;
    /** The row above as it came in, to recognise a repeated row before converting it. */
    private final int[] abovePixels;
    private int nextRow;

    /**
     * Starts a {@code width}×{@code height} PNG on {@code out}, its pixels stored as {@code format} says; the caller
     * then supplies every row in order. {@code twoColours} are the light and the dark pixel of a
     * {@link Pixels#TWO_COLOURS} image (0xRRGGBB, or 0xAARRGGBB with a light colour of alpha 0 for transparency).
     * A {@code picture}'s rows are deflated by zlib.
     */
    private PngWriter(Output out, int width, int height, Pixels format, int dpi, boolean picture, int... twoColours) {
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("a PNG needs at least one pixel, got " + width + "×" + height);
        }
        if ((format == Pixels.TWO_COLOURS) != (twoColours.length == 2)) {
            throw new IllegalArgumentException("two colours go with " + Pixels.TWO_COLOURS + " alone");
        }
        this.width = width;
        this.height = height;
        this.format = format;
        this.dark = format == Pixels.TWO_COLOURS ? twoColours[1] : 0;
        int rowBytes = format.rowBytes(width);
        boolean zlib = picture || format == Pixels.TWO_COLOURS;
        this.deflater = zlib ? new Deflater(picture ? PICTURE_COMPRESSION_LEVEL : TWO_COLOUR_COMPRESSION_LEVEL) : null;
        this.filteredRows = zlib ? ByteBuffer.allocateDirect(Math.max(CHUNK_BYTES, 1 + rowBytes)) : null;
        this.compressed = zlib ? ByteBuffer.allocateDirect(CHUNK_BYTES) : null;
        this.chunkData = zlib ? new byte[CHUNK_BYTES] : null;
        this.runLength = zlib ? null : new RunLengthDeflate(this::idat, CHUNK_BYTES);
        this.current = new byte[rowBytes];
        this.above = new byte[rowBytes];
        this.filtered = new byte[rowBytes];
        this.zeros = new byte[rowBytes];
        this.abovePixels = new int[width];
        this.out = out;
        boolean collected = format == Pixels.FEW_COLOURS;
        this.slotColours = new int[collected ? PALETTE_SLOTS : 0];
        Arrays.fill(slotColours, -1);
        this.slotEntries = new byte[slotColours.length];
        this.paletteColours = new int[collected ? PALETTE_ENTRIES : 0];
        try {
            out.write(SIGNATURE);
            byte[] header = new byte[13];
            putInt(header, 0, width);
            putInt(header, 4, height);
            header[8] = (byte) Math.min(format.bits, BYTE_BITS);
            header[9] = (byte) format.colourType;
            // Bytes 10–12: deflate compression, adaptive filtering, no interlace (all zero).
            chunk("IHDR", header, header.length);
            if (format == Pixels.GREYS) {
                byte[] palette = new byte[GREY_LEVELS * RGB_BYTES];
                for (int i = 0; i < palette.length; i++) {
                    palette[i] = (byte) (i / RGB_BYTES);
                }
                chunk("PLTE", palette, palette.length);
            }
            if (format == Pixels.FEW_COLOURS) {
                // The colours are known once every row has come: the chunk is filled in then (close).
                paletteChunkAt = out.size();
                chunk("PLTE", new byte[PALETTE_ENTRIES * RGB_BYTES], PALETTE_ENTRIES * RGB_BYTES);
            }
            if (format == Pixels.TWO_COLOURS) {
                byte[] palette = paletteEntries(twoColours, twoColours.length);
                chunk("PLTE", palette, palette.length);
                if (twoColours[0] >>> 24 == 0 && twoColours[1] >>> 24 != 0) {
                    // Entry 0, the light colour, fully transparent; entries the chunk leaves out are opaque.
                    chunk("tRNS", new byte[1], 1);
                }
            }
            if (dpi > 0) {
                // pHYs: pixels per metre on both axes, unit 1 (the metre).
                byte[] density = new byte[9];
                int perMetre = (int) Math.round(dpi / METRES_PER_INCH);
                putInt(density, 0, perMetre);
                putInt(density, 4, perMetre);
                density[8] = 1;
                chunk("pHYs", density, density.length);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The heap a writer holds for images {@code width} pixels wide, besides the file it writes: its rows, a palette's
     * tables, and its chunk and zlib's buffers (outside the heap, as is zlib's own state) or the run-length deflate's
     * buffers, whichever are larger.
     */
    public static long workingBytes(int width) {
        return 4L * width * RGBA_BYTES + (long) width * Integer.BYTES
                + Math.max(CHUNK_BYTES, RunLengthDeflate.workingBytes(CHUNK_BYTES))
                + PALETTE_SLOTS * (Integer.BYTES + 1L) + PALETTE_ENTRIES * (long) Integer.BYTES;
    }

    /**
     * The largest PNG file a {@code width}×{@code height} image can make: its rows, a seventh more for deflating
     * (see {@link #DEFLATE_EXPANSION_DIVISOR}), and the chunks' framing.
     */
    public static long maxBytes(int width, int height, boolean alpha) {
        long raw = height * (1 + (long) width * (alpha ? RGBA_BYTES : RGB_BYTES));
        long deflated = raw + raw / DEFLATE_EXPANSION_DIVISOR + ZLIB_FRAMING;
        return FILE_FRAMING + deflated + CHUNK_FRAMING * (deflated / CHUNK_BYTES + 1);
    }

    /**
     * Writes a {@code width}×{@code height} picture whose rows {@code rows} supplies, into a buffer of
     * {@code expectedBytes} that grows only if the file is larger, and returns the file without copying it.
     */
    public static ByteBuffer write(int width, int height, boolean alpha, long expectedBytes,
            Consumer<? super PngWriter> rows) {
        return write(width, height, Pixels.of(false, alpha), 0, true, expectedBytes, rows, new int[0]);
    }

    /**
     * As {@link #write(int, int, boolean, long, Consumer)} for a drawn code, the pixels stored as {@code format} says,
     * stating in a pHYs chunk that the image has {@code dpi}, if > 0.
     */
    static ByteBuffer write(int width, int height, Pixels format, int dpi, long expectedBytes,
            Consumer<? super PngWriter> rows) {
        return write(width, height, format, dpi, false, expectedBytes, rows, new int[0]);
    }

    /**
     * As {@link #write(int, int, Pixels, int, long, Consumer)} for a {@link Pixels#TWO_COLOURS} image of the pixels
     * {@code light} and {@code dark}.
     */
    static ByteBuffer writeTwoColours(int width, int height, int light, int dark, int dpi, long expectedBytes,
            Consumer<? super PngWriter> rows) {
        return write(width, height, Pixels.TWO_COLOURS, dpi, false, expectedBytes, rows, new int[] {light, dark});
    }

    /**
     * As {@link #write(int, int, Pixels, int, long, Consumer)} for a {@link Pixels#FEW_COLOURS} image; empty if the
     * rows held more than 256 colours.
     */
    static Optional<ByteBuffer> writeFewColours(int width, int height, int dpi, long expectedBytes,
            Consumer<? super PngWriter> rows) {
        Output out = new Output((int) Math.min(MAX_ARRAY_BYTES, expectedBytes));
        try (PngWriter png = new PngWriter(out, width, height, Pixels.FEW_COLOURS, dpi, false)) {
            rows.accept(png);
            if (png.overflowed) {
                return Optional.empty();
            }
        }
        return Optional.of(out.view());
    }

    private static ByteBuffer write(int width, int height, Pixels format, int dpi, boolean picture,
            long expectedBytes, Consumer<? super PngWriter> rows, int[] twoColours) {
        Output out = new Output((int) Math.min(MAX_ARRAY_BYTES, expectedBytes));
        try (PngWriter png = new PngWriter(out, width, height, format, dpi, picture, twoColours)) {
            rows.accept(png);
        }
        return out.view();
    }

    /** Encodes a whole image, for pictures that exist anyway (composites, logos); with alpha if the image has it. */
    public static ByteBuffer encode(BufferedImage image) {
        int width = image.getWidth();
        int height = image.getHeight();
        boolean alpha = image.getColorModel().hasAlpha();
        return write(width, height, alpha, maxBytes(width, height, alpha), png -> {
            int[] row = new int[width];
            for (int y = 0; y < height; y++) {
                png.row(y, image.getRGB(0, y, width, 1, row, 0, width), 0);
            }
        });
    }

    @Override
    public void row(int y, int[] pixels, int offset) {
        if (y != nextRow) {
            throw new IllegalStateException("expected row " + nextRow + ", got " + y);
        }
        if (overflowed) {
            nextRow++;
            return;
        }
        boolean twoColours = format == Pixels.TWO_COLOURS;
        if (y > 0 && Arrays.equals(pixels, offset, offset + width, abovePixels, 0, width)) {
            // Within a module row, rows repeat: their difference from the row above is all zeros.
            if (twoColours) {
                emit(FILTER_NONE, above);
            } else {
                emit(FILTER_UP, zeros);
            }
        } else {
            convert(pixels, offset);
            if (overflowed) {
                nextRow++;
                return;
            }
            if (y == 0 || twoColours) {
                emit(FILTER_NONE, current);
            } else {
                for (int i = 0; i < filtered.length; i++) {
                    filtered[i] = (byte) (current[i] - above[i]);
                }
                emit(FILTER_UP, filtered);
            }
            byte[] swap = above;
            above = current;
            current = swap;
            System.arraycopy(pixels, offset, abovePixels, 0, width);
        }
        nextRow++;
    }

    /** Hands a filtered row, after its filter byte, to the compression. */
    private void emit(int filter, byte[] row) {
        if (runLength != null) {
            runLength.write(filter);
            runLength.write(row, 0, row.length);
            return;
        }
        if (filteredRows.remaining() < 1 + row.length) {
            compress();
        }
        filteredRows.put((byte) filter).put(row);
    }

    /** Stores a row's pixels as {@link #format} says, into {@link #current}. */
    private void convert(int[] pixels, int offset) {
        switch (format) {
            case GREYS -> {
                // A grey's level is each of its channels; the lowest is the palette index.
                for (int x = 0; x < width; x++) {
                    current[x] = (byte) pixels[offset + x];
                }
            }
            case FEW_COLOURS -> {
                // Runs of one colour are the rule: the entry is looked up where the colour changes.
                int last = -1;
                int entry = 0;
                for (int x = 0; x < width && !overflowed; x++) {
                    int rgb = pixels[offset + x] & RGB_MASK;
                    if (rgb != last) {
                        entry = paletteEntry(rgb);
                        last = rgb;
                    }
                    current[x] = (byte) entry;
                }
            }
            case TWO_COLOURS -> {
                // Eight pixels a byte, the leftmost in the highest bit; a row's last byte is padded with zeros.
                for (int x = 0; x < width; x += BYTE_BITS) {
                    int bits = 0;
                    int end = Math.min(width, x + BYTE_BITS);
                    for (int i = x; i < end; i++) {
                        bits = bits << 1 | (pixels[offset + i] == dark ? 1 : 0);
                    }
                    current[x / BYTE_BITS] = (byte) (bits << (x + BYTE_BITS - end));
                }
            }
            case RGB, RGBA -> {
                // Invariant in the loop, so the JIT takes the alpha test out of it (one loop per case).
                boolean alpha = format == Pixels.RGBA;
                int stride = format.bits / BYTE_BITS;
                for (int x = 0, i = 0; x < width; x++, i += stride) {
                    int argb = pixels[offset + x];
                    current[i] = (byte) (argb >> 16);
                    current[i + 1] = (byte) (argb >> 8);
                    current[i + 2] = (byte) argb;
                    if (alpha) {
                        current[i + 3] = (byte) (argb >>> 24);
                    }
                }
            }
            default -> throw new IllegalStateException("no conversion to " + format);
        }
    }

    /** The palette entry of {@code rgb}, added if new; marks the image overflowed if the palette is full. */
    private int paletteEntry(int rgb) {
        int slot = (rgb * 0x9E3779B1) >>> (Integer.SIZE - Integer.numberOfTrailingZeros(PALETTE_SLOTS));
        while (slotColours[slot] != -1) {
            if (slotColours[slot] == rgb) {
                return slotEntries[slot] & 0xff;
            }
            slot = (slot + 1) & (PALETTE_SLOTS - 1);
        }
        if (paletteSize == PALETTE_ENTRIES) {
            overflowed = true;
            return 0;
        }
        slotColours[slot] = rgb;
        slotEntries[slot] = (byte) paletteSize;
        paletteColours[paletteSize] = rgb;
        return paletteSize++;
    }

    /** Hands the rows collected so far to zlib, writing every chunk it fills. */
    private void compress() {
        filteredRows.flip();
        deflater.setInput(filteredRows);
        while (!deflater.needsInput()) {
            deflateInto(compressed);
        }
        // zlib keeps a reference to its input: once emptied for refilling, the buffer would read as fresh input.
        deflater.setInput(NO_INPUT);
        filteredRows.clear();
    }

    private void deflateInto(ByteBuffer target) {
        deflater.deflate(target);
        if (!target.hasRemaining()) {
            writeChunk();
        }
    }

    /** Writes what zlib has produced as one IDAT chunk. */
    private void writeChunk() {
        compressed.flip();
        int length = compressed.remaining();
        compressed.get(chunkData, 0, length);
        compressed.clear();
        idat(chunkData, length);
    }

    private void idat(byte[] data, int length) {
        try {
            chunk("IDAT", data, length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Ends the file. Every row must have been written. */
    @Override
    public void close() {
        try {
            if (nextRow != height) {
                throw new IllegalStateException("only " + nextRow + " of " + height + " rows were written");
            }
            if (overflowed) {
                return;
            }
            if (format == Pixels.FEW_COLOURS) {
                fillPalette();
            }
            if (runLength != null) {
                runLength.finish();
            } else {
                compress();
                deflater.finish();
                while (!deflater.finished()) {
                    deflateInto(compressed);
                }
                if (compressed.position() > 0) {
                    writeChunk();
                }
            }
            chunk("IEND", new byte[0], 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (deflater != null) {
                deflater.end();
            }
        }
    }

    /** Writes the colours seen into the palette chunk written empty at the start, and its checksum. */
    private void fillPalette() {
        // The chunk's length stays: entries past those seen are left black, which no pixel refers to.
        byte[] palette = Arrays.copyOf(paletteEntries(paletteColours, paletteSize), PALETTE_ENTRIES * RGB_BYTES);
        byte[] checksum = new byte[Integer.BYTES];
        putInt(checksum, 0, checksum("PLTE", palette, palette.length));
        int data = paletteChunkAt + 2 * Integer.BYTES;
        out.overwrite(data, palette);
        out.overwrite(data + palette.length, checksum);
    }

    /** The first {@code count} colours (0xRRGGBB) as a palette chunk's entries, three bytes each. */
    private static byte[] paletteEntries(int[] colours, int count) {
        byte[] entries = new byte[count * RGB_BYTES];
        for (int i = 0; i < count; i++) {
            entries[i * RGB_BYTES] = (byte) (colours[i] >> 16);
            entries[i * RGB_BYTES + 1] = (byte) (colours[i] >> 8);
            entries[i * RGB_BYTES + 2] = (byte) colours[i];
        }
        return entries;
    }

    private static void putInt(byte[] target, int at, int value) {
        target[at] = (byte) (value >>> 24);
        target[at + 1] = (byte) (value >>> 16);
        target[at + 2] = (byte) (value >>> 8);
        target[at + 3] = (byte) value;
    }

    /** A byte array stream whose contents can be handed out without the copy {@code toByteArray} makes. */
    private static final class Output extends ByteArrayOutputStream {

        Output(int capacity) {
            super(capacity);
        }

        ByteBuffer view() {
            return ByteBuffer.wrap(buf, 0, count).asReadOnlyBuffer();
        }

        /** Replaces bytes already written, from {@code at} on. */
        void overwrite(int at, byte[] bytes) {
            System.arraycopy(bytes, 0, buf, at, bytes.length);
        }
    }

    /** Writes one chunk: length, type, data, and the CRC-32 of type and data. */
    private void chunk(String type, byte[] data, int length) throws IOException {
        byte[] word = new byte[4];
        putInt(word, 0, length);
        out.write(word);
        out.write(type.getBytes(StandardCharsets.US_ASCII));
        out.write(data, 0, length);
        putInt(word, 0, checksum(type, data, length));
        out.write(word);
    }

    /** A chunk's CRC-32, of its type and data. */
    private static int checksum(String type, byte[] data, int length) {
        CRC32 crc = new CRC32();
        crc.update(type.getBytes(StandardCharsets.US_ASCII));
        crc.update(data, 0, length);
        return (int) crc.getValue();
    }
}
