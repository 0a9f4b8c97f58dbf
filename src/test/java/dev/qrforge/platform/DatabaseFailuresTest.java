package dev.qrforge.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorCode;
import dev.qrforge.api.ErrorMapper;
import jakarta.persistence.PessimisticLockException;
import jakarta.transaction.RollbackException;
import jakarta.ws.rs.core.HttpHeaders;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

class DatabaseFailuresTest {

    /**
     * A fuzzing run deleted a webhook while another transaction held one of its deliveries: H2 gave up after its
     * lock wait, the commit failed, and the client got a 500. It is a 503 with Retry-After: nothing was changed.
     */
    @Test
    void aLockWaitThatRanOutIsATemporaryRefusal() throws SQLException {
        String url = "jdbc:h2:mem:lock-wait;DB_CLOSE_DELAY=-1;LOCK_TIMEOUT=100";
        try (Connection holder = DriverManager.getConnection(url); Connection waiter = DriverManager.getConnection(url)) {
            try (Statement setup = holder.createStatement()) {
                setup.execute("create table delivery (id int primary key, status varchar(20))");
                setup.execute("insert into delivery values (1, 'pending')");
            }
            holder.setAutoCommit(false);
            try (Statement claim = holder.createStatement()) {
                claim.executeUpdate("update delivery set status = 'sending' where id = 1");
            }
            SQLException timedOut = catchThrowableOfType(SQLException.class, () -> {
                try (Statement delete = waiter.createStatement()) {
                    delete.executeUpdate("delete from delivery where id = 1");
                }
            });
            holder.rollback();

            RollbackException commit = new RollbackException("ARJUNA016053: Could not commit transaction.");
            commit.initCause(new PessimisticLockException("could not execute statement", timedOut));
            assertThat(DatabaseFailures.busy(commit)).isTrue();
            assertThat(DatabaseFailures.unreachable(commit)).isFalse();
            ApiException error = ErrorMapper.translate(commit);
            assertThat(error.code()).isEqualTo(ErrorCode.SERVICE_UNAVAILABLE);
            assertThat(error.headers()).containsKey(HttpHeaders.RETRY_AFTER);
            assertThat(error.getMessage()).contains("nothing was changed");
        }
    }

    @Test
    void postgresqlsLockTimeoutAndDeadlockAreBusyAndOtherFailuresAreNot() {
        assertThat(DatabaseFailures.busy(new SQLException("canceling statement due to lock timeout", "55P03")))
                .isTrue();
        assertThat(DatabaseFailures.busy(new SQLException("deadlock detected", "40P01"))).isTrue();
        assertThat(DatabaseFailures.busy(new SQLException("duplicate key value", "23505"))).isFalse();
        assertThat(DatabaseFailures.busy(new IllegalStateException("not a database failure"))).isFalse();
        assertThat(ErrorMapper.translate(new SQLException("duplicate key value", "23505")).code())
                .isEqualTo(ErrorCode.INTERNAL_ERROR);
    }
}
