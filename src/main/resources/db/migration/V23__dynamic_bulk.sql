-- Dynamic codes in bulk (issue 25). Valid on both H2 (embedded default) and PostgreSQL.

-- A job makes static codes or dynamic ones; the jobs before this one all made static codes.
alter table bulk_job add column kind varchar(16) default 'static' not null;
-- A dynamic item carries routing rules as well as a design: room for them, as for the body they came in.
alter table bulk_item alter column request set data type varchar(1000000);

-- A bulk change of dynamic codes sent with an Idempotency-Key: claimed (answer null) while it is applied, then its
-- answer, which a retry with the same key gets again instead of changing the codes a second time.
create table bulk_change (
    workspace_id     varchar(40)  not null references workspace (id),
    idempotency_key  varchar(200) not null,
    answer           varchar(10000000),
    created_at       timestamp with time zone not null,
    primary key (workspace_id, idempotency_key)
);
