// A Five Up client on grpc++ (the C++ stack an Unreal Engine game links): one channel with
// the generated stubs, bearer tokens as call metadata, the machine-readable reason of a
// refused call, and a seat played to the end while following the match's event stream.
//
// The stubs are generated at build time from protos/ by protoc and grpc_cpp_plugin, run by
// CMake (clients/cpp/CMakeLists.txt); nothing generated is kept in the repository.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>

#include <grpcpp/grpcpp.h>

#include "fiveup/v1/lobby.grpc.pb.h"
#include "fiveup/v1/match.grpc.pb.h"
#include "fiveup/v1/players.grpc.pb.h"
#include "fiveup/v1/rules.grpc.pb.h"

namespace fiveup {

// What a refused call says, in the parts a program branches on.
struct Refusal {
  grpc::StatusCode code = grpc::StatusCode::OK;
  std::string reason;  // ErrorInfo.reason ("" when the error carries none)
  std::string domain;  // ErrorInfo.domain
  std::map<std::string, std::string> metadata;  // ErrorInfo.metadata
  std::string message;  // for people, not for branching

  // "CODE/REASON", e.g. "FAILED_PRECONDITION/MATCH_FINISHED".
  std::string str() const;
};

// The code and the ErrorInfo of a finished call's status.  grpc++ hands over the
// grpc-status-details-bin trailer as bytes (Status::error_details()); they parse as a
// google.rpc.Status whose details are Any messages.
Refusal RefusalOf(const grpc::Status& status);

// The canonical name of a status code ("NOT_FOUND"): grpc++ has none of its own.
std::string CodeName(grpc::StatusCode code);

// A failed call, as an exception carrying its refusal.
class CallError : public std::runtime_error {
 public:
  CallError(const std::string& call, const grpc::Status& status);
  Refusal refusal;
};

class Client {
 public:
  // A plaintext channel to target ("host:port"); production uses grpc::SslCredentials.
  explicit Client(const std::string& target);

  std::shared_ptr<grpc::Channel> channel;
  std::unique_ptr<v1::PlayerService::Stub> players;
  std::unique_ptr<v1::MatchService::Stub> matches;
  std::unique_ptr<v1::LobbyService::Stub> lobby;
  std::unique_ptr<v1::RulesService::Stub> rules;
};

// One unary call through a stub method (`[&](auto* c, auto& rq, auto* rs) { return
// stub->Method(c, rq, rs); }`) with the token; throws CallError when it is refused.
template <typename Response, typename Request, typename Call>
Response Unary(const char* name, const std::string& token, const Request& request, Call call);

// Sets `authorization: Bearer <token>` (an access or seat token) on a call; an empty token
// sets nothing (a spectator's call).  A ClientContext serves one call.
void Authorize(grpc::ClientContext& context, const std::string& token);

// The secret a guest signs in with, and a fresh SubmitMove request id.
std::string NewDeviceId();
std::string NewRequestId();

// The outcome of Play.
struct Played {
  int moves = 0;           // moves this client submitted
  int events = 0;          // events received over both streams
  int64_t resumed_at = 0;  // the after_version of the second stream (0: never dropped)
  int64_t version = 0;     // the match's version at its end
  v1::MatchStatus status = v1::MATCH_STATUS_UNSPECIFIED;
  int winner_side = -1;    // -1: nobody won
};

// Plays seat of match_id with token until the match ends (see play_match.cc).
Played Play(Client& client, const std::string& match_id, uint32_t seat, const std::string& token,
            int drop_after);

// The listed placement scoring most (the first among equals), else the one draw or pass.
const v1::Move& BestMove(const google::protobuf::RepeatedPtrField<v1::Move>& moves);

template <typename Response, typename Request, typename Call>
Response Unary(const char* name, const std::string& token, const Request& request, Call call) {
  grpc::ClientContext context;
  Authorize(context, token);
  Response response;
  grpc::Status status = call(&context, request, &response);
  if (!status.ok()) throw CallError(name, status);
  return response;
}

}  // namespace fiveup
