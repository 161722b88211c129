// The seat this tab holds at a match: its token lives only in this tab's sessionStorage,
// never in a URL.  A signed-in player's seat has no token (their access token acts for it).

export interface SeatSession {
  seat: number;
  token: string; // empty: the seat is bound to the signed-in player (their access token acts for it)
  version: number; // the last version this tab showed: a reload resumes from here
}

function sessionKey(matchId: string): string {
  return `fiveup:seat:${matchId}`;
}

export function loadSeat(matchId: string): SeatSession | null {
  try {
    const raw = sessionStorage.getItem(sessionKey(matchId));
    return raw ? (JSON.parse(raw) as SeatSession) : null;
  } catch {
    return null;
  }
}

export function saveSeat(matchId: string, seat: SeatSession): void {
  sessionStorage.setItem(sessionKey(matchId), JSON.stringify(seat));
}
