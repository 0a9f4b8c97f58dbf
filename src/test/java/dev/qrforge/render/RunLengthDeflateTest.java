package dev.qrforge.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The run-length zlib stream read back by the JDK's zlib, which also checks its Adler-32 checksum. */
class RunLengthDeflateTest {

    /** Compresses {@code data}, handed over in pieces of random length, into a sink buffer of {@code bufferBytes}. */
    private static byte[] deflate(byte[] data, int bufferBytes, Random random) {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        RunLengthDeflate deflate = new RunLengthDeflate((bytes, length) -> {
            assertThat(length).isBetween(1, Math.max(bufferBytes, 16));
            stream.write(bytes, 0, length);
        }, bufferBytes);
        int at = 0;
        while (at < data.length) {
            if (random.nextInt(8) == 0) {
                deflate.write(data[at++]);
            } else {
                int end = Math.min(data.length, at + 1 + random.nextInt(3000));
                deflate.write(data, at, end);
                at = end;
            }
        }
        deflate.finish();
        return stream.toByteArray();
    }

    private static byte[] inflate(byte[] stream, int expectedLength) throws DataFormatException {
        Inflater inflater = new Inflater();
        inflater.setInput(stream);
        byte[] out = new byte[expectedLength + 1];
        int length = 0;
        while (!inflater.finished()) {
            int read = inflater.inflate(out, length, out.length - length);
            assertThat(read > 0 || inflater.finished() || !inflater.needsInput())
                    .as("the stream ends before its end of block").isTrue();
            length += read;
        }
        assertThat(inflater.getRemaining()).as("bytes after the checksum").isZero();
        inflater.end();
        return Arrays.copyOf(out, length);
    }

    /** Runs of every length from 1 to a few thousand, of random and of equal bytes, with lone bytes between. */
    private static byte[] runs(Random random, int length) {
        byte[] data = new byte[length];
        int at = 0;
        while (at < length) {
            int run = switch (random.nextInt(4)) {
                case 0 -> 1;
                case 1 -> 1 + random.nextInt(10);
                case 2 -> 250 + random.nextInt(20);
                default -> 1 + random.nextInt(4000);
            };
            byte value = (byte) (random.nextBoolean() ? random.nextInt(256) : random.nextInt(3));
            Arrays.fill(data, at, Math.min(length, at + run), value);
            at += run;
        }
        return data;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7})
    void runsOfAnyLengthReadBackExactly(int seed) throws DataFormatException {
        Random random = new Random(seed);
        byte[] data = runs(random, 200_000 + random.nextInt(200_000));
        int buffer = seed % 2 == 0 ? 16 : 1 << 16;
        assertThat(inflate(deflate(data, buffer, random), data.length)).isEqualTo(data);
    }

    @Test
    void bytesWithoutRunsReadBackAndGrowByASeventhAtMost() throws DataFormatException {
        Random random = new Random(42);
        byte[] data = new byte[100_000];
        random.nextBytes(data);
        byte[] stream = deflate(data, 1 << 16, random);
        assertThat(inflate(stream, data.length)).isEqualTo(data);
        assertThat(stream.length).isLessThanOrEqualTo(data.length + data.length / 7 + 16);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 258, 259, 260, 261, 262, 516, 517, 518, (1 << 20) - 1, 1 << 20, (1 << 20) + 7})
    void aRunAtTheEdgesOfAMatchsLengthAndOfTheLongestRunLooked(int length) throws DataFormatException {
        byte[] data = new byte[length + 2];
        Arrays.fill(data, 1, length + 1, (byte) 0xff);
        data[length + 1] = 7;
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        RunLengthDeflate deflate = new RunLengthDeflate((bytes, n) -> stream.write(bytes, 0, n), 1 << 16);
        deflate.write(data, 0, data.length);
        deflate.finish();
        assertThat(inflate(stream.toByteArray(), data.length)).isEqualTo(data);
    }

    @Test
    void anEmptyStreamIsAValidOne() throws DataFormatException {
        assertThat(inflate(deflate(new byte[0], 16, new Random(1)), 0)).isEmpty();
    }

    @Test
    void aRunCostsAFewBitsPerLongestMatch() {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        RunLengthDeflate deflate = new RunLengthDeflate((bytes, n) -> stream.write(bytes, 0, n), 1 << 16);
        deflate.write(new byte[1_000_000], 0, 1_000_000);
        deflate.finish();
        // A literal, then 3,876 matches of up to 258 bytes, each a one-bit length code and the one-bit distance 1
        // (969 bytes), the codes' description and the stream's framing.
        assertThat(stream.size()).isBetween(969, 1_000);
    }

    @Test
    void codesOfSkewedFrequenciesStayWithinTheLimitAndAreComplete() {
        // Fibonacci frequencies make the deepest Huffman tree: 29 levels for 30 symbols, unflattened.
        int[] frequencies = new int[30];
        frequencies[0] = 1;
        frequencies[1] = 1;
        for (int i = 2; i < frequencies.length; i++) {
            frequencies[i] = frequencies[i - 1] + frequencies[i - 2];
        }
        int[] lengths = RunLengthDeflate.codeLengths(frequencies, 15);
        assertThat(Arrays.stream(lengths).max().orElseThrow()).isBetween(2, 15);
        assertThat(Arrays.stream(lengths).mapToDouble(length -> Math.pow(2, -length)).sum()).isEqualTo(1.0);
    }

    @Test
    void aLoneSymbolGetsACodeBesideAnother() {
        assertThat(RunLengthDeflate.codeLengths(new int[] {0, 5, 0}, 7)).containsExactly(1, 1, 0);
    }
}
