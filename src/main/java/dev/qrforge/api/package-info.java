/**
 * HTTP plumbing shared by every resource: the one error mapper and its envelope, strict JSON, request ids (in
 * responses and in every log line), body limits, keyset paging with listing filters, merge patches, the names people
 * give resources, CSV and wire spellings of enums.
 * Uses only {@code platform}; knows no feature.
 */
package dev.qrforge.api;
