package dev.qrforge.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.qrforge.client.UserAgentClassifier.Agent;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class UserAgentClassifierTest {

    private static final UserAgentClassifier CLASSIFIER = SharedClassifier.INSTANCE;

    static Stream<Arguments> people() {
        return Stream.of(
                Arguments.of("iPhone Safari", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)"
                        + " AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
                        "iOS", "mobile", "Safari"),
                Arguments.of("iPad Safari", "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15"
                        + " (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
                        "iOS", "tablet", "Safari"),
                Arguments.of("Android Chrome", "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36"
                        + " (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
                        "Android", "mobile", "Chrome"),
                Arguments.of("Android tablet Chrome", "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36"
                        + " (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
                        "Android", "tablet", "Chrome"),
                Arguments.of("Samsung Internet", "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B)"
                        + " AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0"
                        + " Mobile Safari/537.36",
                        "Android", "mobile", "Samsung Internet"),
                Arguments.of("Edge on Windows", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36"
                        + " (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.80",
                        "Windows", "desktop", "Edge"),
                Arguments.of("Firefox on Windows", "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0)"
                        + " Gecko/20100101 Firefox/125.0",
                        "Windows", "desktop", "Firefox"),
                Arguments.of("Firefox on Linux", "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101"
                        + " Firefox/125.0",
                        "Linux", "desktop", "Firefox"),
                Arguments.of("Firefox on Ubuntu", "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0)"
                        + " Gecko/20100101 Firefox/125.0",
                        "Linux", "desktop", "Firefox"),
                Arguments.of("Safari on macOS", "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)"
                        + " AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
                        "macOS", "desktop", "Safari"),
                Arguments.of("Opera on Windows", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36"
                        + " (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/109.0.0.0",
                        "Windows", "desktop", "Opera"),
                Arguments.of("Opera on Android", "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36"
                        + " (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 OPR/81.0.0",
                        "Android", "mobile", "Opera"),
                Arguments.of("Chrome on ChromeOS", "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36"
                        + " (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
                        "ChromeOS", "desktop", "Chrome"),
                Arguments.of("Chrome on iOS", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)"
                        + " AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.111 Mobile/15E148"
                        + " Safari/604.1",
                        "iOS", "mobile", "Chrome"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("people")
    void peopleGetCanonicalPlatformNames(String what, String userAgent, String os, String device, String browser) {
        Agent agent = CLASSIFIER.classify(userAgent);
        assertThat(agent.os()).isEqualTo(os);
        assertThat(agent.device()).isEqualTo(device);
        assertThat(agent.browser()).isEqualTo(browser);
        assertThat(agent.bot()).isFalse();
        assertThat(ClientNames.OPERATING_SYSTEMS).contains(agent.os());
        assertThat(ClientNames.DEVICES).contains(agent.device());
        assertThat(ClientNames.BROWSERS).contains(agent.browser());
    }

    @Test
    void versionsComeAsTheLibraryGivesThem() {
        assertThat(CLASSIFIER.classify("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15"
                + " (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"))
                .isEqualTo(new Agent("iOS", "17.4", "mobile", "Safari", "17.4", false));
        // Chrome's reduced user agent hides the Android version: unknown, not "??".
        Agent reduced = CLASSIFIER.classify("Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36"
                + " (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36");
        assertThat(reduced.osVersion()).isNull();
        assertThat(reduced.browserVersion()).isEqualTo("124");
    }

    static Stream<Arguments> bots() {
        return Stream.of(
                Arguments.of("Googlebot", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"),
                Arguments.of("Googlebot smartphone", "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P)"
                        + " AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.118 Mobile Safari/537.36"
                        + " (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"),
                Arguments.of("bingbot", "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"),
                Arguments.of("Slackbot", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"),
                Arguments.of("facebookexternalhit",
                        "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"),
                Arguments.of("iMessage preview", "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4"
                        + " (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot"
                        + " Twitterbot/1.0"),
                Arguments.of("Twitterbot", "Twitterbot/1.0"),
                Arguments.of("WhatsApp on Android", "WhatsApp/2.23.20.0 A"),
                Arguments.of("WhatsApp on iOS", "WhatsApp/2.2413.51 i"),
                Arguments.of("TelegramBot", "TelegramBot (like TwitterBot)"),
                Arguments.of("Discordbot", "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)"),
                Arguments.of("LinkedInBot", "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient"
                        + " +http://www.linkedin.com)"),
                Arguments.of("Skype and Teams preview", "Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview"
                        + " Preview/0.5 skype-url-preview@microsoft.com"),
                Arguments.of("Mastodon preview", "Mastodon/4.2.1 (http.rb/5.1.1; +https://mastodon.social/) Bot"),
                Arguments.of("headless Chrome", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36"
                        + " (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36"),
                Arguments.of("curl", "curl/8.5.0"),
                Arguments.of("Wget", "Wget/1.21.4"),
                Arguments.of("python-requests", "python-requests/2.31.0"),
                Arguments.of("garbage", "garbage !!! ###"),
                Arguments.of("absurdly long", "Mozilla/5.0 (" + "x".repeat(100_000) + ")"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bots")
    void botsAreFlagged(String what, String userAgent) {
        Agent agent = CLASSIFIER.classify(userAgent);
        assertThat(agent.bot()).isTrue();
        assertThat(agent.device()).isIn(UserAgentClassifier.OTHER_DEVICE, "mobile", "desktop");
    }

    @Test
    void libraryClassifiesMostBotsItselfAndNotThePreviewersWeList() {
        assertThat(CLASSIFIER.classify("Googlebot/2.1 (+http://www.google.com/bot.html)").device())
                .isEqualTo(UserAgentClassifier.OTHER_DEVICE);
        // Yauaa takes these for the apps of a person; see PREVIEWER_TOKENS.
        assertThat(CLASSIFIER.classify("WhatsApp/2.23.20.0 A").device()).isEqualTo("mobile");
        assertThat(CLASSIFIER.classify("Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5").device())
                .isEqualTo("desktop");
    }

    @Test
    void missingOrMalformedUserAgentIsABotOnAnUnknownPlatform() {
        Agent unknown = new Agent(null, null, UserAgentClassifier.OTHER_DEVICE, null, null, true);
        assertThat(CLASSIFIER.classify(null)).isEqualTo(unknown);
        assertThat(CLASSIFIER.classify("")).isEqualTo(unknown);
        assertThat(CLASSIFIER.classify("garbage !!! ###")).isEqualTo(unknown);
        assertThat(CLASSIFIER.classify("Mozilla/5.0 (" + "x".repeat(100_000) + ")")).isEqualTo(unknown);
        assertThat(CLASSIFIER.classify("Mozilla/5.0 (Windows NT 10.0) ' OR 1=1 --")).isEqualTo(unknown);
    }
}
