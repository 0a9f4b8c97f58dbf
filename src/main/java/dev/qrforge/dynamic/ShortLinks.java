package dev.qrforge.dynamic;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.URI;
import java.util.Optional;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * What a printed dynamic code holds: {@code {base}/s/{shortCode}}. The one owner of the path the redirect servlet
 * answers and of what a short code may look like.
 */
@ApplicationScoped
public class ShortLinks {

    /** Where scans arrive. */
    public static final String PATH = "/s/";

    /** Every short code, generated (7 base62 characters) or chosen by a client, is 3 to 64 of these characters. */
    private static final Pattern SHORT_CODE = Pattern.compile("[A-Za-z0-9_-]{3,64}");

    @Inject
    @ConfigProperty(name = "qrforge.public-base-url")
    Optional<String> publicBaseUrl;

    /** Whether {@code shortCode} can be a short code at all, so that anything else is unknown without a lookup. */
    public static boolean wellFormed(String shortCode) {
        return SHORT_CODE.matcher(shortCode).matches();
    }

    /**
     * @param requestBase the base the request came in on, used when QRFORGE_PUBLIC_BASE_URL is not set
     * @param customHost  the custom domain's host, or null for the default domain; reached by the default domain's
     *                    scheme on its standard port (the deployer's proxy terminates TLS for it)
     */
    String url(URI requestBase, String customHost, String shortCode) {
        String base = publicBaseUrl.filter(url -> !url.isBlank())
                .orElseGet(() -> requestBase.getScheme() + "://" + requestBase.getRawAuthority());
        if (customHost != null) {
            base = URI.create(base).getScheme() + "://" + customHost;
        }
        return (base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + PATH + shortCode;
    }
}
