package dev.qrforge.dynamic;

import dev.qrforge.platform.FeatureMigration;
import jakarta.enterprise.context.Dependent;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.flywaydb.core.api.migration.Context;

/**
 * Schema version 21: custom domains ({@code custom_domain}, the {@code domain} package's), and dynamic codes scoped
 * by them: {@code dynamic_code.domain_id} ('' for the default domain) and {@code domain_host}, a short code unique
 * per domain instead of overall. Java rather than SQL because the old constraint on {@code short_code} was declared
 * inline, so each database named it its own way; it is found by its column in the information schema, which H2 and
 * PostgreSQL both have.
 */
@Dependent
public class DomainScopedShortCodesMigration extends FeatureMigration {

    public DomainScopedShortCodesMigration() {
        super("21", "custom domains");
    }

    @Override
    public void migrate(Context context) throws SQLException {
        Connection connection = context.getConnection();
        try (Statement ddl = connection.createStatement()) {
            ddl.execute("""
                    create table custom_domain (
                        id                  varchar(40)  primary key,
                        workspace_id        varchar(40)  not null references workspace (id),
                        host                varchar(253) not null,
                        status              varchar(16)  not null,
                        verification_token  varchar(64)  not null,
                        verified_at         timestamp with time zone,
                        verified_by         varchar(16),
                        last_checked_at     timestamp with time zone,
                        last_error          varchar(2000),
                        created_at          timestamp with time zone not null,
                        constraint custom_domain_host unique (host)
                    )""");
            ddl.execute("create index custom_domain_workspace_newest on custom_domain"
                    + " (workspace_id, created_at desc, id desc)");
            ddl.execute("create index custom_domain_token on custom_domain (verification_token)");
            for (String constraint : shortCodeConstraints(ddl)) {
                ddl.execute("alter table dynamic_code drop constraint \"" + constraint + "\"");
            }
            ddl.execute("alter table dynamic_code add column domain_id varchar(40) default '' not null");
            ddl.execute("alter table dynamic_code add column domain_host varchar(253)");
            ddl.execute("alter table dynamic_code add constraint dynamic_code_domain_short_code"
                    + " unique (domain_id, short_code)");
        }
    }

    /** The unique constraints on {@code dynamic_code.short_code} in the current schema (one: V2's). */
    private static List<String> shortCodeConstraints(Statement query) throws SQLException {
        List<String> names = new ArrayList<>();
        try (ResultSet rows = query.executeQuery("""
                select c.constraint_name from information_schema.table_constraints c
                join information_schema.key_column_usage k on k.constraint_schema = c.constraint_schema
                    and k.constraint_name = c.constraint_name
                where c.table_schema = current_schema and lower(c.table_name) = 'dynamic_code'
                    and c.constraint_type = 'UNIQUE' and lower(k.column_name) = 'short_code'""")) {
            while (rows.next()) {
                names.add(rows.getString(1));
            }
        }
        return names;
    }
}
