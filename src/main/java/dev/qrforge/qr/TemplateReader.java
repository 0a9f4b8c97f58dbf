package dev.qrforge.qr;

import dev.qrforge.api.ApiException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Turns a template id in a request into the design the rest of the code handles: the one place templates are
 * applied, whichever endpoint names one. The template is the base; each field the request's own design gives
 * overrides it, as an item's design overrides a bulk job's defaults ({@link DesignJson#over}). One reader serves one
 * request and reads each template once.
 */
public final class TemplateReader {

    /** The request field that names a template. */
    public static final String FIELD = "template";

    private final Function<String, Optional<DesignJson>> saved;
    private final Map<String, DesignJson> read = new HashMap<>();

    /** @param saved the workspace's templates' designs, by id */
    public TemplateReader(Function<String, Optional<DesignJson>> saved) {
        this.saved = saved;
    }

    /**
     * The design a request asks for.
     *
     * @param templateId the template the request names, or null for none: then {@code given} as it is
     * @param given      the request's own design, or null
     * @param field      where the request names the template (an unknown id is a 400 on it)
     */
    public DesignJson design(String templateId, DesignJson given, String field) {
        return design(templateId, given, field, UnaryOperator.identity());
    }

    /** As {@link #design(String, DesignJson, String)}, with only what {@code applicable} keeps of the template. */
    public DesignJson design(String templateId, DesignJson given, String field, UnaryOperator<DesignJson> applicable) {
        if (templateId == null) {
            return given;
        }
        DesignJson template = applicable.apply(read.computeIfAbsent(templateId, id -> saved.apply(id)
                .orElseThrow(() -> ApiException.invalid(field, field + " '" + id + "' is not a design template of"
                        + " this workspace; see GET /api/v1/templates"))));
        return given == null ? template : given.over(template);
    }

    /** The request with its template applied to its design, naming none any more. */
    public QrRequest resolve(QrRequest request) {
        return request == null || request.template() == null ? request
                : request.withDesign(design(request.template(), request.design(), FIELD));
    }
}
