package dev.qrforge.platform;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;

/** Tells a database that cannot be reached from a statement that failed, whatever layers wrapped the cause. */
public final class DatabaseFailures {

    /** SQLSTATE class 08, "connection exception", in SQL:2003 and every JDBC driver used here. */
    private static final String CONNECTION_EXCEPTION = "08";

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
}
