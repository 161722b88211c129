package fiveup.client;

import java.util.Map;

/** A one-line JSON object writer for the programs' summaries (no JSON library needed). */
final class Json {
  private Json() {}

  static String object(Map<String, ?> fields) {
    StringBuilder out = new StringBuilder("{");
    for (Map.Entry<String, ?> field : fields.entrySet()) {
      if (out.length() > 1) {
        out.append(',');
      }
      out.append(quote(field.getKey())).append(':');
      Object value = field.getValue();
      if (value instanceof Map) {
        @SuppressWarnings("unchecked")
        Map<String, ?> inner = (Map<String, ?>) value;
        out.append(object(inner));
      } else if (value instanceof Number || value instanceof Boolean) {
        out.append(value);
      } else {
        out.append(quote(String.valueOf(value)));
      }
    }
    return out.append('}').toString();
  }

  static String quote(String text) {
    StringBuilder out = new StringBuilder("\"");
    for (char c : text.toCharArray()) {
      if (c == '"' || c == '\\') {
        out.append('\\').append(c);
      } else if (c < 0x20) {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.append('"').toString();
  }
}
