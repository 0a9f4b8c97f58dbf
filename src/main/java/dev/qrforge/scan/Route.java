package dev.qrforge.scan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Which way one scan was sent: what a split test is read from. Recorded with the scan, rolled up per code, exported.
 *
 * @param via            {@link #RULE}, {@link #DEFAULT} (no rule took it) or {@link #EXPIRED} (the expired URL)
 * @param rule           the rule's index in the code's rules when it was scanned, or null
 * @param ruleName       that rule's name, or null
 * @param arm            the index of the split's arm that was drawn, or null for a single destination
 * @param destinationUrl where the scan was sent
 */
public record Route(String via, Integer rule, String ruleName, Integer arm, String destinationUrl) {

    public static final String RULE = "rule";
    public static final String DEFAULT = "default";
    public static final String EXPIRED = "expired";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** This route as one rollup value: a JSON array, so any URL or rule name fits. */
    public String key() {
        try {
            return JSON.writeValueAsString(new Object[] {via, rule, ruleName, arm, destinationUrl});
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("strings and numbers always serialise", e);
        }
    }

    /** The route a rollup value ({@link #key}) stands for. */
    public static Route fromKey(String key) {
        try {
            JsonNode parts = JSON.readTree(key);
            return new Route(parts.get(0).asText(), integer(parts.get(1)), text(parts.get(2)), integer(parts.get(3)),
                    parts.get(4).asText());
        } catch (JsonProcessingException | RuntimeException e) {
            throw new IllegalStateException("a stored route is not one this service wrote: " + key, e);
        }
    }

    private static Integer integer(JsonNode node) {
        return node.isNull() ? null : node.intValue();
    }

    private static String text(JsonNode node) {
        return node.isNull() ? null : node.textValue();
    }

    public static Route byDefault(String destinationUrl) {
        return new Route(DEFAULT, null, null, null, destinationUrl);
    }

    public static Route expired(String destinationUrl) {
        return new Route(EXPIRED, null, null, null, destinationUrl);
    }
}
