package dev.qrforge.bulk;

import jakarta.batch.api.partition.PartitionMapper;
import jakarta.batch.api.partition.PartitionPlan;
import jakarta.batch.api.partition.PartitionPlanImpl;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.util.Properties;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Splits a job's items over as many threads as there are cores (QRFORGE_BULK_PARTITIONS overrides): rendering is CPU-bound. */
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
        Properties[] properties = new Properties[partitions];
        for (int i = 0; i < partitions; i++) {
            properties[i] = new Properties();
            properties[i].setProperty("partition", Integer.toString(i));
            properties[i].setProperty("partitions", Integer.toString(partitions));
        }
        plan.setPartitionProperties(properties);
        return plan;
    }
}
