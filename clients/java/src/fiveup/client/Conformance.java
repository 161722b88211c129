package fiveup.client;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import com.google.protobuf.MessageLite;
import fiveup.v1.Common.Tile;
import fiveup.v1.Match.Hand;
import fiveup.v1.Match.MatchView;
import fiveup.v1.Match.WatchMatchRequest;
import fiveup.v1.Match.WatchMatchResponse;
import fiveup.v1.MatchServiceGrpc;
import io.grpc.Context;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.AbstractStub;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs the conformance cases (clients/conformance/cases.json, whose README says what each
 * step means) over grpc-java with protobuf-lite, printing one line per case and
 * {@code N passed, N failed}.
 *
 * <pre>fiveup-java-conformance CASES HOST:PORT [CASE_NAME...]</pre>
 *
 * <p>A call "Service.Method" goes through the generated blocking stub's method of that name;
 * requests and answers cross the proto3 JSON mapping by {@link LiteJson} (lite has none).
 */
public final class Conformance {
  private static final int FORMAT = 1;
  private static final long CALL_SECONDS = 30;
  private static final long WATCH_SECONDS = 30;
  private static final Pattern WHOLE_VARIABLE = Pattern.compile("^\\$\\{(\\w+)\\}$");
  private static final Pattern VARIABLE = Pattern.compile("\\$\\{(\\w+)\\}");
  private static final Pattern PATH_PART = Pattern.compile("([A-Za-z_]\\w*)|\\[(\\d+)\\]");
  private static final Pattern INTEGER = Pattern.compile("-?\\d+");
  private static final SecureRandom RANDOM = new SecureRandom();

  /** A case's failure: reported, and the runner goes on. */
  static final class Failed extends RuntimeException {
    Failed(String why) {
      super(why);
    }
  }

  /** One unary answer: body when code is OK. */
  static final class Answer {
    String code = "OK";
    String reason = "";
    String message = "";
    JsonElement body = new JsonObject();
    byte[] raw = new byte[0];
  }

  /** What a WatchMatch stream delivered before it ended or was dropped. */
  static final class Watched {
    final List<JsonElement> messages = new ArrayList<>();
    final List<byte[]> raws = new ArrayList<>();
    boolean ended;
    String code = "OK";
    String reason = "";
  }

  private final FiveUpClient client;
  private final Map<String, AbstractStub<?>> stubs = new HashMap<>();
  private int counter;

  Conformance(FiveUpClient client) {
    this.client = client;
  }

  // --- values and paths ------------------------------------------------------------------

  static JsonElement substitute(JsonElement value, Map<String, JsonElement> vars) {
    if (value.isJsonPrimitive() && value.getAsJsonPrimitive().isString()) {
      String text = value.getAsString();
      Matcher whole = WHOLE_VARIABLE.matcher(text);
      if (whole.matches()) {
        return lookup(vars, whole.group(1)).deepCopy();
      }
      Matcher part = VARIABLE.matcher(text);
      StringBuffer out = new StringBuffer();
      while (part.find()) {
        JsonElement saved = lookup(vars, part.group(1));
        String shown = saved.isJsonPrimitive() && saved.getAsJsonPrimitive().isString()
            ? saved.getAsString() : saved.toString();
        part.appendReplacement(out, Matcher.quoteReplacement(shown));
      }
      part.appendTail(out);
      return new JsonPrimitive(out.toString());
    }
    if (value.isJsonArray()) {
      JsonArray out = new JsonArray();
      for (JsonElement item : value.getAsJsonArray()) {
        out.add(substitute(item, vars));
      }
      return out;
    }
    if (value.isJsonObject()) {
      JsonObject out = new JsonObject();
      for (Map.Entry<String, JsonElement> entry : value.getAsJsonObject().entrySet()) {
        out.add(entry.getKey(), substitute(entry.getValue(), vars));
      }
      return out;
    }
    return value;
  }

  static JsonElement lookup(Map<String, JsonElement> vars, String name) {
    JsonElement found = vars.get(name);
    if (found == null) {
      throw new Failed("variable ${" + name + "} was never saved");
    }
    return found;
  }

  /** The value at a path (`view.seats[1].joined`, `events.length`, `$`); null: absent. */
  static JsonElement getPath(JsonElement answer, String path) {
    if (path.equals("$")) {
      return answer;
    }
    JsonElement value = answer;
    String[] parts = path.split("\\.");
    for (int i = 0; i < parts.length; i++) {
      if (parts[i].equals("length") && i == parts.length - 1) {
        if (value == null) {
          return new JsonPrimitive(0); // an absent list is an empty one
        }
        return value.isJsonArray() ? new JsonPrimitive(value.getAsJsonArray().size()) : null;
      }
      Matcher m = PATH_PART.matcher(parts[i]);
      while (m.find()) {
        if (value == null) {
          return null;
        }
        if (m.group(1) != null) {
          value = value.isJsonObject() ? value.getAsJsonObject().get(m.group(1)) : null;
        } else {
          int index = Integer.parseInt(m.group(2));
          value = value.isJsonArray() && index < value.getAsJsonArray().size()
              ? value.getAsJsonArray().get(index) : null;
        }
      }
    }
    return value;
  }

  static boolean isDefault(JsonElement value) {
    if (value == null || value.isJsonNull()) {
      return true;
    }
    if (value.isJsonArray()) {
      return value.getAsJsonArray().size() == 0;
    }
    if (value.isJsonObject()) {
      return value.getAsJsonObject().size() == 0;
    }
    JsonPrimitive p = value.getAsJsonPrimitive();
    if (p.isBoolean()) {
      return !p.getAsBoolean();
    }
    if (p.isNumber()) {
      return p.getAsDouble() == 0;
    }
    String s = p.getAsString();
    return s.isEmpty() || s.equals("0") || s.endsWith("_UNSPECIFIED");
  }

  /** Numbers as numbers (int64 arrives as a string), so values compare as JSON values. */
  static JsonElement normalise(JsonElement value) {
    if (value.isJsonPrimitive()) {
      JsonPrimitive p = value.getAsJsonPrimitive();
      if (p.isNumber() || (p.isString() && INTEGER.matcher(p.getAsString()).matches())) {
        return new JsonPrimitive(p.getAsDouble());
      }
      return value;
    }
    if (value.isJsonArray()) {
      JsonArray out = new JsonArray();
      for (JsonElement item : value.getAsJsonArray()) {
        out.add(normalise(item));
      }
      return out;
    }
    if (value.isJsonObject()) {
      JsonObject out = new JsonObject();
      for (Map.Entry<String, JsonElement> entry : value.getAsJsonObject().entrySet()) {
        out.add(entry.getKey(), normalise(entry.getValue()));
      }
      return out;
    }
    return value;
  }

  static boolean same(JsonElement actual, JsonElement expected) {
    if (actual == null) {
      return isDefault(expected);
    }
    return normalise(actual).equals(normalise(expected));
  }

  static String shown(JsonElement value) {
    return value == null ? "absent" : value.toString();
  }

  static String text(JsonElement value) {
    return value == null || value.isJsonNull() ? "" : value.getAsString();
  }

  static long number(JsonElement value, long otherwise) {
    return value == null || value.isJsonNull() ? otherwise : (long) normalise(value).getAsDouble();
  }

  static JsonObject object(Object... pairs) {
    JsonObject out = new JsonObject();
    for (int i = 0; i < pairs.length; i += 2) {
      Object value = pairs[i + 1];
      out.add((String) pairs[i], value instanceof JsonElement ? (JsonElement) value
          : value instanceof Number ? new JsonPrimitive((Number) value)
          : value instanceof Boolean ? new JsonPrimitive((Boolean) value)
          : new JsonPrimitive(String.valueOf(value)));
    }
    return out;
  }

  // --- calls -----------------------------------------------------------------------------

  private AbstractStub<?> stub(String service) {
    return stubs.computeIfAbsent(service, name -> {
      try {
        Class<?> grpc = Class.forName("fiveup.v1." + name + "Grpc");
        Method make = grpc.getMethod("newBlockingStub", io.grpc.Channel.class);
        return (AbstractStub<?>) make.invoke(null, client.channel());
      } catch (ReflectiveOperationException e) {
        throw new Failed("no service fiveup.v1." + name);
      }
    });
  }

  Answer call(String method, JsonElement request, String auth) {
    int dot = method.indexOf('.');
    if (dot < 0) {
      throw new Failed("bad call name " + method);
    }
    AbstractStub<?> stub = stub(method.substring(0, dot));
    String name = Character.toLowerCase(method.charAt(dot + 1)) + method.substring(dot + 2);
    Method found = null;
    for (Method candidate : stub.getClass().getMethods()) {
      if (candidate.getName().equals(name) && candidate.getParameterCount() == 1) {
        found = candidate;
      }
    }
    if (found == null) {
      throw new Failed("no method " + method);
    }
    @SuppressWarnings("unchecked")
    Class<? extends MessageLite> type = (Class<? extends MessageLite>) found.getParameterTypes()[0];
    MessageLite outgoing;
    try {
      outgoing = LiteJson.fromJson(request, type);
    } catch (RuntimeException e) {
      throw new Failed("the request does not map onto " + type.getSimpleName() + ": " + e.getMessage());
    }
    @SuppressWarnings({"rawtypes", "unchecked"}) // a stub of a service known only by name
    AbstractStub<?> authorized = ((AbstractStub) FiveUpClient.withToken((AbstractStub) stub, auth))
        .withDeadlineAfter(CALL_SECONDS, TimeUnit.SECONDS);
    Answer answer = new Answer();
    try {
      MessageLite reply = (MessageLite) LiteJson.invoke(found, authorized, outgoing);
      answer.body = LiteJson.toJson(reply);
      answer.raw = reply.toByteArray();
    } catch (StatusRuntimeException e) {
      Refusal refusal = Refusal.of(e);
      answer.code = refusal.code.name();
      answer.reason = refusal.reason;
      answer.message = refusal.message == null ? "" : refusal.message;
    }
    return answer;
  }

  JsonObject ok(String method, JsonElement request, String auth) {
    Answer answer = call(method, request, auth);
    if (!answer.code.equals("OK")) {
      throw new Failed(method + ": " + answer.code + " " + answer.reason + ": " + answer.message);
    }
    return answer.body.getAsJsonObject();
  }

  JsonObject view(String match, String auth) {
    JsonElement view = ok("MatchService.GetMatch", object("matchId", match), auth).get("view");
    return view == null ? new JsonObject() : view.getAsJsonObject();
  }

  Watched watch(JsonElement request, String auth, int take) {
    WatchMatchRequest outgoing = LiteJson.fromJson(request, WatchMatchRequest.class);
    MatchServiceGrpc.MatchServiceBlockingStub stub =
        FiveUpClient.withToken(MatchServiceGrpc.newBlockingStub(client.channel()), auth)
            .withDeadlineAfter(WATCH_SECONDS, TimeUnit.SECONDS);
    Watched seen = new Watched();
    Context.CancellableContext scope = Context.current().withCancellation();
    Context previous = scope.attach();
    try {
      Iterator<WatchMatchResponse> stream = stub.watchMatch(outgoing);
      while ((take < 0 || seen.messages.size() < take) && stream.hasNext()) {
        WatchMatchResponse message = stream.next();
        seen.raws.add(message.toByteArray());
        seen.messages.add(LiteJson.toJson(message));
      }
      seen.ended = take < 0 || seen.messages.size() < take;
    } catch (StatusRuntimeException e) {
      if (e.getStatus().getCode() != Status.Code.DEADLINE_EXCEEDED) {
        Refusal refusal = Refusal.of(e);
        seen.code = refusal.code.name();
        seen.reason = refusal.reason;
      }
    } finally {
      scope.detach(previous);
      scope.cancel(null); // with take: drops the stream (the client goes away mid-match)
    }
    return seen;
  }

  // --- the procedures --------------------------------------------------------------------

  JsonElement turn(JsonObject step) {
    JsonArray tokens = step.getAsJsonArray("tokens");
    JsonElement seat = view(text(step.get("match")), "").get("turnSeat");
    if (seat == null) {
      throw new Failed("nobody is to move (view.turnSeat unset)");
    }
    int n = (int) number(seat, 0);
    return object("seat", n, "token", tokens.get(n), "other", tokens.get((n + 1) % tokens.size()));
  }

  JsonElement playToEnd(JsonObject step, String run) {
    String match = text(step.get("match"));
    JsonArray tokens = step.getAsJsonArray("tokens");
    long limit = number(step.get("maxMoves"), 2000);
    int moves = 0;
    while (true) {
      JsonObject view = view(match, "");
      if (!text(view.get("status")).equals("MATCH_STATUS_IN_PROGRESS")) {
        return object("moves", moves, "view", view);
      }
      if (moves >= limit) {
        throw new Failed("no end after " + moves + " moves");
      }
      int seat = (int) number(view.get("turnSeat"), 0);
      String token = tokens.get(seat).getAsString();
      JsonObject legal = ok("MatchService.ListLegalMoves", object("matchId", match), token);
      JsonArray listed = legal.getAsJsonArray("moves");
      if (listed == null || listed.size() == 0) {
        throw new Failed("seat " + seat + " is to move but has no legal move");
      }
      long expected = number(legal.get("version"), 0);
      counter++;
      JsonObject done = ok("MatchService.SubmitMove", object("matchId", match, "move", listed.get(0),
          "expectedVersion", expected, "requestId", "conformance-" + run + "-" + counter), token);
      long after = number(done.get("version"), 0);
      if (after <= expected) {
        throw new Failed("SubmitMove answered version " + after + " <= " + expected);
      }
      moves++;
    }
  }

  JsonElement watchStep(JsonObject step) {
    long after = number(step.get("afterVersion"), 0);
    int take = (int) number(step.get("take"), -1);
    Watched seen = watch(object("matchId", step.get("match"), "afterVersion", after),
        text(step.get("auth")), take);
    if (!seen.code.equals("OK")) {
      throw new Failed("WatchMatch ended with " + seen.code + " " + seen.reason);
    }
    if (take >= 0 && seen.messages.size() < take) {
      throw new Failed("WatchMatch gave " + seen.messages.size() + " events, " + take + " wanted");
    }
    if (take < 0 && !seen.ended) {
      throw new Failed("WatchMatch did not end within the deadline");
    }
    JsonArray events = new JsonArray();
    List<Long> versions = new ArrayList<>();
    for (JsonElement message : seen.messages) {
      JsonElement event = message.getAsJsonObject().get("event");
      if (event == null) {
        throw new Failed("WatchMatch sent " + message + " instead of an event");
      }
      events.add(event);
      versions.add(number(event.getAsJsonObject().get("version"), 0));
    }
    for (int i = 0; i < versions.size(); i++) {
      if (versions.get(i) != after + 1 + i) {
        throw new Failed("versions " + (after + 1) + ".. expected, got " + versions);
      }
    }
    JsonObject result = object("count", events.size(), "events", events, "ended", seen.ended);
    if (!versions.isEmpty()) {
      result.addProperty("firstVersion", versions.get(0));
      result.addProperty("lastVersion", versions.get(versions.size() - 1));
    }
    return result;
  }

  /** Whether raw carries hand the way a leaked deal (Hand) or view (MatchView.hand) would. */
  static boolean leaks(JsonArray hand, byte[] raw) {
    List<Tile> tiles = new ArrayList<>();
    for (JsonElement tile : hand) {
      tiles.add(LiteJson.fromJson(tile, Tile.class));
    }
    byte[][] shapes = {
      Hand.newBuilder().addAllTiles(tiles).build().toByteArray(),
      MatchView.newBuilder().addAllHand(tiles).build().toByteArray(),
    };
    for (byte[] shape : shapes) {
      for (int at = 0; at + shape.length <= raw.length; at++) {
        if (Arrays.equals(raw, at, at + shape.length, shape, 0, shape.length)) {
          return true;
        }
      }
    }
    return false;
  }

  JsonElement hiddenHands(JsonObject step) {
    String match = text(step.get("match"));
    List<JsonArray> hands = new ArrayList<>();
    int seat = 0;
    for (JsonElement token : step.getAsJsonArray("tokens")) {
      JsonElement hand = view(match, token.getAsString()).get("hand");
      if (isDefault(hand)) {
        throw new Failed("seat " + seat + " sees no hand of its own");
      }
      hands.add(hand.getAsJsonArray());
      seat++;
    }
    Answer spectator = call("MatchService.GetMatch", object("matchId", match), "");
    if (!spectator.code.equals("OK")) {
      throw new Failed("spectator GetMatch: " + spectator.code + " " + spectator.reason);
    }
    JsonObject view = spectator.body.getAsJsonObject().getAsJsonObject("view");
    for (String name : new String[] {"hand", "legalMoves", "mustPlay", "viewerSeat"}) {
      if (view.has(name)) {
        throw new Failed("the spectator's view has " + name + ": " + view.get(name));
      }
    }
    int take = (int) number(view.get("version"), 0);
    Watched seen = watch(object("matchId", match, "afterVersion", 0), "", take);
    if (seen.messages.size() < take) {
      throw new Failed("the spectator's stream gave " + seen.messages.size() + " of " + take + " events");
    }
    for (JsonElement message : seen.messages) {
      JsonElement dealt = getPath(message, "event.roundDealt.hands");
      if (dealt != null && dealt.isJsonArray()) {
        for (JsonElement hand : dealt.getAsJsonArray()) {
          JsonElement tiles = getPath(hand, "tiles");
          if (!isDefault(tiles)) {
            throw new Failed("the spectator was dealt " + tiles);
          }
        }
      }
    }
    List<byte[]> raws = new ArrayList<>();
    raws.add(spectator.raw);
    raws.addAll(seen.raws);
    int tiles = 0;
    for (int s = 0; s < hands.size(); s++) {
      tiles += hands.get(s).size();
      for (byte[] raw : raws) {
        if (leaks(hands.get(s), raw)) {
          throw new Failed("seat " + s + "'s hidden tiles are in a spectator's bytes");
        }
      }
    }
    return object("hiddenTiles", tiles, "spectatorAnswers", raws.size());
  }

  // --- expectations and cases ------------------------------------------------------------

  static void check(JsonObject expect, String code, String reason, String message,
      JsonElement answer, Map<String, JsonElement> vars) {
    String wanted = expect.has("code") ? expect.get("code").getAsString() : "OK";
    if (!code.equals(wanted)) {
      throw new Failed("code " + code + (code.equals("OK") ? "" : " (" + reason + ": " + message + ")")
          + ", expected " + wanted);
    }
    if (!code.equals("OK")) {
      if (expect.has("reason") && !reason.equals(expect.get("reason").getAsString())) {
        throw new Failed("reason " + (reason.isEmpty() ? "(none)" : reason) + ", expected "
            + expect.get("reason").getAsString());
      }
      if (reason.isEmpty()) {
        throw new Failed(code + " carries no ErrorInfo reason");
      }
      return;
    }
    if (expect.has("fields")) {
      for (Map.Entry<String, JsonElement> entry : expect.getAsJsonObject("fields").entrySet()) {
        JsonElement actual = getPath(answer, entry.getKey());
        if (!same(actual, entry.getValue())) {
          throw new Failed(entry.getKey() + " is " + shown(actual) + ", expected " + entry.getValue());
        }
      }
    }
    if (expect.has("present")) {
      for (JsonElement path : expect.getAsJsonArray("present")) {
        JsonElement actual = getPath(answer, path.getAsString());
        boolean empty = actual == null || actual.isJsonNull()
            || (actual.isJsonArray() && actual.getAsJsonArray().size() == 0)
            || (actual.isJsonObject() && actual.getAsJsonObject().size() == 0)
            || (actual.isJsonPrimitive() && actual.getAsJsonPrimitive().isString()
                && actual.getAsString().isEmpty());
        if (empty) {
          throw new Failed(path.getAsString() + " is not set");
        }
      }
    }
    if (expect.has("same_as")) {
      String name = expect.get("same_as").getAsString();
      JsonElement first = lookup(vars, name);
      if (!normalise(first).equals(normalise(answer))) {
        throw new Failed("answer differs from " + name + ": " + answer + " != " + first);
      }
    }
  }

  void step(JsonObject step, Map<String, JsonElement> vars, String run) {
    JsonObject bare = step.deepCopy();
    bare.remove("expect");
    bare.remove("save");
    JsonObject expanded = substitute(bare, vars).getAsJsonObject();
    JsonObject expect = step.has("expect")
        ? substitute(step.get("expect"), vars).getAsJsonObject() : new JsonObject();
    JsonElement result;
    if (expanded.has("call")) {
      JsonElement request = expanded.has("request") ? expanded.get("request") : new JsonObject();
      Answer answer = call(text(expanded.get("call")), request, text(expanded.get("auth")));
      check(expect, answer.code, answer.reason, answer.message, answer.body, vars);
      result = answer.body;
    } else {
      String procedure = text(expanded.get("do"));
      switch (procedure) {
        case "turn": result = turn(expanded); break;
        case "play_to_end": result = playToEnd(expanded, run); break;
        case "watch": result = watchStep(expanded); break;
        case "hidden_hands": result = hiddenHands(expanded); break;
        default: throw new Failed("unknown procedure '" + procedure + "'");
      }
      check(expect, "OK", "", "", result, vars);
    }
    if (step.has("save")) {
      for (Map.Entry<String, JsonElement> save : step.getAsJsonObject("save").entrySet()) {
        JsonElement value = getPath(result, save.getValue().getAsString());
        if (value == null) {
          throw new Failed("nothing at " + save.getValue().getAsString() + " to save as " + save.getKey());
        }
        vars.put(save.getKey(), value);
      }
    }
  }

  /** Null when the case passed, else why it failed. */
  String runCase(JsonObject c) {
    byte[] raw = new byte[6];
    RANDOM.nextBytes(raw);
    StringBuilder run = new StringBuilder();
    for (byte b : raw) {
      run.append(String.format("%02x", b));
    }
    Map<String, JsonElement> vars = new HashMap<>();
    vars.put("run", new JsonPrimitive(run.toString()));
    int number = 0;
    for (JsonElement item : c.getAsJsonArray("steps")) {
      number++;
      JsonObject step = item.getAsJsonObject();
      String what = step.has("call") ? text(step.get("call")) : text(step.get("do"));
      try {
        step(step, vars, run.toString());
      } catch (Failed e) {
        return "step " + number + " (" + what + "): " + e.getMessage();
      } catch (RuntimeException e) {
        return "step " + number + " (" + what + "): " + e.getClass().getSimpleName() + ": " + e.getMessage();
      }
    }
    return null;
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 2) {
      System.err.println("usage: fiveup-java-conformance CASES HOST:PORT [CASE_NAME...]");
      System.exit(2);
    }
    JsonObject suite = JsonParser.parseString(
        new String(Files.readAllBytes(Paths.get(args[0])), StandardCharsets.UTF_8)).getAsJsonObject();
    if (number(suite.get("format"), -1) != FORMAT) {
      System.err.println("fiveup-java-conformance: " + args[0] + ": format " + suite.get("format")
          + ", this runner reads " + FORMAT);
      System.exit(2);
    }
    Set<String> only = new HashSet<>(Arrays.asList(args).subList(2, args.length));
    int passed = 0;
    int failed = 0;
    try (FiveUpClient client = new FiveUpClient(args[1])) {
      Conformance runner = new Conformance(client);
      for (JsonElement item : suite.getAsJsonArray("cases")) {
        JsonObject c = item.getAsJsonObject();
        String name = text(c.get("name"));
        if (!only.isEmpty() && !only.contains(name)) {
          continue;
        }
        long started = System.nanoTime();
        String why = runner.runCase(c);
        if (why == null) {
          passed++;
          System.out.printf("PASS %s (%.2fs)%n", name, (System.nanoTime() - started) / 1e9);
        } else {
          failed++;
          System.out.println("FAIL " + name + ": " + why);
        }
        System.out.flush();
      }
    }
    System.out.println(passed + " passed, " + failed + " failed");
    System.exit(failed == 0 && passed > 0 ? 0 : 1);
  }
}
