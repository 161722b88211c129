// The machine-readable side of every error the server sends: a google.rpc.Status in the
// grpc-status-details-bin trailer holding an ErrorInfo (reason, domain "fiveup.v1",
// metadata) and, when rate limited, a RetryInfo.  Connect hands those details over as
// raw {type, value}; these two tiny messages are decoded here with protobuf-es's wire
// reader rather than generating all of googleapis.
import { BinaryReader, WireType } from "@bufbuild/protobuf/wire";
import { Code, ConnectError } from "@connectrpc/connect";

export interface ErrorInfo {
  reason: string;
  domain: string;
  metadata: Record<string, string>;
}

interface RawDetail {
  type: string;
  value: Uint8Array;
}

function rawDetails(err: unknown): RawDetail[] {
  if (!(err instanceof ConnectError)) return [];
  return err.details.filter(
    (d): d is RawDetail => typeof (d as RawDetail).type === "string" && (d as RawDetail).value instanceof Uint8Array,
  );
}

function decodeErrorInfo(bytes: Uint8Array): ErrorInfo {
  const info: ErrorInfo = { reason: "", domain: "", metadata: {} };
  const reader = new BinaryReader(bytes);
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    if (field === 1) info.reason = reader.string();
    else if (field === 2) info.domain = reader.string();
    else if (field === 3) {
      const entry = new BinaryReader(reader.bytes());
      let key = "";
      let value = "";
      while (entry.pos < entry.len) {
        const [f, w] = entry.tag();
        if (f === 1) key = entry.string();
        else if (f === 2) value = entry.string();
        else entry.skip(w);
      }
      info.metadata[key] = value;
    } else reader.skip(wireType);
  }
  return info;
}

function decodeRetryDelayMs(bytes: Uint8Array): number {
  const reader = new BinaryReader(bytes);
  let ms = 0;
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    if (field === 1 && wireType === WireType.LengthDelimited) {
      const duration = new BinaryReader(reader.bytes());
      while (duration.pos < duration.len) {
        const [f, w] = duration.tag();
        if (f === 1) ms += Number(duration.int64()) * 1000;
        else if (f === 2) ms += Math.ceil(duration.int32() / 1e6);
        else duration.skip(w);
      }
    } else reader.skip(wireType);
  }
  return ms;
}

/** The ErrorInfo of a failed call, or null (errors from gRPC itself carry none). */
export function errorInfo(err: unknown): ErrorInfo | null {
  const found = rawDetails(err).find((d) => d.type === "google.rpc.ErrorInfo");
  return found ? decodeErrorInfo(found.value) : null;
}

/** The delay (ms) a RetryInfo asks for, or null. */
export function retryDelayMs(err: unknown): number | null {
  const found = rawDetails(err).find((d) => d.type === "google.rpc.RetryInfo");
  return found ? decodeRetryDelayMs(found.value) : null;
}

/** The reason of a failed call: ErrorInfo's, else the status code's name (e.g. UNAVAILABLE). */
export function errorReason(err: unknown): string {
  const info = errorInfo(err);
  if (info) return info.reason;
  if (err instanceof ConnectError) return codeName(err.code);
  return "UNKNOWN";
}

/** The gRPC name of a status code: Code.FailedPrecondition -> "FAILED_PRECONDITION". */
export function codeName(code: Code): string {
  const name = Code[code] ?? String(code);
  return name.replace(/([a-z])([A-Z])/g, "$1_$2").toUpperCase();
}
