-- API keys managed through /api/v1/api-keys: when each was last used (recorded at most once a minute per key and
-- node, so authentication does not write on every request), and newest-first listing per workspace.

alter table api_key add column last_used_at timestamp with time zone;
create index api_key_workspace_newest on api_key (workspace_id, created_at desc, id desc);
