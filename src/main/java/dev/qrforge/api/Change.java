package dev.qrforge.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A change to one resource of a workspace, for the audit log: the feature that makes it fires it as a synchronous CDI
 * event inside the changing transaction, so what records it commits or rolls back with the change. It carries only
 * the fields that changed, before and after; a secret field that changed is there with {@link #REDACTED} instead of
 * its value, which never reaches this record.
 *
 * @param action       what happened: {@link #CREATE}, {@link #UPDATE}, {@link #DELETE}, {@link #ERASE},
 *                     {@link #REVOKE}
 * @param resourceType the kind of resource, as the feature that owns it names it ({@code qr_code}, {@code webhook})
 */
public record Change(String workspaceId, String action, String resourceType, String resourceId, ObjectNode before,
        ObjectNode after) {

    public static final String CREATE = "create";
    public static final String UPDATE = "update";
    public static final String DELETE = "delete";
    /** Scan data erased (data-protection requests), with the code it belonged to or on its own. */
    public static final String ERASE = "erase";
    public static final String REVOKE = "revoke";
    /** What a changed secret is recorded as. */
    public static final String REDACTED = "[redacted]";

    private static final ObjectMapper JSON = JsonConfig.build();

    /** A resource that did not exist before, with its fields. */
    public static Change created(String workspaceId, String resourceType, String resourceId, Fields after) {
        return of(workspaceId, CREATE, resourceType, resourceId, Fields.NONE, after);
    }

    /**
     * A resource changed from {@code before} to {@code after}: the fields whose values differ.
     *
     * @param before {@link Fields#NONE} for a resource that did not exist
     * @param after  {@link Fields#NONE} for a resource that no longer does
     */
    public static Change of(String workspaceId, String action, String resourceType, String resourceId, Fields before,
            Fields after) {
        ObjectNode was = JSON.createObjectNode();
        ObjectNode is = JSON.createObjectNode();
        Set<String> names = new LinkedHashSet<>(before.values.keySet());
        names.addAll(after.values.keySet());
        for (String name : names) {
            JsonNode old = before.values.getOrDefault(name, NullNode.instance);
            JsonNode now = after.values.getOrDefault(name, NullNode.instance);
            if (old.equals(now)) {
                continue;
            }
            boolean secret = before.secrets.contains(name) || after.secrets.contains(name);
            if (before != Fields.NONE) {
                was.set(name, shown(old, secret));
            }
            if (after != Fields.NONE) {
                is.set(name, shown(now, secret));
            }
        }
        return new Change(workspaceId, action, resourceType, resourceId, was, is);
    }

    private static JsonNode shown(JsonNode value, boolean secret) {
        return secret && !value.isNull() ? JSON.getNodeFactory().textNode(REDACTED) : value;
    }

    /** Whether any field changed; an update that changed nothing is no change to record. */
    public boolean changedAnything() {
        return !before.isEmpty() || !after.isEmpty() || !action.equals(UPDATE);
    }

    /**
     * The fields of a resource as the API shows them, in order, values as Jackson writes them. A secret's value is
     * kept here only to tell whether it changed.
     */
    public static final class Fields {

        /** The side of a change where the resource does not exist. */
        public static final Fields NONE = new Fields();

        private final Map<String, JsonNode> values = new LinkedHashMap<>();
        private final Set<String> secrets = new HashSet<>();

        public static Fields of() {
            return new Fields();
        }

        public Fields with(String name, Object value) {
            if (this == NONE) {
                throw new IllegalStateException("NONE has no fields");
            }
            values.put(Objects.requireNonNull(name), value == null ? NullNode.instance : JSON.valueToTree(value));
            return this;
        }

        /** A field recorded as changed, or present, but never with its value. */
        public Fields secret(String name, Object value) {
            secrets.add(name);
            return with(name, value);
        }
    }
}
