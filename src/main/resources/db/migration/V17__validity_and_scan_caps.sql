-- A dynamic code's validity (issue 25): valid_from, before which scans get a "not active yet" page, and max_scans,
-- the counted scans after which the code behaves as expired (expired_url, or the "expired" page). Null for neither,
-- as for every existing code. Valid on both H2 (embedded default) and PostgreSQL.
alter table dynamic_code add column valid_from timestamp with time zone;
alter table dynamic_code add column max_scans bigint;
