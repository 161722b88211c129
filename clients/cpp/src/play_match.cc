// Plays one seat of a match to its end.  Its turns come from the stream (each step's last
// event carries `turn`); on its turn it lists its legal moves (ListLegalMoves with
// min_version, so the answer is at least as new as the stream) and submits the one scoring
// most, with expected_version and a fresh request_id.  After drop_after events it drops the
// stream and resumes it with after_version; every event's version must follow the one
// before (no gap, no duplicate) across both streams.
//
// One thread does it all: the stream is read (a blocking Read) only when it is not this
// seat's turn, and HTTP/2 holds the events that arrive meanwhile.
#include <memory>

#include "fiveup_client.h"

namespace fiveup {
namespace {

class Watch {
 public:
  Watch(Client& client, const std::string& match_id, const std::string& token, int64_t after) {
    Authorize(context_, token);
    v1::WatchMatchRequest request;
    request.set_match_id(match_id);
    request.set_after_version(after);
    reader_ = client.matches->WatchMatch(&context_, request);
  }
  ~Watch() {
    context_.TryCancel();
    reader_->Finish();  // a cancelled stream finishes at once
  }

  // The next event; throws when the stream ends or asks for a resync.
  v1::MatchEvent Next() {
    v1::WatchMatchResponse message;
    if (!reader_->Read(&message)) {
      grpc::Status status = reader_->Finish();
      finished_ = true;
      throw CallError("WatchMatch ended before the match did", status);
    }
    if (message.has_resync()) {
      throw std::runtime_error("resync required at version " +
                               std::to_string(message.resync().version()));
    }
    return message.event();
  }

 private:
  grpc::ClientContext context_;
  std::unique_ptr<grpc::ClientReader<v1::WatchMatchResponse>> reader_;
  bool finished_ = false;
};

}  // namespace

Played Play(Client& client, const std::string& match_id, uint32_t seat, const std::string& token,
            int drop_after) {
  Played played;
  int64_t last = 0;      // the newest version seen
  int64_t act_from = 0;  // act on turns announced at this version or later
  int64_t turn = -1;
  bool ended = false;
  auto watch = std::make_unique<Watch>(client, match_id, token, 0);
  while (!ended) {
    if (!(turn == seat && last >= act_from)) {
      v1::MatchEvent event = watch->Next();
      if (event.version() != last + 1) {
        throw std::runtime_error("stream went from version " + std::to_string(last) + " to " +
                                 std::to_string(event.version()));
      }
      last = event.version();
      played.events++;
      if (event.has_turn()) {
        turn = event.turn().seat();
      } else if (event.has_round_ended()) {
        turn = -1;  // nobody moves until the next deal announces a turn
      }
      ended = event.has_match_ended() || event.has_match_cancelled();
      if (played.events == drop_after && played.resumed_at == 0) {
        watch.reset();  // cancels the first stream
        played.resumed_at = last;
        watch = std::make_unique<Watch>(client, match_id, token, last);
      }
      continue;
    }
    v1::ListLegalMovesRequest list_request;
    list_request.set_match_id(match_id);
    list_request.set_min_version(last);
    auto listed = Unary<v1::ListLegalMovesResponse>(
        "ListLegalMoves", token, list_request,
        [&](auto* c, auto& rq, auto* rs) { return client.matches->ListLegalMoves(c, rq, rs); });
    if (listed.moves_size() == 0) {
      act_from = last + 1;  // the turn has moved on: wait for the stream to say so
      continue;
    }
    v1::SubmitMoveRequest submit;
    submit.set_match_id(match_id);
    *submit.mutable_move() = BestMove(listed.moves());
    submit.set_expected_version(listed.version());
    submit.set_request_id(NewRequestId());
    v1::SubmitMoveResponse answer;
    grpc::ClientContext context;
    Authorize(context, token);
    grpc::Status status = client.matches->SubmitMove(&context, submit, &answer);
    if (!status.ok()) {
      Refusal refusal = RefusalOf(status);
      if (refusal.code != grpc::StatusCode::ABORTED && refusal.reason != "NOT_YOUR_TURN") {
        throw CallError("SubmitMove", status);
      }
      act_from = last + 1;  // someone moved first: wait for the stream
      continue;
    }
    played.moves++;
    act_from = answer.version();  // the turn the stream announces after our move
  }
  watch.reset();
  v1::GetMatchRequest get;
  get.set_match_id(match_id);
  get.set_min_version(last);
  auto final_view = Unary<v1::GetMatchResponse>(
      "GetMatch", token, get,
      [&](auto* c, auto& rq, auto* rs) { return client.matches->GetMatch(c, rq, rs); });
  played.version = final_view.view().version();
  played.status = final_view.view().status();
  if (final_view.view().has_winner_side()) played.winner_side = final_view.view().winner_side();
  return played;
}

}  // namespace fiveup
