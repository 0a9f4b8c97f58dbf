/**
 * Admission control: the heap budget that every render reserves from before it allocates, so that load beyond what
 * the heap holds waits or is refused with 503 instead of ending in an OutOfMemoryError. Imported by the features
 * that render (qr, bulk, composite); imports only the shared API plumbing.
 */
package dev.qrforge.admission;
