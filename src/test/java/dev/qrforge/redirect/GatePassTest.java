package dev.qrforge.redirect;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GatePassTest {

    private static final String HASH = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$aGFzaGhhc2hoYXNoaGFzaA";
    private static final String OTHER_HASH = HASH.replace("aGFz", "bGFz");
    private static final long NOW = 1_800_000_000L;

    @Test
    void aPassOpensItsCodeUntilItExpires() {
        String pass = GatePass.issue("menu7", HASH, NOW + 3600);
        assertThat(pass).matches("1800003600\\.[A-Za-z0-9_-]{43}");
        assertThat(GatePass.opens(pass, "menu7", HASH, NOW)).isTrue();
        assertThat(GatePass.opens(pass, "menu7", HASH, NOW + 3599)).isTrue();
        assertThat(GatePass.opens(pass, "menu7", HASH, NOW + 3600)).isFalse();
    }

    @Test
    void aPassOpensNoOtherCodeAndNoOtherPassword() {
        String pass = GatePass.issue("menu7", HASH, NOW + 3600);
        assertThat(GatePass.opens(pass, "menu8", HASH, NOW)).isFalse();
        assertThat(GatePass.opens(pass, "menu7", OTHER_HASH, NOW)).isFalse();
    }

    @Test
    void aForgedOrGarbledPassOpensNothing() {
        String pass = GatePass.issue("menu7", HASH, NOW + 60);
        String signature = pass.substring(pass.indexOf('.'));
        for (String forged : new String[] {null, "", ".", "x", (NOW + 86_400) + signature, "abc" + signature,
                pass + "A", pass.substring(0, pass.length() - 1), (NOW + 60) + ".***", "-1" + signature}) {
            assertThat(GatePass.opens(forged, "menu7", HASH, NOW)).as(forged).isFalse();
        }
    }

    @Test
    void theCookieIsForThisShortLinkOnlyAndOutOfScriptsReach() {
        assertThat(GatePass.cookie("1.abc", "/s/menu7", 3600, false))
                .isEqualTo("qrforge_gate=1.abc; Path=/s/menu7; Max-Age=3600; HttpOnly; SameSite=Lax");
        assertThat(GatePass.cookie("1.abc", "/s/menu7", 60, true)).endsWith("; Secure");
    }
}
