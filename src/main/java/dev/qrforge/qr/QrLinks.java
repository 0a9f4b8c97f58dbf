package dev.qrforge.qr;

import jakarta.ws.rs.core.UriInfo;
import java.net.URI;

/** Where a code's record lives in the API: for the Location of every response that creates a code. */
public final class QrLinks {

    /** The collection of codes, below the application's {@code /api} root. */
    public static final String PATH = "/v1/qr";

    private QrLinks() {
    }

    /** The record of code {@code id}, on the base the request came in on. */
    public static URI of(UriInfo uri, String id) {
        return uri.getBaseUriBuilder().path(PATH).path(id).build();
    }
}
