package dev.qrforge.bulk;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorMapper;
import dev.qrforge.dynamic.DynamicCodes;
import dev.qrforge.qr.ImageFormat;
import dev.qrforge.qr.LogoReader;
import dev.qrforge.qr.QrCodes;
import dev.qrforge.qr.QrRequest;
import dev.qrforge.qr.QrRequestValidator;
import jakarta.batch.api.chunk.ItemProcessor;
import jakarta.batch.runtime.context.JobContext;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.net.URI;
import java.time.Clock;

/**
 * Generates one item's code as an ordinary QR record of the workspace, or for a dynamic job a dynamic code with its
 * QR record. Items were validated before the job
 * started, so a failure here is the exception, and it is recorded on the item rather than failing the job.
 */
@Named("bulkItemProcessor")
@Dependent
public class BulkItemProcessor implements ItemProcessor {

    /** What became of one item. */
    record Outcome(String jobId, int index, String qrCodeId, String errorField, String errorMessage) {
    }

    @Inject
    JobContext job;

    @Inject
    QrCodes qrCodes;

    @Inject
    Clock clock;

    @PersistenceContext
    EntityManager em;

    @Inject
    DynamicCodes dynamicCodes;

    private String workspaceId;

    private BulkJob.Kind kind;

    /** One for the partition: items that share a logo read it once. */
    private LogoReader logos;

    @Override
    public Object processItem(Object item) throws InterruptedException {
        BulkItem bulkItem = (BulkItem) item;
        if (workspaceId == null) {
            BulkJob bulkJob = em.find(BulkJob.class, bulkItem.jobId());
            workspaceId = bulkJob.workspaceId();
            kind = bulkJob.kind();
            logos = qrCodes.logos(workspaceId);
        }
        try {
            String id = kind == BulkJob.Kind.DYNAMIC ? dynamic(bulkItem) : qrCodes.createInBatch(workspaceId,
                    QrRequestValidator.validate(BulkJobs.request(bulkItem.request(), QrRequest.class),
                            ImageFormat.SVG, logos, clock)).id();
            return new Outcome(bulkItem.jobId(), bulkItem.index(), id, null, null);
        } catch (RuntimeException e) {
            ApiException error = ErrorMapper.translate(e);
            return new Outcome(bulkItem.jobId(), bulkItem.index(), null,
                    error.field() == null ? null : "items[" + bulkItem.index() + "]." + error.field(),
                    error.getMessage());
        }
    }

    /**
     * Makes the item's dynamic code with the short code chosen at acceptance. Its code, like a static item's, is
     * stored in the chunk's transaction and kept only with the item's outcome (see {@link BulkItemWriter}); should a
     * second execution ever reach the item again, the short code, taken, would fail it rather than make a twin.
     *
     * @return the id of the code's QR record
     */
    private String dynamic(BulkItem item) throws InterruptedException {
        BulkValidator.DynamicItem dynamic = BulkJobs.request(item.request(), BulkValidator.DynamicItem.class);
        return dynamicCodes.createInBatch(workspaceId, dynamic.request(), URI.create(dynamic.base()), logos);
    }
}
