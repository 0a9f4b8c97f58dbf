package dev.qrforge.platform;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransactionRollbackException;
import java.sql.SQLTransientConnectionException;
import java.util.Set;

/**
 * Tells a database that cannot be reached, or rows held by another transaction for longer than the lock wait, from
 * a statement that failed for another reason, whatever layers wrapped the cause.
 */
public final class DatabaseFailures {

    /** SQLSTATE class 08, "connection exception", in SQL:2003 and every JDBC driver used here. */
    private static final String CONNECTION_EXCEPTION = "08";
    /**
     * Waits that ended without the rows: class 40, "transaction rollback" (a deadlock or serialization failure), and
     * PostgreSQL's 55P03 (lock_timeout) and H2's HYT00 (LOCK_TIMEOUT).
     */
    private static final Set<String> LOCK_WAIT_STATES = Set.of("55P03", "HYT00");
    private static final String TRANSACTION_ROLLBACK = "40";

    private DatabaseFailures() {
    }

    /** Whether {@code thrown}, or anything that caused it, says the database could not be reached. */
    public static boolean unreachable(Throwable thrown) {
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            if (t instanceof SQLTransientConnectionException || t instanceof SQLNonTransientConnectionException) {
                return true;
            }
            if (t instanceof SQLException sql && sql.getSQLState() != null
                    && sql.getSQLState().startsWith(CONNECTION_EXCEPTION)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@code thrown}, or anything that caused it, says the statement gave up waiting for rows another
     * transaction held (a lock wait that timed out, a deadlock): its transaction is rolled back, and the same request
     * may succeed when tried again.
     */
    public static boolean busy(Throwable thrown) {
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            if (t instanceof SQLTransactionRollbackException) {
                return true;
            }
            if (t instanceof SQLException sql && sql.getSQLState() != null
                    && (LOCK_WAIT_STATES.contains(sql.getSQLState())
                    || sql.getSQLState().startsWith(TRANSACTION_ROLLBACK))) {
                return true;
            }
        }
        return false;
    }
}
