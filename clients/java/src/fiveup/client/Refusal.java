package fiveup.client;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.rpc.ErrorInfo;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.protobuf.lite.ProtoLiteUtils;
import java.util.Collections;
import java.util.Map;

/**
 * What a refused call says, in the parts a program branches on: the status code and the
 * machine-readable reason of the {@code google.rpc.ErrorInfo} the server sends in the
 * {@code grpc-status-details-bin} trailer.
 *
 * <p>With protobuf-lite there is no {@code io.grpc.protobuf.StatusProto} (it lives in
 * grpc-protobuf, on the full runtime) and no {@code Any.unpack} (it needs descriptors): the
 * trailer is read with a lite marshaller of {@code google.rpc.Status} and each detail is
 * matched on its type URL and parsed by hand.
 */
public final class Refusal {
  static final Metadata.Key<com.google.rpc.Status> STATUS_DETAILS =
      Metadata.Key.of(
          "grpc-status-details-bin",
          ProtoLiteUtils.metadataMarshaller(com.google.rpc.Status.getDefaultInstance()));
  static final String ERROR_INFO_TYPE = "type.googleapis.com/google.rpc.ErrorInfo";

  public final Status.Code code;
  public final String reason; // "" when the error carries no ErrorInfo
  public final Map<String, String> metadata;
  public final String message; // for people, not for branching

  private Refusal(Status.Code code, String reason, Map<String, String> metadata, String message) {
    this.code = code;
    this.reason = reason;
    this.metadata = metadata;
    this.message = message;
  }

  /** The refusal a call's exception carries (StatusRuntimeException, or anything else). */
  public static Refusal of(Throwable error) {
    Status status = Status.fromThrowable(error);
    Metadata trailers = Status.trailersFromThrowable(error);
    com.google.rpc.Status details = trailers == null ? null : trailers.get(STATUS_DETAILS);
    if (details != null) {
      for (Any detail : details.getDetailsList()) {
        if (ERROR_INFO_TYPE.equals(detail.getTypeUrl())) {
          try {
            ErrorInfo info = ErrorInfo.parseFrom(detail.getValue());
            return new Refusal(
                status.getCode(), info.getReason(), info.getMetadataMap(), status.getDescription());
          } catch (InvalidProtocolBufferException e) {
            break; // a detail that does not parse: read as no reason
          }
        }
      }
    }
    return new Refusal(status.getCode(), "", Collections.emptyMap(), status.getDescription());
  }

  /** "CODE/REASON", e.g. "FAILED_PRECONDITION/MATCH_FINISHED". */
  @Override
  public String toString() {
    return code.name() + "/" + reason;
  }
}
