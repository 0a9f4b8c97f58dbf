package dev.qrforge.redirect;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** The few answers a scan gets besides a redirect: small, self-contained pages that need no script. */
final class RedirectPages {

    record Page(int status, String title, String text) {
        byte[] html() {
            return document(title, "<h1>" + title + "</h1><p>" + text + "</p>");
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

    /**
     * A password gate's page: its form, and, when it shows again, why. The status says how the last attempt went
     * (200 when none was made).
     */
    record Gate(int status, String error) {
    }

    static final Gate ASK = new Gate(HttpServletResponse.SC_OK, null);
    static final Gate WRONG = new Gate(HttpServletResponse.SC_FORBIDDEN,
            "That password is not right. Please try again.");
    /** Too many attempts from this scanner at this code; the answer also says when to try again. */
    static final Gate TOO_MANY = new Gate(429, "Too many attempts. Please wait a minute, then try again.");

    private static final String GATE_TITLE = "Password required";
    private static final String ERROR_ID = "gate-error";

    private RedirectPages() {
    }

    static void write(ScanExchange exchange, Page page, boolean withBody) throws IOException {
        exchange.status(page.status());
        if (page.status() == HttpServletResponse.SC_SERVICE_UNAVAILABLE) {
            exchange.header("Retry-After", RETRY_AFTER_SECONDS);
        }
        exchange.body("text/html;charset=utf-8", page.html(), withBody);
    }

    /**
     * Writes a gate's page. Its form posts back to the short link itself (a relative action, whatever the host or
     * path prefix the scanner came through), so the password travels in the body of a POST and in no URL.
     *
     * @param shortCode a well-formed short code, which needs no escaping in HTML
     */
    static void write(ScanExchange exchange, Gate gate, String shortCode, boolean withBody) throws IOException {
        exchange.status(gate.status());
        String invalid = gate.error() == null ? "" : " aria-invalid=\"true\" aria-describedby=\"" + ERROR_ID + "\"";
        String error = gate.error() == null ? "" : "<p id=\"" + ERROR_ID + "\" role=\"alert\">" + gate.error() + "</p>";
        exchange.body("text/html;charset=utf-8", document(GATE_TITLE, "<h1>" + GATE_TITLE + "</h1>"
                + "<p>The owner of this QR code protects it with a password.</p>"
                + "<form method=\"post\" action=\"" + shortCode + "\">"
                + "<label for=\"password\">Password</label>"
                + "<input id=\"password\" name=\"password\" type=\"password\" required autofocus"
                + " autocomplete=\"current-password\"" + invalid + ">" + error
                + "<button type=\"submit\">Continue</button></form>"), withBody);
    }

    private static byte[] document(String title, String body) {
        return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
                + "<meta name=\"robots\" content=\"noindex\"><title>" + title + "</title><style>"
                + "body{font-family:system-ui,sans-serif;margin:20vh auto;max-width:28em;padding:0 1em;"
                + "text-align:center;color:#333}form{text-align:left}label{display:block;font-weight:600}"
                + "input,button{box-sizing:border-box;width:100%;margin:.5em 0;padding:.6em;font:inherit}"
                + "[role=alert]{color:#b00020}</style></head><body><main>" + body + "</main></body></html>")
                .getBytes(StandardCharsets.UTF_8);
    }
}
