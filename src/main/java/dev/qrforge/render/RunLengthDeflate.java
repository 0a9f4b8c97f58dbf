package dev.qrforge.render;

import java.util.Arrays;

/**
 * A zlib stream (RFC 1950, RFC 1951) in which every run of one byte is a copy of the byte before it and every other
 * byte is itself, in blocks of Huffman codes made for each block's symbols. A filtered PNG row of a code is mostly
 * such runs: the background, a module's width of one colour, and, under the Up filter, the zeros of a row like the one
 * above. zlib's fastest level still looks at every byte, about 1.3 ns each on the 2-core machine of
 * docs/benchmarks.md even for a buffer of zeros, which made deflating a 1000 px RGB image a third of a gradient code's
 * cost; this class looks at a run's bytes only to find its end (a vectorised comparison) and takes the run's share of
 * the Adler-32 checksum from its length. Matches reach only the byte before: most codes' files come out smaller than
 * zlib's fastest level makes them, but a body whose modules repeat along a row, which zlib matches a module back,
 * up to 2.4 times larger (measured in docs/benchmarks.md).
 */
final class RunLengthDeflate {

    /** Where the compressed bytes go, in pieces of at most the buffer's size. */
    interface Sink {
        void write(byte[] data, int length);
    }

    /** zlib's header: deflate, a 32 KiB window, "fastest" compression, check bits making it a multiple of 31. */
    private static final int ZLIB_METHOD = 0x78;
    private static final int ZLIB_FLAGS = 0x01;
    private static final int MIN_MATCH = 3;
    private static final int MAX_MATCH = 258;
    private static final int END_OF_BLOCK = 256;
    /** Literal and length symbols: 0–255 bytes, 256 the block's end, 257–285 lengths. */
    private static final int SYMBOLS = 286;
    private static final int MIN_LITERAL_LENGTH_CODES = 257;
    /** Distance codes described: 0 (distance 1), and 1, unused. */
    private static final int DISTANCE_CODES = 2;
    /** The base length of each length symbol from 257 on, and its extra bits (RFC 1951, 3.2.5). */
    private static final int[] LENGTH_BASES = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59,
        67, 83, 99, 115, 131, 163, 195, 227, 258};
    private static final int[] LENGTH_EXTRA_BITS = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4,
        4, 5, 5, 5, 5, 0};
    /** Each match length's symbol and extra bits, as {@code extra << SYMBOL_BITS | symbol}. */
    private static final int[] MATCH_SYMBOLS = new int[MAX_MATCH + 1];
    private static final int SYMBOL_BITS = 9;
    private static final int SYMBOL_MASK = (1 << SYMBOL_BITS) - 1;
    /** The longest code of the literal and length codes, and of the code length codes (RFC 1951, 3.2.7). */
    private static final int MAX_CODE_BITS = 15;
    private static final int MAX_CODE_LENGTH_BITS = 7;
    /** Code length symbols: 0–15 lengths, 17 and 18 runs of zeros, sent in this order; at least the first 4. */
    private static final int CODE_LENGTH_SYMBOLS = 19;
    private static final int[] CODE_LENGTH_ORDER = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    private static final int MIN_CODE_LENGTH_CODES = 4;
    /** Symbol 17: 3–10 zeros, the count less 3 in 3 extra bits; symbol 18: 11–138 zeros, less 11 in 7 bits. */
    private static final int SHORT_ZEROS = 17;
    private static final int MIN_SHORT_ZEROS = 3;
    private static final int SHORT_ZEROS_EXTRA_BITS = 3;
    private static final int LONG_ZEROS = 18;
    private static final int MIN_LONG_ZEROS = 11;
    private static final int MAX_LONG_ZEROS = 138;
    private static final int LONG_ZEROS_EXTRA_BITS = 7;
    /** Symbols a block holds: enough for its codes to pay for their description, few enough to follow the image. */
    private static final int BLOCK_SYMBOLS = 1 << 14;
    private static final int ADLER_MODULUS = 65521;
    /**
     * The checksum's sums are reduced modulo {@link #ADLER_MODULUS} once they pass these bounds, after a run and after
     * each piece written: they leave room for a run of {@link #MAX_RUN} bytes, or a piece of 2^26 lone bytes, without
     * overflowing a long.
     */
    private static final long ADLER_A_BOUND = 1L << 32;
    private static final long ADLER_B_BOUND = 1L << 60;
    private static final int MAX_RUN = 1 << 20;
    /** Bytes compared one by one before a run's end is searched for by the vectorised comparison. */
    private static final int SHORT_RUN = 16;
    private static final int BITS_PER_WRITE = 32;

    static {
        for (int length = MIN_MATCH; length <= MAX_MATCH; length++) {
            int index = LENGTH_BASES.length - 1;
            while (LENGTH_BASES[index] > length) {
                index--;
            }
            MATCH_SYMBOLS[length] = (length - LENGTH_BASES[index]) << SYMBOL_BITS | END_OF_BLOCK + 1 + index;
        }
    }

    private final Sink sink;
    private final byte[] out;
    private int outLength;
    private long bits;
    private int bitCount;
    /** The current block's symbols (with their extra bits, as in {@link #MATCH_SYMBOLS}) and how often each occurs. */
    private final int[] symbols = new int[BLOCK_SYMBOLS];
    private int symbolCount;
    private final int[] frequencies = new int[SYMBOLS];
    /** The last byte written, or -1 before the first: what a match at distance 1 copies. */
    private int previous = -1;
    private long adlerA = 1;
    private long adlerB;

    /** Starts the stream, handing it to {@code sink} in pieces of at most {@code bufferBytes} (at least 16). */
    RunLengthDeflate(Sink sink, int bufferBytes) {
        this.sink = sink;
        this.out = new byte[Math.max(bufferBytes, 2 * Long.BYTES)];
        out[outLength++] = (byte) ZLIB_METHOD;
        out[outLength++] = (byte) ZLIB_FLAGS;
    }

    /** The heap a stream holds with a buffer of {@code bufferBytes}: the buffer, and a block's symbols and counts. */
    static long workingBytes(int bufferBytes) {
        return bufferBytes + (long) (BLOCK_SYMBOLS + SYMBOLS) * Integer.BYTES;
    }

    /** Compresses one byte. */
    void write(int value) {
        lone(value & 0xff);
        reduceAdler();
    }

    /** Compresses {@code data[from, to)}. */
    void write(byte[] data, int from, int to) {
        int i = from;
        while (i < to) {
            int b = data[i] & 0xff;
            if (i + 1 < to && data[i + 1] != data[i] && b != previous) {
                // A lone byte, the rule under a gradient: no run to look for.
                lone(b);
                i++;
                continue;
            }
            int end = runEnd(data, i, Math.min(to, i + MAX_RUN));
            int copies = end - i;
            if (b != previous) {
                symbol(b);
                previous = b;
                copies--;
            }
            copies(copies);
            adlerRun(b, end - i);
            i = end;
        }
        reduceAdler();
    }

    /** Ends the last block and the stream, and hands the rest to the sink. */
    void finish() {
        block(true);
        spaceFor(2 * Integer.BYTES);
        while (bitCount > 0) {
            out[outLength++] = (byte) bits;
            bits >>>= Byte.SIZE;
            bitCount = Math.max(0, bitCount - Byte.SIZE);
        }
        int adler = (int) (adlerB % ADLER_MODULUS << Short.SIZE | adlerA % ADLER_MODULUS);
        for (int shift = Integer.SIZE - Byte.SIZE; shift >= 0; shift -= Byte.SIZE) {
            out[outLength++] = (byte) (adler >>> shift);
        }
        sink.write(out, outLength);
        outLength = 0;
    }

    /** A byte that is no copy of the one before: a literal, its sums added without reducing them. */
    private void lone(int b) {
        symbol(b);
        adlerA += b;
        adlerB += adlerA;
        previous = b;
    }

    /** The end of the run of {@code data[i]} that starts at {@code i}, no further than {@code to}. */
    private static int runEnd(byte[] data, int i, int to) {
        byte b = data[i];
        int j = i + 1;
        int near = Math.min(to, i + SHORT_RUN);
        while (j < near && data[j] == b) {
            j++;
        }
        if (j < near || j == to) {
            return j;
        }
        // Each byte against the one before it: the first that differs ends the run.
        int differs = Arrays.mismatch(data, j, to, data, j - 1, to - 1);
        return differs < 0 ? to : j + differs;
    }

    /** {@code n} more of the previous byte: matches at distance 1, a remainder too short for one as literals. */
    private void copies(int n) {
        int left = n;
        while (left >= MIN_MATCH) {
            int length = Math.min(left, MAX_MATCH);
            if (left - length > 0 && left - length < MIN_MATCH) {
                length = left - MIN_MATCH;
            }
            symbol(MATCH_SYMBOLS[length]);
            left -= length;
        }
        for (; left > 0; left--) {
            symbol(previous);
        }
    }

    /** Adds a run of {@code n} bytes {@code b} to the checksum: each adds {@code b} to A, then A to B. */
    private void adlerRun(int b, long n) {
        adlerB += n * adlerA + b * (n * (n + 1) / 2);
        adlerA += n * b;
        reduceAdler();
    }

    private void reduceAdler() {
        if (adlerA >= ADLER_A_BOUND || adlerB >= ADLER_B_BOUND) {
            adlerA %= ADLER_MODULUS;
            adlerB %= ADLER_MODULUS;
        }
    }

    private void symbol(int entry) {
        symbols[symbolCount++] = entry;
        frequencies[entry & SYMBOL_MASK]++;
        if (symbolCount == BLOCK_SYMBOLS) {
            block(false);
        }
    }

    /**
     * Writes the symbols so far as one block of Huffman codes made for them (RFC 1951, 3.2.7): its header, the
     * lengths of its codes, themselves coded, and the symbols. Every match is at distance 1, distance code 0.
     */
    private void block(boolean last) {
        frequencies[END_OF_BLOCK]++;
        int[] lengths = codeLengths(frequencies, MAX_CODE_BITS);
        int[] codes = codes(lengths, MAX_CODE_BITS);
        int literalCodes = MIN_LITERAL_LENGTH_CODES;
        for (int symbol = literalCodes; symbol < SYMBOLS; symbol++) {
            if (lengths[symbol] > 0) {
                literalCodes = symbol + 1;
            }
        }
        // The code lengths of the literal and length codes, then of two distance codes of one bit: distance 1 is the
        // first, the second is never used but makes the code complete, which not every decoder can do without.
        int[] described = Arrays.copyOf(lengths, literalCodes + DISTANCE_CODES);
        Arrays.fill(described, literalCodes, described.length, 1);
        int[] description = new int[described.length];
        int[] descriptionFrequencies = new int[CODE_LENGTH_SYMBOLS];
        int entries = 0;
        for (int i = 0; i < described.length; ) {
            int zeros = 0;
            while (i + zeros < described.length && described[i + zeros] == 0 && zeros < MAX_LONG_ZEROS) {
                zeros++;
            }
            int entry;
            if (zeros >= MIN_LONG_ZEROS) {
                entry = (zeros - MIN_LONG_ZEROS) << SYMBOL_BITS | LONG_ZEROS;
                i += zeros;
            } else if (zeros >= MIN_SHORT_ZEROS) {
                entry = (zeros - MIN_SHORT_ZEROS) << SYMBOL_BITS | SHORT_ZEROS;
                i += zeros;
            } else {
                entry = described[i++];
            }
            description[entries++] = entry;
            descriptionFrequencies[entry & SYMBOL_MASK]++;
        }
        int[] descriptionLengths = codeLengths(descriptionFrequencies, MAX_CODE_LENGTH_BITS);
        int[] descriptionCodes = codes(descriptionLengths, MAX_CODE_LENGTH_BITS);
        int sentLengths = CODE_LENGTH_SYMBOLS;
        while (descriptionLengths[CODE_LENGTH_ORDER[sentLengths - 1]] == 0) {
            sentLengths--;
        }

        put(last ? 1 : 0, 1);
        put(0b10, 2);
        put(literalCodes - MIN_LITERAL_LENGTH_CODES, 5);
        put(DISTANCE_CODES - 1, 5);
        put(sentLengths - MIN_CODE_LENGTH_CODES, 4);
        for (int i = 0; i < sentLengths; i++) {
            put(descriptionLengths[CODE_LENGTH_ORDER[i]], 3);
        }
        for (int i = 0; i < entries; i++) {
            int symbol = description[i] & SYMBOL_MASK;
            put(descriptionCodes[symbol], descriptionLengths[symbol]);
            if (symbol == SHORT_ZEROS) {
                put(description[i] >>> SYMBOL_BITS, SHORT_ZEROS_EXTRA_BITS);
            } else if (symbol == LONG_ZEROS) {
                put(description[i] >>> SYMBOL_BITS, LONG_ZEROS_EXTRA_BITS);
            }
        }
        for (int i = 0; i < symbolCount; i++) {
            int entry = symbols[i];
            int symbol = entry & SYMBOL_MASK;
            put(codes[symbol], lengths[symbol]);
            if (symbol > END_OF_BLOCK) {
                // The length's extra bits, then distance 1: distance code 0, a zero bit.
                put(entry >>> SYMBOL_BITS, LENGTH_EXTRA_BITS[symbol - END_OF_BLOCK - 1] + 1);
            }
        }
        put(codes[END_OF_BLOCK], lengths[END_OF_BLOCK]);
        symbolCount = 0;
        Arrays.fill(frequencies, 0);
    }

    /**
     * Huffman code lengths for symbols of these frequencies, none longer than {@code limit}: where the optimal code
     * has longer ones, the frequencies are flattened (halved, none below 1) until it has not. At least two symbols get
     * a code, as a decoder takes a code of one for an incomplete one.
     */
    static int[] codeLengths(int[] frequencies, int limit) {
        long[] weights = new long[frequencies.length];
        int used = 0;
        for (int i = 0; i < weights.length; i++) {
            weights[i] = frequencies[i];
            used += frequencies[i] > 0 ? 1 : 0;
        }
        for (int i = 0; used < 2; i++) {
            if (weights[i] == 0) {
                weights[i] = 1;
                used++;
            }
        }
        while (true) {
            int[] lengths = huffmanLengths(weights);
            if (Arrays.stream(lengths).max().orElse(0) <= limit) {
                return lengths;
            }
            for (int i = 0; i < weights.length; i++) {
                weights[i] = weights[i] == 0 ? 0 : Math.max(1, weights[i] >> 1);
            }
        }
    }

    /** The depth of each symbol in a Huffman tree of these weights; 0 for a weight of 0. */
    private static int[] huffmanLengths(long[] weights) {
        int symbols = weights.length;
        // Weight and node in one long. Leaves in order of weight; joined nodes are made in order of weight too, so
        // the two lightest are always at the heads of the two queues. A node made later has a larger index.
        long[] leaves = new long[symbols];
        int leafCount = 0;
        for (int i = 0; i < symbols; i++) {
            if (weights[i] > 0) {
                leaves[leafCount++] = weights[i] << Integer.SIZE | i;
            }
        }
        Arrays.sort(leaves, 0, leafCount);
        long[] joined = new long[leafCount];
        int[] parents = new int[2 * symbols];
        int leaf = 0;
        int join = 0;
        int joinedCount = 0;
        int next = symbols;
        while (leafCount - leaf + joinedCount - join > 1) {
            long a = join == joinedCount || leaf < leafCount && leaves[leaf] < joined[join] ? leaves[leaf++]
                    : joined[join++];
            long b = join == joinedCount || leaf < leafCount && leaves[leaf] < joined[join] ? leaves[leaf++]
                    : joined[join++];
            parents[(int) a] = next;
            parents[(int) b] = next;
            joined[joinedCount++] = ((a >>> Integer.SIZE) + (b >>> Integer.SIZE)) << Integer.SIZE | next;
            next++;
        }
        int[] depths = new int[next];
        for (int node = next - 2; node >= 0; node--) {
            if (node >= symbols || weights[node] > 0) {
                depths[node] = depths[parents[node]] + 1;
            }
        }
        return Arrays.copyOf(depths, symbols);
    }

    /** The canonical code of each symbol with these code lengths (RFC 1951, 3.2.2), bit-reversed for sending. */
    private static int[] codes(int[] lengths, int limit) {
        int[] perLength = new int[limit + 1];
        for (int length : lengths) {
            perLength[length]++;
        }
        perLength[0] = 0;
        int[] nextCode = new int[limit + 1];
        int code = 0;
        for (int length = 1; length <= limit; length++) {
            code = (code + perLength[length - 1]) << 1;
            nextCode[length] = code;
        }
        int[] codes = new int[lengths.length];
        for (int symbol = 0; symbol < lengths.length; symbol++) {
            int length = lengths[symbol];
            if (length > 0) {
                // Huffman codes are sent from their most significant bit, into a stream filled from the least.
                codes[symbol] = Integer.reverse(nextCode[length]++) >>> (Integer.SIZE - length);
            }
        }
        return codes;
    }

    private void put(int value, int count) {
        bits |= (long) value << bitCount;
        bitCount += count;
        if (bitCount >= BITS_PER_WRITE) {
            spaceFor(Integer.BYTES);
            out[outLength] = (byte) bits;
            out[outLength + 1] = (byte) (bits >>> 8);
            out[outLength + 2] = (byte) (bits >>> 16);
            out[outLength + 3] = (byte) (bits >>> 24);
            outLength += Integer.BYTES;
            bits >>>= BITS_PER_WRITE;
            bitCount -= BITS_PER_WRITE;
        }
    }

    /** Hands the buffer to the sink if fewer than {@code bytes} are free. */
    private void spaceFor(int bytes) {
        if (out.length - outLength < bytes) {
            sink.write(out, outLength);
            outLength = 0;
        }
    }
}
