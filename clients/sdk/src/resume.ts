// A server stream that survives its connection: the live streams of Five Up
// (WatchNotifications, WatchChat, like WatchMatch) each carry a cursor, and a client that
// reconnects with the last cursor it saw misses nothing.  `resumable` does that loop once
// for all of them: it reopens the stream after a dropped connection, a draining server
// (UNAVAILABLE) or a rate limit (RESOURCE_EXHAUSTED with a RetryInfo: after the delay the
// server asks for), skips anything at or before the cursor already handed out, and asks
// the token source again on every reconnect (so a refreshing source keeps a stream alive
// across access-token expiry).
import { Code, ConnectError } from "@connectrpc/connect";
import { retryDelayMs } from "./errors.js";

/** A bearer token, or a function that gives the current one (called on every connect:
 *  return a refreshed access token when the old one nears expiry). */
export type TokenSource =
  | string
  | null
  | undefined
  | (() => string | null | undefined | Promise<string | null | undefined>);

export async function currentToken(source: TokenSource): Promise<string | undefined> {
  const token = typeof source === "function" ? await source() : source;
  return token ?? undefined;
}

/** Why a resumable stream reconnected (for logs and metrics). */
export interface Reconnect {
  /** Consecutive reconnects without a message in between (1, 2, ...). */
  attempt: number;
  /** The cursor it resumes after. */
  cursor: bigint;
  /** What ended the last connection: an error, or null when the stream ended cleanly
   *  (a proxy's idle timeout). */
  error: unknown;
  /** How long it waits before reconnecting. */
  delayMs: number;
}

export interface ResumeOptions {
  /** Aborting ends the stream quietly (the generator returns). */
  signal?: AbortSignal;
  /** Consecutive failed connections before the last error is thrown (default 8). */
  maxReconnects?: number;
  /** The first wait before reconnecting (default 250 ms); doubles, up to maxBackoffMs. */
  backoffMs?: number;
  /** The longest wait between reconnects (default 8000 ms). */
  maxBackoffMs?: number;
  /** Told before each reconnect. */
  onReconnect?: (reconnect: Reconnect) => void;
  /** The token source refreshes itself: an UNAUTHENTICATED end (an access token that
   *  expired) is worth one reconnect with the token it gives now. */
  refreshes?: boolean;
}

/** Codes after which the same request may simply be made again. */
const TRANSIENT = new Set([Code.Unavailable, Code.DeadlineExceeded, Code.Internal, Code.Unknown]);

/** How long to wait before reconnecting after `error`, or null: give up and throw it. */
function retryAfter(
  error: unknown,
  attempt: number,
  base: number,
  cap: number,
  refreshes: boolean,
): number | null {
  const backoff = Math.min(cap, base * 2 ** (attempt - 1));
  if (error === null) return backoff;
  if (!(error instanceof ConnectError)) return null; // a bug of ours, not the network
  if (TRANSIENT.has(error.code)) return backoff;
  if (error.code === Code.Unauthenticated) return refreshes && attempt === 1 ? 0 : null;
  if (error.code === Code.ResourceExhausted) {
    const asked = retryDelayMs(error);
    return asked === null ? null : Math.max(asked, backoff); // no RetryInfo: a hard limit
  }
  return null;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

/**
 * The items of a stream opened with `open(cursor, signal)`, reopened after the last
 * cursor handed out (`cursorOf(item)`) whenever the connection ends, until `signal`
 * aborts or `maxReconnects` connections in a row fail.  Items at or before the cursor
 * (a server that resends) are skipped, so each cursor is handed out once.
 */
export async function* resumable<T>(
  open: (cursor: bigint, signal: AbortSignal) => AsyncIterable<T>,
  cursorOf: (item: T) => bigint,
  start: bigint,
  options: ResumeOptions = {},
): AsyncGenerator<T, void, undefined> {
  const { maxReconnects = 8, backoffMs = 250, maxBackoffMs = 8000, onReconnect } = options;
  const refreshes = options.refreshes ?? false;
  const outer = options.signal;
  let cursor = start;
  let attempt = 0;
  for (;;) {
    if (outer?.aborted) return;
    // One controller per connection: leaving the loop (the caller's break) closes it.
    const connection = new AbortController();
    const stop = () => connection.abort();
    outer?.addEventListener("abort", stop, { once: true });
    let ended: unknown = null;
    try {
      for await (const item of open(cursor, connection.signal)) {
        const at = cursorOf(item);
        if (at <= cursor) continue; // resent after a reconnect: handed out already
        cursor = at;
        attempt = 0;
        yield item;
      }
    } catch (error) {
      if (outer?.aborted) return;
      ended = error;
    } finally {
      outer?.removeEventListener("abort", stop);
      connection.abort();
    }
    attempt += 1;
    const delayMs = retryAfter(ended, attempt, backoffMs, maxBackoffMs, refreshes);
    if (delayMs === null || attempt > maxReconnects) {
      if (ended !== null) throw ended;
      throw new ConnectError(`the stream ended ${attempt} times in a row`, Code.Unavailable);
    }
    onReconnect?.({ attempt, cursor, error: ended, delayMs });
    await pause(delayMs, outer ?? new AbortController().signal);
  }
}
