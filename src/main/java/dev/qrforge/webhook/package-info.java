/**
 * Webhooks: a workspace's subscriptions ({@code /api/v1/webhooks}), the outbox their events are written to in the
 * transaction that produced them (scan flushes, finished bulk jobs, deleted codes), and the worker that delivers
 * it, signed, retried with backoff, to targets checked against SSRF at creation and at every attempt.
 */
package dev.qrforge.webhook;
