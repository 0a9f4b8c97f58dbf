/**
 * The redirect path, {@code GET /s/{shortCode}}: looks the code up in the directory, lets the router decide, counts
 * the scan into the buffer and answers with a redirect or one of its small pages ({@code ScanAnswers}). The hot path
 * of the service: no database call, no lock. A scan of a cached code is answered by an Undertow handler ahead of the
 * servlet chain, on the I/O thread ({@code ScanLane}); the rest by a plain servlet.
 */
package dev.qrforge.redirect;
