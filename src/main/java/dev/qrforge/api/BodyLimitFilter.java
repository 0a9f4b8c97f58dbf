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
 * by counting as the body is read when it is chunked.
 */
@Provider
@PreMatching
@Priority(Priorities.AUTHENTICATION + 10)
@ApplicationScoped
public class BodyLimitFilter implements ContainerRequestFilter {

    @Inject
    @ConfigProperty(name = "qrforge.api.max-body-bytes", defaultValue = "1048576")
    long maxBytes;

    @Override
    public void filter(ContainerRequestContext request) {
        if (request.getLength() > maxBytes) {
            throw new ApiException(ErrorCode.PAYLOAD_TOO_LARGE, null, tooLarge());
        }
        if (request.hasEntity()) {
            request.setEntityStream(new Limited(request.getEntityStream()));
        }
    }

    private String tooLarge() {
        return "the request body exceeds the limit of " + maxBytes + " bytes";
    }

    /** Thrown from inside the JSON parser's reads; {@link ErrorMapper} finds it in the cause chain. */
    public static final class BodyTooLargeException extends IOException {
        BodyTooLargeException(String message) {
            super(message);
        }
    }

    private final class Limited extends FilterInputStream {
        private long count;

        Limited(InputStream in) {
            super(in);
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
            if (count > maxBytes) {
                throw new BodyTooLargeException(tooLarge());
            }
        }
    }
}
