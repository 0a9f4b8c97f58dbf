package dev.qrforge.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jgroups.BytesMessage;
import org.jgroups.JChannel;
import org.jgroups.Message;
import org.jgroups.Receiver;
import org.jgroups.protocols.SHARED_LOOPBACK;
import org.jgroups.protocols.SHARED_LOOPBACK_PING;
import org.jgroups.protocols.UNICAST3;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.protocols.pbcast.NAKACK2;
import org.jgroups.protocols.pbcast.STABLE;
import org.jgroups.stack.Protocol;
import org.jgroups.util.MessageBatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The protocol in real JGroups channels (in-process, over JGroups' shared loopback transport), with a protocol beneath
 * it that sees what it hands down to the wire and what comes up to it.
 */
class ClusterSecretEncryptTest {

    private static final String SECRET = "the-same-secret-on-every-node";
    private static final byte[] TEXT = "a code's destination: https://example.com/menu".getBytes(StandardCharsets.UTF_8);

    private final List<JChannel> channels = new ArrayList<>();

    /** Beneath the encryption: what goes down to the transport, and how many messages came up through it. */
    static final class Wire extends Protocol {
        final List<byte[]> sent = new CopyOnWriteArrayList<>();
        final CountDownLatch passedUp;

        Wire(int expectedUp) {
            passedUp = new CountDownLatch(expectedUp);
        }

        @Override
        public Object down(Message msg) {
            if (msg.hasArray()) {
                byte[] copy = new byte[msg.getLength()];
                System.arraycopy(msg.getArray(), msg.getOffset(), copy, 0, copy.length);
                sent.add(copy);
            }
            return down_prot.down(msg);
        }

        @Override
        public Object up(Message msg) {
            // The layers above handle the message on this thread: once they return, it was delivered or dropped.
            Object result = up_prot.up(msg);
            if (msg.getLength() > 0) {
                passedUp.countDown();
            }
            return result;
        }

        @Override
        public void up(MessageBatch batch) {
            int carrying = 0;
            for (Message msg : batch) {
                carrying += msg.getLength() > 0 ? 1 : 0;
            }
            up_prot.up(batch);
            for (int i = 0; i < carrying; i++) {
                passedUp.countDown();
            }
        }
    }

    private JChannel channel(String secret, Wire wire, List<String> received) throws Exception {
        ClusterSecretEncrypt encrypt = new ClusterSecretEncrypt();
        encrypt.secret = secret;
        GMS gms = new GMS().setJoinTimeout(5000);
        JChannel channel = new JChannel(new SHARED_LOOPBACK(), new SHARED_LOOPBACK_PING(), new NAKACK2(),
                new UNICAST3(), new STABLE(), gms, wire, encrypt);
        channel.receiver(new Receiver() {
            @Override
            public void receive(Message msg) {
                received.add(new String(msg.getArray(), msg.getOffset(), msg.getLength(), StandardCharsets.UTF_8));
            }
        });
        channels.add(channel);
        return channel;
    }

    @AfterEach
    void close() {
        channels.forEach(JChannel::close);
    }

    @Test
    void membersWithTheSameSecretReadEachOtherAndTheWireCarriesNoPlaintext() throws Exception {
        Wire senderWire = new Wire(0);
        Wire receiverWire = new Wire(1);
        List<String> received = new CopyOnWriteArrayList<>();
        JChannel sender = channel(SECRET, senderWire, new CopyOnWriteArrayList<>()).connect("same-secret");
        channel(SECRET, receiverWire, received).connect("same-secret");

        sender.send(new BytesMessage(null, TEXT));

        assertThat(receiverWire.passedUp.await(1, TimeUnit.MINUTES)).isTrue();
        assertThat(received).containsExactly(new String(TEXT, StandardCharsets.UTF_8));
        byte[] onTheWire = senderWire.sent.stream().filter(bytes -> bytes.length >= TEXT.length)
                .reduce((first, second) -> second).orElseThrow();
        assertThat(new String(onTheWire, StandardCharsets.ISO_8859_1))
                .doesNotContain(new String(TEXT, StandardCharsets.ISO_8859_1))
                .doesNotContain("example.com");
    }

    @Test
    void aMemberWithAnotherSecretReadsNothing() throws Exception {
        Wire strangerWire = new Wire(2);
        List<String> strangerReceived = new CopyOnWriteArrayList<>();
        JChannel sender = channel(SECRET, new Wire(0), new CopyOnWriteArrayList<>()).connect("other-secret");
        // No AUTH in this stack: the stranger is let in, which the server's AUTH would refuse, to show the encryption.
        channel("not-" + SECRET, strangerWire, strangerReceived).connect("other-secret");

        sender.send(new BytesMessage(null, TEXT));
        sender.send(new BytesMessage(null, TEXT));

        assertThat(strangerWire.passedUp.await(1, TimeUnit.MINUTES)).isTrue();
        assertThat(strangerReceived).isEmpty();
    }

    @Test
    void everyMemberDerivesTheSameKeyAndAnotherSecretAnother() throws Exception {
        assertThat(ClusterSecretEncrypt.key(SECRET).getEncoded()).hasSize(ClusterSecretEncrypt.KEY_BITS / 8)
                .isEqualTo(ClusterSecretEncrypt.key(SECRET).getEncoded())
                .isNotEqualTo(ClusterSecretEncrypt.key("not-" + SECRET).getEncoded());
        assertThat(ClusterSecretEncrypt.key(SECRET).getAlgorithm()).isEqualTo("AES");
    }

    @Test
    void withoutASecretEachNodeHasAKeyOfItsOwn() throws Exception {
        Wire otherWire = new Wire(1);
        List<String> otherReceived = new CopyOnWriteArrayList<>();
        JChannel sender = channel("", new Wire(0), new CopyOnWriteArrayList<>()).connect("no-secret");
        channel("", otherWire, otherReceived).connect("no-secret");

        sender.send(new BytesMessage(null, TEXT));

        assertThat(otherWire.passedUp.await(1, TimeUnit.MINUTES)).isTrue();
        assertThat(otherReceived).isEmpty();
    }
}
