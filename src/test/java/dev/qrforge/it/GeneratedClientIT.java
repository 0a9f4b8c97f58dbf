package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.qrforge.generatedclient.ApiClient;
import dev.qrforge.generatedclient.ApiException;
import dev.qrforge.generatedclient.api.AnalyticsApi;
import dev.qrforge.generatedclient.api.BulkApi;
import dev.qrforge.generatedclient.api.CampaignsApi;
import dev.qrforge.generatedclient.api.DesignApi;
import dev.qrforge.generatedclient.api.DynamicCodesApi;
import dev.qrforge.generatedclient.api.QrCodesApi;
import dev.qrforge.generatedclient.api.TemplatesApi;
import dev.qrforge.generatedclient.model.AnalyticsView;
import dev.qrforge.generatedclient.model.BulkAccepted;
import dev.qrforge.generatedclient.model.BulkDefaults;
import dev.qrforge.generatedclient.model.BulkItem;
import dev.qrforge.generatedclient.model.BulkRequest;
import dev.qrforge.generatedclient.model.BulkView;
import dev.qrforge.generatedclient.model.CampaignRequest;
import dev.qrforge.generatedclient.model.CampaignView;
import dev.qrforge.generatedclient.model.Conditions;
import dev.qrforge.generatedclient.model.Content;
import dev.qrforge.generatedclient.model.Design;
import dev.qrforge.generatedclient.model.DesignPatch;
import dev.qrforge.generatedclient.model.DestinationCount;
import dev.qrforge.generatedclient.model.DynamicBulkItem;
import dev.qrforge.generatedclient.model.DynamicBulkRequest;
import dev.qrforge.generatedclient.model.DynamicPatch;
import dev.qrforge.generatedclient.model.DynamicRequest;
import dev.qrforge.generatedclient.model.DynamicView;
import dev.qrforge.generatedclient.model.Frame;
import dev.qrforge.generatedclient.model.LabelsPatch;
import dev.qrforge.generatedclient.model.QrRequest;
import dev.qrforge.generatedclient.model.QrView;
import dev.qrforge.generatedclient.model.Rule;
import dev.qrforge.generatedclient.model.Safety;
import dev.qrforge.generatedclient.model.TemplateRequest;
import dev.qrforge.generatedclient.model.TemplateView;
import dev.qrforge.generatedclient.model.WifiContent;
import dev.qrforge.generatedclient.model.WorkspaceAnalyticsView;
import dev.qrforge.testing.OpenApiDocuments;
import java.io.File;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;

/**
 * A client nobody hand-wrote must work unchanged: the build generates it from META-INF/openapi.yaml (pom.xml,
 * openapi-generator's java/native, spec validation on, the settings docs/api.md gives users), and these tests drive
 * the real server with it and nothing else; only the scan of a short link is a plain GET, as a phone's would be.
 * When they fail, the document or the server is wrong; the generated code is never patched.
 */
@DatabaseIndependent
class GeneratedClientIT extends ServerTest {

    /** Each run's codes carry a tag of their own, so listings can be filtered down to them. */
    private final String tag = "gen-" + UUID.randomUUID().toString().substring(0, 8);

    private static ApiClient client() {
        ApiClient client = new ApiClient();
        // The document's server is relative ("/"): like every user, the tests say where the service is.
        client.updateBaseUri(Api.BASE_URL);
        client.setRequestInterceptor(request -> request.header("Authorization", "Bearer " + Api.KEY));
        return client;
    }

    @Test
    void staticCodesAreCreatedListedRelabelledAndDeleted() throws ApiException {
        QrCodesApi codes = new QrCodesApi(client());
        QrView created = codes.createQrCode(new QrRequest().data("https://example.com/generated/" + tag)
                .format(QrRequest.FormatEnum.PNG).size(BigDecimal.valueOf(300)).design(new Design().foregroundColor("#1a237e"))
                .title("generated client").tags(List.of(tag)));
        assertThat(created.getId()).startsWith("qr_");
        assertThat(created.getPng()).isNotBlank();
        assertThat(created.getSafety().getStatus()).isEqualTo(Safety.StatusEnum.OPTIMAL);
        assertThat(created.getDynamic()).isFalse();

        // A typed content goes out and comes back through the oneOf its schema is, defaults filled in.
        QrView wifi = codes.previewQrCode(new QrRequest().content(new Content(new WifiContent()
                .type(WifiContent.TypeEnum.WIFI).ssid("generated").password("12345678"))));
        assertThat(wifi.getData()).isEqualTo("WIFI:T:WPA;S:generated;P:12345678;;");
        assertThat(wifi.getContent().getWifiContent().getEncryption()).isEqualTo(WifiContent.EncryptionEnum.WPA2);

        assertThat(codes.listQrCodes(50, null, "static", null, tag, null, null, null).getItems())
                .extracting(QrView::getId).containsExactly(created.getId());

        // A merge patch's null clears: the generated model must send it rather than leave the field out.
        QrView relabelled = codes.labelQrCode(created.getId(), new LabelsPatch().title(null).tags(List.of(tag, "b")));
        assertThat(relabelled.getTitle()).isNull();
        assertThat(relabelled.getTags()).containsExactly(tag, "b");
        assertThat(codes.getQrCode(created.getId()).getPng()).isEqualTo(created.getPng());

        codes.deleteQrCode(created.getId(), false);
        assertThatThrownBy(() -> codes.getQrCode(created.getId())).isInstanceOfSatisfying(ApiException.class,
                e -> assertThat(e.getCode()).isEqualTo(404));
    }

    @Test
    void printCodesCarryTheirFileUnitAndColourSpace() throws ApiException {
        QrView created = new QrCodesApi(client()).createQrCode(new QrRequest().data("https://example.com/print/" + tag)
                .format(QrRequest.FormatEnum.PDF).size(BigDecimal.valueOf(30)).unit(QrRequest.UnitEnum.MM)
                .colorSpace(QrRequest.ColorSpaceEnum.CMYK).design(new Design().foregroundColor("cmyk(100,72,0,18)")));
        assertThat(created.getPdf()).isNotBlank();
        assertThat(created.getSvg()).isNull();
        assertThat(created.getSize()).isEqualByComparingTo("30");
        assertThat(created.getUnit()).isEqualTo(QrView.UnitEnum.MM);
        assertThat(created.getColorSpace()).isEqualTo(QrView.ColorSpaceEnum.CMYK);
        assertThat(created.getDesign().getForegroundColor()).isEqualTo("cmyk(100,72,0,18)");
    }

    @Test
    void aTemplatesFrameTakesAnotherCaption() throws ApiException {
        ApiClient client = client();
        QrCodesApi codes = new QrCodesApi(client);
        TemplateView template = new TemplatesApi(client).createTemplate(new TemplateRequest().name("generated " + tag)
                .design(new Design().frame(new Frame().style(Frame.StyleEnum.BANNER_BOTTOM).text("Scan here"))));
        QrRequest captioned = new QrRequest().data("https://example.com/menu/" + tag).size(BigDecimal.valueOf(300))
                .template(template.getId()).design(new Design().frame(new Frame().text("Menu")));
        // The server reads a null style as none given, which the model sent while the document required a style:
        // only the document can tell whether the client sends what it allows.
        assertThat(OpenApiDocuments.violations("/components/schemas/QrRequest",
                client.getObjectMapper().valueToTree(captioned))).isEmpty();

        QrView created = codes.createQrCode(captioned);
        assertThat(created.getDesign().getFrame().getStyle()).isEqualTo(Frame.StyleEnum.BANNER_BOTTOM);
        assertThat(created.getDesign().getFrame().getText()).isEqualTo("Menu");
        // The banner is drawn: a 300 px code grows by a 12 px border and a 60 px band under it.
        assertThat(created.getSvg()).contains("width=\"324\" height=\"372\"");

        assertThatThrownBy(() -> codes.previewQrCode(new QrRequest().data("https://example.com/menu/" + tag)
                .design(new Design().frame(new Frame().text("Menu"))))).isInstanceOfSatisfying(ApiException.class,
                        e -> {
                            assertThat(e.getCode()).isEqualTo(400);
                            assertThat(OpenApiDocuments.tree(e.getResponseBody()).path("error").path("field")
                                    .asText()).isEqualTo("design.frame.style");
                        });
    }

    @Test
    void dynamicCodesAreCreatedPatchedScannedAnalysedAndDeleted() throws ApiException {
        DynamicCodesApi dynamic = new DynamicCodesApi(client());
        URI destination = URI.create("https://example.com/generated/" + tag);
        CampaignView campaign = new CampaignsApi(client()).createCampaign(new CampaignRequest().name("generated " + tag));
        DynamicView created = dynamic.createDynamicCode(new DynamicRequest().destinationUrl(destination)
                .title("generated client").tags(List.of(tag)).campaign(campaign.getId())
                .rules(List.of(new Rule().name("iPhones").when(new Conditions().os(List.of(Conditions.OsEnum.I_OS)))
                        .destinationUrl(URI.create("https://apps.apple.com/app/generated")))));
        assertThat(created.getQr().getPng()).isNull();
        assertThat(created.getQr().getSvg()).startsWith("<svg");
        assertThat(created.getRules()).extracting(Rule::getName).containsExactly("iPhones");
        assertThat(created.getCampaign()).isEqualTo(campaign.getId());
        assertThat(dynamic.listDynamicCodes(50, null, null, tag, null, null, null, campaign.getId()).getItems())
                .extracting(DynamicView::getId).containsExactly(created.getId());

        DynamicView paused = dynamic.updateDynamicCode(created.getId(),
                new DynamicPatch().status(DynamicPatch.StatusEnum.PAUSED).title(null));
        assertThat(paused.getStatus()).isEqualTo(DynamicView.StatusEnum.PAUSED);
        assertThat(paused.getTitle()).isNull();
        DynamicView restyled = dynamic.updateDynamicCode(created.getId(), new DynamicPatch()
                .status(DynamicPatch.StatusEnum.ACTIVE).rules(null)
                .design(new DesignPatch().bodyStyle(DesignPatch.BodyStyleEnum.DOTS).foregroundColor(null)));
        assertThat(restyled.getRules()).isEmpty();
        assertThat(restyled.getQr().getDesign().getBodyStyle()).isEqualTo(Design.BodyStyleEnum.DOTS);
        assertThat(restyled.getQr().getDesign().getForegroundColor()).isEqualTo("#000000");
        assertThat(restyled.getQr().getData()).isEqualTo(created.getShortUrl().toString());

        assertThat(DynamicCodesIT.location(DynamicCodesIT.scan(created.getShortUrl().toString())))
                .isEqualTo(destination.toString());
        AnalyticsView analytics = scannedOnce(new AnalyticsApi(client()), created.getId());
        assertThat(analytics.getByDestination()).singleElement().satisfies(row -> {
            assertThat(row.getVia()).isEqualTo(DestinationCount.ViaEnum.DEFAULT);
            assertThat(row.getDestinationUrl()).isEqualTo(destination);
        });
        WorkspaceAnalyticsView workspace = new AnalyticsApi(client()).getWorkspaceAnalytics(null, null, null, null);
        assertThat(workspace.getTotalScans()).isPositive();
        assertThat(workspace.getTopCodes()).isNotNull();

        dynamic.deleteDynamicCode(created.getId(), false);
        assertThatThrownBy(() -> dynamic.getDynamicCode(created.getId())).isInstanceOfSatisfying(ApiException.class,
                e -> assertThat(e.getCode()).isEqualTo(404));
    }

    @Test
    void aBulkJobRunsToCompletionAndItsArchiveDownloads() throws ApiException, IOException {
        BulkApi bulk = new BulkApi(client());
        BulkAccepted accepted = bulk.startBulkJob(new BulkRequest()
                .defaults(new BulkDefaults().format(BulkDefaults.FormatEnum.PNG).size(BigDecimal.valueOf(200)))
                .items(List.of(new BulkItem().data("https://example.com/generated/1").filename("one"),
                        new BulkItem().data("https://example.com/generated/2").format(BulkItem.FormatEnum.SVG))),
                tag);
        assertThat(accepted.getTotal()).isEqualTo(2);

        BulkView job = finished(bulk, accepted);
        assertThat(job.getStatus()).isEqualTo(BulkView.StatusEnum.COMPLETED);
        assertThat(job.getResults()).hasSize(2);
        assertThat(job.getFinishedAt()).isNotNull();

        File archive = bulk.getBulkArchive(accepted.getJobId());
        try (ZipFile zip = new ZipFile(archive)) {
            assertThat(Collections.list(zip.entries())).extracting(ZipEntry::getName)
                    .containsExactlyInAnyOrder("one.png", "002.svg", "manifest.csv");
        } finally {
            Files.deleteIfExists(archive.toPath());
        }
    }

    @Test
    void aDynamicBulkJobFilesAnItemInItsCampaign() throws ApiException {
        BulkApi bulk = new BulkApi(client());
        CampaignView campaign = new CampaignsApi(client()).createCampaign(new CampaignRequest().name("bulk " + tag));
        BulkAccepted accepted = bulk.startDynamicBulkJob(new DynamicBulkRequest().items(List.of(
                new DynamicBulkItem().destinationUrl(URI.create("https://example.com/filed")).tags(List.of(tag))
                        .campaign(campaign.getId()),
                new DynamicBulkItem().destinationUrl(URI.create("https://example.com/unfiled")).tags(List.of(tag)))),
                null);

        BulkView job = finished(bulk, accepted);
        assertThat(job.getStatus()).isEqualTo(BulkView.StatusEnum.COMPLETED);
        String filed = job.getResults().stream().filter(result -> result.getIndex() == 0).findFirst().orElseThrow()
                .getId();
        assertThat(new DynamicCodesApi(client()).listDynamicCodes(50, null, null, tag, null, null, null,
                campaign.getId()).getItems()).extracting(DynamicView::getId).containsExactly(filed);
    }

    @Test
    void theDesignOptionsAreReadable() throws ApiException {
        assertThat(new DesignApi(client()).getDesignOptions().getDesign()).containsKey("bodyStyle");
    }

    /** The job once it has stopped running. */
    private static BulkView finished(BulkApi bulk, BulkAccepted accepted) throws ApiException {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(2));
        BulkView job = bulk.getBulkJob(accepted.getJobId());
        while (job.getStatus() == BulkView.StatusEnum.STARTED) {
            assertThat(Instant.now()).as("job " + accepted.getJobId() + " finished in time").isBefore(deadline);
            Api.pauseBeforePolling();
            job = bulk.getBulkJob(accepted.getJobId());
        }
        return job;
    }

    /** The code's analytics once its one scan has been flushed. */
    private static AnalyticsView scannedOnce(AnalyticsApi analytics, String id) throws ApiException {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        AnalyticsView view = analytics.getCodeAnalytics(id, null, null, null, null);
        while (view.getTotalScans() < 1) {
            assertThat(Instant.now()).as("the scan flushed within a minute").isBefore(deadline);
            Api.pauseBeforePolling();
            view = analytics.getCodeAnalytics(id, null, null, null, null);
        }
        assertThat(view.getTotalScans()).isEqualTo(1);
        return view;
    }
}
