package dev.qrforge.redirect;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.junit.jupiter.api.Test;

/** What an attempt at a password gate is read as: the form's password, and whose budget it counts against. */
class GateAttemptTest {

    @Test
    void attemptsAreBudgetedPerIpv4AddressAndPerIpv6Network() throws UnknownHostException {
        assertThat(PasswordGate.network(InetAddress.getByName("203.0.113.9"))).isEqualTo("203.0.113.9");
        assertThat(PasswordGate.network(InetAddress.getByName("2001:db8:1:2:3:4:5:6")))
                .isEqualTo(PasswordGate.network(InetAddress.getByName("2001:db8:1:2:ffff::1")))
                .isEqualTo("20010db800010002/64");
        assertThat(PasswordGate.network(null)).isEqualTo("unknown");
    }

    @Test
    void theFormsPasswordComesFromItsFieldDecoded() {
        assertThat(GateForm.password("password=caf%C3%A9+au+lait%26")).isEqualTo("café au lait&");
        assertThat(GateForm.password("other=1&password=x%3Dy&password=second")).isEqualTo("x=y");
        assertThat(GateForm.password("")).isEmpty();
        assertThat(GateForm.password("passwordless=1")).isEmpty();
        assertThat(GateForm.password("password=%zz")).isEmpty();
    }
}
