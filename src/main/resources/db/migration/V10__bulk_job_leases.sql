-- Bulk jobs survive the loss of their node (issue 14). Valid on both H2 (embedded default) and PostgreSQL.

-- The node named in node_name holds a STARTED job until lease_until, and renews it while it runs the job; once the
-- lease has passed, any node sharing the database may claim the job (one conditional update, so exactly one does)
-- and finish its pending items. Jobs started before this migration are leased as of now: their node resumes them
-- when it starts, as before, and if it never returns another node takes them over.
alter table bulk_job add column lease_until timestamp with time zone;
update bulk_job set lease_until = current_timestamp;
alter table bulk_job alter column lease_until set not null;

-- Every node looks for STARTED jobs whose lease has passed, every few seconds.
drop index bulk_job_status;
create index bulk_job_lease on bulk_job (status, lease_until);
