-- Valid on both H2 (embedded default) and PostgreSQL.

create table workspace (
    id          varchar(40)  primary key,
    name        varchar(200) not null unique,
    created_at  timestamp with time zone not null
);

-- Only a SHA-256 of each key is kept; the prefix (non-secret) narrows the lookup before a constant-time compare.
create table api_key (
    id           varchar(40)  primary key,
    workspace_id varchar(40)  not null references workspace (id),
    name         varchar(200) not null,
    prefix       varchar(16)  not null,
    secret_hash  varchar(64)  not null unique,
    scopes       varchar(500) not null,
    created_at   timestamp with time zone not null,
    expires_at   timestamp with time zone,
    revoked_at   timestamp with time zone
);
create index api_key_prefix on api_key (prefix);

-- Enough of each request to re-render the code identically, plus the safety verdict it got.
create table qr_code (
    id                 varchar(40)   primary key,
    workspace_id       varchar(40)   not null references workspace (id),
    payload            varchar(8000) not null,
    image_format       varchar(8)    not null,
    size_px            integer       not null,
    margin_modules     integer       not null,
    error_correction   varchar(1)    not null,
    body_style         varchar(40)   not null,
    foreground_color   varchar(7)    not null,
    background_color   varchar(7)    not null,
    gradient_type      varchar(20),
    gradient_color2    varchar(7),
    safety_score       integer       not null,
    safety_status      varchar(16)   not null,
    safety_verified    boolean       not null,
    safety_warnings    varchar(4000) not null,
    created_at         timestamp with time zone not null
);
create index qr_code_workspace_newest on qr_code (workspace_id, created_at desc, id desc);
