package fiveup.client;

import com.google.protobuf.Any;
import com.google.rpc.ErrorInfo;
import fiveup.v1.Match.BotKind;
import fiveup.v1.Match.CreateMatchRequest;
import fiveup.v1.Match.CreateMatchResponse;
import fiveup.v1.Match.JoinMatchRequest;
import fiveup.v1.Match.ListLegalMovesRequest;
import fiveup.v1.Match.ListLegalMovesResponse;
import fiveup.v1.Match.SeatKind;
import fiveup.v1.Match.SeatSpec;
import fiveup.v1.Match.SubmitMoveRequest;
import fiveup.v1.MatchServiceGrpc;
import fiveup.v1.MatchServiceGrpc.MatchServiceBlockingStub;
import fiveup.v1.PlayerServiceGrpc;
import fiveup.v1.Players.SignInAsGuestRequest;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.lite.ProtoLiteUtils;
import io.grpc.stub.MetadataUtils;

/** Sign in as a guest, start a match against a bot, make the first legal move, read a refusal's reason. */
public final class FirstMove {
  static final Metadata.Key<com.google.rpc.Status> DETAILS = Metadata.Key.of(
      "grpc-status-details-bin", ProtoLiteUtils.metadataMarshaller(com.google.rpc.Status.getDefaultInstance()));

  public static void main(String[] args) throws Exception {
    ManagedChannel channel = ManagedChannelBuilder.forTarget(args[0]).usePlaintext().build();
    String access = PlayerServiceGrpc.newBlockingStub(channel)
        .signInAsGuest(SignInAsGuestRequest.newBuilder().setDeviceId("first-move-" + System.nanoTime()).build())
        .getSession().getAccessToken();
    Metadata headers = new Metadata();
    headers.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + access);
    MatchServiceBlockingStub matches = MatchServiceGrpc.newBlockingStub(channel)
        .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers));

    CreateMatchResponse created = matches.createMatch(CreateMatchRequest.newBuilder()
        .addSeats(SeatSpec.newBuilder().setKind(SeatKind.SEAT_KIND_HUMAN))
        .addSeats(SeatSpec.newBuilder().setKind(SeatKind.SEAT_KIND_BOT).setBot(BotKind.BOT_KIND_GREEDY))
        .build());
    matches.joinMatch(JoinMatchRequest.newBuilder().setMatchId(created.getMatchId()).build());
    ListLegalMovesResponse listed;
    do { // the bot may lead: wait until the list of legal moves is not empty
      listed = matches.listLegalMoves(ListLegalMovesRequest.newBuilder().setMatchId(created.getMatchId()).build());
    } while (listed.getMovesCount() == 0);
    SubmitMoveRequest.Builder move = SubmitMoveRequest.newBuilder().setMatchId(created.getMatchId())
        .setMove(listed.getMoves(0)).setExpectedVersion(listed.getVersion()).setRequestId("first-move");
    System.out.println("moved; the match is at version " + matches.submitMove(move.build()).getVersion());

    try { // the same move again with a new request id: the match has moved on
      matches.submitMove(move.setRequestId("second-move").build());
    } catch (StatusRuntimeException e) {
      for (Any detail : Status.trailersFromThrowable(e).get(DETAILS).getDetailsList()) {
        if (detail.getTypeUrl().equals("type.googleapis.com/google.rpc.ErrorInfo")) {
          System.out.println("refused: " + e.getStatus().getCode() + " " + ErrorInfo.parseFrom(detail.getValue()).getReason());
        }
      }
    }
    channel.shutdownNow();
  }
}
