/**
 * Bulk generation ({@code POST /api/v1/qr/bulk}): up to 200 codes from JSON or CSV, validated up front, rendered by
 * a Jakarta Batch job (JBeret, partitioned over the cores), and delivered as a ZIP archive. The same job makes
 * dynamic codes ({@code POST /api/v1/dynamic/bulk}, each item checked and made by {@code dynamic.DynamicCodes}, its
 * short code chosen at acceptance); {@code PATCH /api/v1/dynamic/bulk} changes up to 200 dynamic codes, each through
 * the single PATCH's path.
 *
 * <p><b>Jobs outlive their node.</b> Several nodes may share one database, and a job, accepted by any of them, is
 * only ever in the database: its status, items and archive are read from there by whichever node is asked (nothing
 * of a job is cached on a node). The node that runs a job holds a lease on it ({@link dev.qrforge.bulk.BulkLeases}:
 * {@code node_name}, {@code lease_until}), taken at acceptance and renewed every few seconds while an execution of
 * the job runs there ({@link dev.qrforge.bulk.BulkRecovery}). A node that stops gracefully resumes its jobs when it
 * starts again; a node that dies lets its leases pass, and then another node claims each job with one conditional
 * update (exactly one claimer wins) and runs a new execution over the items still pending (the reader reads only
 * those; items already DONE or FAILED keep their results).
 *
 * <p><b>A node that was only slow does no harm.</b> A node stalled past its lease (a long GC pause, a frozen VM)
 * may wake up with chunks in flight for a job another node now holds. The processor stores each code in the chunk's
 * transaction, and the writer ({@link dev.qrforge.bulk.BulkItemWriter}) records the chunk in that same transaction
 * only if the job's row still names this node (it updates that row first, which also locks it until the chunk
 * commits, so a claim and a chunk never interleave) and only over items still pending; otherwise the chunk rolls
 * back, its codes with it, and the execution fails without closing the job ({@link dev.qrforge.bulk.BulkJobListener}
 * closes only a job its node holds). So every item gets one code: the one recorded with it. The stalled node's next
 * renewal finds the job gone and stops that execution. The same holds on one node: at most one execution per job
 * runs on a node at a time.
 *
 * <p>Leases are compared with each node's clock, so nodes' clocks must agree to well within a lease (NTP does);
 * node names ({@code jboss.node.name}) must be distinct and stable. Only PostgreSQL can be shared by nodes; on the
 * embedded H2 there is one node and leases only matter across its restarts.
 */
package dev.qrforge.bulk;
