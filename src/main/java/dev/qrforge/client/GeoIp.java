package dev.qrforge.client;

import com.maxmind.db.CHMCache;
import com.maxmind.geoip2.DatabaseReader;
import com.maxmind.geoip2.exception.GeoIp2Exception;
import com.maxmind.geoip2.model.CityResponse;
import java.io.Closeable;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Path;

/** Where an address is, from a MaxMind database: country alone, or with region and city from a City database. */
final class GeoIp implements Closeable {

    /** A place; any part may be null. */
    record Location(String country, String region, String city) {
        static final Location UNKNOWN = new Location(null, null, null);
    }

    private final DatabaseReader reader;
    private final boolean hasCities;

    /** @throws IOException when the file is missing or not a MaxMind database */
    GeoIp(Path database) throws IOException {
        // The cache keeps decoded records of popular networks, sparing the decoding on most lookups.
        reader = new DatabaseReader.Builder(database.toFile()).withCache(new CHMCache()).build();
        hasCities = reader.metadata().databaseType().contains("City");
    }

    Location locate(InetAddress address) {
        try {
            if (hasCities) {
                return reader.tryCity(address).map(GeoIp::location).orElse(Location.UNKNOWN);
            }
            return reader.tryCountry(address).map(found -> new Location(found.country().isoCode(), null, null))
                    .orElse(Location.UNKNOWN);
        } catch (IOException | GeoIp2Exception e) {
            // A damaged entry costs this scan its place, not its redirect.
            return Location.UNKNOWN;
        }
    }

    private static Location location(CityResponse found) {
        return new Location(found.country().isoCode(), found.leastSpecificSubdivision().name(), found.city().name());
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
