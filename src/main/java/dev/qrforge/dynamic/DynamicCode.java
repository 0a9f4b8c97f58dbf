package dev.qrforge.dynamic;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A dynamic tracking code as stored. {@code scanCount} holds the flushed count only, as loaded; the real-time count
 * reads the stored one afresh and adds the scans a node still buffers (see {@link dev.qrforge.scan.ScanBuffer}). The short URL lives in the code's QR
 * record, whose data it is.
 */
@Entity
@Table(name = "dynamic_code")
public class DynamicCode {

    @Id
    private String id;

    @Column(name = "workspace_id", nullable = false)
    private String workspaceId;

    /** Unique within its domain: the same short code may live on several domains. */
    @Column(name = "short_code", nullable = false)
    private String shortCode;

    /**
     * The custom domain the short link is on ({@code domain.DomainDirectory.DEFAULT_DOMAIN}, empty, for the default
     * one: a unique constraint counts nulls as distinct), and its host (null on the default domain). Fixed at
     * creation, as the printed code holds the link.
     */
    @Column(name = "domain_id", nullable = false, updatable = false)
    private String domainId;

    @Column(name = "domain_host", updatable = false)
    private String domainHost;

    @Column(name = "destination_url", nullable = false)
    private String destinationUrl;

    @Column(nullable = false)
    private String status;

    @Column(nullable = false)
    private String rules;

    /** The campaign parameters as canonical JSON, or null. */
    private String utm;

    @Column(name = "valid_from")
    private Instant validFrom;

    @Column(name = "expires_at")
    private Instant expiresAt;

    @Column(name = "max_scans")
    private Long maxScans;

    @Column(name = "expired_url")
    private String expiredUrl;

    @Column(name = "deleted_at")
    private Instant deletedAt;

    /** The gate's password as an Argon2id PHC string ({@link dev.qrforge.security.PasswordHashes}), or null. */
    @Column(name = "password_hash")
    private String passwordHash;

    /**
     * Written only by the scan flush, as increments ({@code scan_count = scan_count + n}); never by this entity, whose
     * copy may be older than a flush that committed while it was loaded (a PATCH would write the old count back).
     */
    @Column(name = "scan_count", nullable = false, updatable = false)
    private long scanCount;

    @Column(name = "qr_code_id", nullable = false)
    private String qrCodeId;

    /** The campaign it is filed in, or null ({@link dev.qrforge.campaign.Campaigns}). */
    @Column(name = "campaign_id")
    private String campaignId;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    private Instant updatedAt;

    protected DynamicCode() {
    }

    DynamicCode(String id, String workspaceId, LinkScope scope, String shortCode, String qrCodeId, Settings settings,
            Instant now) {
        this.id = id;
        this.workspaceId = workspaceId;
        this.domainId = scope.domainId();
        this.domainHost = scope.host();
        this.shortCode = shortCode;
        this.qrCodeId = qrCodeId;
        this.createdAt = now;
        apply(settings, now);
    }

    /**
     * Everything a client may change after creation.
     *
     * @param passwordHash the password gate's hash, or null for no gate
     */
    record Settings(String destinationUrl, RuleSet rules, Utm utm, DynamicStatus status, Validity validity,
            String expiredUrl, String passwordHash) {
    }

    Settings settings() {
        return new Settings(destinationUrl, RuleSet.fromStored(rules), Utm.fromStored(utm),
                DynamicStatus.valueOf(status), new Validity(validFrom, expiresAt, maxScans), expiredUrl, passwordHash);
    }

    void apply(Settings settings, Instant now) {
        this.destinationUrl = settings.destinationUrl();
        this.rules = settings.rules().json();
        this.utm = Utm.stored(settings.utm());
        this.status = settings.status().name();
        this.validFrom = settings.validity().validFrom();
        this.expiresAt = settings.validity().expiresAt();
        this.maxScans = settings.validity().maxScans();
        this.expiredUrl = settings.expiredUrl();
        this.passwordHash = settings.passwordHash();
        this.updatedAt = now;
    }

    /** Files it in a campaign, or in none (null). */
    void campaign(String campaignId, Instant now) {
        this.campaignId = campaignId;
        this.updatedAt = now;
    }

    String campaignId() {
        return campaignId;
    }

    void delete(Instant at) {
        this.deletedAt = at;
    }

    boolean deleted() {
        return deletedAt != null;
    }

    public String id() {
        return id;
    }

    public String workspaceId() {
        return workspaceId;
    }

    public String shortCode() {
        return shortCode;
    }

    LinkScope scope() {
        return new LinkScope(domainId, domainHost);
    }

    public String qrCodeId() {
        return qrCodeId;
    }

    public long storedScanCount() {
        return scanCount;
    }

    public Instant createdAt() {
        return createdAt;
    }

    public Instant updatedAt() {
        return updatedAt;
    }
}
