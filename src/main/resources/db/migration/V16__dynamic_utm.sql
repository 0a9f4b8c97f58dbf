-- Campaign parameters (issue 25): a dynamic code's utm_source, utm_medium, utm_campaign, utm_term and utm_content,
-- added to the destination a scan is sent to, as canonical JSON ({"source": "…", …}), null for none. A rule's own
-- parameters are part of its entry in rules. Each value is at most 200 characters, so 2,100 fits all five with their
-- names even when every character takes two (outside the BMP, or a quote escaped). Valid on both H2 (embedded
-- default) and PostgreSQL.
alter table dynamic_code add column utm varchar(2100);
