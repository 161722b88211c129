// The signed-in player of this browser (a guest account, PlayerService.SignInAsGuest):
// the session lives in localStorage, so every tab of this browser is the same player;
// the device id (the guest account's secret) stays across sign-outs, so signing in again
// comes back to the same player.  The access token is short-lived: `accessToken()`
// refreshes it (RefreshSession) shortly before it expires.
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

let refreshing: Promise<PlayerSession | null> | null = null;

/** The signed-in player's access token, refreshed first when it is about to expire;
 *  null when nobody is signed in (or the session can no longer be refreshed). */
export async function accessToken(clients: Clients): Promise<string | null> {
  const session = currentSession();
  if (!session) return null;
  if (session.accessExpiresMs - Date.now() > REFRESH_MARGIN_MS) return session.accessToken;
  // One refresh at a time: a refresh token is single use.
  refreshing ??= clients.players.refreshSession({ refreshToken: session.refreshToken }).then(
    (answer) => remember(answer.session!),
    (err) => {
      // A session the server ended is gone; any other failure (the network) keeps it
      // for the next try.
      if (SESSION_OVER.has(errorReason(err))) localStorage.removeItem(SESSION_KEY);
      return SESSION_OVER.has(errorReason(err)) ? null : session;
    },
  ).finally(() => { refreshing = null; });
  return (await refreshing)?.accessToken ?? null;
}
