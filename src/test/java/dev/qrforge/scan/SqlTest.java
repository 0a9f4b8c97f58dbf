package dev.qrforge.scan;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SqlTest {

    @Test
    void instantsAreWrittenExactlyAsInstantWritesThem() {
        List<Instant> instants = new ArrayList<>(List.of(Instant.EPOCH, Instant.parse("0000-01-01T00:00:00Z"),
                Instant.parse("9999-12-31T23:59:59.999999999Z"), Instant.parse("1969-12-31T23:59:59.5Z"),
                Instant.parse("2026-11-26T20:00:00.000001Z"), Instant.parse("2026-11-26T20:00:00.000000001Z"),
                Instant.parse("2026-11-26T20:00:00.120Z"), Instant.parse("+10000-01-01T00:00:00Z"),
                Instant.parse("-0001-12-31T23:59:59Z"), Instant.MIN, Instant.MAX));
        Random random = new Random(24);
        for (int i = 0; i < 100_000; i++) {
            long second = random.nextLong(-62_167_219_200L - 1000, 253_402_300_800L + 1000);
            int nano = random.nextInt(1_000_000_000);
            instants.add(Instant.ofEpochSecond(second, nano));
            instants.add(Instant.ofEpochSecond(second, nano / 1000 * 1000));
            instants.add(Instant.ofEpochSecond(second, nano / 1_000_000 * 1_000_000));
        }

        assertThat(instants).allSatisfy(at -> assertThat(Sql.iso(at)).isEqualTo(at.toString()));
    }
}
