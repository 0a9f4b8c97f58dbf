package dev.qrforge.redirect;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** The few answers a scan gets besides a redirect: small, static, self-contained pages. */
final class RedirectPages {

    record Page(int status, String title, String text) {
        byte[] html() {
            return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
                    + "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"><title>" + title
                    + "</title><style>body{font-family:system-ui,sans-serif;margin:20vh auto;max-width:28em;"
                    + "padding:0 1em;text-align:center;color:#333}</style></head><body><h1>" + title + "</h1><p>"
                    + text + "</p></body></html>").getBytes(StandardCharsets.UTF_8);
        }
    }

    static final Page UNKNOWN = new Page(HttpServletResponse.SC_NOT_FOUND, "Code not found",
            "This QR code does not lead anywhere. Check that it was scanned completely.");
    static final Page PAUSED = new Page(HttpServletResponse.SC_NOT_FOUND, "This code is paused",
            "The owner of this QR code has paused it for now. Please try again later.");
    /** A deleted code: 410 tells crawlers and link checkers it will not come back. */
    static final Page GONE = new Page(HttpServletResponse.SC_GONE, "This code no longer exists",
            "The owner of this QR code has removed it.");
    static final Page NOT_YET_VALID = new Page(HttpServletResponse.SC_NOT_FOUND, "This code is not active yet",
            "The campaign behind this QR code has not started yet. Please try again later.");
    static final Page EXPIRED = new Page(HttpServletResponse.SC_NOT_FOUND, "This code has expired",
            "The campaign behind this QR code has ended.");
    /** A code this node has not seen, while the database that knows it cannot be reached. */
    static final Page UNAVAILABLE = new Page(HttpServletResponse.SC_SERVICE_UNAVAILABLE, "Please try again",
            "This QR code cannot be followed right now. Please scan it again in a minute.");
    static final String RETRY_AFTER_SECONDS = "30";

    private RedirectPages() {
    }

    static void write(ScanExchange exchange, Page page, boolean withBody) throws IOException {
        exchange.status(page.status());
        if (page.status() == HttpServletResponse.SC_SERVICE_UNAVAILABLE) {
            exchange.header("Retry-After", RETRY_AFTER_SECONDS);
        }
        exchange.body("text/html;charset=utf-8", page.html(), withBody);
    }
}
