-- The code lifecycle (issue 13): deletion, labels for organised lists, and which route each scan took.
-- Valid on both H2 (embedded default) and PostgreSQL.

-- Deleted codes keep their rows, marked, so that a deleted short code is never handed out again and its link can
-- answer 410 Gone; every view of the API leaves them out.
alter table qr_code add column deleted_at timestamp with time zone;
alter table dynamic_code add column deleted_at timestamp with time zone;

-- Labels belong to the QR record, static or dynamic alike, so one listing can search them all. Tags are kept as
-- '|a|b|' so that "has tag t" is one substring test on the row the listing reads anyway.
alter table qr_code add column title varchar(200);
alter table qr_code add column tags varchar(1100);
-- A dynamic code's QR record knows its code and mirrors its status (wire name): a listing of QR records filters by type and
-- status without a join into the dynamic feature's table.
alter table qr_code add column dynamic_code_id varchar(40);
alter table qr_code add column dynamic_status varchar(16);
update qr_code set
    title = (select d.title from dynamic_code d where d.qr_code_id = qr_code.id),
    dynamic_code_id = (select d.id from dynamic_code d where d.qr_code_id = qr_code.id),
    dynamic_status = (select lower(d.status) from dynamic_code d where d.qr_code_id = qr_code.id)
where exists (select 1 from dynamic_code d where d.qr_code_id = qr_code.id);
alter table dynamic_code drop column title;

-- Which rule (its index, null for none), which arm of its split (null for a single destination) and which URL
-- a scan was sent to: what a split test is read from. Scans before this migration have none.
alter table scan_event add column route_rule integer;
alter table scan_event add column route_arm integer;
alter table scan_event add column destination_url varchar(2048);
