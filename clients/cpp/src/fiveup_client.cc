#include "fiveup_client.h"

#include <random>

#include "google/rpc/error_details.pb.h"
#include "google/rpc/status.pb.h"

namespace fiveup {

std::string CodeName(grpc::StatusCode code) {
  switch (code) {
    case grpc::StatusCode::OK: return "OK";
    case grpc::StatusCode::CANCELLED: return "CANCELLED";
    case grpc::StatusCode::UNKNOWN: return "UNKNOWN";
    case grpc::StatusCode::INVALID_ARGUMENT: return "INVALID_ARGUMENT";
    case grpc::StatusCode::DEADLINE_EXCEEDED: return "DEADLINE_EXCEEDED";
    case grpc::StatusCode::NOT_FOUND: return "NOT_FOUND";
    case grpc::StatusCode::ALREADY_EXISTS: return "ALREADY_EXISTS";
    case grpc::StatusCode::PERMISSION_DENIED: return "PERMISSION_DENIED";
    case grpc::StatusCode::RESOURCE_EXHAUSTED: return "RESOURCE_EXHAUSTED";
    case grpc::StatusCode::FAILED_PRECONDITION: return "FAILED_PRECONDITION";
    case grpc::StatusCode::ABORTED: return "ABORTED";
    case grpc::StatusCode::OUT_OF_RANGE: return "OUT_OF_RANGE";
    case grpc::StatusCode::UNIMPLEMENTED: return "UNIMPLEMENTED";
    case grpc::StatusCode::INTERNAL: return "INTERNAL";
    case grpc::StatusCode::UNAVAILABLE: return "UNAVAILABLE";
    case grpc::StatusCode::DATA_LOSS: return "DATA_LOSS";
    case grpc::StatusCode::UNAUTHENTICATED: return "UNAUTHENTICATED";
    default: return "CODE_" + std::to_string(static_cast<int>(code));
  }
}

std::string Refusal::str() const { return CodeName(code) + "/" + reason; }

Refusal RefusalOf(const grpc::Status& status) {
  Refusal refusal;
  refusal.code = status.error_code();
  refusal.message = status.error_message();
  google::rpc::Status details;
  if (status.error_details().empty() || !details.ParseFromString(status.error_details())) {
    return refusal;
  }
  for (const google::protobuf::Any& detail : details.details()) {
    google::rpc::ErrorInfo info;
    if (detail.Is<google::rpc::ErrorInfo>() && detail.UnpackTo(&info)) {
      refusal.reason = info.reason();
      refusal.domain = info.domain();
      refusal.metadata.insert(info.metadata().begin(), info.metadata().end());
      break;
    }
  }
  return refusal;
}

CallError::CallError(const std::string& call, const grpc::Status& status)
    : std::runtime_error(call + ": " + RefusalOf(status).str() + ": " + status.error_message()),
      refusal(RefusalOf(status)) {}

Client::Client(const std::string& target)
    : channel(grpc::CreateChannel(target, grpc::InsecureChannelCredentials())),
      players(v1::PlayerService::NewStub(channel)),
      matches(v1::MatchService::NewStub(channel)),
      lobby(v1::LobbyService::NewStub(channel)),
      rules(v1::RulesService::NewStub(channel)) {}

void Authorize(grpc::ClientContext& context, const std::string& token) {
  if (!token.empty()) context.AddMetadata("authorization", "Bearer " + token);
}

namespace {
std::string RandomText(size_t length) {
  static const char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::random_device device;  // the OS's secure source
  std::string out;
  for (size_t i = 0; i < length; ++i) out += kAlphabet[device() % 64];
  return out;
}
}  // namespace

std::string NewDeviceId() { return RandomText(32); }
std::string NewRequestId() { return "cpp-" + RandomText(16); }

const v1::Move& BestMove(const google::protobuf::RepeatedPtrField<v1::Move>& moves) {
  const v1::Move* best = &moves.Get(0);
  for (const v1::Move& move : moves) {
    if (move.place().points() > best->place().points()) best = &move;
  }
  return *best;
}

}  // namespace fiveup
