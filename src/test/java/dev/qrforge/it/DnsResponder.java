package dev.qrforge.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.xbill.DNS.ARecord;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Flags;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.Section;
import org.xbill.DNS.TXTRecord;
import org.xbill.DNS.TextParseException;
import org.xbill.DNS.Type;

/**
 * A tiny authoritative DNS server over UDP, in the test's JVM, which the suite's server asks
 * ({@code qrforge.domains.dns-servers}, arquillian.xml): A and TXT records the tests set, NXDOMAIN for names without
 * any. Built on dnsjava's own message classes, so the server's resolver parses what a real one would send.
 */
final class DnsResponder implements AutoCloseable {

    private static final long TTL = 1;

    private final DatagramSocket socket;
    private final Map<Name, List<Record>> records = new ConcurrentHashMap<>();
    private final Thread thread;

    DnsResponder(int port) {
        try {
            socket = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        } catch (SocketException e) {
            throw new UncheckedIOException("DNS port " + port + " (it.dns.port) is not free", e);
        }
        thread = new Thread(this::serve, "it-dns");
        thread.setDaemon(true);
        thread.start();
    }

    /** {@code host} answers A with {@code address} (127.0.0.1 is where the suite's server listens). */
    void a(String host, String address) {
        Name name = name(host);
        try {
            records.merge(name, List.of(new ARecord(name, DClass.IN, TTL, InetAddress.getByName(address))),
                    DnsResponder::both);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void txt(String fqdn, String value) {
        Name name = name(fqdn);
        records.merge(name, List.of(new TXTRecord(name, DClass.IN, TTL, value)), DnsResponder::both);
    }

    private static List<Record> both(List<Record> a, List<Record> b) {
        return Stream.concat(a.stream(), b.stream()).toList();
    }

    private static Name name(String host) {
        try {
            return Name.fromString(host, Name.root);
        } catch (TextParseException e) {
            throw new IllegalArgumentException(host, e);
        }
    }

    private void serve() {
        byte[] buffer = new byte[512];
        while (!socket.isClosed()) {
            DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
            try {
                socket.receive(packet);
                Message query = new Message(Arrays.copyOf(packet.getData(), packet.getLength()));
                byte[] answer = answer(query).toWire(512);
                socket.send(new DatagramPacket(answer, answer.length, packet.getSocketAddress()));
            } catch (IOException e) {
                if (socket.isClosed()) {
                    return;
                }
            }
        }
    }

    private Message answer(Message query) {
        Message response = new Message(query.getHeader().getID());
        response.getHeader().setFlag(Flags.QR);
        response.getHeader().setFlag(Flags.AA);
        Record question = query.getQuestion();
        response.addRecord(question, Section.QUESTION);
        List<Record> known = records.get(question.getName());
        if (known == null) {
            response.getHeader().setRcode(Rcode.NXDOMAIN);
            return response;
        }
        known.stream().filter(record -> record.getType() == question.getType() || question.getType() == Type.ANY)
                .forEach(record -> response.addRecord(record, Section.ANSWER));
        return response;
    }

    @Override
    public void close() {
        socket.close();
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
