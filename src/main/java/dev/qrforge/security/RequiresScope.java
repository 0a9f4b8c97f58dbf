package dev.qrforge.security;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The scope a resource method needs, or the scopes of which it needs one; {@link ScopeFilter} refuses callers
 * without (and methods without this).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface RequiresScope {
    Scope[] value();
}
