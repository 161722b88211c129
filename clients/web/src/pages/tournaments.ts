// The tournaments pages, on TournamentService (docs/tournaments.md):
//   #/tournaments[/<upcoming|running|finished>]   the schedule, a state at a time
//   #/tournament/<id>                             a tournament: its settings, entrants,
//                                                 join / withdraw, the live standings, the
//                                                 rounds and their tables
// A signed-in entrant's tab follows the tournament (one WatchTournament stream, kept while
// they are on its page or at one of its tables): when their next table is ready the app
// opens it by itself (the ordinary table view, their seat bound to them), and once the
// tournament is over and their table has ended it comes back to the final standings.
import {
  TableEnding, TournamentFormat, TournamentState, errorReason, withToken,
  type TournamentDetail, type TournamentStanding, type TournamentSummary, type TournamentTable,
} from "@fiveup/sdk";
import type { Clients } from "../app/api.js";
import { el } from "../dom.js";
import { type Key, lang, reasonText, t } from "../i18n.js";
import { accessToken, currentSession, withSession } from "../session.js";
import { saveSeat } from "../table/seat-store.js";
import { signInCard } from "./ratings.js";

const STATES: readonly { slug: string; value: TournamentState; key: Key }[] = [
  { slug: "upcoming", value: TournamentState.UPCOMING, key: "tnUpcoming" },
  { slug: "running", value: TournamentState.RUNNING, key: "tnRunning" },
  { slug: "finished", value: TournamentState.FINISHED, key: "tnFinished" },
];
const STATE_KEY: Record<number, Key> = {
  [TournamentState.UPCOMING]: "tnUpcoming", [TournamentState.RUNNING]: "tnRunning",
  [TournamentState.FINISHED]: "tnFinished", [TournamentState.CANCELLED]: "tnCancelled",
};
const ENDING_KEY: Record<number, Key> = {
  [TableEnding.PLAYING]: "tnPlaying", [TableEnding.PLAYED]: "tnPlayed", [TableEnding.FORFEIT]: "tnForfeit",
  [TableEnding.ABORTED]: "tnAborted", [TableEnding.BYE]: "tnBye",
};

const when = (seconds: bigint | undefined) => new Date(Number(seconds ?? 0n) * 1000).toLocaleString(
  lang() === "hi" ? "hi-IN" : "en-GB", { dateStyle: "medium", timeStyle: "short" },
);
const num = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1));
const formatText = (summary: TournamentSummary) =>
  t(summary.settings?.format === TournamentFormat.ARENA ? "tnArena" : "tnSwiss");

function problem(host: HTMLElement, err: unknown): void {
  host.querySelector(":scope > .error")?.remove();
  const reason = errorReason(err);
  host.append(el("p", { class: "error", role: "alert", "data-reason": reason, text: reasonText(reason) }));
  document.getElementById("app")!.dataset.error = reason;
}

// ------------------------------------------------------------------ the schedule

export function schedulePage(main: HTMLElement, clients: Clients, params: string[]): void {
  const chosen = STATES.find((s) => s.slug === params[0]) ?? STATES[0];
  const app = document.getElementById("app")!;
  app.dataset.page = "tournaments";
  main.className = "boards tournaments";
  const nav = el("nav", { class: "tabs", "aria-label": t("tnStateLabel") });
  for (const s of STATES) {
    const a = el("a", { href: `#/tournaments/${s.slug}`, class: s === chosen ? "tab chosen" : "tab", text: t(s.key), "data-slug": s.slug });
    if (s === chosen) a.setAttribute("aria-current", "page");
    nav.append(a);
  }
  const table = el("table", { class: "board-table tournament-list" });
  const card = el("section", { class: "card", "aria-labelledby": "tn-title" },
    el("h2", { id: "tn-title", text: t("tournaments") }), nav, el("div", { class: "table-wrap" }, table));
  main.append(card);
  void (async () => {
    try {
      const answer = await clients.tournaments.listTournaments({ state: chosen.value, pageSize: 50 });
      if (!card.isConnected) return;
      if (!answer.tournaments.length) {
        table.append(el("caption", { text: t("tnNone") }));
      } else {
        const head = el("tr", {});
        for (const key of ["tnName", "tnFormat", "tnSeats", chosen.value === TournamentState.FINISHED ? "tnEnded" : "tnStarts", "tnEntrants", "tnRound"] as const) {
          head.append(el("th", { scope: "col", class: key === "tnEntrants" || key === "tnRound" || key === "tnSeats" ? "num" : "", text: t(key) }));
        }
        const body = el("tbody", {});
        for (const s of answer.tournaments) {
          const settings = s.settings!;
          body.append(el("tr", { "data-tournament": s.tournamentId },
            el("td", {}, el("a", { href: `#/tournament/${encodeURIComponent(s.tournamentId)}`, text: settings.name })),
            el("td", { text: formatText(s) }),
            el("td", { class: "num", text: String(settings.seats) }),
            el("td", { text: when(chosen.value === TournamentState.FINISHED ? s.finishedAt?.seconds : settings.startsAt?.seconds) }),
            el("td", { class: "num", text: `${s.entrants}/${settings.capacity}` }),
            el("td", { class: "num", text: s.rounds ? `${s.round}/${s.rounds}` : s.round ? String(s.round) : "–" })));
        }
        table.append(el("thead", {}, head), body);
      }
      app.dataset.rows = String(answer.tournaments.length);
      app.dataset.at = location.hash;
      app.dataset.loaded = "1";
    } catch (err) {
      if (card.isConnected) problem(card, err);
    }
  })();
}

// ------------------------------------------------------------------ following a tournament

/** The one tournament this tab follows: its stream, the latest detail, the tables it opened. */
interface Follow {
  id: string;
  clients: Clients;
  detail: TournamentDetail | null;
  abort: AbortController;
  opened: Set<string>; // match ids this tab has already sent its player to
  listeners: Set<(d: TournamentDetail) => void>;
  player: string | undefined; // who it watches as (a stream opened before signing in shows no table)
}

let follow: Follow | null = null;

/** Called by the router on every route: the stream stays up on the tournament's page and
 *  at a table (its own, or a spectator's), and stops anywhere else. */
export function keepFollowing(parts: string[]): void {
  if (!follow) return;
  const [name, id] = parts;
  if ((name === "tournament" && id === follow.id) || name === "play" || name === "watch") return;
  stopFollowing();
}

function stopFollowing(): void {
  follow?.abort.abort();
  follow = null;
}

function startFollowing(clients: Clients, id: string): Follow {
  const player = currentSession()?.playerId;
  if (follow?.id === id && follow.player === player) return follow;
  stopFollowing();
  const f: Follow = { id, clients, detail: null, abort: new AbortController(), opened: new Set(), listeners: new Set(), player };
  follow = f;
  void watchLoop(f);
  return f;
}

async function watchLoop(f: Follow): Promise<void> {
  let failures = 0;
  while (!f.abort.signal.aborted) {
    try {
      const token = await accessToken(f.clients);
      const stream = f.clients.tournaments.watchTournament({ tournamentId: f.id }, { ...withToken(token), signal: f.abort.signal });
      for await (const message of stream) {
        failures = 0;
        const detail = message.tournament!;
        if (f.detail && detail.version < f.detail.version) continue; // an older copy
        f.detail = detail;
        for (const listener of f.listeners) listener(detail);
        steer(f, detail);
      }
      // the stream ends after the tournament finishes: the last detail is final
      if (f.detail && f.detail.summary!.state >= TournamentState.FINISHED) return;
    } catch (err) {
      if (f.abort.signal.aborted) return;
      if (errorReason(err) === "TOURNAMENT_NOT_FOUND") {
        for (const listener of f.listeners) listener(f.detail ?? ({} as TournamentDetail));
        return;
      }
    }
    // dropped: reconnect, a little later each time (at most 10 s)
    failures += 1;
    await new Promise((r) => setTimeout(r, Math.min(10_000, 500 * 2 ** Math.min(failures, 5))));
  }
}

/** Sends the entrant to their table when it is ready, and back to the standings at the end. */
function steer(f: Follow, detail: TournamentDetail): void {
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  const [name, matchId] = parts;
  const table = detail.yourTable;
  if (table?.matchId && !f.opened.has(table.matchId)) {
    // at another table still being played (e.g. one this person watches): leave them there
    const busy = (name === "play" || name === "watch") && matchId !== table.matchId && playing(detail, matchId);
    if (!busy) {
      f.opened.add(table.matchId);
      saveSeat(table.matchId, { seat: table.seat, token: "", version: 0 }); // bound: the access token acts
      if (matchId !== table.matchId) location.hash = `#/play/${table.matchId}`;
      return;
    }
  }
  const over = detail.summary!.state >= TournamentState.FINISHED;
  if (over && name === "play" && matchId && f.opened.has(matchId) && !playing(detail, matchId)) {
    location.hash = `#/tournament/${encodeURIComponent(f.id)}`;
  }
}

function playing(detail: TournamentDetail, matchId: string | undefined): boolean {
  return detail.rounds.some((r) => r.tables.some((x) => x.matchId === matchId && x.ending === TableEnding.PLAYING));
}

// ------------------------------------------------------------------ a tournament's page

export function tournamentPage(main: HTMLElement, clients: Clients, id: string, reload: () => void): void {
  const app = document.getElementById("app")!;
  app.dataset.page = "tournament";
  app.dataset.tournament = id;
  main.className = "tournament";
  const status = el("p", { class: "visually-hidden", role: "status", "aria-live": "polite" });
  const body = el("div", {});
  main.append(status, body);
  const f = startFollowing(clients, id);
  let announced = "";
  const draw = (detail: TournamentDetail) => {
    if (!main.isConnected) {
      f.listeners.delete(draw);
      return;
    }
    if (!detail.summary) {
      body.replaceChildren();
      problem(body, new Error("not found"));
      body.querySelector(".error")!.textContent = reasonText("TOURNAMENT_NOT_FOUND");
      return;
    }
    // the keyboard's place survives a redraw: the same button (its action) or link (its href)
    const active = document.activeElement instanceof HTMLElement && body.contains(document.activeElement) ? document.activeElement : null;
    const action = active?.dataset.action;
    const href = active?.getAttribute("href");
    body.replaceChildren(...render(detail, clients, reload));
    const again = action ? body.querySelector<HTMLElement>(`[data-action="${action}"]`)
      : href ? [...body.querySelectorAll<HTMLElement>("a[href]")].find((a) => a.getAttribute("href") === href) : null;
    again?.focus();
    const s = detail.summary;
    const news = s.state === TournamentState.RUNNING ? t("tnRoundNow", { n: s.round }) : t(STATE_KEY[s.state] ?? "tnUpcoming");
    if (news !== announced) {
      status.textContent = news;
      announced = news;
    }
    app.dataset.state = STATES.find((x) => x.value === s.state)?.slug ?? (s.state === TournamentState.CANCELLED ? "cancelled" : "");
    app.dataset.version = String(detail.version);
    app.dataset.entered = String(detail.entered);
    app.dataset.at = location.hash;
    app.dataset.loaded = String(Number(app.dataset.loaded ?? "0") + 1);
  };
  f.listeners.add(draw);
  if (f.detail) draw(f.detail);
  else body.append(el("p", { class: "note", text: t("tnLoading") }));
}

function render(detail: TournamentDetail, clients: Clients, reload: () => void): HTMLElement[] {
  const s = detail.summary!;
  const settings = s.settings!;
  const names = new Map(detail.entrants.map((e) => [e.playerId, e.displayName]));
  const me = currentSession()?.playerId;
  const title = el("h2", { id: "tournament-title", text: settings.name },
    el("span", { class: `badge state-${s.state}`, text: t(STATE_KEY[s.state] ?? "tnUpcoming") }));
  const out: HTMLElement[] = [el("p", { class: "crumbs" }, el("a", { href: "#/tournaments", text: t("tnAll") })), title];

  // what it is
  const facts: [Key, string][] = [
    ["tnFormat", formatText(s)],
    ["tnSeats", settings.seats === 4 ? t("catFour") : String(settings.seats)],
    ["target", String(settings.targetPoints || 61)],
    [s.state === TournamentState.UPCOMING ? "tnStarts" : "tnStarted", when(settings.startsAt?.seconds)],
    ["tnEntrants", `${s.entrants}/${settings.capacity}`],
  ];
  if (settings.format === TournamentFormat.SWISS) facts.push(["tnRounds", s.rounds ? `${s.round}/${s.rounds}` : settings.rounds ? String(settings.rounds) : t("tnRoundsAuto")]);
  else facts.push(["tnDuration", t("tnMinutes", { n: Math.round(settings.durationSeconds / 60) })]);
  facts.push(["tnClock", settings.turnClockSeconds ? t("tnClockCorr", { n: settings.turnClockSeconds }) : t("tnClockLive")]);
  if (settings.rated) facts.push(["modeRated", "✓"]);
  if (s.finishedAt) facts.push(["tnEnded", when(s.finishedAt.seconds)]);
  const list = el("dl", { class: "stats tn-facts" });
  for (const [key, value] of facts) list.append(el("dt", { text: t(key) }), el("dd", { text: value }));
  out.push(el("section", { class: "card", "aria-labelledby": "tournament-title" }, list, entryControls(detail, clients, reload)));

  // your table
  if (detail.yourTable?.matchId) {
    const y = detail.yourTable;
    out.push(el("section", { class: "card your-table", "aria-labelledby": "your-table-title" },
      el("h3", { id: "your-table-title", text: t("tnYourTable", { n: y.round }) }),
      el("a", { class: "button primary", href: `#/play/${encodeURIComponent(y.matchId)}`, "data-action": "your-table", text: t("startPlaying") })));
  }

  // the standings (once it has started: before, everyone is at 0)
  if (detail.standings.length && s.state !== TournamentState.UPCOMING) out.push(standingsCard(detail.standings, me, s.state >= TournamentState.FINISHED));

  // the rounds, latest first
  if (detail.rounds.length) {
    const rounds = el("section", { class: "card rounds", "aria-labelledby": "rounds-title" }, el("h3", { id: "rounds-title", text: t("tnRoundsTitle") }));
    for (const round of [...detail.rounds].reverse()) {
      const table = el("table", { class: "board-table round-table", "data-round": String(round.round) },
        el("caption", { text: t("round", { n: round.round }) }));
      const head = el("tr", {});
      for (const key of ["tnBoard", "tnPlayers", "tnResult", "tnTableCol"] as const) head.append(el("th", { scope: "col", class: key === "tnBoard" ? "num" : "", text: t(key) }));
      const tbody = el("tbody", {});
      for (const x of round.tables) tbody.append(tableRow(x, names, me));
      for (const p of round.unseatedPlayerIds) tbody.append(el("tr", { class: "unseated" }, el("td", {}), el("td", { text: names.get(p) ?? p }), el("td", { text: t("tnUnseated") }), el("td", {})));
      table.append(el("thead", {}, head), tbody);
      rounds.append(el("div", { class: "table-wrap" }, table));
    }
    out.push(rounds);
  }

  // who entered
  const entrants = el("ul", { class: "entrants" });
  for (const e of detail.entrants) {
    const li = el("li", { "data-player": e.playerId }, el("a", { href: `#/player/${encodeURIComponent(e.playerId)}`, text: e.displayName }));
    if (e.playerId === me) li.append(el("span", { class: "you-badge", text: t("you") }));
    if (!e.active) li.append(el("span", { class: "badge", text: t("tnWithdrawnBadge") }));
    entrants.append(li);
  }
  if (!detail.entrants.length) entrants.append(el("li", { class: "note", text: t("tnNoEntrants") }));
  out.push(el("section", { class: "card", "aria-labelledby": "entrants-title" }, el("h3", { id: "entrants-title", text: t("tnEntrantsTitle") }), entrants));
  return out;
}

function entryControls(detail: TournamentDetail, clients: Clients, reload: () => void): HTMLElement {
  const box = el("div", { class: "entry" });
  const s = detail.summary!;
  const open = s.state === TournamentState.UPCOMING || (s.state === TournamentState.RUNNING && s.settings!.format === TournamentFormat.ARENA);
  const mine = detail.entrants.find((e) => e.playerId === currentSession()?.playerId);
  if (detail.entered && mine?.active) {
    const over = s.state >= TournamentState.FINISHED;
    box.append(el("p", { class: "note", "data-entry": "entered", text: t(over ? "tnTookPart" : "tnEntered") }));
    if (s.state <= TournamentState.RUNNING) box.append(action("withdraw", "tnWithdraw", "ghost", box, clients, s.tournamentId));
  } else if (mine && !mine.active) {
    box.append(el("p", { class: "note", "data-entry": "withdrawn", text: t("tnWithdrawnNote") }));
    if (s.state === TournamentState.UPCOMING) box.append(action("join", "tnJoin", "primary", box, clients, s.tournamentId));
  } else if (open) {
    if (currentSession()) box.append(action("join", "tnJoin", "primary", box, clients, s.tournamentId));
    else box.append(signInCard(clients, reload));
  }
  return box;
}

function action(name: "join" | "withdraw", key: Key, kind: string, box: HTMLElement, clients: Clients, id: string): HTMLElement {
  const button = el("button", { type: "button", class: kind, "data-action": name, text: t(key) });
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      await withSession<unknown>(clients, (token) => name === "join"
        ? clients.tournaments.joinTournament({ tournamentId: id }, withToken(token))
        : clients.tournaments.withdrawFromTournament({ tournamentId: id }, withToken(token)));
      // the stream redraws the page with the change; nothing else to do
    } catch (err) {
      problem(box, err);
      button.disabled = false;
    }
  });
  return button;
}

function standingsCard(standings: TournamentStanding[], me: string | undefined, final: boolean): HTMLElement {
  const table = el("table", { class: "board-table standings" });
  const head = el("tr", {});
  const cols: [Key, string][] = [
    ["rank", "num"], ["player", ""], ["tnPoints", "num"], ["tnBuchholz", "num"], ["tnSonneborn", "num"],
    ["winsCol", "num"], ["tnDiff", "num"], ["tnTables", "num"], ["tnByes", "num"],
  ];
  for (const [key, cls] of cols) head.append(el("th", { scope: "col", class: cls, text: t(key) }));
  const body = el("tbody", {});
  for (const s of standings) {
    const who = el("td", {}, el("a", { href: `#/player/${encodeURIComponent(s.playerId)}`, text: s.displayName }));
    if (s.playerId === me) who.append(el("span", { class: "you-badge", text: t("you") }));
    if (!s.active) who.append(el("span", { class: "badge", text: t("tnWithdrawnBadge") }));
    body.append(el("tr", { "data-player": s.playerId, "data-rank": String(s.rank), class: s.playerId === me ? "me" : "" },
      el("td", { class: "num", text: String(s.rank) }), who,
      el("td", { class: "num", "data-col": "points", text: num(s.points) }),
      el("td", { class: "num", "data-col": "buchholz", text: num(s.buchholz) }),
      el("td", { class: "num", "data-col": "sb", text: num(s.sonnebornBerger) }),
      el("td", { class: "num", "data-col": "wins", text: String(s.wins) }),
      el("td", { class: "num", "data-col": "diff", text: num(s.matchPointsDiff) }),
      el("td", { class: "num", "data-col": "tables", text: String(s.tables) }),
      el("td", { class: "num", "data-col": "byes", text: String(s.byes) })));
  }
  table.append(el("thead", {}, head), body);
  return el("section", { class: "card", "aria-labelledby": "standings-title" },
    el("h3", { id: "standings-title", text: t(final ? "tnFinalStandings" : "tnStandings") }),
    el("p", { class: "note", text: t("tnTieBreaks") }),
    el("div", { class: "table-wrap" }, table));
}

function tableRow(x: TournamentTable, names: Map<string, string>, me: string | undefined): HTMLElement {
  const players = x.playerIds.map((p) => names.get(p) ?? p).join(x.playerIds.length === 4 ? " · " : " – ");
  let result = t(ENDING_KEY[x.ending] ?? "tnPlaying");
  if ((x.ending === TableEnding.PLAYED || x.ending === TableEnding.FORFEIT) && x.playerIds.length) {
    const winners = x.playerIds.length === 4 ? [x.playerIds[x.winnerSide], x.playerIds[x.winnerSide + 2]] : [x.playerIds[x.winnerSide]];
    result = `${result}: ${t("tnWon", { name: winners.map((p) => names.get(p) ?? p).join(" + ") })}`;
  }
  const link = x.matchId
    ? el("a", { href: `#/${x.playerIds.includes(me ?? "") && x.ending === TableEnding.PLAYING ? "play" : "watch"}/${encodeURIComponent(x.matchId)}`, text: t(x.ending === TableEnding.PLAYING ? "tnWatchLive" : "openMatch") })
    : "";
  return el("tr", { "data-match": x.matchId, "data-ending": String(x.ending), class: x.playerIds.includes(me ?? "") ? "me" : "" },
    el("td", { class: "num", text: String(x.board) }), el("td", { text: players }), el("td", { text: result }), el("td", {}, link));
}
