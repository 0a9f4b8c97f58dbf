-- Bulk generation: a job and its items. The items are the durable work list: a job interrupted by a restart is
-- picked up again from the items still pending.

create table bulk_job (
    id               varchar(40)  primary key,
    workspace_id     varchar(40)  not null references workspace (id),
    status           varchar(16)  not null,
    total            integer      not null,
    succeeded        integer      not null,
    failed           integer      not null,
    idempotency_key  varchar(200),
    execution_id     bigint,
    -- the server (jboss.node.name) running the job: after a restart, each node resumes only its own jobs
    node_name        varchar(100) not null,
    created_at       timestamp with time zone not null,
    finished_at      timestamp with time zone,
    unique (workspace_id, idempotency_key)
);
create index bulk_job_status on bulk_job (status);

create table bulk_item (
    job_id           varchar(40)   not null references bulk_job (id),
    item_index       integer       not null,
    -- the validated generation request, as JSON
    request          varchar(16000) not null,
    filename         varchar(120)  not null,
    status           varchar(16)   not null,
    qr_code_id       varchar(40),
    error_field      varchar(100),
    error_message    varchar(1000),
    primary key (job_id, item_index)
);
