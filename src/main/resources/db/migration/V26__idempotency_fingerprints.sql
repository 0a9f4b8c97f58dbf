-- What each Idempotency-Key was used for: the SHA-256 of the request as the API read it, so that the key's reuse
-- for another request is refused (422) instead of answered with the first request's result. Null for keys used
-- before this column, which keep replaying as they did.
alter table bulk_job add column request_hash varchar(64);
alter table bulk_change add column request_hash varchar(64);
