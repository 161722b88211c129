// fiveup-cpp-first-move: sign in as a guest, start a match against a bot, make the first
// legal move, and read the reason of a refused call.
#include <chrono>
#include <iostream>
#include <string>

#include <grpcpp/grpcpp.h>

#include "fiveup/v1/match.grpc.pb.h"
#include "fiveup/v1/players.grpc.pb.h"
#include "google/rpc/error_details.pb.h"
#include "google/rpc/status.pb.h"

using namespace fiveup::v1;

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  auto channel = grpc::CreateChannel(argv[1], grpc::InsecureChannelCredentials());
  auto players = PlayerService::NewStub(channel);
  auto matches = MatchService::NewStub(channel);
  std::string access;
  auto call = [&](grpc::ClientContext& context) {  // a ClientContext serves one call
    if (!access.empty()) context.AddMetadata("authorization", "Bearer " + access);
    return &context;
  };

  SignInAsGuestRequest sign_in;
  sign_in.set_device_id("first-move-" + std::to_string(std::chrono::system_clock::now().time_since_epoch().count()));
  SignInAsGuestResponse signed_in;
  grpc::ClientContext c1;
  if (!players->SignInAsGuest(call(c1), sign_in, &signed_in).ok()) return 1;
  access = signed_in.session().access_token();

  CreateMatchRequest create;
  create.add_seats()->set_kind(SEAT_KIND_HUMAN);
  create.add_seats()->set_kind(SEAT_KIND_BOT);
  create.mutable_seats(1)->set_bot(BOT_KIND_GREEDY);
  CreateMatchResponse created;
  grpc::ClientContext c2;
  if (!matches->CreateMatch(call(c2), create, &created).ok()) return 1;
  JoinMatchRequest join;
  join.set_match_id(created.match_id());
  JoinMatchResponse joined;
  grpc::ClientContext c3;
  if (!matches->JoinMatch(call(c3), join, &joined).ok()) return 1;

  ListLegalMovesRequest list;
  list.set_match_id(created.match_id());
  ListLegalMovesResponse listed;
  while (listed.moves_size() == 0) {  // the bot may lead: wait until there is a legal move
    grpc::ClientContext c4;
    if (!matches->ListLegalMoves(call(c4), list, &listed).ok()) return 1;
  }
  SubmitMoveRequest move;
  move.set_match_id(created.match_id());
  *move.mutable_move() = listed.moves(0);
  move.set_expected_version(listed.version());
  move.set_request_id("first-move");
  SubmitMoveResponse moved;
  grpc::ClientContext c5;
  if (!matches->SubmitMove(call(c5), move, &moved).ok()) return 1;
  std::cout << "moved; the match is at version " << moved.version() << "\n";

  move.set_request_id("second-move");  // the same move again: the match has moved on
  grpc::ClientContext c6;
  grpc::Status refused = matches->SubmitMove(call(c6), move, &moved);
  google::rpc::Status details;
  details.ParseFromString(refused.error_details());  // the grpc-status-details-bin trailer
  for (const auto& detail : details.details()) {
    google::rpc::ErrorInfo info;
    if (detail.UnpackTo(&info)) std::cout << "refused: " << refused.error_code() << " " << info.reason() << "\n";
  }
}
