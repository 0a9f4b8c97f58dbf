-- Webhooks and their outbox. Valid on both H2 and PostgreSQL.

-- The secret is kept in clear: every delivery is signed with it (HMAC-SHA256), so a hash would not do.
create table webhook (
    id            varchar(40)   primary key,
    workspace_id  varchar(40)   not null references workspace (id),
    url           varchar(2048) not null,
    -- the subscribed event types, comma-separated (no type name contains another)
    events        varchar(200)  not null,
    description   varchar(500),
    secret        varchar(64)   not null,
    created_at    timestamp with time zone not null
);
create index webhook_workspace_newest on webhook (workspace_id, created_at desc, id desc);

-- The durable outbox: a row is written in the transaction that produced its event, so it commits with it, and
-- stays until delivered or given up; the workers of every node claim due rows (for update skip locked).
-- The row's id is the event id receivers see, the same on every attempt.
create table webhook_delivery (
    id               varchar(40)      primary key,
    webhook_id       varchar(40)      not null references webhook (id) on delete cascade,
    event_type       varchar(40)      not null,
    -- the exact body sent on every attempt
    payload          varchar(1000000) not null,
    status           varchar(16)      not null,
    attempts         integer          not null,
    -- when a pending row is next due; a claimed row is leased to its worker until then
    next_attempt_at  timestamp with time zone not null,
    last_status      integer,
    last_error       varchar(1000),
    created_at       timestamp with time zone not null,
    finished_at      timestamp with time zone
);
create index webhook_delivery_due on webhook_delivery (status, next_attempt_at);
create index webhook_delivery_webhook_newest on webhook_delivery (webhook_id, created_at desc, id desc);
create index webhook_delivery_finished on webhook_delivery (finished_at);
