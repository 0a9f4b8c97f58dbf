package dev.qrforge.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import org.junit.jupiter.api.Test;

/** A delivery's lastError when no HTTP answer came: what went wrong and where, never "SomeException: null". */
class NoAnswerTest {

    private static final URI TARGET = URI.create("http://127.0.0.1:9/hook");

    @Test
    void aRefusedConnectionSaysSoWithHostAndPort() {
        // What Java's HTTP client throws when nothing listens: a ConnectException without any message.
        assertThat(DeliveryWorker.noAnswer(new ConnectException(), TARGET))
                .isEqualTo("connection refused: 127.0.0.1:9");
    }

    @Test
    void aMessageInTheChainOfCausesSpeaks() {
        ConnectException thrown = new ConnectException();
        thrown.initCause(new ConnectException("Network is unreachable"));
        assertThat(DeliveryWorker.noAnswer(thrown, TARGET)).isEqualTo("network is unreachable: 127.0.0.1:9");
    }

    @Test
    void timeoutsAreNamedByTheirKind() {
        assertThat(DeliveryWorker.noAnswer(new HttpConnectTimeoutException("HTTP connect timed out"), TARGET))
                .isEqualTo("connection timed out: 127.0.0.1:9");
        assertThat(DeliveryWorker.noAnswer(new HttpTimeoutException("request timed out"), TARGET))
                .isEqualTo("no answer in time: 127.0.0.1:9");
    }

    @Test
    void anExceptionWithoutAnyMessageIsNamedAndTheDefaultPortShown() {
        assertThat(DeliveryWorker.noAnswer(new IOException(), URI.create("https://hooks.example.com/x")))
                .isEqualTo("IOException: hooks.example.com:443");
    }

    @Test
    void aMessageThatIsNotASentenceKeepsItsCapitals() {
        assertThat(DeliveryWorker.noAnswer(new IOException("HTTP/1.1 header parser received no bytes"), TARGET))
                .isEqualTo("HTTP/1.1 header parser received no bytes: 127.0.0.1:9");
    }
}
