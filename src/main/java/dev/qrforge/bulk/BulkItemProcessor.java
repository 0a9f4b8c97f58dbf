package dev.qrforge.bulk;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorMapper;
import dev.qrforge.qr.ImageFormat;
import dev.qrforge.qr.LogoReader;
import dev.qrforge.qr.QrCodes;
import dev.qrforge.qr.QrRequestValidator;
import jakarta.batch.api.chunk.ItemProcessor;
import jakarta.batch.runtime.context.JobContext;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Clock;

/**
 * Generates one item's code as an ordinary QR record of the workspace. Items were validated before the job
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

    private String workspaceId;

    /** One for the partition: items that share a logo read it once. */
    private LogoReader logos;

    @Override
    public Object processItem(Object item) throws InterruptedException {
        BulkItem bulkItem = (BulkItem) item;
        if (workspaceId == null) {
            workspaceId = em.find(BulkJob.class, bulkItem.jobId()).workspaceId();
            logos = qrCodes.logos(workspaceId);
        }
        try {
            String id = qrCodes.createInBatch(workspaceId,
                    QrRequestValidator.validate(BulkJobs.request(bulkItem.request()), ImageFormat.SVG, logos,
                            clock)).id();
            return new Outcome(bulkItem.jobId(), bulkItem.index(), id, null, null);
        } catch (RuntimeException e) {
            ApiException error = ErrorMapper.translate(e);
            return new Outcome(bulkItem.jobId(), bulkItem.index(), null,
                    error.field() == null ? null : "items[" + bulkItem.index() + "]." + error.field(),
                    error.getMessage());
        }
    }
}
