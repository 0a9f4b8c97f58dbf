package dev.qrforge.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** One page of a cursor-paged listing; {@code nextCursor} is absent on the last page. */
public record Page<T>(List<T> items, @JsonInclude(JsonInclude.Include.ALWAYS) String nextCursor) {
}
