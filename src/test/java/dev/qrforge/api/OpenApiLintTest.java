package dev.qrforge.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.qrforge.testing.OpenApiDocuments;
import org.junit.jupiter.api.Test;

/**
 * The document is what users feed to validating proxies, linters and client generators: a standard OpenAPI 3.1 parser
 * must read it without a single complaint.
 */
class OpenApiLintTest {

    @Test
    void aStandardParserFindsNothingToReport() {
        assertThat(OpenApiDocuments.lint(OpenApiDocuments.sourceText())).as("swagger-parser's messages").isEmpty();
    }

    @Test
    void theLintReportsWhatIsWrong() {
        // Guards the guard: a document missing its required "info" must not pass.
        String broken = OpenApiDocuments.sourceText().replaceFirst("(?m)^info:", "inf0:");
        assertThat(OpenApiDocuments.lint(broken)).anySatisfy(message -> assertThat(message).contains("info"));
    }
}
