-- The audit log: one row per change to a workspace's resources, written in the changing transaction.
-- Valid on both H2 and PostgreSQL.
create table audit_entry (
    id             varchar(40)   primary key,
    workspace_id   varchar(40)   not null references workspace (id),
    created_at     timestamp with time zone not null,
    -- the API key id, or 'oidc:' and the token's subject
    actor          varchar(300)  not null,
    action         varchar(40)   not null,
    resource_type  varchar(40)   not null,
    resource_id    varchar(100)  not null,
    -- the changed fields only, as JSON objects; secrets as '[redacted]'
    before_fields  varchar(1000000) not null,
    after_fields   varchar(1000000) not null,
    -- the client behind trusted proxies; null when it sent no readable address
    address        varchar(45),
    request_id     varchar(60)
);
create index audit_entry_workspace_newest on audit_entry (workspace_id, created_at desc, id desc);
-- what retention deletes, oldest first
create index audit_entry_created on audit_entry (created_at);
