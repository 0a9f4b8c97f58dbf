package dev.qrforge.client;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** IP address literals from untrusted text, read without ever asking DNS. */
final class IpAddresses {

    private static final int IPV4_OCTETS = 4;
    private static final int MAX_OCTET = 255;
    /** "255" is the longest octet; longer runs of digits are not an address and not worth parsing. */
    private static final int MAX_OCTET_DIGITS = 3;
    /** The longest address text there is: IPv6 with an IPv4 tail, written out in full. */
    private static final int MAX_LENGTH = "ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255".length();

    private IpAddresses() {
    }

    /**
     * @return the address {@code text} spells (dotted-quad IPv4 or IPv6 without zone), or null for anything
     *         else, host names included
     */
    static InetAddress parse(String text) {
        if (text.length() > MAX_LENGTH) {
            return null;
        }
        if (text.indexOf(':') >= 0) {
            return ipv6(text);
        }
        byte[] octets = new byte[IPV4_OCTETS];
        int octet = 0;
        int start = 0;
        for (int i = 0; i <= text.length(); i++) {
            if (i < text.length() && text.charAt(i) != '.') {
                continue;
            }
            int value = decimal(text, start, i);
            if (value < 0 || octet == IPV4_OCTETS) {
                return null;
            }
            octets[octet++] = (byte) value;
            start = i + 1;
        }
        return octet == IPV4_OCTETS ? address(octets) : null;
    }

    /**
     * The octet in {@code text[from, to)}, or -1 when it is not 1 to 3 decimal digits up to 255. A leading zero
     * is refused: other readers take "010" for octal 8, and an address must mean one thing to everyone.
     */
    private static int decimal(String text, int from, int to) {
        if (to == from || to - from > MAX_OCTET_DIGITS || (to - from > 1 && text.charAt(from) == '0')) {
            return -1;
        }
        int value = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value <= MAX_OCTET ? value : -1;
    }

    /**
     * With a colon in it, {@link InetAddress#getByName} reads the text as an IPv6 literal and fails rather than
     * resolve it. Hex digits, colons and dots only: no zone ({@code %eth0}) that would send it looking up
     * network interfaces, no brackets.
     */
    private static InetAddress ipv6(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.digit(c, 16) < 0 && c != ':' && c != '.') {
                return null;
            }
        }
        try {
            return InetAddress.getByName(text);
        } catch (UnknownHostException e) {
            return null;
        }
    }

    private static InetAddress address(byte[] octets) {
        try {
            return InetAddress.getByAddress(octets);
        } catch (UnknownHostException e) {
            throw new IllegalStateException("four octets are always an IPv4 address", e);
        }
    }
}
