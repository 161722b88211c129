package fiveup.client;

import fiveup.v1.Match.MatchEvent;
import fiveup.v1.Match.WatchMatchRequest;
import fiveup.v1.Match.WatchMatchResponse;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A match's WatchMatch stream, its events handed over in order through a queue (grpc-java
 * calls the observer on its own threads). {@link #stop} cancels the call; a new watch from
 * the last version seen resumes it.
 */
public final class MatchWatch implements AutoCloseable {
  /** What {@link #next} returns: an event, or the end of the stream (event null). */
  public static final class Item {
    public final MatchEvent event; // null at the end
    public final Throwable error; // why the stream ended, when it failed

    Item(MatchEvent event, Throwable error) {
      this.event = event;
      this.error = error;
    }
  }

  private final BlockingQueue<Item> items = new LinkedBlockingQueue<>();
  private volatile ClientCallStreamObserver<WatchMatchRequest> call;
  private volatile boolean stopped;

  /** Opens the stream for the events after {@code afterVersion} (0: the whole match). */
  public MatchWatch(FiveUpClient client, String matchId, String token, long afterVersion) {
    WatchMatchRequest request =
        WatchMatchRequest.newBuilder().setMatchId(matchId).setAfterVersion(afterVersion).build();
    FiveUpClient.withToken(client.matchStreams, token)
        .watchMatch(
            request,
            new ClientResponseObserver<WatchMatchRequest, WatchMatchResponse>() {
              @Override
              public void beforeStart(ClientCallStreamObserver<WatchMatchRequest> started) {
                call = started;
              }

              @Override
              public void onNext(WatchMatchResponse message) {
                if (message.hasResync()) {
                  items.add(new Item(null, new IllegalStateException(
                      "resync required at version " + message.getResync().getVersion())));
                  call.cancel("resync", null);
                } else {
                  items.add(new Item(message.getEvent(), null));
                }
              }

              @Override
              public void onError(Throwable error) {
                items.add(new Item(null, stopped ? null : error));
              }

              @Override
              public void onCompleted() {
                items.add(new Item(null, null));
              }
            });
  }

  /** The next event, or the end of the stream; blocks until one comes. */
  public Item next() throws InterruptedException {
    return items.take();
  }

  /** Cancels the call. */
  public void stop() {
    stopped = true;
    if (call != null) {
      call.cancel("stopped by the client", null);
    }
  }

  @Override
  public void close() {
    stop();
  }
}
