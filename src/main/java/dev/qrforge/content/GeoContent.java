package dev.qrforge.content;

import java.math.BigDecimal;
import java.time.Clock;

/** A place, as a {@code geo:latitude,longitude} URI (RFC 5870, WGS 84), both in plain decimal degrees. */
public record GeoContent(BigDecimal latitude, BigDecimal longitude) implements Content {

    private static final BigDecimal MAX_LATITUDE = BigDecimal.valueOf(90);
    private static final BigDecimal MAX_LONGITUDE = BigDecimal.valueOf(180);

    @Override
    public GeoContent normalised() {
        return new GeoContent(degrees("latitude", latitude, MAX_LATITUDE),
                degrees("longitude", longitude, MAX_LONGITUDE));
    }

    private static BigDecimal degrees(String field, BigDecimal value, BigDecimal max) {
        if (value == null) {
            throw Fields.invalid(field, "is required");
        }
        if (value.abs().compareTo(max) > 0) {
            throw Fields.invalid(field, "must be between -" + max + " and " + max + ", got " + value.toPlainString());
        }
        return value;
    }

    @Override
    public String encode(Clock clock) {
        return "geo:" + latitude.toPlainString() + "," + longitude.toPlainString();
    }
}
