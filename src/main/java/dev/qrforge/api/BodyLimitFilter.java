package dev.qrforge.api;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.ext.Provider;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Refuses oversize request bodies before anything parses them: by the declared length when there is one, and
 * by counting as the body is read when it is chunked. Composites carry images, so they get a larger allowance.
 */
@Provider
@PreMatching
@Priority(Priorities.AUTHENTICATION + 10)
@ApplicationScoped
public class BodyLimitFilter implements ContainerRequestFilter {

    /** The path whose requests carry background images: up to 10 MB each, a third more as base64. */
    private static final String COMPOSITES = "v1/qr/transparent";

    /** 2 MiB: room for a 1 MB logo, which base64 makes 1.33 MB, and everything else a request carries. */
    @Inject
    @ConfigProperty(name = "qrforge.api.max-body-bytes", defaultValue = "2097152")
    long maxBytes;

    @Inject
    @ConfigProperty(name = "qrforge.api.max-composite-body-bytes", defaultValue = "16777216")
    long maxCompositeBytes;

    @Override
    public void filter(ContainerRequestContext request) {
        String path = request.getUriInfo().getPath();
        long limit = path.endsWith(COMPOSITES) ? maxCompositeBytes : maxBytes;
        if (request.getLength() > limit) {
            throw new ApiException(ErrorCode.PAYLOAD_TOO_LARGE, null, tooLarge(limit));
        }
        if (request.hasEntity()) {
            request.setEntityStream(new Limited(request.getEntityStream(), limit));
        }
    }

    private static String tooLarge(long limit) {
        return "the request body exceeds the limit of " + limit + " bytes";
    }

    /** Thrown from inside the JSON parser's reads; {@link ErrorMapper} finds it in the cause chain. */
    public static final class BodyTooLargeException extends IOException {
        BodyTooLargeException(String message) {
            super(message);
        }
    }

    private static final class Limited extends FilterInputStream {
        private final long limit;
        private long count;

        Limited(InputStream in, long limit) {
            super(in);
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(int n) throws BodyTooLargeException {
            count += n;
            if (count > limit) {
                throw new BodyTooLargeException(tooLarge(limit));
            }
        }
    }
}
