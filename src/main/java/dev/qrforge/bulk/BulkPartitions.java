package dev.qrforge.bulk;

import jakarta.batch.api.partition.PartitionMapper;
import jakarta.batch.api.partition.PartitionPlan;
import jakarta.batch.api.partition.PartitionPlanImpl;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.util.Arrays;
import java.util.Properties;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Runs a job on as many threads as there are cores (QRFORGE_BULK_PARTITIONS overrides): rendering is CPU-bound. The
 * partitions take the items from one queue ({@link BulkQueues}).
 */
@Named("bulkPartitions")
@Dependent
public class BulkPartitions implements PartitionMapper {

    @Inject
    @ConfigProperty(name = "qrforge.bulk-partitions")
    java.util.Optional<Integer> configured;

    @Override
    public PartitionPlan mapPartitions() {
        int partitions = configured.orElse(Runtime.getRuntime().availableProcessors());
        PartitionPlanImpl plan = new PartitionPlanImpl();
        plan.setPartitions(partitions);
        plan.setThreads(partitions);
        // JBeret wants properties for each partition, even none.
        Properties[] none = new Properties[partitions];
        Arrays.setAll(none, i -> new Properties());
        plan.setPartitionProperties(none);
        return plan;
    }
}
