// LobbyService's rematch for apps: offer (or accept) a finished match's rematch, decline
// it, and wait until it starts, is declined, or the wait runs out.  A rematch needs every
// human seat held by a signed-in player; GetRematch is the truth, so waiting reads it
// (and a REMATCH_STARTED notification, when the app streams them, can end a wait early:
// pass `wake`).
import type { Client } from "@connectrpc/connect";
import { LobbyService, type Rematch } from "./gen/fiveup/v1/lobby_pb.js";
import { currentToken, type TokenSource } from "./resume.js";

async function options(token: TokenSource, signal?: AbortSignal) {
  const auth = await currentToken(token);
  return { headers: auth ? { authorization: `Bearer ${auth}` } : {}, signal } as {
    headers: Record<string, string>;
    signal?: AbortSignal;
  };
}

/** Offers the rematch of a finished match, or accepts the one on offer (idempotent).
 *  `newMatchId` is set once every human seat has accepted. */
export async function offerRematch(
  lobby: Client<typeof LobbyService>,
  token: TokenSource,
  matchId: string,
): Promise<Rematch> {
  const answer = await lobby.offerRematch({ matchId }, await options(token));
  return answer.rematch!;
}

/** Declines (or withdraws) the rematch on offer: it is off for everyone; false when
 *  nothing was on offer or it had started. */
export async function declineRematch(
  lobby: Client<typeof LobbyService>,
  token: TokenSource,
  matchId: string,
): Promise<boolean> {
  return (await lobby.declineRematch({ matchId }, await options(token))).declined;
}

/** How a wait for a rematch ended. */
export type RematchOutcome =
  | { kind: "started"; newMatchId: string; rematch: Rematch }
  | { kind: "declined"; rematch: Rematch } // someone declined or withdrew: it is off
  | { kind: "timeout"; rematch: Rematch; withdrawn: boolean };

export interface AwaitRematchOptions {
  /** How long to wait for the others (default 60 s). */
  timeoutMs?: number;
  /** How often to read GetRematch (default 1 s). */
  pollMs?: number;
  /** At the timeout, withdraw the offer (DeclineRematch) so nobody accepts a rematch
   *  nobody will play (default true). */
  withdrawOnTimeout?: boolean;
  /** Resolving it reads GetRematch at once (e.g. on a REMATCH_STARTED notification). */
  wake?: () => Promise<unknown>;
  /** Told each time the rematch is read (who has accepted, who is awaited). */
  onStatus?: (rematch: Rematch) => void;
  signal?: AbortSignal;
}

/** Waits until the rematch of `matchId` starts (every human seat accepted), is declined,
 *  or `timeoutMs` passes.  Call it after offerRematch. */
export async function awaitRematch(
  lobby: Client<typeof LobbyService>,
  token: TokenSource,
  matchId: string,
  opts: AwaitRematchOptions = {},
): Promise<RematchOutcome> {
  const { timeoutMs = 60000, pollMs = 1000, withdrawOnTimeout = true } = opts;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rematch = (await lobby.getRematch({ matchId }, await options(token, opts.signal))).rematch!;
    opts.onStatus?.(rematch);
    if (rematch.newMatchId) return { kind: "started", newMatchId: rematch.newMatchId, rematch };
    if (!rematch.offered) return { kind: "declined", rematch };
    const left = deadline - Date.now();
    if (left <= 0) {
      const withdrawn = withdrawOnTimeout ? await declineRematch(lobby, token, matchId) : false;
      if (withdrawOnTimeout && !withdrawn) {
        // nothing to withdraw: the last seat accepted (or declined) just now
        const now = (await lobby.getRematch({ matchId }, await options(token))).rematch!;
        if (now.newMatchId) return { kind: "started", newMatchId: now.newMatchId, rematch: now };
        if (!now.offered) return { kind: "declined", rematch: now };
      }
      return { kind: "timeout", rematch, withdrawn };
    }
    opts.signal?.throwIfAborted();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.min(pollMs, left));
      opts.wake?.().then(() => {
        clearTimeout(timer);
        resolve();
      }, () => {});
      opts.signal?.addEventListener("abort", () => {
        clearTimeout(timer);
        resolve();
      }, { once: true });
    });
  }
}
