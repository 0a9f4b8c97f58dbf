package dev.qrforge.domain;

import dev.qrforge.client.Cidr;
import dev.qrforge.client.ReservedAddresses;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Proves that a domain's owner pointed it at this service, by either challenge: a TXT record
 * {@code _qrforge-challenge.<host>} holding {@code qrforge-verification=<token>}, or {@code GET
 * http://<host>:<port>/.well-known/qrforge-challenge/<token>} answering that same text ({@link ChallengeServlet}
 * answers it here, so a host routed to this service passes). The HTTP challenge resolves the host through the same
 * resolver ({@link DnsLookups}) and connects only if every address is public, or in
 * {@code qrforge.domains.allowed-networks} (QRFORGE_DOMAINS_ALLOWED_NETWORKS), against SSRF; it follows no
 * redirect, and reads a few kilobytes at most.
 */
@ApplicationScoped
class DomainVerifier {

    static final String TXT_PREFIX = "_qrforge-challenge.";
    static final String VALUE_PREFIX = "qrforge-verification=";
    static final String HTTP_PATH = "/.well-known/qrforge-challenge/";
    /** An answer longer than this is not the challenge's. */
    private static final int MAX_ANSWER_BYTES = 4096;
    static final int DEFAULT_HTTP_PORT = 80;

    @Inject
    DnsLookups dns;

    @Inject
    @ConfigProperty(name = "qrforge.domains.http-challenge-port", defaultValue = "80")
    int httpPort;

    @Inject
    @ConfigProperty(name = "qrforge.domains.check-timeout-millis", defaultValue = "5000")
    int timeoutMillis;

    @Inject
    @ConfigProperty(name = "qrforge.domains.allowed-networks")
    Optional<List<String>> allowedSetting;

    private List<Cidr> allowed = List.of();

    @PostConstruct
    void readSettings() {
        try {
            allowed = Cidr.parseAll(allowedSetting.orElse(List.of()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("QRFORGE_DOMAINS_ALLOWED_NETWORKS: " + e.getMessage(), e);
        }
    }

    /** The port the HTTP challenge connects to (QRFORGE_DOMAINS_HTTP_CHALLENGE_PORT). */
    int httpPort() {
        return httpPort;
    }

    static String expected(String token) {
        return VALUE_PREFIX + token;
    }

    /** Tries the TXT record, then the HTTP challenge. */
    DomainCheck check(String host, String token) {
        String dnsFinding;
        try {
            List<String> texts = dns.txt(TXT_PREFIX + host);
            if (texts.contains(expected(token))) {
                return DomainCheck.passed(DomainCheck.DNS);
            }
            dnsFinding = texts.isEmpty() ? "no TXT record at " + TXT_PREFIX + host
                    : "the TXT records at " + TXT_PREFIX + host + " do not include " + expected(token);
        } catch (DnsLookups.DnsFailure e) {
            dnsFinding = e.getMessage();
        }
        Optional<String> httpFinding = http(host, token);
        if (httpFinding.isEmpty()) {
            return DomainCheck.passed(DomainCheck.HTTP);
        }
        return DomainCheck.failed("DNS: " + dnsFinding + "; HTTP: " + httpFinding.get());
    }

    /** Empty when the HTTP challenge passed, else what it found. */
    private Optional<String> http(String host, String token) {
        List<InetAddress> addresses;
        try {
            addresses = dns.addresses(host);
        } catch (DnsLookups.DnsFailure e) {
            return Optional.of(e.getMessage());
        }
        if (addresses.isEmpty()) {
            return Optional.of(host + " has no A or AAAA record");
        }
        for (InetAddress address : addresses) {
            if (allowed.stream().noneMatch(block -> block.contains(address))) {
                Optional<String> reserved = ReservedAddresses.kind(address);
                if (reserved.isPresent()) {
                    return Optional.of(host + " is " + address.getHostAddress() + ", " + reserved.get()
                            + " address; the challenge goes only to public addresses, or to the networks the server"
                            + " allows (QRFORGE_DOMAINS_ALLOWED_NETWORKS)");
                }
            }
        }
        String url = "http://" + host + (httpPort == DEFAULT_HTTP_PORT ? "" : ":" + httpPort) + HTTP_PATH + token;
        try {
            String answer = fetch(addresses.get(0), host, token);
            return answer.strip().equals(expected(token)) ? Optional.empty()
                    : Optional.of(url + " did not answer " + expected(token));
        } catch (IOException e) {
            return Optional.of(url + " could not be fetched: " + e.getMessage());
        }
    }

    /**
     * A plain HTTP/1.1 {@code GET} over a socket to the address already checked, naming the host in {@code Host}
     * (which the JDK's client will not set): the answer's body if it is {@code 200}.
     */
    private String fetch(InetAddress address, String host, String token) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address, httpPort), timeoutMillis);
            socket.setSoTimeout(timeoutMillis);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + HTTP_PATH + token + " HTTP/1.1\r\nHost: " + host
                    + (httpPort == DEFAULT_HTTP_PORT ? "" : ":" + httpPort)
                    + "\r\nUser-Agent: qrforge-domain-verification\r\nAccept: text/plain\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            String response = new String(in.readNBytes(MAX_ANSWER_BYTES), StandardCharsets.UTF_8);
            int headersEnd = response.indexOf("\r\n\r\n");
            String statusLine = response.lines().findFirst().orElse("");
            String[] parts = statusLine.split(" ", 3);
            if (parts.length < 2 || !parts[0].startsWith("HTTP/1.") || !parts[1].equals("200")) {
                throw new IOException("it answered '" + statusLine + "', not 200");
            }
            if (headersEnd < 0) {
                throw new IOException("its answer is not HTTP or is too long");
            }
            String body = response.substring(headersEnd + 4);
            boolean chunked = response.substring(0, headersEnd).toLowerCase(Locale.ROOT)
                    .contains("\r\ntransfer-encoding: chunked");
            return chunked ? dechunked(body) : body;
        }
    }

    /** A chunked body's content (a proxy in front of the service may chunk even this short an answer). */
    private static String dechunked(String body) throws IOException {
        StringBuilder content = new StringBuilder();
        int at = 0;
        while (true) {
            int lineEnd = body.indexOf("\r\n", at);
            if (lineEnd < 0) {
                throw new IOException("its chunked answer is cut short");
            }
            int size;
            try {
                size = Integer.parseInt(body.substring(at, lineEnd).split(";", 2)[0].strip(), 16);
            } catch (NumberFormatException e) {
                throw new IOException("its chunked answer is malformed");
            }
            if (size == 0) {
                return content.toString();
            }
            if (lineEnd + 2 + size > body.length()) {
                throw new IOException("its chunked answer is cut short");
            }
            content.append(body, lineEnd + 2, lineEnd + 2 + size);
            at = lineEnd + 2 + size + 2;
        }
    }
}
