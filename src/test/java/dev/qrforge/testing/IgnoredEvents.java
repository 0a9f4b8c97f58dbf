package dev.qrforge.testing;

import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.NotificationOptions;
import jakarta.enterprise.util.TypeLiteral;
import java.lang.annotation.Annotation;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** A CDI {@link Event} for services built by hand in unit tests: fired events reach no observer. */
public final class IgnoredEvents<T> implements Event<T> {

    @Override
    public void fire(T event) {
    }

    @Override
    public <U extends T> CompletionStage<U> fireAsync(U event) {
        return CompletableFuture.completedFuture(event);
    }

    @Override
    public <U extends T> CompletionStage<U> fireAsync(U event, NotificationOptions options) {
        return CompletableFuture.completedFuture(event);
    }

    @Override
    public Event<T> select(Annotation... qualifiers) {
        return this;
    }

    @Override
    public <U extends T> Event<U> select(Class<U> subtype, Annotation... qualifiers) {
        return new IgnoredEvents<>();
    }

    @Override
    public <U extends T> Event<U> select(TypeLiteral<U> subtype, Annotation... qualifiers) {
        return new IgnoredEvents<>();
    }
}
