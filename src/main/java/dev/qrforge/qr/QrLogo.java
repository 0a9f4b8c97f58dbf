package dev.qrforge.qr;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;

/**
 * A logo file a workspace sent, kept once however many codes show it, so that codes can be drawn again and later
 * requests can name it by reference instead of sending it again.
 */
@Entity
@Table(name = "qr_logo")
class QrLogo {

    @Embeddable
    record Key(@Column(name = "workspace_id") String workspaceId, @Column(name = "sha256") String sha256)
            implements Serializable {
    }

    @EmbeddedId
    private Key key;

    // No @Lob: a plain byte[] maps to bytea on PostgreSQL and to BINARY VARYING on H2, read in one piece.
    @Column(name = "content", nullable = false)
    private byte[] content;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    protected QrLogo() {
    }

    QrLogo(Key key, byte[] content, Instant createdAt) {
        this.key = key;
        this.content = content;
        this.createdAt = createdAt;
    }

    byte[] content() {
        return content;
    }
}
