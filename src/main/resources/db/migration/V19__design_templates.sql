-- Saved design templates, per workspace. Valid on both H2 and PostgreSQL.

-- The design is the design object of a generation request as it was saved (absent fields stay absent, so that a
-- request or the defaults decide them), its logo by reference to qr_logo. Codes made from a template copy its design
-- into their own record: nothing refers to a template, which can be changed or deleted at any time.
create table design_template (
    id            varchar(40)  primary key,
    workspace_id  varchar(40)  not null references workspace (id),
    name          varchar(100) not null,
    design        varchar(4000) not null,
    created_at    timestamp with time zone not null,
    updated_at    timestamp with time zone not null
);
create index design_template_workspace_newest on design_template (workspace_id, created_at desc, id desc);
