package dev.qrforge.bulk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorCode;
import dev.qrforge.api.JsonConfig;
import dev.qrforge.dynamic.DynamicCodes;
import dev.qrforge.dynamic.DynamicRequest;
import dev.qrforge.qr.ImageFormat;
import dev.qrforge.qr.LogoReader;
import dev.qrforge.qr.QrRequest;
import dev.qrforge.qr.QrRequestValidator;
import dev.qrforge.qr.TemplateReader;
import java.io.StringReader;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The dynamic bulk request: its CSV form, and how its items are checked before a job is accepted. */
class DynamicBulkTest {

    private static final ObjectMapper JSON = JsonConfig.build();
    private static final TemplateReader NO_TEMPLATES = new TemplateReader(id -> Optional.empty());
    private static final URI BASE = URI.create("https://qr.example.com/api/");

    /** Stands in for {@code DynamicCodes.check}: chooses s1, s2, … where no short code is given. */
    private static Function<DynamicRequest, DynamicCodes.Checked> check() {
        AtomicInteger fresh = new AtomicInteger();
        return request -> {
            DynamicRequest chosen = request.shortCode() != null ? request
                    : request.withShortCode("s" + fresh.incrementAndGet());
            return new DynamicCodes.Checked(chosen, QrRequestValidator.validate(new QrRequest(
                    "https://qr.example.com/s/" + chosen.shortCode(), request.format(), request.size(),
                    request.margin(), request.errorCorrection(), request.design()), ImageFormat.SVG,
                    LogoReader.inlineOnly()));
        };
    }

    private static List<BulkValidator.Valid<BulkValidator.DynamicItem>> validate(String json) throws Exception {
        return BulkValidator.validateDynamic(JSON.readValue(json, DynamicBulkRequest.class), LogoReader.inlineOnly(),
                NO_TEMPLATES, BASE, check());
    }

    private static ApiException refusal(String json) {
        try {
            validate(json);
        } catch (ApiException e) {
            return e;
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        throw new AssertionError("accepted: " + json);
    }

    @Test
    void aCsvRowIsTheBodyOfANewDynamicCode() {
        DynamicBulkRequest request = BulkCsv.parseDynamic(new StringReader(
                "destinationUrl,shortCode,title,tags,maxScans,utm.source,utm.campaign,rules,format,size,foregroundColor,"
                        + "domain,campaign\n"
                        + "https://example.com/a,menu-1,Menu,tents|spring,500,flyer,menu,"
                        + "\"[{\"\"when\"\": {\"\"os\"\": [\"\"iOS\"\"]}, \"\"destinationUrl\"\": \"\"https://example.com/i\"\"}]\","
                        + "png,600,#1a237e,go.example.com,cmp_spring\n"
                        + "https://example.com/b,,,,,,,,,,,,\n"));
        JsonNode first = request.items().get(0);
        assertThat(first.path("destinationUrl").asText()).isEqualTo("https://example.com/a");
        assertThat(first.path("tags").toString()).isEqualTo("[\"tents\",\"spring\"]");
        assertThat(first.path("maxScans").isIntegralNumber()).isTrue();
        assertThat(first.path("utm").toString()).isEqualTo("{\"source\":\"flyer\",\"campaign\":\"menu\"}");
        assertThat(first.path("rules").get(0).path("when").path("os").get(0).asText()).isEqualTo("iOS");
        assertThat(first.path("size").asInt()).isEqualTo(600);
        assertThat(first.path("design").path("foregroundColor").asText()).isEqualTo("#1a237e");
        assertThat(first.path("domain").asText()).isEqualTo("go.example.com");
        assertThat(first.path("campaign").asText()).isEqualTo("cmp_spring");
        assertThat(request.items().get(1).toString()).as("empty cells are not given")
                .isEqualTo("{\"destinationUrl\":\"https://example.com/b\"}");
    }

    @Test
    void aCsvWithoutDestinationsOrWithStaticColumnsIsRefusedByName() {
        assertThatThrownBy(() -> BulkCsv.parseDynamic(new StringReader("title\nMenu\n")))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo("destinationUrl"));
        assertThatThrownBy(() -> BulkCsv.parseDynamic(new StringReader("destinationUrl,data\nhttps://e.com,x\n")))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo("data"));
        assertThatThrownBy(() -> BulkCsv.parseDynamic(new StringReader("destinationUrl,rules\nhttps://e.com,[\n")))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo("items[0].rules"));
    }

    @Test
    void itemsTakeTheDefaultsLookAndKeepTheirShortCodeAndFile() throws Exception {
        List<BulkValidator.Valid<BulkValidator.DynamicItem>> valid = validate("{\"defaults\": {\"format\": \"png\","
                + " \"design\": {\"foregroundColor\": \"#1a237e\"}}, \"items\": ["
                + "{\"destinationUrl\": \"https://example.com/a\", \"shortCode\": \"menu-1\", \"filename\": \"menu\"},"
                + "{\"destinationUrl\": \"https://example.com/b\", \"format\": \"svg\","
                + " \"design\": {\"bodyStyle\": \"dots\"}}]}");
        assertThat(valid.get(0).filename()).isEqualTo("menu.png");
        assertThat(valid.get(0).request().request().shortCode()).isEqualTo("menu-1");
        assertThat(valid.get(0).request().base()).isEqualTo(BASE.toString());
        DynamicRequest second = valid.get(1).request().request();
        assertThat(second.shortCode()).as("chosen at acceptance").isEqualTo("s1");
        assertThat(valid.get(1).filename()).isEqualTo("002.svg");
        assertThat(second.design().bodyStyle()).isEqualTo("dots");
        assertThat(second.design().foregroundColor()).as("merged over the defaults' design").isEqualTo("#1a237e");
    }

    @Test
    void aBadItemIsNamedByItsIndex() {
        String two = "{\"destinationUrl\": \"https://example.com/a\"}, ";
        assertThat(refusal("{\"items\": [" + two + "{\"destinationUrl\": \"https://example.com/b\","
                + " \"password\": \"secret-1\"}]}").field()).isEqualTo("items[1].password");
        assertThat(refusal("{\"items\": [" + two + "{\"destinationUrl\": \"https://example.com/b\", \"foo\": 1}]}")
                .field()).isEqualTo("items[1].foo");
        assertThat(refusal("{\"items\": [" + two + "{\"destinationUrl\": \"https://example.com/b\","
                + " \"size\": \"big\"}]}").field()).isEqualTo("items[1].size");
        assertThat(refusal("{\"items\": [" + two + "7]}").field()).isEqualTo("items[1]");
        assertThat(refusal("{\"items\": [" + two + "{\"destinationUrl\": \"https://example.com/b\","
                + " \"filename\": \"../x\"}]}").field()).isEqualTo("items[1].filename");
        assertThat(refusal("{\"items\": []}").field()).isEqualTo("items");
        ApiException twin = refusal("{\"items\": [{\"destinationUrl\": \"https://example.com/a\", \"shortCode\":"
                + " \"same\"}, {\"destinationUrl\": \"https://example.com/b\", \"shortCode\": \"same\"}]}");
        assertThat(twin.field()).isEqualTo("items[1].shortCode");
        assertThat(twin.code()).isEqualTo(ErrorCode.CONFLICT);
    }
}
