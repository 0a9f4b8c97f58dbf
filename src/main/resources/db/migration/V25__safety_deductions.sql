-- What each safety warning cost (issue 35): "signal:points" per warning, one a line, in the warnings' order. Null for
-- codes judged before the verdict kept it; they show their warnings without points until restyled.
alter table qr_code add column safety_deductions varchar(1000);
