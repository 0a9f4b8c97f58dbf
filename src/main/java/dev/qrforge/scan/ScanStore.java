package dev.qrforge.scan;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import javax.sql.DataSource;

/** The server's way into the {@link ScanTables}: a flush's batch in one transaction, and exports page by page. */
@ApplicationScoped
public class ScanStore {

    /** Events read per query by an export: large enough to amortise the query, small enough to stream. */
    static final int EXPORT_PAGE = 5000;

    @Inject
    DataSource dataSource;

    @Inject
    Event<ScansWritten> written;

    /** Writes a flush's batch and announces it ({@link ScansWritten}) in the same transaction. */
    @Transactional
    public void write(List<ScanEvent> events, Map<String, Long> counts) {
        List<ScanEvent> stored;
        try (Connection connection = dataSource.getConnection()) {
            stored = ScanTables.write(connection, events, counts);
        } catch (SQLException e) {
            throw new IllegalStateException("could not write scans: " + e.getMessage(), e);
        }
        written.fire(new ScansWritten(stored));
    }

    /** Erases every scan of these codes; see {@link ScanTables#erase}. Joins the caller's transaction. */
    @Transactional
    public void erase(Collection<String> codeIds) {
        try (Connection connection = dataSource.getConnection()) {
            ScanTables.erase(connection, codeIds);
        } catch (SQLException e) {
            throw new IllegalStateException("could not erase scans: " + e.getMessage(), e);
        }
    }

    /**
     * Hands {@code each} a code's events scanned in [from, to), in time order, a page per query, so an export of
     * millions of rows needs neither memory nor one long-running query.
     */
    public void export(String codeId, Instant from, Instant to, Consumer<StoredScan> each) {
        Optional<ScanTables.Cursor> next = Optional.of(ScanTables.Cursor.before(from));
        while (next.isPresent()) {
            try (Connection connection = dataSource.getConnection()) {
                next = ScanTables.readEvents(connection, codeId, to, next.get(), EXPORT_PAGE, each);
            } catch (SQLException e) {
                throw new IllegalStateException("could not export scans: " + e.getMessage(), e);
            }
        }
    }
}
