package dev.qrforge.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PasswordHashesTest {

    @Test
    void aHashIsAnArgon2idPhcStringThatOnlyItsPasswordMatches() {
        String hash = PasswordHashes.hash("open sesame");
        assertThat(hash).matches("\\$argon2id\\$v=19\\$m=19456,t=2,p=1\\$[A-Za-z0-9+/]{22}\\$[A-Za-z0-9+/]{43}")
                .doesNotContain("open sesame");
        assertThat(PasswordHashes.matches("open sesame", hash)).isTrue();
        assertThat(PasswordHashes.matches("open sesame ", hash)).isFalse();
        assertThat(PasswordHashes.matches("Open sesame", hash)).isFalse();
        assertThat(PasswordHashes.matches("", hash)).isFalse();
    }

    @Test
    void everyHashHasItsOwnSalt() {
        assertThat(PasswordHashes.hash("same password")).isNotEqualTo(PasswordHashes.hash("same password"));
    }

    /**
     * Hashes made elsewhere, with other parameters, verify with theirs: the reference implementation's
     * ({@code echo -n password | argon2 somesalt -id -m 6 -t 1 -p 1 -l 32 -e}, and {@code café} with salt
     * {@code saltsaltsalt}, {@code -m 10 -t 2 -p 2}).
     */
    @Test
    void theStoredParametersAreTheOnesUsed() {
        String small = "$argon2id$v=19$m=64,t=1,p=1$c29tZXNhbHQ$cpx6VEQbwTVZvcpxNIxOVUWZ5xnAipUmAe1cg2GMG70";
        assertThat(PasswordHashes.matches("password", small)).isTrue();
        assertThat(PasswordHashes.matches("passwore", small)).isFalse();
        String twoLanes = "$argon2id$v=19$m=1024,t=2,p=2$c2FsdHNhbHRzYWx0$up3MLG5+gNuwVJl0vGkT7gdIwMHbtuXm3TpMLMxb5Bo";
        assertThat(PasswordHashes.matches("caf\u00e9", twoLanes)).isTrue();
    }

    @Test
    void theSameCharactersTypedDifferentlyMatch() {
        String composed = "caf\u00e9 cr\u00e8me";
        String decomposed = "cafe\u0301 cre\u0300me";
        assertThat(PasswordHashes.matches(decomposed, PasswordHashes.hash(composed))).isTrue();
    }

    @Test
    void somethingElseStoredIsRefused() {
        for (String stored : new String[] {"", "plain", "$argon2i$v=19$m=64,t=1,p=1$c29tZXNhbHQ$AAAA",
                "$2b$12$R9h/cIPz0gi.URNNX3kh2OPST9/PgBkqquzi.Ss7KIUgO2t0jWMUW"}) {
            assertThatThrownBy(() -> PasswordHashes.matches("password", stored)).as(stored)
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }
}
