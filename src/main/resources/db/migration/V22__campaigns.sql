-- Campaigns: folders a workspace groups its dynamic codes in, with analytics over their codes.
-- Valid on both H2 and PostgreSQL.

-- A name is unique in its workspace whatever its case: name_key holds it lower-cased (Locale.ROOT) by the service,
-- as H2 has no index on an expression such as lower(name).
create table campaign (
    id            varchar(40)   primary key,
    workspace_id  varchar(40)   not null references workspace (id),
    name          varchar(100)  not null,
    name_key      varchar(100)  not null,
    description   varchar(1000),
    created_at    timestamp with time zone not null,
    updated_at    timestamp with time zone not null
);
create unique index campaign_workspace_name on campaign (workspace_id, name_key);
create index campaign_workspace_newest on campaign (workspace_id, created_at desc, id desc);

-- A code is in at most one campaign, or none. Deleting a campaign first takes its codes out (the service, which
-- records each code's change in the audit log), so the key never dangles.
alter table dynamic_code add column campaign_id varchar(40);
alter table dynamic_code add constraint dynamic_code_campaign_fk foreign key (campaign_id) references campaign (id);
-- the campaign filter of the dynamic listing, a campaign's code counts and its analytics' code set
create index dynamic_code_campaign on dynamic_code (campaign_id);
