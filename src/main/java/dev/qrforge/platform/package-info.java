/**
 * Plumbing every other package may use and that uses none of them: the one clock, identifiers, the microsecond rule
 * for stored instants, the data source, recognising an unreachable database, the database health check and the
 * schema migrations (Flyway scripts, plus the Java migrations features contribute as CDI beans).
 */
package dev.qrforge.platform;
