package dev.qrforge.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.time.LocalDate;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class VisitorKeysTest {

    private static final LocalDate MONDAY = LocalDate.parse("2026-11-23");

    private static VisitorKeys keys(String secret, boolean enabled) {
        VisitorKeys keys = new VisitorKeys();
        keys.enabled = enabled;
        keys.configuredSecret = Optional.ofNullable(secret);
        keys.start();
        return keys;
    }

    @Test
    void sameVisitorSameDaySameKeyAcrossNodesSharingTheSecret() throws Exception {
        InetAddress ip = InetAddress.getByName("81.2.69.142");
        String key = keys("s3cret", true).key(ip, "UA", MONDAY);
        assertThat(key).hasSize(32).matches("[0-9a-f]+");
        assertThat(keys("s3cret", true).key(ip, "UA", MONDAY)).isEqualTo(key);
    }

    @Test
    void anotherDayAddressAgentOrSecretGivesAnUnrelatedKey() throws Exception {
        VisitorKeys keys = keys("s3cret", true);
        InetAddress ip = InetAddress.getByName("81.2.69.142");
        String key = keys.key(ip, "UA", MONDAY);
        assertThat(keys.key(ip, "UA", MONDAY.plusDays(1))).isNotEqualTo(key);
        assertThat(keys.key(InetAddress.getByName("81.2.69.143"), "UA", MONDAY)).isNotEqualTo(key);
        assertThat(keys.key(ip, "UA2", MONDAY)).isNotEqualTo(key);
        assertThat(keys("other", true).key(ip, "UA", MONDAY)).isNotEqualTo(key);
        assertThat(keys.key(ip, "UA", MONDAY)).isEqualTo(key);
    }

    @Test
    void offOrUnknownAddressMeansNoKey() throws Exception {
        assertThat(keys("s3cret", false).key(InetAddress.getByName("81.2.69.142"), "UA", MONDAY)).isNull();
        assertThat(keys("s3cret", true).key(null, "UA", MONDAY)).isNull();
    }
}
