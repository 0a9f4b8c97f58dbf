-- Password gates (issue 25): a dynamic code may ask for a password before it redirects. password_hash is the Argon2id
-- hash in the PHC string format (algorithm, parameters, salt and hash together, security.PasswordHashes), never the
-- password; null for an ungated code, as for every existing one. Valid on both H2 (embedded default) and PostgreSQL.
alter table dynamic_code add column password_hash varchar(255);
