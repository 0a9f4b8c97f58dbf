package dev.qrforge.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SignaturesTest {

    /** printf '%s' '1700000000.{"id":"evt_1"}' | openssl dgst -sha256 -hmac whsec_test */
    private static final String OPENSSL_DIGEST = "c89214b5b5da833daed6f0b8c5bb6bd58cea9022bd80ccc78230f3942d632925";

    @Test
    void signsTimestampDotBodyWithHmacSha256AsOpensslDoes() {
        assertThat(Signatures.sign("whsec_test", 1700000000L, "{\"id\":\"evt_1\"}")).isEqualTo("v1=" + OPENSSL_DIGEST);
    }
}
