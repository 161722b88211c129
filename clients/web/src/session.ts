// The signed-in player of this browser (a guest account, PlayerService.SignInAsGuest):
// the session lives in localStorage, so every tab of this browser is the same player;
// the device id (the guest account's secret) stays across sign-outs, so signing in again
// comes back to the same player.  The access token is short-lived: `accessToken()`
// refreshes it (RefreshSession) shortly before it expires.  When the server refuses the
// session (a new signing key, a session ended elsewhere), `withSession` renews it -- the
// refresh token first, then signing in again with the device id, which gives the same
// player back -- and tries the call once more: a restart never strands a signed-in tab.
import { createFiveUpClients, errorReason, type Session } from "@fiveup/sdk";

type Clients = ReturnType<typeof createFiveUpClients>;

export interface PlayerSession {
  playerId: string;
  displayName: string;
  accessToken: string;
  accessExpiresMs: number;
  refreshToken: string;
}

const SESSION_KEY = "fiveup:player";
const DEVICE_KEY = "fiveup:device";
const REFRESH_MARGIN_MS = 60_000; // refresh when less than this is left
const SESSION_OVER = new Set([
  "INVALID_REFRESH_TOKEN", "REFRESH_TOKEN_EXPIRED", "REFRESH_TOKEN_REUSED", "SESSION_REVOKED", "PLAYER_NOT_FOUND",
]);
// An access token the server would not take: renewing the session may cure it.
const ACCESS_REFUSED = new Set([
  "UNKNOWN_KEY_ID", "INVALID_SIGNATURE", "TOKEN_EXPIRED", "MALFORMED_TOKEN", "SESSION_REVOKED",
  "WRONG_ISSUER", "WRONG_AUDIENCE", "ALGORITHM_NOT_ALLOWED", "PLAYER_NOT_FOUND",
]);

/** Whether a refusal is about this browser's sign-in (so: offer to sign in again). */
export function signInRefused(err: unknown): boolean {
  const reason = errorReason(err);
  return ACCESS_REFUSED.has(reason) || SESSION_OVER.has(reason);
}

export function currentSession(): PlayerSession | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    return raw ? (JSON.parse(raw) as PlayerSession) : null;
  } catch {
    return null;
  }
}

function remember(session: Session): PlayerSession {
  const kept: PlayerSession = {
    playerId: session.player!.playerId,
    displayName: session.player!.displayName,
    accessToken: session.accessToken,
    accessExpiresMs: Number(session.accessTokenExpiresAt?.seconds ?? 0n) * 1000,
    refreshToken: session.refreshToken,
  };
  localStorage.setItem(SESSION_KEY, JSON.stringify(kept));
  return kept;
}

function hasDeviceId(): boolean {
  return Boolean(localStorage.getItem(DEVICE_KEY));
}

function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id) {
    id = globalThis.crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}

export async function signInAsGuest(clients: Clients, displayName: string): Promise<PlayerSession> {
  const answer = await clients.players.signInAsGuest({ deviceId: deviceId(), displayName });
  return remember(answer.session!);
}

export async function signOut(clients: Clients): Promise<void> {
  const session = currentSession();
  localStorage.removeItem(SESSION_KEY);
  if (session) await clients.players.signOut({ refreshToken: session.refreshToken }).catch(() => undefined);
}

let renewing: Promise<PlayerSession | null> | null = null;

/** A fresh pair for `session`: RefreshSession, or -- when the server says the session is
 *  over -- SignInAsGuest with this browser's device id (the same player, a new session).
 *  Null when neither works for good (the session is then forgotten); a network failure
 *  keeps the session as it is.  One renewal at a time per tab; other tabs racing with
 *  this one get the same new pair back from the server's reuse interval. */
function renew(clients: Clients, session: PlayerSession): Promise<PlayerSession | null> {
  renewing ??= (async () => {
    try {
      return remember((await clients.players.refreshSession({ refreshToken: session.refreshToken })).session!);
    } catch (err) {
      if (!SESSION_OVER.has(errorReason(err))) return session;
    }
    if (currentSession()?.refreshToken !== session.refreshToken) return currentSession(); // another tab signed out or in
    try {
      if (hasDeviceId()) return await signInAsGuest(clients, "");
    } catch (err) {
      if (!signInRefused(err)) return session; // the network, a limit: try again later
    }
    localStorage.removeItem(SESSION_KEY);
    return null;
  })().finally(() => { renewing = null; });
  return renewing;
}

/** The signed-in player's access token, refreshed first when it is about to expire;
 *  null when nobody is signed in (or the session can no longer be renewed). */
export async function accessToken(clients: Clients): Promise<string | null> {
  const session = currentSession();
  if (!session) return null;
  if (session.accessExpiresMs - Date.now() > REFRESH_MARGIN_MS) return session.accessToken;
  return (await renew(clients, session))?.accessToken ?? null;
}

/** `call` with the signed-in player's access token (null: nobody is signed in).  If the
 *  server refuses that token, the session is renewed and the call made once more; a
 *  refusal that renewing cannot cure is thrown as it came. */
export async function withSession<T>(clients: Clients, call: (token: string | null) => Promise<T>): Promise<T> {
  const token = await accessToken(clients);
  try {
    return await call(token);
  } catch (err) {
    const session = currentSession();
    if (token === null || session === null || !ACCESS_REFUSED.has(errorReason(err))) throw err;
    const renewed = session.accessToken === token ? await renew(clients, session) : session;
    if (renewed === null) throw err;
    return await call(renewed.accessToken);
  }
}
