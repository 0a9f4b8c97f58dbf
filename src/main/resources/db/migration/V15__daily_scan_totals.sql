-- A code's daily rollup row gets the day's totals (issue 24): people's scans, first-of-day visitors and bots, the sums
-- of the code's hourly rows of that UTC day, so that a workspace's most scanned codes read one row per code and day
-- for the whole days of a range (RollupReader). Uniques sum exactly: a scan is unique when it is the visitor's first of
-- that code that UTC day, so it counts in exactly one hour of the day. Every hour with a row gets its day's row, bots
-- only included (with an empty breakdown), so a range's codes are the same read either way. Valid on both H2 and
-- PostgreSQL 15+; the back-fill is one pass over scan_hourly (docs/operations.md).
alter table scan_daily add column scans bigint default 0 not null;
alter table scan_daily add column unique_scans bigint default 0 not null;
alter table scan_daily add column bot_scans bigint default 0 not null;

merge into scan_daily d
using (select dynamic_code_id, cast(hour_start at time zone 'UTC' as date) as scan_day, sum(scans) as scans,
              sum(unique_scans) as unique_scans, sum(bot_scans) as bot_scans
       from scan_hourly
       group by dynamic_code_id, cast(hour_start at time zone 'UTC' as date)) h
on d.dynamic_code_id = h.dynamic_code_id and d.scan_day = h.scan_day
when matched then update set scans = h.scans, unique_scans = h.unique_scans, bot_scans = h.bot_scans
when not matched then insert (dynamic_code_id, scan_day, breakdown, scans, unique_scans, bot_scans)
    values (h.dynamic_code_id, h.scan_day, '{}', h.scans, h.unique_scans, h.bot_scans);

-- The top codes' two reads (docs/benchmarks.md, EXPLAIN ANALYZE on the analytics benchmark): the daily totals of the
-- workspace's codes from this index alone, without visiting the wide rows their breakdowns make; and the hourly rows
-- of a range's partial days by hour, a few thousand rows, instead of a scan of the whole table. Only the index on
-- scan_daily holds values a flush changes, so only scan_daily's rewrites stop being heap-only (RollupFillFactorMigration).
create index scan_daily_totals on scan_daily (dynamic_code_id, scan_day, scans, unique_scans);
create index scan_hourly_hour on scan_hourly (hour_start);
