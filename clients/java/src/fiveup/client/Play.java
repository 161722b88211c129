package fiveup.client;

import com.google.protobuf.GeneratedMessageLite;
import fiveup.v1.Match.CreateMatchRequest;
import fiveup.v1.Match.CreateMatchResponse;
import fiveup.v1.Match.BotKind;
import fiveup.v1.Match.DrawMove;
import fiveup.v1.Match.JoinMatchRequest;
import fiveup.v1.Match.JoinMatchResponse;
import fiveup.v1.Match.Move;
import fiveup.v1.Match.SeatKind;
import fiveup.v1.Match.SeatSpec;
import fiveup.v1.Match.SubmitMoveRequest;
import fiveup.v1.Players.GetPlayerRequest;
import fiveup.v1.Players.SignInAsGuestRequest;
import fiveup.v1.Players.SignInAsGuestResponse;
import io.grpc.StatusRuntimeException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The whole story of an Android-style client in one run: sign in as a guest, create a match
 * against a bot, join it with the access token, play it to its end from the server's legal
 * moves while following WatchMatch (dropped once and resumed with after_version), then read
 * the reasons of two refused calls. Prints one JSON line (the tests read it).
 *
 * <pre>fiveup-java-play [--server 127.0.0.1:50051] [--target 61] [--drop-after 5]</pre>
 */
public final class Play {
  private Play() {}

  public static void main(String[] args) throws Exception {
    String server = "127.0.0.1:50051";
    int target = 0;
    int dropAfter = 5;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--server": server = args[++i]; break;
        case "--target": target = Integer.parseInt(args[++i]); break;
        case "--drop-after": dropAfter = Integer.parseInt(args[++i]); break;
        default:
          System.err.println("usage: fiveup-java-play [--server H:P] [--target N] [--drop-after N]");
          System.exit(2);
      }
    }
    try (FiveUpClient client = new FiveUpClient(server)) {
      System.out.println(Json.object(run(client, target, dropAfter)));
    } catch (StatusRuntimeException e) {
      System.err.println("fiveup-java-play: " + Refusal.of(e) + ": " + e.getStatus().getDescription());
      System.exit(1);
    }
  }

  static Map<String, Object> run(FiveUpClient client, int target, int dropAfter)
      throws InterruptedException {
    SignInAsGuestResponse signed =
        client.players.signInAsGuest(
            SignInAsGuestRequest.newBuilder()
                .setDeviceId(FiveUpClient.newDeviceId())
                .setDisplayName("Java client")
                .build());
    String access = signed.getSession().getAccessToken();
    CreateMatchResponse created =
        FiveUpClient.withToken(client.matches, access)
            .createMatch(
                CreateMatchRequest.newBuilder()
                    .addSeats(SeatSpec.newBuilder().setKind(SeatKind.SEAT_KIND_HUMAN))
                    .addSeats(
                        SeatSpec.newBuilder()
                            .setKind(SeatKind.SEAT_KIND_BOT)
                            .setBot(BotKind.BOT_KIND_GREEDY))
                    .setTargetPoints(target)
                    .build());
    JoinMatchResponse joined =
        FiveUpClient.withToken(client.matches, access)
            .joinMatch(JoinMatchRequest.newBuilder().setMatchId(created.getMatchId()).build());
    MatchPlayer.Played played =
        new MatchPlayer(client).play(created.getMatchId(), joined.getSeat(), access, dropAfter);

    Map<String, Object> refusals = new LinkedHashMap<>();
    // A move in the finished match, and a token that is not a token: two reasons.
    try {
      FiveUpClient.withToken(client.matches, access)
          .submitMove(
              SubmitMoveRequest.newBuilder()
                  .setMatchId(created.getMatchId())
                  .setMove(Move.newBuilder().setDraw(DrawMove.getDefaultInstance()))
                  .setExpectedVersion(played.version)
                  .setRequestId(FiveUpClient.newRequestId())
                  .build());
      refusals.put("move_after_end", "OK/");
    } catch (StatusRuntimeException e) {
      refusals.put("move_after_end", Refusal.of(e).toString());
    }
    try {
      FiveUpClient.withToken(client.players, "not-a-token")
          .getPlayer(GetPlayerRequest.getDefaultInstance());
      refusals.put("bad_token", "OK/");
    } catch (StatusRuntimeException e) {
      refusals.put("bad_token", Refusal.of(e).toString());
    }

    Map<String, Object> out = new LinkedHashMap<>();
    out.put("player_id", signed.getSession().getPlayer().getPlayerId());
    out.put("match_id", created.getMatchId());
    out.put("seat", joined.getSeat());
    out.put("moves", played.moves);
    out.put("events", played.events);
    out.put("resumed_at", played.resumedAt);
    out.put("version", played.version);
    out.put("status", played.status.name());
    out.put("winner_side", played.winnerSide);
    out.put("refusals", refusals);
    out.put("protobuf_runtime", protobufRuntime());
    return out;
  }

  /**
   * "lite" when the generated messages are lite ones and the full runtime is absent from
   * the class path (as in an Android app that depends on protobuf-javalite only).
   */
  static String protobufRuntime() {
    boolean liteMessages = GeneratedMessageLite.class.isAssignableFrom(CreateMatchRequest.class);
    boolean fullRuntime;
    try {
      Class.forName("com.google.protobuf.GeneratedMessageV3");
      fullRuntime = true;
    } catch (ClassNotFoundException e) {
      fullRuntime = false;
    }
    return liteMessages && !fullRuntime ? "lite" : (liteMessages ? "lite+full" : "full");
  }
}
