/**
 * The redirect path, {@code GET /s/{shortCode}}: a plain servlet that looks the code up in the directory, lets the
 * router decide, counts the scan into the buffer and answers with a redirect or one of its small pages. The hot path
 * of the service: no database call, no lock.
 */
package dev.qrforge.redirect;
