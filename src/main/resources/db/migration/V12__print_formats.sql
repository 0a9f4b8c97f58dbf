-- Print formats (issue 23): a code's size may be physical (millimetres or inches, with the DPI of a raster file) and
-- its colours CMYK inks, and a stored code is drawn again exactly as it was asked for. Valid on both H2 (embedded
-- default) and PostgreSQL. size_px keeps the pixels the code is rendered and verified at; existing codes are in pixels
-- and RGB. The new formats' names (pdf, eps, jpeg, webp) fit image_format's varchar(8).
alter table qr_code add column size_unit varchar(2) default 'px' not null;
-- The edge in size_unit when that is mm or in; null for pixels (size_px says it).
alter table qr_code add column print_size double precision;
-- Pixels per inch of a physically sized raster file; null otherwise.
alter table qr_code add column dpi integer;
alter table qr_code add column color_space varchar(4) default 'rgb' not null;
