-- Scan analytics: a pseudonymous visitor key per scan, and rollups the analytics queries read instead of raw events.
-- MERGE keeps the flush's upserts standard SQL, valid on H2 and PostgreSQL 15+.

alter table scan_event add column visitor_key varchar(32);
alter table scan_event add column unique_scan boolean default false not null;

-- Who has scanned which code on which (UTC) day. Visitor keys rotate daily, so only today's and yesterday's rows
-- matter; the retention job deletes older ones.
create table scan_visitor (
    dynamic_code_id  varchar(40) not null,
    scan_day         date        not null,
    visitor_key      varchar(32) not null,
    primary key (dynamic_code_id, scan_day, visitor_key)
);

-- Per code and UTC hour: people's scans, first scans of the day by a visitor, bots.
create table scan_hourly (
    dynamic_code_id  varchar(40) not null,
    hour_start       timestamp with time zone not null,
    scans            bigint      not null,
    unique_scans     bigint      not null,
    bot_scans        bigint      not null,
    primary key (dynamic_code_id, hour_start)
);

-- People's scans per dimension value (country, city, os, device, browser, language, referrer), per UTC hour for
-- exact range edges and per UTC day for the whole days between them.
create table scan_dimension_hourly (
    dynamic_code_id  varchar(40)  not null,
    hour_start       timestamp with time zone not null,
    dimension        varchar(16)  not null,
    dimension_value  varchar(255) not null,
    scans            bigint       not null,
    primary key (dynamic_code_id, hour_start, dimension, dimension_value)
);

create table scan_dimension_daily (
    dynamic_code_id  varchar(40)  not null,
    scan_day         date         not null,
    dimension        varchar(16)  not null,
    dimension_value  varchar(255) not null,
    scans            bigint       not null,
    primary key (dynamic_code_id, scan_day, dimension, dimension_value)
);

create index scan_event_time on scan_event (scanned_at);
