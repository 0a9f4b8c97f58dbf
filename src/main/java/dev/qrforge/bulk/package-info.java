/**
 * Bulk generation ({@code POST /api/v1/qr/bulk}): up to 200 codes from JSON or CSV, validated up front, rendered by
 * a Jakarta Batch job (JBeret, partitioned over the cores, resumed after a restart), and delivered as a ZIP archive.
 */
package dev.qrforge.bulk;
