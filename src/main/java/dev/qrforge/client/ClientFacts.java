package dev.qrforge.client;

import java.net.InetAddress;

/**
 * What the scan path knows about one scanner. Every string may be null: unknown.
 *
 * @param os             one of {@link ClientNames#OPERATING_SYSTEMS}, or another name as Yauaa gives it
 * @param osVersion      as Yauaa gives it, e.g. "17.4", or ">=10" for Windows 10 and 11, which look alike
 * @param device         one of {@link ClientNames#DEVICES} or {@link UserAgentClassifier#OTHER_DEVICE}
 * @param browser        one of {@link ClientNames#BROWSERS}, or another name as Yauaa gives it
 * @param browserVersion as Yauaa gives it
 * @param country        ISO 3166-1 alpha-2, upper case
 * @param region         English name of the first-level subdivision (a state, a region), from a GeoIP City
 *                       database
 * @param city           English name, from a GeoIP City database
 * @param language       the preferred ISO 639-1 language, lower case
 * @param referrerHost   host of the {@code Referer}, lower case
 * @param bot            a crawler, link previewer, script or tool rather than a person
 * @param client         the scanner's address, or null; only ever used to derive a {@link VisitorKeys visitor key},
 *                       never stored
 */
public record ClientFacts(String os, String osVersion, String device, String browser, String browserVersion,
        String country, String region, String city, String language, String referrerHost, boolean bot,
        InetAddress client) {
}
