package dev.qrforge.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.qrforge.client.GeoIp.Location;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Against MaxMind's test databases (src/test/resources/geoip, MIT licence), which cover a few networks. */
class GeoIpTest {

    static Path database(String name) {
        try {
            return Path.of(GeoIpTest.class.getResource("/geoip/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new AssertionError(e);
        }
    }

    static final Path COUNTRY = database("GeoLite2-Country-Test.mmdb");
    static final Path CITY = database("GeoLite2-City-Test.mmdb");

    private static InetAddress ip(String literal) throws UnknownHostException {
        return InetAddress.getByName(literal);
    }

    @Test
    void countryDatabaseGivesCountriesOnly() throws IOException {
        try (GeoIp geoIp = new GeoIp(COUNTRY)) {
            assertThat(geoIp.locate(ip("81.2.69.142"))).isEqualTo(new Location("GB", null, null));
            assertThat(geoIp.locate(ip("89.160.20.128"))).isEqualTo(new Location("SE", null, null));
            assertThat(geoIp.locate(ip("216.160.83.56"))).isEqualTo(new Location("US", null, null));
            assertThat(geoIp.locate(ip("2001:218::1"))).isEqualTo(new Location("JP", null, null));
            assertThat(geoIp.locate(ip("10.0.0.1"))).isEqualTo(Location.UNKNOWN);
            assertThat(geoIp.locate(ip("::1"))).isEqualTo(Location.UNKNOWN);
        }
    }

    @Test
    void cityDatabaseAddsRegionAndCity() throws IOException {
        try (GeoIp geoIp = new GeoIp(CITY)) {
            assertThat(geoIp.locate(ip("81.2.69.142"))).isEqualTo(new Location("GB", "England", "London"));
            assertThat(geoIp.locate(ip("89.160.20.128")))
                    .isEqualTo(new Location("SE", "Östergötland County", "Linköping"));
            assertThat(geoIp.locate(ip("216.160.83.56"))).isEqualTo(new Location("US", "Washington", "Milton"));
            assertThat(geoIp.locate(ip("2001:218::1"))).isEqualTo(new Location("JP", null, null));
            assertThat(geoIp.locate(ip("192.0.2.1"))).isEqualTo(Location.UNKNOWN);
        }
    }

    @Test
    void aFileThatIsNoDatabaseFailsAtStartup() {
        assertThatThrownBy(() -> new GeoIp(database("LICENSE-MIT"))).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> new GeoIp(Path.of("/nonexistent/GeoLite2-City.mmdb")))
                .isInstanceOf(IOException.class);
    }
}
