package dev.qrforge.bulk;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.io.Serializable;

/** One code of a bulk job: what to generate, and once done, the QR record it became or why it failed. */
@Entity
@Table(name = "bulk_item")
public class BulkItem {

    public enum Status { PENDING, DONE, FAILED }

    @Embeddable
    public record Key(@Column(name = "job_id") String jobId, @Column(name = "item_index") int index)
            implements Serializable {
    }

    @EmbeddedId
    private Key key;

    @Column(nullable = false)
    private String request;

    @Column(nullable = false)
    private String filename;

    @Column(nullable = false)
    private String status;

    @Column(name = "qr_code_id")
    private String qrCodeId;

    @Column(name = "error_field")
    private String errorField;

    @Column(name = "error_message")
    private String errorMessage;

    protected BulkItem() {
    }

    BulkItem(String jobId, int index, String request, String filename) {
        this.key = new Key(jobId, index);
        this.request = request;
        this.filename = filename;
        this.status = Status.PENDING.name();
    }

    public int index() {
        return key.index();
    }

    public String jobId() {
        return key.jobId();
    }

    public String request() {
        return request;
    }

    public String filename() {
        return filename;
    }

    public Status status() {
        return Status.valueOf(status);
    }

    public String qrCodeId() {
        return qrCodeId;
    }

    public String errorField() {
        return errorField;
    }

    public String errorMessage() {
        return errorMessage;
    }
}
