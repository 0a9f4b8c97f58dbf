/**
 * What a scan tells about the person scanning: user agent (Yauaa, cached), country from a trusted proxy header or
 * GeoIP, the client address behind trusted proxies, language, referrer, and the pseudonymous daily visitor key.
 * The canonical names routing rules and analytics use live here too ({@code ClientNames}).
 */
package dev.qrforge.client;
