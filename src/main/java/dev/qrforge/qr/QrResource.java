package dev.qrforge.qr;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorCode;
import dev.qrforge.api.JsonConfig;
import dev.qrforge.api.Page;
import dev.qrforge.api.PageRequest;
import dev.qrforge.api.PathIds;
import dev.qrforge.security.CallerContext;
import dev.qrforge.security.RequiresScope;
import dev.qrforge.security.Scope;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.core.UriInfo;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/** {@code /api/v1/qr}: generate, list and fetch static QR codes. */
@Path(QrLinks.PATH)
@Produces(MediaType.APPLICATION_JSON)
@RequestScoped
public class QrResource {

    private static final String SVG = "image/svg+xml";
    private static final String PNG = "image/png";
    private static final String PDF = "application/pdf";
    private static final String EPS = "application/postscript";
    private static final String JPEG = "image/jpeg";
    private static final String WEBP = "image/webp";

    @Inject
    QrCodes codes;

    @Inject
    CallerContext callers;

    @Inject
    Clock clock;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces({MediaType.APPLICATION_JSON, SVG, PNG, PDF, EPS, JPEG, WEBP})
    @RequiresScope(Scope.QR_WRITE)
    public Response create(QrRequest body, @Context HttpHeaders headers, @Context UriInfo uri) {
        Optional<ImageFormat> rawImage = preferredImage(headers.getAcceptableMediaTypes());
        QrRequest request = codes.templates(callers.workspaceId()).resolve(body);
        CodeSpec spec = QrRequestValidator.validate(request, rawImage.orElse(ImageFormat.SVG),
                codes.logos(callers.workspaceId()), clock);
        if (rawImage.isPresent() && rawImage.get() != spec.format()) {
            throw new ApiException(ErrorCode.NOT_ACCEPTABLE, "format", "format is " + spec.format().wireName()
                    + " but Accept asks for " + rawImage.get().mediaType() + "; make them agree or drop one");
        }
        QrCodes.Created created = codes.create(callers.workspaceId(), spec,
                Labels.of(request.title(), request.tags()));
        Response.ResponseBuilder response = Response.created(QrLinks.of(uri, created.id()));
        return rawImage.isPresent()
                ? response.type(spec.format().mediaType()).entity(file(created.rendering().file())).build()
                : response.type(MediaType.APPLICATION_JSON_TYPE).entity(created.view())
                        .build();
    }

    /**
     * Renders and judges a code exactly as {@link #create} would, keeping nothing: what a designer shows while its
     * user is still choosing, so that trying twenty colours does not leave twenty codes in the workspace.
     */
    @POST
    @Path("preview")
    @Consumes(MediaType.APPLICATION_JSON)
    @RequiresScope(Scope.QR_WRITE)
    public QrView preview(QrRequest body) {
        QrRequest request = codes.templates(callers.workspaceId()).resolve(body);
        CodeSpec spec = QrRequestValidator.validate(request, ImageFormat.SVG, codes.logos(callers.workspaceId()),
                clock);
        return codes.preview(callers.workspaceId(), spec, Labels.of(request.title(), request.tags()));
    }

    @GET
    @RequiresScope(Scope.QR_READ)
    public Page<QrView> list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor,
            @QueryParam("type") String type, @QueryParam("q") String q, @QueryParam("tag") String tag,
            @QueryParam("status") String status, @QueryParam("createdFrom") String createdFrom,
            @QueryParam("createdTo") String createdTo) {
        return codes.list(callers.workspaceId(), new QrCodes.Listing(type, q, tag, status, createdFrom, createdTo),
                PageRequest.of(limit, cursor));
    }

    /** Changes the labels (title, tags) only: the data is printed, and a static code is drawn as it was made. */
    @PATCH
    @Path(PathIds.ID)
    @Consumes({MediaType.APPLICATION_JSON, JsonConfig.MERGE_PATCH})
    @RequiresScope(Scope.QR_WRITE)
    public QrView patch(@PathParam("id") String id, JsonNode patch) {
        return codes.relabel(callers.workspaceId(), id, patch);
    }

    /**
     * Deletes a code (a dynamic code's QR record takes the dynamic code with it); {@code erase=true} also erases
     * its scan data, which takes scope analytics:erase or keys:admin.
     */
    @DELETE
    @Path(PathIds.ID)
    @RequiresScope(Scope.QR_WRITE)
    public Response delete(@PathParam("id") String id, @QueryParam("erase") String erase) {
        codes.delete(callers.workspaceId(), id, callers.erase(erase));
        return Response.noContent().build();
    }

    @GET
    @Path(PathIds.ID)
    @RequiresScope(Scope.QR_READ)
    public QrView get(@PathParam("id") String id) {
        QrCode code = codes.find(callers.workspaceId(), id);
        CodeSpec spec = codes.spec(code);
        return QrCodes.withImage(code, spec, codes.image(spec));
    }

    @GET
    @Path(PathIds.ID + "/image")
    @Produces({SVG, PNG, PDF, EPS, JPEG, WEBP})
    @RequiresScope(Scope.QR_READ)
    public Response image(@PathParam("id") String id) {
        QrCode code = codes.find(callers.workspaceId(), id);
        CodeSpec spec = codes.spec(code);
        return Response.ok(file(codes.image(spec)), spec.format().mediaType()).build();
    }

    /** An image file as a response body, written straight from its buffer. */
    private static StreamingOutput file(ByteBuffer image) {
        return out -> Channels.newChannel(out).write(image.duplicate());
    }

    /**
     * The raw image type the client prefers over JSON, if any: the first of its acceptable types (already in
     * preference order) that names JSON, an image type we make, or a wildcard decides.
     */
    static Optional<ImageFormat> preferredImage(List<MediaType> acceptable) {
        for (MediaType type : acceptable) {
            for (ImageFormat format : ImageFormat.values()) {
                if (!type.isWildcardType() && !type.isWildcardSubtype()
                        && type.isCompatible(MediaType.valueOf(format.mediaType()))) {
                    return Optional.of(format);
                }
            }
            if (type.isCompatible(MediaType.APPLICATION_JSON_TYPE)) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }
}
