package dev.qrforge.api;

import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.PropertyName;
import com.fasterxml.jackson.databind.deser.BeanDeserializerBuilder;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.NullValueProvider;
import com.fasterxml.jackson.databind.deser.SettableBeanProperty;
import com.fasterxml.jackson.databind.deser.ValueInstantiator;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.util.AccessPattern;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The null rule of every bound body: a member takes {@code null} only if it is {@link Nullable}. Jackson's own
 * {@code Nulls.FAIL} cannot say it, as it also refuses a record component that is merely absent, which must stay
 * "the default"; so each other property gets a provider that refuses an explicit null and leaves absence alone.
 */
final class NullRule extends BeanDeserializerModifier {

    @Override
    public BeanDeserializerBuilder updateBuilder(DeserializationConfig config, BeanDescription bean,
            BeanDeserializerBuilder builder) {
        Map<String, SettableBeanProperty> refusing = new HashMap<>();
        List<SettableBeanProperty> properties = new ArrayList<>();
        builder.getProperties().forEachRemaining(properties::add);
        for (SettableBeanProperty property : properties) {
            if (property.getMetadata().getValueNulls() != Nulls.SET) {
                SettableBeanProperty strict = property.withNullProvider(new Refused(property.getName()));
                refusing.put(property.getName(), strict);
                builder.addOrReplaceProperty(strict, true);
            }
        }
        ValueInstantiator instantiator = builder.getValueInstantiator();
        if (instantiator != null && instantiator.canCreateFromObjectWith()) {
            // A record binds through its constructor, whose parameters are properties of their own: the same strict
            // instances must stand there, as Jackson matches the two by identity.
            SettableBeanProperty[] arguments = instantiator.getFromObjectArguments(config).clone();
            for (int i = 0; i < arguments.length; i++) {
                arguments[i] = refusing.getOrDefault(arguments[i].getName(), arguments[i]);
            }
            builder.setValueInstantiator(new ValueInstantiator.Delegating(instantiator) {
                @Override
                public SettableBeanProperty[] getFromObjectArguments(DeserializationConfig c) {
                    return arguments;
                }
            });
        }
        return builder;
    }

    /**
     * Refuses {@code null} where it was written; a member left out is still null, the default, as is a value its type
     * reads as none ({@code "plate": false}), which Jackson also hands here.
     */
    private record Refused(String name) implements NullValueProvider {

        @Override
        public Object getNullValue(DeserializationContext ctxt) throws JsonMappingException {
            // The parser here is the body's own, not the replay Jackson reads a typed object from when its "type"
            // comes after other members; there it stands at the type's value. Only a boolean is ever read as none.
            JsonParser parser = ctxt.getParser();
            if (parser != null && !parser.hasToken(JsonToken.VALUE_FALSE) && !parser.hasToken(JsonToken.VALUE_TRUE)) {
                throw InvalidNullException.from(ctxt, PropertyName.construct(name), null);
            }
            return null;
        }

        @Override
        public Object getAbsentValue(DeserializationContext ctxt) {
            return null;
        }

        @Override
        public AccessPattern getNullAccessPattern() {
            return AccessPattern.DYNAMIC;
        }
    }
}
