package fiveup.client;

import fiveup.v1.LobbyServiceGrpc;
import fiveup.v1.MatchServiceGrpc;
import fiveup.v1.PlayerServiceGrpc;
import fiveup.v1.RulesServiceGrpc;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Metadata;
import io.grpc.stub.AbstractStub;
import io.grpc.stub.MetadataUtils;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.concurrent.TimeUnit;

/**
 * A Five Up client on grpc-java with protobuf-lite, the stack of an Android app: one channel,
 * the generated stubs (from protos/ by protoc's {@code --java_out=lite} and
 * {@code --grpc-java_out=lite}, at build time) and bearer tokens as call metadata.
 *
 * <p>On Android the channel comes from grpc-okhttp (or grpc-android's cronet transport); here
 * from grpc-netty, the transport Debian packages. Everything above the channel is the same.
 */
public final class FiveUpClient implements AutoCloseable {
  private static final Metadata.Key<String> AUTHORIZATION =
      Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);
  private static final SecureRandom RANDOM = new SecureRandom();

  private final ManagedChannel channel;
  public final PlayerServiceGrpc.PlayerServiceBlockingStub players;
  public final MatchServiceGrpc.MatchServiceBlockingStub matches;
  public final MatchServiceGrpc.MatchServiceStub matchStreams;
  public final LobbyServiceGrpc.LobbyServiceBlockingStub lobby;
  public final RulesServiceGrpc.RulesServiceBlockingStub rules;

  /** A plaintext channel to {@code target} ("host:port"); production uses TLS (useTransportSecurity). */
  public FiveUpClient(String target) {
    channel = ManagedChannelBuilder.forTarget(target).usePlaintext().build();
    players = PlayerServiceGrpc.newBlockingStub(channel);
    matches = MatchServiceGrpc.newBlockingStub(channel);
    matchStreams = MatchServiceGrpc.newStub(channel);
    lobby = LobbyServiceGrpc.newBlockingStub(channel);
    rules = RulesServiceGrpc.newBlockingStub(channel);
  }

  /** The channel, for stubs made by name (the conformance runner's). */
  public ManagedChannel channel() {
    return channel;
  }

  /** {@code stub} sending {@code authorization: Bearer <token>} (an access or seat token). */
  public static <S extends AbstractStub<S>> S withToken(S stub, String token) {
    if (token == null || token.isEmpty()) {
      return stub; // a spectator's call
    }
    Metadata headers = new Metadata();
    headers.put(AUTHORIZATION, "Bearer " + token);
    return stub.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers));
  }

  /** The secret a guest signs in with (an app makes it once and keeps it). */
  public static String newDeviceId() {
    return randomText(24);
  }

  /** A fresh SubmitMove request id (a retry of the same move reuses the old one). */
  public static String newRequestId() {
    return "java-" + randomText(12);
  }

  private static String randomText(int bytes) {
    byte[] raw = new byte[bytes];
    RANDOM.nextBytes(raw);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
  }

  @Override
  public void close() throws InterruptedException {
    channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
  }
}
