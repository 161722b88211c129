// "My matches" on the start page: the signed-in player's matches (ListMyMatches), those
// waiting for their move first (the server's order), each with who they play, the mode,
// and a correspondence turn's deadline in words, read again each minute and when the
// tab comes back into view.  A row opens the
// table as the player's seat.
import { MatchStatus, type MyMatch, withToken } from "@fiveup/sdk";
import { DEADLINE_REFRESH_MS, timeLeftText, timestampMs } from "../app/deadline.js";
import { api } from "../app/api.js";
import { showError } from "../app/shell.js";
import { el } from "../dom.js";
import { countText, t } from "../i18n.js";
import { currentSession, withSession } from "../session.js";
import { loadSeat, saveSeat } from "../table/seat-store.js";
import { seatName } from "../table/state.js";

/** The rows' page size: the list is a glance at what waits, not an archive. */
const PAGE_SIZE = 20;

/** The card and its minute timer (stop it when the page goes). */
export function myMatchesCard(): { card: HTMLElement; stop(): void } {
  const card = el("section", { class: "card my-matches", "aria-labelledby": "my-matches-title" });
  card.append(el("h2", { id: "my-matches-title", text: t("myMatches") }));
  if (!currentSession()) {
    card.append(el("p", { class: "note", text: t("myMatchesSignIn") }));
    return { card, stop: () => undefined };
  }
  const list = el("ul", { class: "match-list" });
  card.append(list);
  let matches: MyMatch[] = [];
  const draw = () => {
    if (!matches.length) {
      list.replaceChildren(el("li", { class: "note empty", text: t("myMatchesEmpty") }));
      return;
    }
    list.replaceChildren(...matches.map((m) => matchRow(m, Date.now())));
  };
  // Read again each minute and whenever the tab comes back into view (a phone wakes up):
  // the other players move while the page sleeps.  A read that fails keeps the rows and
  // only redraws their deadlines.
  const read = async (): Promise<void> => {
    try {
      const clients = await api();
      const page = await withSession(clients, (token) => clients.lobby.listMyMatches({ pageSize: PAGE_SIZE }, withToken(token)));
      matches = page.matches;
      card.querySelector(".error")?.remove();
    } catch (err) {
      showError(card, err);
    }
    draw();
  };
  const woke = () => { if (document.visibilityState === "visible") void read(); };
  const timer = window.setInterval(() => void read(), DEADLINE_REFRESH_MS);
  document.addEventListener("visibilitychange", woke);
  void read();
  return { card, stop: () => { clearInterval(timer); document.removeEventListener("visibilitychange", woke); } };
}

function matchRow(match: MyMatch, now: number): HTMLElement {
  const seats = match.table?.seats ?? [];
  const names = new Map(seats.filter((s) => s.displayName).map((s) => [s.seat, s.displayName]));
  const opponents = seats.filter((s) => s.seat !== match.seat).map((s) => seatName({ seats }, { names }, match.seat, s.seat));
  const finished = match.status === MatchStatus.FINISHED;
  const mode = match.turnClockSeconds > 0
    ? t("correspondenceMode", { time: clockText(match.turnClockSeconds) })
    : t("liveMode");
  const state = finished ? t("matchFinished") : match.yourTurn ? t("myTurnBadge") : t("theirTurn");
  const link = el("a", { class: "match-open", href: `#/play/${match.matchId}` },
    el("span", { class: "who", text: t("versus", { names: opponents.join(", ") }) }),
    el("span", { class: "mode", text: `${t("catSeats", { n: seats.length })} · ${mode}` }));
  link.addEventListener("click", () => {
    // The seat is bound to the player (their access token acts): the table needs only its number.
    if (loadSeat(match.matchId)?.seat !== match.seat) saveSeat(match.matchId, { seat: match.seat, token: "", version: 0 });
  });
  const row = el("li", { "data-match": match.matchId, "data-your-turn": String(match.yourTurn), class: match.yourTurn ? "your-turn" : "" },
    link, el("span", { class: match.yourTurn ? "state mine" : "state", text: state }));
  if (match.yourTurn && match.turnDeadline) {
    const ms = timestampMs(match.turnDeadline);
    row.append(el("span", { class: ms <= now ? "deadline overdue" : "deadline", text: timeLeftText(ms, now) }));
  }
  return row;
}

/** A turn clock's length: "3 days", "8 h", "30 min". */
function clockText(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes % (24 * 60) === 0) return countText(minutes / (24 * 60), "timeOneDay", "timeDays");
  if (minutes % 60 === 0) return countText(minutes / 60, "timeOneHour", "timeHours");
  return countText(minutes, "timeOneMinute", "timeMinutes");
}
