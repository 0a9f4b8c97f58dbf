package dev.qrforge.webhook;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.qrforge.bulk.BulkJobFinished;
import dev.qrforge.client.ClientFacts;
import dev.qrforge.dynamic.CodeWorkspaces;
import dev.qrforge.platform.StoredTime;
import dev.qrforge.qr.CodeDeleted;
import dev.qrforge.scan.Route;
import dev.qrforge.scan.ScanEvent;
import dev.qrforge.scan.ScansWritten;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Turns what happens elsewhere into outbox rows for the webhooks subscribed to it. Every observer is synchronous,
 * inside the transaction of the event's source, so an event is in the outbox exactly when what it reports
 * committed.
 */
@ApplicationScoped
public class WebhookTriggers {

    /** Scans per delivery: a busy flush becomes several deliveries of bounded size rather than one huge body. */
    static final int MAX_SCANS_PER_DELIVERY = 500;

    /**
     * What a scan.created delivery tells of a scan: never the visitor key nor the address; the route as the analytics'
     * {@code byDestination} has it (null when the scan was sent nowhere).
     */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    record ScanData(String codeId, Instant scannedAt, boolean bot, String country, String region, String city,
            String device, String os, String osVersion, String browser, String browserVersion, String language,
            String referrerHost, Integer rule, Integer arm, String destinationUrl) {

        static ScanData of(ScanEvent event) {
            ClientFacts facts = event.facts();
            Route route = event.route();
            return new ScanData(event.codeId(), event.scannedAt(), facts.bot(), facts.country(), facts.region(),
                    facts.city(), facts.device(), facts.os(), facts.osVersion(), facts.browser(),
                    facts.browserVersion(), facts.language(), facts.referrerHost(),
                    route == null ? null : route.rule(), route == null ? null : route.arm(),
                    route == null ? null : route.destinationUrl());
        }
    }

    record ScansData(List<ScanData> scans) {
    }

    @JsonInclude(JsonInclude.Include.ALWAYS)
    record BulkData(String jobId, String status, int total, int succeeded, int failed, Instant finishedAt) {
    }

    /** What a code.deleted delivery tells: the code, never the workspace (the webhook's owner knows it). */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    record DeletedData(String qrCodeId, String dynamicCodeId, boolean erased, Instant deletedAt) {

        static DeletedData of(CodeDeleted deleted) {
            return new DeletedData(deleted.qrCodeId(), deleted.dynamicCodeId(), deleted.erased(),
                    deleted.deletedAt());
        }
    }

    @PersistenceContext
    EntityManager em;

    @Inject
    Outbox outbox;

    @Inject
    CodeWorkspaces codeWorkspaces;

    @Inject
    Clock clock;

    /**
     * One delivery per subscribed webhook per flush (per {@link #MAX_SCANS_PER_DELIVERY} scans). Runs in every
     * flush, so without any scan.created webhook it costs one query on the small webhook table.
     */
    void scansWritten(@Observes ScansWritten written) {
        boolean anySubscribed = !em.createQuery("select w.id from Webhook w where "
                        + Webhook.subscribes("w", "type"), String.class)
                .setParameter("type", EventType.SCAN_CREATED.wireName()).setMaxResults(1).getResultList().isEmpty();
        if (!anySubscribed || written.events().isEmpty()) {
            return;
        }
        Map<String, String> workspaceOf = codeWorkspaces.of(written.events().stream().map(ScanEvent::codeId)
                .collect(Collectors.toSet()));
        Map<String, List<ScanData>> scansOf = new LinkedHashMap<>();
        for (ScanEvent event : written.events()) {
            String workspace = workspaceOf.get(event.codeId());
            if (workspace != null) {
                scansOf.computeIfAbsent(workspace, ws -> new ArrayList<>()).add(ScanData.of(event));
            }
        }
        Instant now = StoredTime.now(clock);
        List<Outbox.NewEvent> events = new ArrayList<>();
        for (Webhook webhook : subscribers(scansOf.keySet(), EventType.SCAN_CREATED)) {
            List<ScanData> scans = scansOf.get(webhook.workspaceId());
            for (int from = 0; from < scans.size(); from += MAX_SCANS_PER_DELIVERY) {
                List<ScanData> part = scans.subList(from, Math.min(scans.size(), from + MAX_SCANS_PER_DELIVERY));
                events.add(new Outbox.NewEvent(webhook.id(), EventType.SCAN_CREATED, now, new ScansData(part)));
            }
        }
        outbox.add(events);
    }

    void bulkJobFinished(@Observes BulkJobFinished job) {
        EventType type = job.failed() ? EventType.BULK_FAILED : EventType.BULK_COMPLETED;
        enqueue(job.workspaceId(), type, new BulkData(job.jobId(), job.failed() ? "FAILED" : "COMPLETED",
                job.total(), job.succeeded(), job.failedItems(), job.finishedAt()));
    }

    void codeDeleted(@Observes CodeDeleted deleted) {
        enqueue(deleted.workspaceId(), EventType.CODE_DELETED, DeletedData.of(deleted));
    }

    private void enqueue(String workspaceId, EventType type, Object data) {
        Instant now = StoredTime.now(clock);
        outbox.add(subscribers(Set.of(workspaceId), type).stream()
                .map(webhook -> new Outbox.NewEvent(webhook.id(), type, now, data)).toList());
    }

    private List<Webhook> subscribers(Set<String> workspaceIds, EventType type) {
        if (workspaceIds.isEmpty()) {
            return List.of();
        }
        return em.createQuery("select w from Webhook w where w.workspaceId in :ws and "
                        + Webhook.subscribes("w", "type"), Webhook.class)
                .setParameter("ws", workspaceIds).setParameter("type", type.wireName()).getResultList();
    }
}
