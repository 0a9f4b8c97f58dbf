package dev.qrforge.it;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * An integration test whose outcome does not depend on the database the suite's server runs on (QRFORGE_DB): it
 * starts servers on a PostgreSQL of its own, or what it checks never reaches the database in a way the other tests
 * do not already cover on both (the console's pages, served documents and headers, composites, rate limits, memory
 * bounds, the generated client). .ci/run's PostgreSQL pass leaves these out, as its H2 pass has run them; a plain
 * {@code mvn verify} runs them like any other.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(DatabaseIndependent.TAG)
public @interface DatabaseIndependent {

    /** The JUnit tag, which .ci/run's PostgreSQL pass excludes ({@code -Dit.groups=!database-independent}). */
    String TAG = "database-independent";
}
