package dev.qrforge.composite;

import dev.qrforge.admission.RenderAdmission;
import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorCode;
import dev.qrforge.qr.ImageFormat;
import dev.qrforge.qr.Labels;
import dev.qrforge.qr.LogoReader;
import dev.qrforge.qr.QrCodes;
import dev.qrforge.qr.QrLinks;
import dev.qrforge.qr.QrRequestValidator;
import dev.qrforge.security.CallerContext;
import dev.qrforge.security.RequiresScope;
import dev.qrforge.security.Scope;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;

/**
 * {@code POST /api/v1/qr/transparent}: one code composited over each background image. The code itself is kept
 * as an ordinary QR record of the workspace (its {@code id}); the composites are returned, not stored.
 */
@Path(TransparentResource.PATH)
@RequestScoped
public class TransparentResource {

    public static final String PATH = "/v1/qr/transparent";

    /** The response: the code's record id and data, and one composite per background. */
    public record Created(String id, String data, List<Composite> composites) {
    }

    @Inject
    QrCodes codes;

    @Inject
    CallerContext callers;

    @Inject
    RenderAdmission admission;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @RequiresScope(Scope.QR_WRITE)
    public Response create(CompositeRequest body, @Context UriInfo uri) {
        CompositeRequest request = body == null ? null : body.resolve(codes.templates(callers.workspaceId()));
        LogoReader logos = codes.logos(callers.workspaceId());
        Composites.Plan plan = Composites.plan(request, logos);
        admission.requireFits(plan.memoryCost(), "backgrounds", "compositing these images",
                "send fewer or smaller images");
        List<Composite> composites = admission.forRequest(plan.memoryCost(), () -> Composites.make(plan));
        QrCodes.Created code = codes.create(callers.workspaceId(),
                QrRequestValidator.validate(request.code(), ImageFormat.PNG, logos), Labels.NONE);
        return Response.created(QrLinks.of(uri, code.id())).entity(new Created(code.id(), request.data(), composites))
                .build();
    }
}
