/**
 * Dynamic tracking codes: a short link ({@code ShortLinks}) printed as a QR code whose destination, rules and status
 * can change. The API ({@code /api/v1/dynamic}), routing rules and the {@code Router} that applies them with the
 * campaign parameters ({@code Utm}) they add to a destination, deletion
 * (a deleted code's link is gone, its short code stays taken) and the erasure of scans, and {@code CodeDirectory},
 * the redirect path's cached view of codes with their real-time counts.
 */
package dev.qrforge.dynamic;
