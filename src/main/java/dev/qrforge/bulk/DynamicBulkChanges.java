package dev.qrforge.bulk;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorBody;
import dev.qrforge.api.ErrorCode;
import dev.qrforge.api.ErrorMapper;
import dev.qrforge.api.JsonConfig;
import dev.qrforge.api.MergePatch;
import dev.qrforge.dynamic.DynamicCodes;
import dev.qrforge.dynamic.DynamicView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * {@code PATCH /api/v1/dynamic/bulk}: one merge patch applied to up to 200 dynamic codes, each through the single
 * PATCH's own path ({@code DynamicCodes.patch}: its checks, its audit entry, its cache invalidation on every node) in
 * a transaction of its own, so each code changes entirely or not at all and a code that cannot change fails alone.
 * Not transactional itself, on purpose.
 */
@ApplicationScoped
public class DynamicBulkChanges {

    /** What a bulk change may set: the fields people change across many codes at once. */
    static final List<String> FIELDS = List.of("destinationUrl", "status", "tags", "expiresAt");

    private static final Logger LOG = Logger.getLogger(DynamicBulkChanges.class.getName());
    private static final ObjectMapper JSON = JsonConfig.build();

    /**
     * The body: the codes, by {@code ids} or by the filters of {@code GET /api/v1/dynamic} ({@code filter}), and the
     * merge patch to apply to each.
     */
    public record Request(List<String> ids, DynamicCodes.Listing filter, JsonNode patch) {
    }

    /** The answer: a result per selected code, in the order of {@code ids} (or the listing's, newest first). */
    public record View(int selected, int succeeded, int failed, List<Result> results) {
    }

    /** A code's outcome: its new record, or the error envelope's fields for it. */
    public record Result(int index, String id, boolean ok, DynamicView code, ErrorBody.Detail error) {
    }

    @Inject
    DynamicCodes codes;

    @Inject
    BulkChangeReplays replays;

    public JsonNode apply(String workspaceId, Request request, String idempotencyKey) {
        String key = BulkJobs.idempotencyKey(idempotencyKey);
        if (request == null) {
            throw new ApiException(ErrorCode.INVALID_JSON, null, "the request body must be a JSON object, e.g."
                    + " {\"ids\": [\"dyn_…\"], \"patch\": {\"status\": \"paused\"}}");
        }
        JsonNode patch = patch(request.patch());
        DynamicCodes.checkValues(patch);
        List<String> ids = select(workspaceId, request);
        if (key != null) {
            Optional<String> earlier = replays.claim(workspaceId, key,
                    IdempotencyKeys.fingerprint(BulkJobs.json(request)));
            if (earlier.isPresent()) {
                return tree(earlier.get());
            }
        }
        String answer;
        try {
            answer = json(change(workspaceId, ids, request.ids() != null, patch));
        } catch (RuntimeException e) {
            if (key != null) {
                replays.release(workspaceId, key);
            }
            throw e;
        }
        if (key != null) {
            replays.answer(workspaceId, key, answer);
        }
        return tree(answer);
    }

    private View change(String workspaceId, List<String> ids, boolean byIds, JsonNode patch) {
        List<Result> results = new ArrayList<>(ids.size());
        int succeeded = 0;
        for (int i = 0; i < ids.size(); i++) {
            String id = ids.get(i);
            try {
                results.add(new Result(i, id, true, codes.patch(workspaceId, id, patch), null));
                succeeded++;
            } catch (RuntimeException e) {
                ApiException error = ErrorMapper.translate(e);
                if (error.code() == ErrorCode.INTERNAL_ERROR) {
                    LOG.log(Level.SEVERE, "bulk change of dynamic code " + id + " failed", e);
                }
                // A field of the patch is named where this body has it; one it lacks (the code's validFrom, before
                // the new expiresAt) as the code's; no field (an unknown id) is the selection's.
                String field = error.field() == null ? (byIds ? "ids[" + i + "]" : null)
                        : patch.has(error.field().split("[.\\[]", 2)[0]) ? "patch." + error.field() : error.field();
                results.add(new Result(i, id, false, null,
                        new ErrorBody.Detail(error.code().name(), field, error.getMessage(), null)));
            }
        }
        return new View(ids.size(), succeeded, ids.size() - succeeded, results);
    }

    /** The patch, checked to be an object setting only {@link #FIELDS}: its values are checked per code. */
    private static JsonNode patch(JsonNode patch) {
        if (patch == null) {
            throw ApiException.invalid("patch", "patch is required: the fields to set on each code, some of "
                    + String.join(", ", FIELDS));
        }
        if (!patch.isObject() || patch.isEmpty()) {
            throw ApiException.invalid("patch", "patch must be an object setting some of " + String.join(", ", FIELDS));
        }
        MergePatch.fields(patch, FIELDS, "patch");
        return patch;
    }

    /** The codes selected: {@code ids} as given, or the listing's with {@code filter}; at most 200 either way. */
    private List<String> select(String workspaceId, Request request) {
        if ((request.ids() == null) == (request.filter() == null)) {
            throw ApiException.invalid("ids", "select the codes either by ids or by filter (the filters of"
                    + " GET /api/v1/dynamic), one of the two");
        }
        if (request.ids() != null) {
            List<String> ids = request.ids();
            if (ids.isEmpty() || ids.size() > BulkValidator.MAX_ITEMS) {
                throw ApiException.invalid("ids", "ids must name 1 to " + BulkValidator.MAX_ITEMS
                        + " codes per request, got " + ids.size());
            }
            Set<String> seen = new HashSet<>();
            for (int i = 0; i < ids.size(); i++) {
                if (ids.get(i).isEmpty()) {
                    throw ApiException.invalid("ids[" + i + "]", "ids[" + i + "] must be a dynamic code's id");
                }
                if (!seen.add(ids.get(i))) {
                    throw ApiException.invalid("ids[" + i + "]", "ids[" + i + "] repeats " + ids.get(i));
                }
            }
            return ids;
        }
        List<String> ids;
        try {
            ids = codes.ids(workspaceId, request.filter(), BulkValidator.MAX_ITEMS + 1);
        } catch (ApiException e) {
            throw new ApiException(e.code(), e.field() == null ? "filter" : "filter." + e.field(), e.getMessage());
        }
        if (ids.size() > BulkValidator.MAX_ITEMS) {
            throw ApiException.invalid("filter", "filter selects more than " + BulkValidator.MAX_ITEMS
                    + " codes; narrow it (createdFrom, createdTo, tag, status, q), or name the codes by ids");
        }
        return ids;
    }

    private static String json(View view) {
        try {
            return JSON.writeValueAsString(view);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a view record always serialises", e);
        }
    }

    private static JsonNode tree(String json) {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored answer is always JSON", e);
        }
    }
}
