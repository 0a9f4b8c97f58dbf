/**
 * Admission control for image work: the heap budget every render reserves from before it allocates, and the render
 * slots it runs in, so that load beyond what the heap and cores hold waits or is refused with 503 instead of ending
 * in an OutOfMemoryError. Used by the features that render (qr, bulk, composite); uses only {@code api}.
 */
package dev.qrforge.admission;
