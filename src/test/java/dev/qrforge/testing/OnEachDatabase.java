package dev.qrforge.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A test run on the database of {@link MigratedDatabases#databases()}, whose name ({@link MigratedDatabases#H2} or
 * {@link MigratedDatabases#POSTGRESQL}) it takes as its {@code String} parameter.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@ParameterizedTest
@MethodSource("dev.qrforge.testing.MigratedDatabases#databases")
public @interface OnEachDatabase {
}
