package dev.qrforge.cluster;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import javax.crypto.KeyGenerator;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;
import org.jgroups.annotations.Property;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.protocols.SYM_ENCRYPT;

/**
 * JGroups' SYM_ENCRYPT, keyed by the cluster's shared secret instead of a keystore file: every member derives the same
 * AES key from QRFORGE_CLUSTER_SECRET, the secret AUTH already checks, so a cluster needs one secret in its
 * environment and no file to distribute. It sits above GMS (wildfly/configure-server.cli): AUTH decides who joins,
 * and everything the members then send each other (what the caches replicate) travels encrypted.
 *
 * <p>The key: PBKDF2 with a fixed salt, as it must be the same on every node and nothing else is shared; the
 * iterations make guessing a weak secret from captured traffic slow, at a cost paid once per start. Without a secret,
 * a random key of the node's own, so that nothing it sends can be read by another node.
 */
public class ClusterSecretEncrypt extends SYM_ENCRYPT {

    /**
     * The id its headers carry. JGroups numbers its own protocols below 1024 and leaves the rest to others; every
     * member registers the same.
     */
    static final short PROTOCOL_ID = 1436;

    static final int KEY_BITS = 256;
    static final int ITERATIONS = 210_000;
    private static final byte[] SALT = "qrforge cluster traffic key".getBytes(StandardCharsets.UTF_8);

    static {
        ClassConfigurator.addProtocol(PROTOCOL_ID, ClusterSecretEncrypt.class);
    }

    @Property(description = "The cluster's shared secret, from which the AES key is derived (empty: a random key)",
            exposeAsManagedAttribute = false)
    protected String secret;

    @Override
    public void init() throws Exception {
        if (secret == null || secret.isEmpty()) {
            // A node given no secret clusters with no one (AUTH refuses others by its name, which no one shares);
            // should a stranger present that name, what this node sends is under a key no one else has.
            log.info("%s: no QRFORGE_CLUSTER_SECRET, so this node's cluster traffic is encrypted under a random key"
                    + " of its own: it forms a cluster with no other node", getName());
            setSecretKey(randomKey());
        } else {
            setSecretKey(key(secret));
        }
        super.init();
    }

    private static SecretKey randomKey() throws GeneralSecurityException {
        KeyGenerator generator = KeyGenerator.getInstance("AES");
        generator.init(KEY_BITS, new SecureRandom());
        return generator.generateKey();
    }

    /** The AES key every member holding {@code secret} derives. */
    static SecretKey key(String secret) throws GeneralSecurityException {
        PBEKeySpec spec = new PBEKeySpec(secret.toCharArray(), SALT, ITERATIONS, KEY_BITS);
        try {
            byte[] key = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
            return new SecretKeySpec(key, "AES");
        } finally {
            spec.clearPassword();
        }
    }
}
