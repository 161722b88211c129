// fiveup-cpp-conformance: runs the conformance cases (clients/conformance/cases.json, whose
// README says what each step means) over grpc++, printing one line per case and
// `N passed, N failed`.
//
//   fiveup-cpp-conformance CASES HOST:PORT [CASE_NAME...]
//
// C++ has no JSON in its standard library; protobuf's own google.protobuf.Value (the JSON
// value as a message, with util::JsonStringToMessage / MessageToJsonString) is the JSON
// tree here: the case file, requests (parsed into the generated request types) and
// answers (rendered with the proto3 JSON mapping, then read as Values).
#include <chrono>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <optional>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>

#include "fiveup_client.h"

namespace pbuf = google::protobuf;
using pbuf::ListValue;
using pbuf::Value;
using Object = std::map<std::string, Value>;
using Maybe = std::optional<Value>;  // nullopt: the path leads nowhere

namespace {

constexpr int kFormat = 1;
constexpr auto kCallTimeout = std::chrono::seconds(30);
constexpr auto kWatchDeadline = std::chrono::seconds(30);

struct Failed {
  std::string why;
};

template <typename... Parts>
[[noreturn]] void Fail(const Parts&... parts) {
  std::ostringstream out;
  (out << ... << parts);
  throw Failed{out.str()};
}

// --- JSON values ---------------------------------------------------------------------

Value ParseJson(const std::string& text) {
  Value value;
  auto status = pbuf::util::JsonStringToMessage(text, &value);
  if (!status.ok()) Fail("not JSON: ", status.ToString());
  return value;
}

std::string Json(const pbuf::Message& message) {
  std::string out;
  auto status = pbuf::util::MessageToJsonString(message, &out);
  if (!status.ok()) Fail("cannot render JSON: ", status.ToString());
  return out;
}

Value ToValue(const pbuf::Message& message) { return ParseJson(Json(message)); }

void FromValue(const Value& value, pbuf::Message* message) {
  auto status = pbuf::util::JsonStringToMessage(Json(value), message);
  if (!status.ok()) {
    Fail("the request does not parse as ", message->GetTypeName(), ": ", status.ToString());
  }
}

Value Number(double n) {
  Value v;
  v.set_number_value(n);
  return v;
}
Value Text(const std::string& s) {
  Value v;
  v.set_string_value(s);
  return v;
}
Value Bool(bool b) {
  Value v;
  v.set_bool_value(b);
  return v;
}
Value Make(const Object& fields) {
  Value v;
  auto* out = v.mutable_struct_value()->mutable_fields();
  for (const auto& [key, value] : fields) (*out)[key] = value;
  return v;
}
Value MakeList(const std::vector<Value>& items) {
  Value v;
  for (const auto& item : items) *v.mutable_list_value()->add_values() = item;
  v.mutable_list_value();  // an empty list is still a list
  return v;
}

Maybe Field(const Value& object, const std::string& name) {
  if (!object.has_struct_value()) return std::nullopt;
  const auto& fields = object.struct_value().fields();
  auto found = fields.find(name);
  if (found == fields.end()) return std::nullopt;
  return found->second;
}

// A list's items, copied (a Maybe is often a temporary: nothing may point into it).
std::vector<Value> Items(const Maybe& value) {
  if (!value || !value->has_list_value()) return {};
  return {value->list_value().values().begin(), value->list_value().values().end()};
}

std::string Str(const Maybe& value) {
  return value && value->has_string_value() ? value->string_value() : "";
}

const std::regex kInteger("^-?[0-9]+$");

// Numbers as numbers: proto3 JSON writes int64 as a string.
Value Normalise(const Value& value) {
  if (value.has_string_value() && std::regex_match(value.string_value(), kInteger)) {
    return Number(std::stod(value.string_value()));
  }
  Value out = value;
  if (value.has_list_value()) {
    for (auto& item : *out.mutable_list_value()->mutable_values()) item = Normalise(item);
  } else if (value.has_struct_value()) {
    for (auto& [key, item] : *out.mutable_struct_value()->mutable_fields()) item = Normalise(item);
  }
  return out;
}

bool Equal(const Value& a, const Value& b) {
  if (a.kind_case() != b.kind_case()) return false;
  switch (a.kind_case()) {
    case Value::kNumberValue: return a.number_value() == b.number_value();
    case Value::kStringValue: return a.string_value() == b.string_value();
    case Value::kBoolValue: return a.bool_value() == b.bool_value();
    case Value::kListValue: {
      const auto &x = a.list_value().values(), &y = b.list_value().values();
      if (x.size() != y.size()) return false;
      for (int i = 0; i < x.size(); ++i) if (!Equal(x[i], y[i])) return false;
      return true;
    }
    case Value::kStructValue: {
      const auto &x = a.struct_value().fields(), &y = b.struct_value().fields();
      if (x.size() != y.size()) return false;
      for (const auto& [key, item] : x) {
        auto other = y.find(key);
        if (other == y.end() || !Equal(item, other->second)) return false;
      }
      return true;
    }
    default: return true;  // null
  }
}

bool IsDefault(const Maybe& value) {
  if (!value) return true;
  switch (value->kind_case()) {
    case Value::kNumberValue: return value->number_value() == 0;
    case Value::kBoolValue: return !value->bool_value();
    case Value::kStringValue: {
      const std::string& s = value->string_value();
      return s.empty() || s == "0" ||
             (s.size() > 12 && s.compare(s.size() - 12, 12, "_UNSPECIFIED") == 0);
    }
    case Value::kListValue: return value->list_value().values_size() == 0;
    case Value::kStructValue: return value->struct_value().fields_size() == 0;
    default: return true;
  }
}

bool Same(const Maybe& actual, const Value& expected) {
  if (!actual) return IsDefault(expected);
  return Equal(Normalise(*actual), Normalise(expected));
}

std::string Shown(const Maybe& value) { return value ? Json(*value) : "absent"; }

// A path: `view.seats[1].joined`, `events.length`, `$`.
Maybe GetPath(const Value& answer, const std::string& path) {
  if (path == "$") return answer;
  std::vector<std::string> parts;
  std::stringstream split(path);
  for (std::string part; std::getline(split, part, '.');) parts.push_back(part);
  Maybe value = answer;
  static const std::regex kPart("([A-Za-z_][A-Za-z0-9_]*)|\\[([0-9]+)\\]");
  for (size_t i = 0; i < parts.size(); ++i) {
    if (parts[i] == "length" && i + 1 == parts.size()) {
      if (!value) return Number(0);  // an absent list is an empty one
      if (value->has_list_value()) return Number(value->list_value().values_size());
      return std::nullopt;
    }
    for (std::sregex_iterator m(parts[i].begin(), parts[i].end(), kPart), end; m != end; ++m) {
      if (!value) return std::nullopt;
      if ((*m)[1].matched) {
        value = Field(*value, (*m)[1].str());
      } else {
        size_t index = std::stoul((*m)[2].str());
        if (!value->has_list_value() || index >= size_t(value->list_value().values_size())) {
          return std::nullopt;
        }
        Value item = value->list_value().values(int(index));  // copied out first: assigning
        value = std::move(item);  // a part of *value to *value would clear it mid-copy
      }
    }
  }
  return value;
}

const std::regex kWholeVariable("^\\$\\{(\\w+)\\}$");
const std::regex kVariable("\\$\\{(\\w+)\\}");

const Value& Lookup(const Object& vars, const std::string& name) {
  auto found = vars.find(name);
  if (found == vars.end()) Fail("variable ${", name, "} was never saved");
  return found->second;
}

Value Substitute(const Value& value, const Object& vars) {
  if (value.has_string_value()) {
    const std::string& text = value.string_value();
    std::smatch whole;
    if (std::regex_match(text, whole, kWholeVariable)) return Lookup(vars, whole[1].str());
    std::string out;
    auto last = text.cbegin();
    for (std::sregex_iterator m(text.begin(), text.end(), kVariable), end; m != end; ++m) {
      out.append(last, text.cbegin() + m->position());
      const Value& saved = Lookup(vars, (*m)[1].str());
      out += saved.has_string_value() ? saved.string_value() : Json(saved);
      last = text.cbegin() + m->position() + m->length();
    }
    out.append(last, text.cend());
    return Text(out);
  }
  Value out = value;
  if (value.has_list_value()) {
    for (auto& item : *out.mutable_list_value()->mutable_values()) item = Substitute(item, vars);
  } else if (value.has_struct_value()) {
    for (auto& [key, item] : *out.mutable_struct_value()->mutable_fields()) item = Substitute(item, vars);
  }
  return out;
}

// --- calls -----------------------------------------------------------------------------

struct Answer {
  std::string code = "OK", reason, message;
  Value body;
  std::string raw;  // the answer's bytes, re-serialised
};

using Invoker = std::function<Answer(const Value& request, const std::string& auth)>;

template <typename Stub, typename Request, typename Response>
Invoker Bind(Stub* stub, grpc::Status (Stub::*method)(grpc::ClientContext*, const Request&, Response*)) {
  return [stub, method](const Value& json, const std::string& auth) {
    Request request;
    FromValue(json, &request);
    Response response;
    grpc::ClientContext context;
    fiveup::Authorize(context, auth);
    context.set_deadline(std::chrono::system_clock::now() + kCallTimeout);
    grpc::Status status = (stub->*method)(&context, request, &response);
    Answer answer;
    if (!status.ok()) {
      fiveup::Refusal refusal = fiveup::RefusalOf(status);
      answer.code = fiveup::CodeName(refusal.code);
      answer.reason = refusal.reason;
      answer.message = refusal.message;
      return answer;
    }
    answer.body = ToValue(response);
    answer.raw = response.SerializeAsString();
    return answer;
  };
}

// Every unary method of the two services the cases call, through the generated stubs.
std::map<std::string, Invoker> Methods(fiveup::Client& client) {
  using P = fiveup::v1::PlayerService::Stub;
  using M = fiveup::v1::MatchService::Stub;
  P* p = client.players.get();
  M* m = client.matches.get();
  return {
      {"PlayerService.SignInAsGuest", Bind(p, &P::SignInAsGuest)},
      {"PlayerService.SignInWithIdToken", Bind(p, &P::SignInWithIdToken)},
      {"PlayerService.RefreshSession", Bind(p, &P::RefreshSession)},
      {"PlayerService.SignOut", Bind(p, &P::SignOut)},
      {"PlayerService.GetPlayer", Bind(p, &P::GetPlayer)},
      {"PlayerService.UpdatePlayer", Bind(p, &P::UpdatePlayer)},
      {"PlayerService.LinkIdentity", Bind(p, &P::LinkIdentity)},
      {"MatchService.CreateMatch", Bind(m, &M::CreateMatch)},
      {"MatchService.JoinMatch", Bind(m, &M::JoinMatch)},
      {"MatchService.GetMatch", Bind(m, &M::GetMatch)},
      {"MatchService.ListLegalMoves", Bind(m, &M::ListLegalMoves)},
      {"MatchService.SubmitMove", Bind(m, &M::SubmitMove)},
      {"MatchService.GetMatchRecord", Bind(m, &M::GetMatchRecord)},
      {"MatchService.CancelMatch", Bind(m, &M::CancelMatch)},
      {"MatchService.SuggestMoves", Bind(m, &M::SuggestMoves)},
      {"MatchService.UndoMove", Bind(m, &M::UndoMove)},
  };
}

struct Watched {
  std::vector<Value> messages;
  std::vector<std::string> raws;
  bool ended = false;
  std::string code = "OK", reason;
};

class Runner {
 public:
  explicit Runner(fiveup::Client& client) : client_(client), methods_(Methods(client)) {}

  Answer Call(const std::string& method, const Value& request, const std::string& auth) {
    auto found = methods_.find(method);
    if (found == methods_.end()) Fail("no method ", method, " in this runner");
    return found->second(request, auth);
  }

  Value Ok(const std::string& method, const Value& request, const std::string& auth) {
    Answer answer = Call(method, request, auth);
    if (answer.code != "OK") Fail(method, ": ", answer.code, " ", answer.reason, ": ", answer.message);
    return answer.body;
  }

  Value View(const std::string& match, const std::string& auth) {
    return Field(Ok("MatchService.GetMatch", Make({{"matchId", Text(match)}}), auth), "view")
        .value_or(Value());
  }

  Watched Watch(const Value& request, const std::string& auth, int take) {
    fiveup::v1::WatchMatchRequest in;
    FromValue(request, &in);
    grpc::ClientContext context;
    fiveup::Authorize(context, auth);
    context.set_deadline(std::chrono::system_clock::now() + kWatchDeadline);
    auto reader = client_.matches->WatchMatch(&context, in);
    Watched seen;
    fiveup::v1::WatchMatchResponse message;
    while ((take < 0 || int(seen.messages.size()) < take) && reader->Read(&message)) {
      seen.raws.push_back(message.SerializeAsString());
      seen.messages.push_back(ToValue(message));
    }
    if (take >= 0 && int(seen.messages.size()) >= take) {
      context.TryCancel();  // drop the stream: the client goes away mid-match
      reader->Finish();
      return seen;
    }
    grpc::Status status = reader->Finish();
    if (status.ok()) {
      seen.ended = true;
    } else if (status.error_code() != grpc::StatusCode::DEADLINE_EXCEEDED) {
      seen.code = fiveup::CodeName(status.error_code());
      seen.reason = fiveup::RefusalOf(status).reason;
    }
    return seen;
  }

  Value Turn(const Value& step) {
    const std::vector<Value> tokens = Items(Field(step, "tokens"));
    Maybe seat = Field(View(Str(Field(step, "match")), ""), "turnSeat");
    if (!seat) Fail("nobody is to move (view.turnSeat unset)");
    int n = int(Normalise(*seat).number_value());
    return Make({{"seat", Number(n)}, {"token", tokens[n]}, {"other", tokens[(n + 1) % tokens.size()]}});
  }

  Value PlayToEnd(const Value& step, const std::string& run) {
    const std::string match = Str(Field(step, "match"));
    const std::vector<Value> tokens = Items(Field(step, "tokens"));
    Maybe limit = Field(step, "maxMoves");
    int max_moves = limit ? int(Normalise(*limit).number_value()) : 2000;
    int moves = 0;
    while (true) {
      Value view = View(match, "");
      if (Str(Field(view, "status")) != "MATCH_STATUS_IN_PROGRESS") {
        return Make({{"moves", Number(moves)}, {"view", view}});
      }
      if (moves >= max_moves) Fail("no end after ", moves, " moves");
      int seat = int(Normalise(Field(view, "turnSeat").value_or(Number(0))).number_value());
      const std::string token = tokens[seat].string_value();
      Value legal = Ok("MatchService.ListLegalMoves", Make({{"matchId", Text(match)}}), token);
      Maybe listed = Field(legal, "moves");
      if (!listed || listed->list_value().values_size() == 0) {
        Fail("seat ", seat, " is to move but has no legal move");
      }
      double expected = Normalise(Field(legal, "version").value_or(Number(0))).number_value();
      ++counter_;
      Value done = Ok("MatchService.SubmitMove",
                      Make({{"matchId", Text(match)},
                            {"move", listed->list_value().values(0)},
                            {"expectedVersion", Number(expected)},
                            {"requestId", Text("conformance-" + run + "-" + std::to_string(counter_))}}),
                      token);
      double after = Normalise(Field(done, "version").value_or(Number(0))).number_value();
      if (after <= expected) Fail("SubmitMove answered version ", after, " <= ", expected);
      ++moves;
    }
  }

  Value WatchStep(const Value& step) {
    double after = Normalise(Field(step, "afterVersion").value_or(Number(0))).number_value();
    Maybe take_value = Field(step, "take");
    int take = take_value ? int(Normalise(*take_value).number_value()) : -1;
    Watched seen = Watch(Make({{"matchId", Field(step, "match").value_or(Value())},
                               {"afterVersion", Number(after)}}),
                         Str(Field(step, "auth")), take);
    if (seen.code != "OK") Fail("WatchMatch ended with ", seen.code, " ", seen.reason);
    if (take >= 0 && int(seen.messages.size()) < take) {
      Fail("WatchMatch gave ", seen.messages.size(), " events, ", take, " wanted");
    }
    if (take < 0 && !seen.ended) Fail("WatchMatch did not end within the deadline");
    std::vector<Value> events;
    std::vector<double> versions;
    for (const Value& message : seen.messages) {
      Maybe event = Field(message, "event");
      if (!event) Fail("WatchMatch sent ", Json(message), " instead of an event");
      events.push_back(*event);
      versions.push_back(Normalise(Field(*event, "version").value_or(Number(0))).number_value());
    }
    for (size_t i = 0; i < versions.size(); ++i) {
      if (versions[i] != after + 1 + double(i)) {
        std::ostringstream got;
        for (double v : versions) got << (got.tellp() ? ", " : "") << v;
        Fail("versions ", after + 1, ".. expected, got ", got.str());
      }
    }
    Object result{{"count", Number(events.size())}, {"events", MakeList(events)}, {"ended", Bool(seen.ended)}};
    if (!versions.empty()) {
      result["firstVersion"] = Number(versions.front());
      result["lastVersion"] = Number(versions.back());
    }
    return Make(result);
  }

  // Whether raw carries hand the way a leaked deal (Hand) or view (MatchView.hand) would.
  static bool Leaks(const Value& hand, const std::string& raw) {
    fiveup::v1::Hand as_hand;
    fiveup::v1::MatchView as_view;
    for (const Value& tile : hand.list_value().values()) {
      FromValue(tile, as_hand.add_tiles());
      FromValue(tile, as_view.add_hand());
    }
    return raw.find(as_hand.SerializeAsString()) != std::string::npos ||
           raw.find(as_view.SerializeAsString()) != std::string::npos;
  }

  Value HiddenHands(const Value& step) {
    const std::string match = Str(Field(step, "match"));
    std::vector<Value> hands;
    int seat = 0;
    for (const Value& token : Items(Field(step, "tokens"))) {
      Maybe hand = Field(View(match, token.string_value()), "hand");
      if (IsDefault(hand)) Fail("seat ", seat, " sees no hand of its own");
      hands.push_back(*hand);
      ++seat;
    }
    Answer spectator = Call("MatchService.GetMatch", Make({{"matchId", Text(match)}}), "");
    if (spectator.code != "OK") Fail("spectator GetMatch: ", spectator.code, " ", spectator.reason);
    Value view = Field(spectator.body, "view").value_or(Value());
    for (const char* name : {"hand", "legalMoves", "mustPlay", "viewerSeat"}) {
      if (Maybe found = Field(view, name)) Fail("the spectator's view has ", name, ": ", Json(*found));
    }
    int take = int(Normalise(Field(view, "version").value_or(Number(0))).number_value());
    Watched seen = Watch(Make({{"matchId", Text(match)}, {"afterVersion", Number(0)}}), "", take);
    if (int(seen.messages.size()) < take) {
      Fail("the spectator's stream gave ", seen.messages.size(), " of ", take, " events");
    }
    for (const Value& message : seen.messages) {
      Maybe dealt = GetPath(message, "event.roundDealt.hands");
      if (!dealt || !dealt->has_list_value()) continue;
      for (const Value& hand : dealt->list_value().values()) {
        Maybe tiles = Field(hand, "tiles");
        if (!IsDefault(tiles)) Fail("the spectator was dealt ", Json(*tiles));
      }
    }
    std::vector<std::string> raws{spectator.raw};
    raws.insert(raws.end(), seen.raws.begin(), seen.raws.end());
    int tiles = 0;
    for (size_t s = 0; s < hands.size(); ++s) {
      tiles += hands[s].list_value().values_size();
      for (const std::string& raw : raws) {
        if (Leaks(hands[s], raw)) Fail("seat ", s, "'s hidden tiles are in a spectator's bytes");
      }
    }
    return Make({{"hiddenTiles", Number(tiles)}, {"spectatorAnswers", Number(raws.size())}});
  }

  static void Check(const Value& expect, const std::string& code, const std::string& reason,
                    const std::string& message, const Value& answer, const Object& vars) {
    std::string wanted = Str(Field(expect, "code"));
    if (wanted.empty()) wanted = "OK";
    if (code != wanted) {
      if (code != "OK") Fail("code ", code, " (", reason, ": ", message, "), expected ", wanted);
      Fail("code ", code, ", expected ", wanted);
    }
    if (code != "OK") {
      Maybe want = Field(expect, "reason");
      if (want && reason != want->string_value()) {
        Fail("reason ", reason.empty() ? "(none)" : reason, ", expected ", want->string_value());
      }
      if (reason.empty()) Fail(code, " carries no ErrorInfo reason");
      return;
    }
    if (Maybe fields = Field(expect, "fields")) {
      for (const auto& [path, value] : fields->struct_value().fields()) {
        Maybe actual = GetPath(answer, path);
        if (!Same(actual, value)) Fail(path, " is ", Shown(actual), ", expected ", Json(value));
      }
    }
    if (Maybe present = Field(expect, "present")) {
      for (const Value& path : Items(present)) {
        Maybe actual = GetPath(answer, path.string_value());
        bool empty = !actual || actual->has_null_value() ||
                     (actual->has_string_value() && actual->string_value().empty()) ||
                     (actual->has_list_value() && actual->list_value().values_size() == 0) ||
                     (actual->has_struct_value() && actual->struct_value().fields_size() == 0);
        if (empty) Fail(path.string_value(), " is not set");
      }
    }
    if (Maybe name = Field(expect, "same_as")) {
      const Value& first = Lookup(vars, name->string_value());
      if (!Equal(Normalise(first), Normalise(answer))) {
        Fail("answer differs from ", name->string_value(), ": ", Json(answer), " != ", Json(first));
      }
    }
  }

  void Step(const Value& step, Object& vars, const std::string& run) {
    Value bare = step;
    bare.mutable_struct_value()->mutable_fields()->erase("expect");
    bare.mutable_struct_value()->mutable_fields()->erase("save");
    Value expanded = Substitute(bare, vars);
    Value expect = Substitute(Field(step, "expect").value_or(Make({})), vars);
    Value result;
    if (Maybe call = Field(expanded, "call")) {
      Answer answer = Call(call->string_value(), Field(expanded, "request").value_or(Make({})),
                           Str(Field(expanded, "auth")));
      Check(expect, answer.code, answer.reason, answer.message, answer.body, vars);
      result = answer.body;
    } else {
      const std::string procedure = Str(Field(expanded, "do"));
      if (procedure == "turn") result = Turn(expanded);
      else if (procedure == "play_to_end") result = PlayToEnd(expanded, run);
      else if (procedure == "watch") result = WatchStep(expanded);
      else if (procedure == "hidden_hands") result = HiddenHands(expanded);
      else Fail("unknown procedure '", procedure, "'");
      Check(expect, "OK", "", "", result, vars);
    }
    if (Maybe saves = Field(step, "save")) {
      for (const auto& [name, path] : saves->struct_value().fields()) {
        Maybe value = GetPath(result, path.string_value());
        if (!value) Fail("nothing at ", path.string_value(), " to save as ", name);
        vars[name] = *value;
      }
    }
  }

  // Empty when the case passed, else why it failed.
  std::string Case(const Value& c) {
    std::random_device device;
    char run[13];
    std::snprintf(run, sizeof run, "%06x%06x", device() & 0xffffff, device() & 0xffffff);
    Object vars{{"run", Text(run)}};
    int number = 0;
    for (const Value& step : Items(Field(c, "steps"))) {
      ++number;
      std::string what = Str(Field(step, "call"));
      if (what.empty()) what = Str(Field(step, "do"));
      try {
        Step(step, vars, run);
      } catch (const Failed& failed) {
        return "step " + std::to_string(number) + " (" + what + "): " + failed.why;
      } catch (const std::exception& error) {
        return "step " + std::to_string(number) + " (" + what + "): " + error.what();
      }
    }
    return "";
  }

 private:
  fiveup::Client& client_;
  std::map<std::string, Invoker> methods_;
  int counter_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: fiveup-cpp-conformance CASES HOST:PORT [CASE_NAME...]\n";
    return 2;
  }
  std::ifstream file(argv[1]);
  if (!file) {
    std::cerr << "fiveup-cpp-conformance: cannot read " << argv[1] << "\n";
    return 2;
  }
  std::stringstream text;
  text << file.rdbuf();
  Value suite;
  try {
    suite = ParseJson(text.str());
  } catch (const Failed& failed) {
    std::cerr << "fiveup-cpp-conformance: " << argv[1] << ": " << failed.why << "\n";
    return 2;
  }
  Maybe format = Field(suite, "format");
  if (!format || format->number_value() != kFormat) {
    std::cerr << "fiveup-cpp-conformance: " << argv[1] << ": format " << Shown(format)
              << ", this runner reads " << kFormat << "\n";
    return 2;
  }
  std::set<std::string> only(argv + 3, argv + argc);
  fiveup::Client client(argv[2]);
  Runner runner(client);
  int passed = 0, failed = 0;
  for (const Value& c : Items(Field(suite, "cases"))) {
    const std::string name = Str(Field(c, "name"));
    if (!only.empty() && !only.count(name)) continue;
    auto started = std::chrono::steady_clock::now();
    std::string why = runner.Case(c);
    if (why.empty()) {
      ++passed;
      double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      std::printf("PASS %s (%.2fs)\n", name.c_str(), took);
    } else {
      ++failed;
      std::printf("FAIL %s: %s\n", name.c_str(), why.c_str());
    }
    std::fflush(stdout);
  }
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 && passed > 0 ? 0 : 1;
}
