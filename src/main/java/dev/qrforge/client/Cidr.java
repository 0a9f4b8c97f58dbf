package dev.qrforge.client;

import java.net.InetAddress;
import java.util.List;

/**
 * A block of addresses, {@code 10.0.0.0/8} or {@code 2001:db8::/32}. An IPv4 block never contains an IPv6
 * address nor the reverse; note that Java reads IPv4-mapped IPv6 text ({@code ::ffff:10.1.2.3}) as IPv4.
 */
public record Cidr(InetAddress network, int prefixLength) {

    /** "128" is the longest prefix length there is. */
    private static final int MAX_PREFIX_DIGITS = 3;

    /**
     * @param text an address, alone (a block of one) or with {@code /prefix}; host bits must be zero
     * @throws IllegalArgumentException when it is not such a block
     */
    public static Cidr parse(String text) {
        int slash = text.indexOf('/');
        InetAddress network = IpAddresses.parse(slash < 0 ? text : text.substring(0, slash));
        if (network == null) {
            throw new IllegalArgumentException("not an IP address or CIDR block: '" + text + "'");
        }
        int bits = network.getAddress().length * Byte.SIZE;
        String digits = slash < 0 ? String.valueOf(bits) : text.substring(slash + 1);
        if (digits.isEmpty() || digits.length() > MAX_PREFIX_DIGITS
                || !digits.chars().allMatch(c -> c >= '0' && c <= '9') || Integer.parseInt(digits) > bits) {
            throw new IllegalArgumentException("'" + text + "' needs a prefix length from 0 to " + bits);
        }
        Cidr cidr = new Cidr(network, Integer.parseInt(digits));
        byte[] bytes = network.getAddress();
        for (int i = 0; i < bytes.length; i++) {
            // 10.0.0.1/8 is a typo for one host or for 10.0.0.0/8; refuse to guess which.
            if ((bytes[i] & ~cidr.mask(i) & 0xFF) != 0) {
                throw new IllegalArgumentException("'" + text + "' has bits set beyond its /" + cidr.prefixLength);
            }
        }
        return cidr;
    }

    /** A setting's blocks, blanks between commas skipped; see {@link #parse}. */
    public static List<Cidr> parseAll(List<String> texts) {
        return texts.stream().map(String::strip).filter(text -> !text.isEmpty()).map(Cidr::parse).toList();
    }

    public boolean contains(InetAddress address) {
        byte[] bytes = address.getAddress();
        byte[] block = network.getAddress();
        if (bytes.length != block.length) {
            return false;
        }
        for (int i = 0; i < bytes.length; i++) {
            if (((bytes[i] ^ block[i]) & mask(i)) != 0) {
                return false;
            }
        }
        return true;
    }

    /** The bits of byte {@code index} that belong to the prefix. */
    private int mask(int index) {
        int prefixBitsHere = Math.max(0, Math.min(Byte.SIZE, prefixLength - index * Byte.SIZE));
        return (0xFF00 >> prefixBitsHere) & 0xFF;
    }
}
