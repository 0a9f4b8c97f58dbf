package dev.qrforge.analytics;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.qrforge.api.Csv;
import dev.qrforge.api.JsonConfig;
import dev.qrforge.scan.ScanStore;
import dev.qrforge.scan.StoredScan;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

/**
 * A code's raw scan events (those still within the retention) as CSV or NDJSON, streamed as {@link ScanStore#export}
 * reads them. No visitor keys and no addresses leave the service.
 */
@ApplicationScoped
public class ScanExport {

    static final List<String> COLUMNS = List.of("scannedAt", "bot", "unique", "os", "osVersion", "device", "browser",
            "browserVersion", "country", "region", "city", "language", "referrer", "rule", "arm", "destination");
    private static final ObjectMapper JSON = JsonConfig.build();

    public enum Format { CSV, NDJSON }

    @Inject
    ScanStore store;

    public void write(String codeId, Instant from, Instant to, Format format, OutputStream out) {
        Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        try {
            if (format == Format.CSV) {
                writer.write(String.join(",", COLUMNS) + "\n");
            }
            store.export(codeId, from, to, scan -> {
                Object[] values = values(scan);
                try {
                    writer.write(format == Format.CSV ? Csv.record(values) : ndjson(values));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            writer.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The values of {@link #COLUMNS}, in their order. */
    private static Object[] values(StoredScan scan) {
        return new Object[] {scan.scannedAt().toString(), scan.bot(), scan.unique(), scan.os(), scan.osVersion(),
            scan.device(), scan.browser(), scan.browserVersion(), scan.country(), scan.region(), scan.city(),
            scan.language(), scan.referrer(), scan.rule(), scan.arm(), scan.destination()};
    }

    private static String ndjson(Object[] values) throws IOException {
        ObjectNode line = JSON.createObjectNode();
        for (int i = 0; i < values.length; i++) {
            line.putPOJO(COLUMNS.get(i), values[i]);
        }
        return JSON.writeValueAsString(line) + "\n";
    }
}
