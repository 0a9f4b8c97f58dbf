package dev.qrforge.redirect;

import java.io.IOException;
import java.util.function.Function;

/**
 * One scan as {@link ScanAnswers} reads and answers it, whichever way it came in: through the servlet chain
 * ({@link RedirectServlet}) or the lane ahead of it ({@link ScanLane}).
 */
interface ScanExchange {

    /** The path after {@code /s/}, as it came: it may be no short code at all. */
    String shortCode();

    /** The host the request named ({@code Host}), port stripped: it selects the short code's domain. */
    String host();

    /** The direct peer's IP address. */
    String peerAddress();

    /** The request's headers as {@code ClientFactsService.resolve} reads them. */
    Function<String, String> requestHeaders();

    /** The value of the request's cookie {@code name}, or null. */
    String cookie(String name);

    /** The request's path, decoded: a cookie for this short link alone is scoped to it. */
    String path();

    /** Whether the request came over HTTPS. */
    boolean secure();

    void status(int status);

    void header(String name, String value);

    /** The answer's body, after its status and headers: its length always goes out, its bytes only with a body. */
    void body(String contentType, byte[] bytes, boolean withBody) throws IOException;
}
