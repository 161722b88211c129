package fiveup.client;

import fiveup.v1.Match.GetMatchRequest;
import fiveup.v1.Match.ListLegalMovesRequest;
import fiveup.v1.Match.ListLegalMovesResponse;
import fiveup.v1.Match.MatchEvent;
import fiveup.v1.Match.MatchStatus;
import fiveup.v1.Match.MatchView;
import fiveup.v1.Match.Move;
import fiveup.v1.Match.SubmitMoveRequest;
import fiveup.v1.Match.SubmitMoveResponse;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.List;

/**
 * Plays one seat of a match to its end. Its turns come from the stream (each step's last
 * event carries {@code turn}); on its turn it lists its legal moves (ListLegalMoves with
 * min_version, so the answer is at least as new as the stream) and submits the one scoring
 * most, with expected_version and a fresh request_id. After {@code dropAfter} events it drops
 * the stream and resumes it with after_version; every event's version must follow the one
 * before (no gap, no duplicate) across both streams.
 */
public final class MatchPlayer {
  /** The outcome of {@link #play}. */
  public static final class Played {
    public int moves; // moves this client submitted
    public int events; // events received over both streams
    public long resumedAt; // the after_version of the second stream (0: never dropped)
    public long version; // the match's version at its end
    public MatchStatus status;
    public int winnerSide = -1; // -1: nobody won
  }

  private final FiveUpClient client;

  public MatchPlayer(FiveUpClient client) {
    this.client = client;
  }

  public Played play(String matchId, int seat, String token, int dropAfter)
      throws InterruptedException {
    Played played = new Played();
    long last = 0; // the newest version seen
    long actFrom = 0; // act on turns announced at this version or later
    int turn = -1;
    boolean ended = false;
    MatchWatch watch = new MatchWatch(client, matchId, token, 0);
    try {
      while (!ended) {
        if (!(turn == seat && last >= actFrom)) {
          MatchWatch.Item item = watch.next();
          if (item.event == null) {
            throw new IllegalStateException(
                "the stream ended before the match did", item.error);
          }
          MatchEvent event = item.event;
          if (event.getVersion() != last + 1) {
            throw new IllegalStateException(
                "stream went from version " + last + " to " + event.getVersion());
          }
          last = event.getVersion();
          played.events++;
          if (event.hasTurn()) {
            turn = event.getTurn().getSeat();
          } else if (event.hasRoundEnded()) {
            turn = -1; // nobody moves until the next deal announces a turn
          }
          ended = event.hasMatchEnded() || event.hasMatchCancelled();
          if (played.events == dropAfter && played.resumedAt == 0) {
            watch.stop();
            played.resumedAt = last;
            watch = new MatchWatch(client, matchId, token, last);
          }
          continue;
        }
        ListLegalMovesResponse listed =
            FiveUpClient.withToken(client.matches, token)
                .listLegalMoves(
                    ListLegalMovesRequest.newBuilder()
                        .setMatchId(matchId)
                        .setMinVersion(last)
                        .build());
        if (listed.getMovesCount() == 0) {
          actFrom = last + 1; // the turn has moved on: wait for the stream to say so
          continue;
        }
        try {
          SubmitMoveResponse answer =
              FiveUpClient.withToken(client.matches, token)
                  .submitMove(
                      SubmitMoveRequest.newBuilder()
                          .setMatchId(matchId)
                          .setMove(bestMove(listed.getMovesList()))
                          .setExpectedVersion(listed.getVersion())
                          .setRequestId(FiveUpClient.newRequestId())
                          .build());
          played.moves++;
          actFrom = answer.getVersion(); // the turn the stream announces after our move
        } catch (StatusRuntimeException e) {
          Refusal refusal = Refusal.of(e);
          if (refusal.code != Status.Code.ABORTED && !refusal.reason.equals("NOT_YOUR_TURN")) {
            throw e;
          }
          actFrom = last + 1; // someone moved first: wait for the stream
        }
      }
    } finally {
      watch.stop();
    }
    MatchView view =
        FiveUpClient.withToken(client.matches, token)
            .getMatch(GetMatchRequest.newBuilder().setMatchId(matchId).setMinVersion(last).build())
            .getView();
    played.version = view.getVersion();
    played.status = view.getStatus();
    if (view.hasWinnerSide()) {
      played.winnerSide = view.getWinnerSide();
    }
    return played;
  }

  /** The listed placement scoring most (the first among equals), else the one draw or pass. */
  public static Move bestMove(List<Move> moves) {
    Move best = moves.get(0);
    for (Move move : moves) {
      if (move.getPlace().getPoints() > best.getPlace().getPoints()) {
        best = move;
      }
    }
    return best;
  }
}
