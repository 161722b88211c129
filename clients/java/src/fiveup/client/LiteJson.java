package fiveup.client;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import com.google.protobuf.ByteString;
import com.google.protobuf.Internal;
import com.google.protobuf.MessageLite;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * The proto3 JSON mapping for lite messages, which have none: protobuf-lite keeps no
 * descriptors, so there is no JsonFormat (it is in protobuf-java-util, on the full runtime).
 * This walks the generated lite API by Java reflection instead, as protobuf-lite's own
 * MessageLiteToString does: each field {@code fooBar_} of a generated class is the JSON field
 * {@code fooBar}, read through {@code getFooBar()} / {@code getFooBarList()}, with
 * {@code hasFooBar()} for presence where the field has it; a oneof is its
 * {@code getXCase()}. Writing goes through the builder's {@code setFooBar} /
 * {@code addFooBar}.
 *
 * <p>Enough for the conformance runner (strings, numbers, bools, bytes, enums by name,
 * messages, lists, maps, Timestamp); an Android app would not need it, and under R8 it would
 * need keep rules for the generated classes.
 */
final class LiteJson {
  private LiteJson() {}

  // --- message -> JSON ---------------------------------------------------------------

  static JsonObject toJson(MessageLite message) {
    JsonObject out = new JsonObject();
    Class<?> type = message.getClass();
    for (Field field : type.getDeclaredFields()) {
      String name = field.getName();
      if (Modifier.isStatic(field.getModifiers()) || !name.endsWith("_")
          || name.startsWith("bitField") || name.startsWith("memoized") || name.endsWith("Case_")) {
        continue;
      }
      String base = name.substring(0, name.length() - 1);
      if (hasField(type, base + "Case_")) { // a oneof: its case names the member that is set
        Enum<?> which = (Enum<?>) call(message, "get" + cap(base) + "Case");
        if (!which.name().endsWith("_NOT_SET")) {
          String member = lowerCamel(which.name());
          out.add(member, value(call(message, "get" + cap(member))));
        }
        continue;
      }
      Method list = method(type, "get" + cap(base) + "List");
      Method map = method(type, "get" + cap(base) + "Map");
      if (list != null) {
        List<?> items = (List<?>) invoke(list, message);
        if (!items.isEmpty()) {
          JsonArray array = new JsonArray();
          for (Object item : items) {
            array.add(value(item));
          }
          out.add(base, array);
        }
      } else if (map != null) {
        Map<?, ?> entries = (Map<?, ?>) invoke(map, message);
        if (!entries.isEmpty()) {
          JsonObject object = new JsonObject();
          for (Map.Entry<?, ?> entry : entries.entrySet()) {
            object.add(String.valueOf(entry.getKey()), value(entry.getValue()));
          }
          out.add(base, object);
        }
      } else {
        Object value = call(message, "get" + cap(base));
        Method has = method(type, "has" + cap(base));
        boolean present = has != null ? (Boolean) invoke(has, message) : !isDefault(value);
        if (present) {
          out.add(base, value(value));
        }
      }
    }
    return out;
  }

  private static JsonElement value(Object value) {
    if (value instanceof com.google.protobuf.Timestamp) {
      com.google.protobuf.Timestamp time = (com.google.protobuf.Timestamp) value;
      return new JsonPrimitive(Instant.ofEpochSecond(time.getSeconds(), time.getNanos()).toString());
    }
    if (value instanceof MessageLite) {
      return toJson((MessageLite) value);
    }
    if (value instanceof Long) {
      return new JsonPrimitive(value.toString()); // int64 is a string in proto3 JSON
    }
    if (value instanceof Number) {
      return new JsonPrimitive((Number) value);
    }
    if (value instanceof Boolean) {
      return new JsonPrimitive((Boolean) value);
    }
    if (value instanceof ByteString) {
      return new JsonPrimitive(Base64.getEncoder().encodeToString(((ByteString) value).toByteArray()));
    }
    if (value instanceof Enum) {
      Enum<?> constant = (Enum<?>) value;
      return constant.name().equals("UNRECOGNIZED")
          ? new JsonPrimitive(-1)
          : new JsonPrimitive(constant.name());
    }
    return value == null ? JsonNull.INSTANCE : new JsonPrimitive(value.toString());
  }

  private static boolean isDefault(Object value) {
    if (value instanceof Number) {
      return ((Number) value).doubleValue() == 0;
    }
    if (value instanceof Boolean) {
      return !(Boolean) value;
    }
    if (value instanceof String) {
      return ((String) value).isEmpty();
    }
    if (value instanceof ByteString) {
      return ((ByteString) value).isEmpty();
    }
    if (value instanceof Internal.EnumLite && value instanceof Enum) {
      return !((Enum<?>) value).name().equals("UNRECOGNIZED")
          && ((Internal.EnumLite) value).getNumber() == 0;
    }
    return value == null;
  }

  // --- JSON -> message ---------------------------------------------------------------

  /** A message of {@code type} from its proto3 JSON. */
  static <T extends MessageLite> T fromJson(JsonElement json, Class<T> type) {
    return type.cast(convert(json, type));
  }

  private static Object build(JsonObject json, Class<?> type) {
    Object builder = invoke(method(type, "newBuilder"), null);
    Class<?> builderType = builder.getClass();
    for (Map.Entry<String, JsonElement> entry : json.entrySet()) {
      String name = cap(entry.getKey());
      JsonElement value = entry.getValue();
      if (value.isJsonNull()) {
        continue;
      }
      if (value.isJsonArray()) {
        Method add = setter(builderType, "add" + name);
        if (add == null) {
          throw new IllegalArgumentException(type.getSimpleName() + " has no list " + entry.getKey());
        }
        for (JsonElement item : value.getAsJsonArray()) {
          invoke(add, builder, convert(item, add.getParameterTypes()[0]));
        }
      } else if (value.isJsonObject() && setter(builderType, "putAll" + name) != null) {
        throw new IllegalArgumentException("maps are not written by this runner: " + entry.getKey());
      } else {
        Method set = setter(builderType, "set" + name);
        if (set == null) {
          throw new IllegalArgumentException(type.getSimpleName() + " has no field " + entry.getKey());
        }
        invoke(set, builder, convert(value, set.getParameterTypes()[0]));
      }
    }
    return invoke(method(builderType, "build"), builder);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object convert(JsonElement json, Class<?> type) {
    if (MessageLite.class.isAssignableFrom(type)) {
      if (!json.isJsonObject()) {
        throw new IllegalArgumentException(type.getSimpleName() + " wants an object, not " + json);
      }
      return build(json.getAsJsonObject(), type);
    }
    JsonPrimitive primitive = json.getAsJsonPrimitive();
    if (type == String.class) {
      return primitive.getAsString();
    }
    if (type == int.class) {
      return primitive.getAsInt(); // a string "5" reads as 5 too (int64 may come as one)
    }
    if (type == long.class) {
      return primitive.getAsLong();
    }
    if (type == boolean.class) {
      return primitive.getAsBoolean();
    }
    if (type == double.class) {
      return primitive.getAsDouble();
    }
    if (type == float.class) {
      return primitive.getAsFloat();
    }
    if (type == ByteString.class) {
      return ByteString.copyFrom(Base64.getDecoder().decode(primitive.getAsString()));
    }
    if (type.isEnum()) {
      if (primitive.isNumber()) {
        return invoke(method(type, "forNumber", int.class), null, primitive.getAsInt());
      }
      return Enum.valueOf((Class<? extends Enum>) type, primitive.getAsString());
    }
    throw new IllegalArgumentException("cannot write a " + type.getSimpleName() + " from JSON");
  }

  // --- reflection ------------------------------------------------------------------------

  /** The one-argument method {@code name} taking a value, not a Builder (both exist). */
  private static Method setter(Class<?> type, String name) {
    for (Method candidate : type.getMethods()) {
      if (candidate.getName().equals(name) && candidate.getParameterCount() == 1
          && !candidate.getParameterTypes()[0].getSimpleName().equals("Builder")) {
        return candidate;
      }
    }
    return null;
  }

  private static boolean hasField(Class<?> type, String name) {
    try {
      type.getDeclaredField(name);
      return true;
    } catch (NoSuchFieldException e) {
      return false;
    }
  }

  private static Method method(Class<?> type, String name, Class<?>... parameters) {
    try {
      return type.getMethod(name, parameters);
    } catch (NoSuchMethodException e) {
      return null;
    }
  }

  private static Object call(Object target, String name) {
    Method found = method(target.getClass(), name);
    if (found == null) {
      throw new IllegalStateException(target.getClass().getSimpleName() + " has no " + name + "()");
    }
    return invoke(found, target);
  }

  static Object invoke(Method method, Object target, Object... arguments) {
    try {
      return method.invoke(target, arguments);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException) {
        throw (RuntimeException) cause;
      }
      throw new IllegalStateException(cause);
    }
  }

  static String cap(String name) {
    return Character.toUpperCase(name.charAt(0)) + name.substring(1);
  }

  /** "MATCH_STARTED" -> "matchStarted" (a oneof case constant -> its field's JSON name). */
  static String lowerCamel(String constant) {
    StringBuilder out = new StringBuilder();
    for (String part : constant.toLowerCase().split("_")) {
      out.append(out.length() == 0 ? part : cap(part));
    }
    return out.toString();
  }
}
