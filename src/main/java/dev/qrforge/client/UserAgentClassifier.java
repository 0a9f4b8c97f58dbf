package dev.qrforge.client;

import static nl.basjes.parse.useragent.UserAgent.AGENT_CLASS;
import static nl.basjes.parse.useragent.UserAgent.AGENT_NAME;
import static nl.basjes.parse.useragent.UserAgent.AGENT_VERSION;
import static nl.basjes.parse.useragent.UserAgent.DEVICE_CLASS;
import static nl.basjes.parse.useragent.UserAgent.DEVICE_NAME;
import static nl.basjes.parse.useragent.UserAgent.OPERATING_SYSTEM_NAME;
import static nl.basjes.parse.useragent.UserAgent.OPERATING_SYSTEM_VERSION;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.List;
import java.util.Map;
import java.util.Set;
import nl.basjes.parse.useragent.AgentField;
import nl.basjes.parse.useragent.UserAgent;
import nl.basjes.parse.useragent.UserAgentAnalyzer;

/**
 * Platform facts from a {@code User-Agent} header, read by Yauaa's maintained rule set and reported in
 * {@link ClientNames}. Building one loads thousands of rules and takes seconds and over a hundred megabytes:
 * build one per deployment and share it; it is thread-safe.
 */
public final class UserAgentClassifier {

    /** The facts of one user agent; a null string is unknown. */
    public record Agent(String os, String osVersion, String device, String browser, String browserVersion,
            boolean bot) {
    }

    /** The device class of anything that is neither a phone, a tablet nor a desktop: TVs, consoles, robots. */
    public static final String OTHER_DEVICE = "other";

    /**
     * Classified user agents kept. Scans come from the devices of the moment, a few thousand distinct strings a
     * day; an entry is the string and a small record, so this costs a few megabytes at most.
     */
    static final int CACHE_SIZE = 10_000;
    /**
     * Real browsers stay well under this (in-app browsers, the longest, under 1 KB). Longer strings are not
     * parsed at all, which also keeps them out of the cache, where 10,000 huge keys would be a memory attack.
     */
    static final int MAX_USER_AGENT_LENGTH = 2048;

    /**
     * Yauaa's device name for every Linux desktop, whichever distribution it names as the operating system
     * ("Ubuntu", "Fedora", "Linux"); to a rule author they are all Linux.
     */
    private static final String LINUX_DESKTOP = "Linux Desktop";
    private static final Map<String, String> OS_NAMES =
            Map.of("Mac OS", "macOS", "Windows NT", "Windows", "Chrome OS", "ChromeOS");
    private static final Map<String, String> DEVICES =
            Map.of("Phone", "mobile", "Mobile", "mobile", "Tablet", "tablet", "Desktop", "desktop");
    /** Opera's desktop and Android editions are one browser to a rule author; Opera Mini, a proxy, is not. */
    private static final Map<String, String> BROWSER_NAMES = Map.of("SamsungBrowser", "Samsung Internet",
            "Opera GX", "Opera", "Opera Mobile", "Opera");
    /**
     * Device or agent classes of clients that are not a person at a browser: crawlers, link previewers, HTTP
     * libraries and tools such as curl (Yauaa files them all as robots), servers fetching previews for their
     * users (a Mastodon instance), and agents whose own class is "Hacker".
     */
    private static final Set<String> ROBOT_CLASSES = Set.of("Robot", "Robot Mobile", "Robot Imitator", "Cloud",
            "Cloud Application", "Server", "Hacker");
    /**
     * Link previewers that Yauaa 8.1 takes for people: WhatsApp fetches previews as {@code WhatsApp/2.x A}
     * (it looks like the app itself), Skype and Teams as a desktop browser that adds {@code SkypeUriPreview}.
     */
    private static final List<String> PREVIEWER_TOKENS = List.of("WhatsApp/", "SkypeUriPreview");

    /**
     * Yauaa's device class for a user agent that is an attack or nonsense, an empty one included: its other
     * fields then say "Hacker" too, which is no platform.
     */
    private static final String MALFORMED_CLASS = "Hacker";
    private static final Agent MALFORMED = new Agent(null, null, OTHER_DEVICE, null, null, true);

    private final UserAgentAnalyzer analyzer;
    /**
     * Caches the finished {@link Agent} rather than Yauaa's own result: a hit on Yauaa's cache still costs about
     * a microsecond and 2.5 KB of garbage, a hit here a hash lookup. Caffeine's admission policy keeps a flood of
     * one-off strings from evicting the common ones.
     */
    private final Cache<String, Agent> cache = Caffeine.newBuilder().maximumSize(CACHE_SIZE).build();

    public UserAgentClassifier() {
        analyzer = UserAgentAnalyzer.newBuilder()
                .withFields(DEVICE_CLASS, DEVICE_NAME, OPERATING_SYSTEM_NAME, OPERATING_SYSTEM_VERSION, AGENT_CLASS,
                        AGENT_NAME, AGENT_VERSION)
                .withoutCache()
                .hideMatcherLoadStats()
                // Load every rule now, not on the first scan.
                .immediateInitialization()
                .build();
    }

    /**
     * @param userAgent the header's value; null when the request had none, which only scripts do: a bot on an
     *                  unknown platform
     */
    public Agent classify(String userAgent) {
        if (userAgent == null || userAgent.length() > MAX_USER_AGENT_LENGTH) {
            return MALFORMED;
        }
        return cache.get(userAgent, this::analyze);
    }

    private Agent analyze(String userAgent) {
        UserAgent parsed = analyzer.parse(userAgent);
        String deviceClass = parsed.getValue(DEVICE_CLASS);
        if (MALFORMED_CLASS.equals(deviceClass)) {
            return MALFORMED;
        }
        boolean bot = ROBOT_CLASSES.contains(deviceClass) || ROBOT_CLASSES.contains(parsed.getValue(AGENT_CLASS))
                || PREVIEWER_TOKENS.stream().anyMatch(userAgent::contains);
        String os = LINUX_DESKTOP.equals(parsed.getValue(DEVICE_NAME)) ? "Linux"
                : canonical(OS_NAMES, known(parsed, OPERATING_SYSTEM_NAME));
        return new Agent(os, known(parsed, OPERATING_SYSTEM_VERSION),
                DEVICES.getOrDefault(deviceClass, OTHER_DEVICE), canonical(BROWSER_NAMES, known(parsed, AGENT_NAME)),
                known(parsed, AGENT_VERSION), bot);
    }

    private static String canonical(Map<String, String> names, String name) {
        return name == null ? null : names.getOrDefault(name, name);
    }

    /** The field's value, or null for Yauaa's placeholders ("Unknown", "??") that mean it could not tell. */
    private static String known(UserAgent parsed, String field) {
        AgentField value = parsed.get(field);
        return value.isDefaultValue() ? null : value.getValue();
    }
}
