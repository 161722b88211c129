// fiveup-cpp-play: the whole story of a C++ (Unreal-style) client in one run: sign in as a
// guest, create a match against a bot, join it with the access token, play it to its end
// from the server's legal moves while following WatchMatch (dropped once and resumed with
// after_version), then read the reasons of two refused calls.  Prints one JSON line.
//
//   fiveup-cpp-play [--server 127.0.0.1:50051] [--target 61] [--drop-after 5]
#include <iostream>
#include <sstream>
#include <string>

#include "fiveup_client.h"

using fiveup::Authorize;
using fiveup::CallError;
using fiveup::RefusalOf;

namespace {

template <typename Request, typename Response, typename Call>
std::string RefusalText(const std::string& token, const Request& request, Call call) {
  grpc::ClientContext context;
  Authorize(context, token);
  Response response;
  return RefusalOf(call(&context, request, &response)).str();
}

std::string Quote(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

}  // namespace

int main(int argc, char** argv) {
  std::string server = "127.0.0.1:50051";
  int target = 0, drop_after = 5;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--server" && i + 1 < argc) server = argv[++i];
    else if (arg == "--target" && i + 1 < argc) target = std::stoi(argv[++i]);
    else if (arg == "--drop-after" && i + 1 < argc) drop_after = std::stoi(argv[++i]);
    else {
      std::cerr << "usage: fiveup-cpp-play [--server H:P] [--target N] [--drop-after N]\n";
      return 2;
    }
  }
  try {
    fiveup::Client client(server);
    auto* players = client.players.get();
    auto* matches = client.matches.get();
    fiveup::v1::SignInAsGuestRequest sign_in;
    sign_in.set_device_id(fiveup::NewDeviceId());
    sign_in.set_display_name("C++ client");
    auto signed_in = fiveup::Unary<fiveup::v1::SignInAsGuestResponse>(
        "SignInAsGuest", "", sign_in,
        [&](auto* c, auto& rq, auto* rs) { return players->SignInAsGuest(c, rq, rs); });
    const std::string access = signed_in.session().access_token();

    fiveup::v1::CreateMatchRequest create;
    create.add_seats()->set_kind(fiveup::v1::SEAT_KIND_HUMAN);
    auto* bot = create.add_seats();
    bot->set_kind(fiveup::v1::SEAT_KIND_BOT);
    bot->set_bot(fiveup::v1::BOT_KIND_GREEDY);
    create.set_target_points(target);
    auto created = fiveup::Unary<fiveup::v1::CreateMatchResponse>(
        "CreateMatch", access, create,
        [&](auto* c, auto& rq, auto* rs) { return matches->CreateMatch(c, rq, rs); });
    fiveup::v1::JoinMatchRequest join;
    join.set_match_id(created.match_id());
    auto joined = fiveup::Unary<fiveup::v1::JoinMatchResponse>(
        "JoinMatch", access, join,
        [&](auto* c, auto& rq, auto* rs) { return matches->JoinMatch(c, rq, rs); });

    fiveup::Played played = fiveup::Play(client, created.match_id(), joined.seat(), access, drop_after);

    // A move in the finished match, and a token that is not a token: two reasons.
    fiveup::v1::SubmitMoveRequest late;
    late.set_match_id(created.match_id());
    late.mutable_move()->mutable_draw();
    late.set_expected_version(played.version);
    late.set_request_id(fiveup::NewRequestId());
    std::string after_end = RefusalText<fiveup::v1::SubmitMoveRequest, fiveup::v1::SubmitMoveResponse>(
        access, late, [&](auto* c, auto& rq, auto* rs) { return matches->SubmitMove(c, rq, rs); });
    std::string bad_token = RefusalText<fiveup::v1::GetPlayerRequest, fiveup::v1::GetPlayerResponse>(
        "not-a-token", fiveup::v1::GetPlayerRequest(),
        [&](auto* c, auto& rq, auto* rs) { return players->GetPlayer(c, rq, rs); });

    std::ostringstream out;
    out << "{\"player_id\":" << Quote(signed_in.session().player().player_id())
        << ",\"match_id\":" << Quote(created.match_id()) << ",\"seat\":" << joined.seat()
        << ",\"moves\":" << played.moves << ",\"events\":" << played.events
        << ",\"resumed_at\":" << played.resumed_at << ",\"version\":" << played.version
        << ",\"status\":" << Quote(fiveup::v1::MatchStatus_Name(played.status))
        << ",\"winner_side\":" << played.winner_side << ",\"refusals\":{\"move_after_end\":"
        << Quote(after_end) << ",\"bad_token\":" << Quote(bad_token) << "}}";
    std::cout << out.str() << std::endl;
    return 0;
  } catch (const std::exception& error) {
    std::cerr << "fiveup-cpp-play: " << error.what() << "\n";
    return 1;
  }
}
