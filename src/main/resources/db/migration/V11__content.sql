-- Typed payloads (issue 23): the structured content a code's data was encoded from, as the JSON document the API
-- returns (its type and normalised fields), so that the record shows both. Null for codes made from free data.
-- Valid on both H2 (embedded default) and PostgreSQL. A QR symbol holds at most 2,953 bytes; its content as JSON,
-- with field names and escapes, stays well inside this bound.
alter table qr_code add column content varchar(20000);
