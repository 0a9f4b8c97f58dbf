-- The design of a code becomes one JSON document (body, colours, gradient, eyes, logo placement), so that new
-- design fields need no new columns. Logos are kept once per workspace, named by their SHA-256; designs refer to
-- them as "sha256:<hex>".

alter table qr_code add column design varchar(4000);
-- The mask pattern a code was drawn with, once verification may choose another than the standard's (null before).
alter table qr_code add column mask_pattern integer;
update qr_code set design = '{"bodyStyle":"' || body_style || '","foregroundColor":"' || foreground_color
    || '","backgroundColor":"' || background_color || '"'
    || case when gradient_type is null then ''
            else ',"gradientType":"' || gradient_type || '","gradientColor2":"' || gradient_color2 || '"' end
    || '}';
alter table qr_code alter column design set not null;
alter table qr_code drop column body_style;
alter table qr_code drop column foreground_color;
alter table qr_code drop column background_color;
alter table qr_code drop column gradient_type;
alter table qr_code drop column gradient_color2;

create table qr_logo (
    workspace_id varchar(40) not null references workspace (id),
    sha256       varchar(64) not null,
    content      bytea       not null,
    created_at   timestamp with time zone not null,
    primary key (workspace_id, sha256)
);
