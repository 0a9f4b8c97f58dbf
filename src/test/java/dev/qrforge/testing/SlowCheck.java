package dev.qrforge.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test (or a test method) of pure logic that takes minutes rather than seconds, because it checks thousands of renderings (the
 * scannability calibration, generation over hundreds of URLs, every style, frame and mask): a calibration, not a
 * unit test. {@code mvn test} leaves these out so a developer's loop stays fast; {@code mvn verify} runs them in
 * the integration-test phase (pom.xml, surefire execution "slow-checks"), before the integration tests.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag(SlowCheck.TAG)
public @interface SlowCheck {

    String TAG = "slow";
}
