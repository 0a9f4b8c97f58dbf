package dev.qrforge.bulk;

import jakarta.batch.api.chunk.AbstractItemWriter;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import javax.sql.DataSource;

/**
 * Records a chunk's outcomes on the items and adds them to the job's counts, in the chunk's transaction (the one
 * the processor stored the chunk's codes in), as increments: partitions write concurrently. Only while this node
 * holds the job, and only over items still pending: otherwise it throws {@link BulkLeases.Lost} and the chunk rolls
 * back, codes included, so an item never gets a second code.
 */
@Named("bulkItemWriter")
@Dependent
public class BulkItemWriter extends AbstractItemWriter {

    private static final String COUNT = "update bulk_job set succeeded = succeeded + ?, failed = failed + ?"
            + " where id = ? and node_name = ? and status = 'STARTED'";
    private static final String RECORD = "update bulk_item set status = ?, qr_code_id = ?, error_field = ?,"
            + " error_message = ? where job_id = ? and item_index = ? and status = 'PENDING'";

    @Inject
    DataSource dataSource;

    @Override
    public void writeItems(List<Object> outcomes) throws SQLException {
        try (Connection connection = dataSource.getConnection()) {
            record(connection, BulkJobs.nodeName(), outcomes.stream().map(BulkItemProcessor.Outcome.class::cast)
                    .toList());
        }
    }

    /** Records outcomes of one job for {@code node}; see the class comment. */
    static void record(Connection connection, String node, List<BulkItemProcessor.Outcome> outcomes)
            throws SQLException {
        if (outcomes.isEmpty()) {
            return;
        }
        String jobId = outcomes.get(0).jobId();
        int succeeded = (int) outcomes.stream().filter(outcome -> outcome.qrCodeId() != null).count();
        // The job's row first: it stays locked until the chunk commits, so a claim waits for the chunk to end, and a
        // chunk ending after a claim finds the job in other hands.
        try (PreparedStatement count = connection.prepareStatement(COUNT)) {
            count.setInt(1, succeeded);
            count.setInt(2, outcomes.size() - succeeded);
            count.setString(3, jobId);
            count.setString(4, node);
            if (count.executeUpdate() != 1) {
                throw new BulkLeases.Lost("bulk job " + jobId + " is no longer held by node " + node
                        + " (taken over by another node, or finished): " + outcomes.size() + " results dropped");
            }
        }
        try (PreparedStatement record = connection.prepareStatement(RECORD)) {
            for (BulkItemProcessor.Outcome outcome : outcomes) {
                boolean done = outcome.qrCodeId() != null;
                record.setString(1, (done ? BulkItem.Status.DONE : BulkItem.Status.FAILED).name());
                record.setString(2, outcome.qrCodeId());
                record.setString(3, outcome.errorField());
                record.setString(4, outcome.errorMessage());
                record.setString(5, jobId);
                record.setInt(6, outcome.index());
                if (record.executeUpdate() != 1) {
                    throw new BulkLeases.Lost("item " + outcome.index() + " of bulk job " + jobId
                            + " was recorded by another execution: the chunk's results are dropped");
                }
            }
        }
    }
}
