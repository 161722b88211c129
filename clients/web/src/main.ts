// Five Up in the browser: create a match, share links, join a seat or watch, and play
// over gRPC-Web through the Envoy gateway, with the generated SDK (@fiveup/sdk).
//
// Routes (in the URL's fragment, so a static server is enough):
//   #/                        the start page (create a match, open a link)
//   #/join/<match>/<seat>     take that seat (JoinMatch), then play
//   #/play/<match>            the table, as the seat this tab holds
//   #/watch/<match>           the table as a spectator
//   #/leaderboard/…, #/player/<id>, #/me   ratings pages (ratings.ts)
// A seat token lives only in this tab's sessionStorage, never in a URL.  A signed-in
// player (session.ts) joins with their access token instead: the seat is bound to them
// (their matches count in their statistics, and rated matches in their rating).
import {
  BotKind, Code, ConnectError, MatchStatus, SeatKind, createFiveUpClients, errorReason, newRequestId,
  withToken, type Hint, type MatchEvent, type MatchView, type Move,
} from "@fiveup/sdk";
import { browserTransport } from "@fiveup/sdk/web";
import { el } from "./dom.js";
import { hintList } from "./hints.js";
import { pointText, sameTile, tileText } from "./moves.js";
import { Board, dominoIcon, tallySvg, type Marker } from "./board.js";
import { layoutGeometry, pointKey, type PlacedTile } from "./geometry.js";
import { lang, pointsText, reasonText, setLang, t, type Key, type Lang } from "./i18n.js";
import { leaderboardPage, profilePage } from "./ratings.js";
import { accessToken, currentSession } from "./session.js";

type Clients = ReturnType<typeof createFiveUpClients>;

// The bots a seat can be, from the contract's enum (every value but UNSPECIFIED, in its
// order): a level the server adds appears here with no change to this list.
const BOTS: { value: string; kind: BotKind; label: Key }[] = Object.entries(BotKind)
  .filter((e): e is [string, BotKind] => typeof e[1] === "number" && e[1] !== BotKind.UNSPECIFIED)
  .map(([name, kind]) => ({
    value: name.toLowerCase(), kind, label: `bot${name[0]}${name.slice(1).toLowerCase()}` as Key,
  }));

interface SeatSession {
  seat: number;
  token: string; // empty: the seat is bound to the signed-in player (their access token acts for it)
  version: number; // the last version this tab showed: a reload resumes from here
}

const app = document.getElementById("app") as HTMLElement;
let clients: Clients;
let current: Game | null = null;

// ------------------------------------------------------------------ small helpers


function sessionKey(matchId: string): string {
  return `fiveup:seat:${matchId}`;
}

function loadSeat(matchId: string): SeatSession | null {
  try {
    const raw = sessionStorage.getItem(sessionKey(matchId));
    return raw ? (JSON.parse(raw) as SeatSession) : null;
  } catch {
    return null;
  }
}

function saveSeat(matchId: string, seat: SeatSession): void {
  sessionStorage.setItem(sessionKey(matchId), JSON.stringify(seat));
}

function showError(host: HTMLElement, err: unknown): void {
  const reason = errorReason(err);
  const box = host.querySelector<HTMLElement>(".error") ?? host.appendChild(el("p", { class: "error", role: "alert" }));
  box.textContent = reasonText(reason);
  box.dataset.reason = reason;
  if (!(err instanceof ConnectError)) console.error(err);
}

function header(): HTMLElement {
  const toggle = el("button", { class: "lang", type: "button", "aria-label": t("languageLabel"), text: t("language") });
  toggle.addEventListener("click", () => {
    const next: Lang = lang() === "en" ? "hi" : "en";
    setLang(next);
    localStorage.setItem("fiveup:lang", next);
    route();
  });
  const home = el("a", { href: "#/", class: "brand", text: t("title") });
  const player = currentSession();
  const links = el("nav", { class: "links", "aria-label": t("pages") },
    el("a", { href: "#/leaderboard", text: t("leaderboard") }),
    el("a", { href: "#/me", "data-nav": "me", text: player ? player.displayName : t("signIn") }));
  return el("header", { class: "top" }, home, links, toggle);
}

// ------------------------------------------------------------------ start page

function startPage(): void {
  current?.stop();
  current = null;
  const main = el("main", { class: "start" });
  app.replaceChildren(header(), main);
  main.append(el("p", { class: "tagline", text: t("tagline") }));

  const form = el("form", { class: "card", "aria-labelledby": "new-title" });
  form.append(el("h2", { id: "new-title", text: t("newMatch") }));
  const count = el("fieldset", { class: "count" }, el("legend", { text: t("players") }));
  let n = 2;
  const seatsBox = el("div", { class: "seats" });
  const note = el("p", { class: "note", text: t("partnerships") });
  const kinds = ["human", "greedy", "greedy", "greedy"];
  // Practice: seat 1 is the person, every other seat a bot (the server refuses anything
  // else), hints are on and moves can be taken back.
  const practice = el("input", { type: "checkbox", id: "practice", name: "practice" });
  const hints = el("input", { type: "checkbox", id: "hints", name: "hints" });
  const drawSeats = () => {
    seatsBox.replaceChildren();
    for (let i = 0; i < n; i += 1) {
      if (practice.checked) kinds[i] = i === 0 ? "human" : kinds[i] === "human" ? "greedy" : kinds[i];
      const select = el("select", { id: `seat-${i}`, name: `seat-${i}` });
      for (const [value, key] of [["human", "human"] as [string, Key], ...BOTS.map((b): [string, Key] => [b.value, b.label])]) {
        if (practice.checked && (i === 0) !== (value === "human")) continue;
        const option = el("option", { value, text: t(key) });
        if (kinds[i] === value) option.selected = true;
        select.append(option);
      }
      select.disabled = practice.checked && i === 0;
      select.addEventListener("change", () => { kinds[i] = select.value; });
      seatsBox.append(el("label", { for: `seat-${i}`, class: "seat-choice" }, el("span", { text: t("seat", { n: i + 1 }) }), select));
    }
    note.hidden = n !== 4;
  };
  for (const value of [2, 3, 4]) {
    const input = el("input", { type: "radio", name: "players", value: String(value), id: `players-${value}` });
    if (value === n) input.checked = true;
    input.addEventListener("change", () => { n = value; drawSeats(); });
    count.append(el("label", { for: `players-${value}`, class: "radio" }, input, String(value)));
  }
  const target = el("input", { type: "number", id: "target", min: "1", max: "10000", value: "61", inputmode: "numeric" });
  const submit = el("button", { type: "submit", class: "primary", text: t("create") });
  const options = el("fieldset", { class: "options" }, el("legend", { text: t("options") }),
    el("label", { for: "practice", class: "check" }, practice, el("span", { text: t("practiceOption") })),
    el("label", { for: "hints", class: "check" }, hints, el("span", { text: t("hintsOption") })));
  let hintsChoice = false; // the person's own choice, back when practice is unticked
  hints.addEventListener("change", () => { hintsChoice = hints.checked; });
  practice.addEventListener("change", () => {
    hints.checked = practice.checked || hintsChoice;
    hints.disabled = practice.checked; // a practice match always allows hints
    drawSeats();
  });
  form.append(count, seatsBox, note, el("label", { for: "target", class: "target" }, el("span", { text: t("target") }), target), options, submit);
  drawSeats();
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    submit.disabled = true;
    submit.textContent = t("creating");
    try {
      const seats = kinds.slice(0, n).map((k) => (k === "human"
        ? { kind: SeatKind.HUMAN }
        : { kind: SeatKind.BOT, bot: BOTS.find((b) => b.value === k)?.kind }));
      const created = await clients.matches.createMatch({
        seats, targetPoints: Number(target.value) || 0, practice: practice.checked,
        hintsAllowed: practice.checked ? undefined : hints.checked,
      });
      const humans = seats.map((s, i) => (s.kind === SeatKind.HUMAN ? i : -1)).filter((i) => i >= 0);
      if (humans.length > 0) {
        const joined = await clients.matches.joinMatch({ matchId: created.matchId, seat: humans[0] }, withToken(await accessToken(clients)));
        saveSeat(created.matchId, { seat: joined.seat, token: joined.seatToken, version: 0 });
      }
      // A practice match has nobody to invite: straight to the table.
      if (practice.checked) location.hash = `#/play/${created.matchId}`;
      else sharePage(created.matchId, humans);
    } catch (err) {
      showError(form, err);
      submit.disabled = false;
      submit.textContent = t("create");
    }
  });

  const open = el("form", { class: "card", "aria-labelledby": "open-title" });
  const link = el("input", { type: "url", id: "link", placeholder: "https://…/#/join/…", autocomplete: "off" });
  open.append(
    el("h2", { id: "open-title", text: t("joinTitle") }),
    el("label", { for: "link", text: t("joinPrompt") }), link,
    el("button", { type: "submit", text: t("go") }),
  );
  open.addEventListener("submit", (e) => {
    e.preventDefault();
    const hash = link.value.includes("#") ? link.value.slice(link.value.indexOf("#")) : "";
    if (!/^#\/(join|watch|play)\//.test(hash)) {
      showError(open, new ConnectError("bad link", Code.InvalidArgument));
      (open.querySelector(".error") as HTMLElement).textContent = t("err_BAD_LINK");
      return;
    }
    location.hash = hash;
  });
  main.append(form, open);
}

function linkFor(path: string): string {
  return `${location.origin}${location.pathname}#${path}`;
}

function sharePage(matchId: string, humans: number[]): void {
  const main = el("main", { class: "share" });
  app.replaceChildren(header(), main);
  const card = el("section", { class: "card", "aria-labelledby": "share-title" });
  card.append(el("h2", { id: "share-title", text: t("shareTitle") }), el("p", { text: t("shareHint") }));
  const mine = loadSeat(matchId);
  const rows: [string, string][] = humans.filter((s) => s !== mine?.seat).map((s) => [t("joinLink", { n: s + 1 }), linkFor(`/join/${matchId}/${s}`)]);
  rows.push([t("watchLink"), linkFor(`/watch/${matchId}`)]);
  for (const [label, url] of rows) {
    const input = el("input", { type: "text", readonly: "", value: url, "aria-label": label });
    const copy = el("button", { type: "button", text: t("copy") });
    copy.addEventListener("click", async () => {
      input.select();
      try {
        await navigator.clipboard.writeText(url);
      } catch {
        document.execCommand("copy");
      }
      copy.textContent = t("copied");
    });
    card.append(el("div", { class: "share-row" }, el("span", { text: label }), input, copy));
  }
  const go = el("a", { class: "button primary", href: mine ? `#/play/${matchId}` : `#/watch/${matchId}`, text: t("startPlaying") });
  card.append(go);
  main.append(card);
  go.focus();
}

// ------------------------------------------------------------------ the table

class Game {
  private view: MatchView | null = null;
  private version = 0; // the last event version seen on the stream
  private selected: string | null = null; // the selected hand tile, "low-high"
  private readonly log: string[] = [];
  private stopped = false;
  private ended = false; // the stream told us the match ended (the view may not say so yet)
  private abort = new AbortController();
  private refreshTimer = 0;
  // ticks the turn deadline shown in the status line
  private readonly clock = window.setInterval(() => this.tickDeadline(), 1000);
  private busy = false;
  private freshIndex: number | null = null;
  private lastPoints = "";
  // The ranked moves SuggestMoves gave for one version of the match (shown while the
  // match is still at that version), and whether a request is out.
  private hints: { version: bigint; list: Hint[]; samples: number } | null = null;
  private hintsPending = false;
  // The finished match's rating line for a signed-in player (null: not looked up yet).
  private ratingLine: string | null = null;
  private readonly board: Board;
  private readonly root = el("main", { class: "table" });
  private readonly status = el("div", { class: "status", role: "status", "aria-live": "polite" });
  private readonly alert = el("p", { class: "error", role: "alert" });
  private readonly scores = el("section", { class: "scores", "aria-label": t("scores") });
  private readonly players = el("ul", { class: "players" });
  private readonly hand = el("section", { class: "hand", "aria-label": t("yourHand") });
  private readonly logBox = el("ul", { class: "log", "aria-label": t("log") });
  private readonly reckoning = el("section", { class: "reckoning" });
  private readonly banner = el("section", { class: "banner" });

  constructor(readonly matchId: string, private seat: SeatSession | null) {
    const boardBox = el("div", { class: "board-box" });
    const zoom = el("div", { class: "zoom" });
    for (const [key, label, act] of [
      ["zoomIn", "+", () => this.board.zoomAt(1 / 1.25)],
      ["zoomOut", "−", () => this.board.zoomAt(1.25)],
      ["zoomFit", "⤢", () => this.board.fit()],
    ] as const) {
      const b = el("button", { type: "button", "aria-label": t(key), title: t(key), text: label });
      b.addEventListener("click", act);
      zoom.append(b);
    }
    this.alert.hidden = true;
    const side = el("aside", { class: "side" }, this.scores, this.players, this.reckoning, el("h3", { text: t("log") }), this.logBox);
    const center = el("div", { class: "center" }, this.status, this.banner, boardBox, this.alert, this.hand);
    this.root.append(center, side);
    app.replaceChildren(header(), this.root);
    this.board = new Board(boardBox, t("board"));
    boardBox.append(zoom);
    app.dataset.match = matchId;
    app.dataset.role = seat ? "player" : "spectator";
  }

  stop(): void {
    clearInterval(this.clock);
    this.stopped = true;
    this.abort.abort();
    clearTimeout(this.refreshTimer);
  }

  private async auth() {
    return withToken(this.seat?.token || (this.seat ? await accessToken(clients) : null));
  }

  async start(): Promise<void> {
    const had = this.seat?.version ?? 0; // the version this tab showed before a reload
    try {
      await this.refresh();
    } catch (err) {
      this.fail(err);
      return;
    }
    if (this.seat && had > 0) this.note(t("resumed", { n: this.seat.seat + 1 }));
    // Resume the stream from the version this tab had (a reload: the events since then
    // fill the log), else from now.
    this.version = had > 0 ? Math.min(had, Number(this.view!.version)) : Number(this.view!.version);
    app.dataset.resumedFrom = String(had);
    void this.watch();
  }

  private fail(err: unknown): void {
    showError(this.root, err);
    this.showAlert(err);
    app.dataset.error = errorReason(err);
  }

  /** A refused call's reason, in words, above the hand (the match goes on). */
  private showAlert(err: unknown): void {
    const reason = errorReason(err);
    this.alert.hidden = false;
    this.alert.textContent = reasonText(reason);
    this.alert.dataset.reason = reason;
  }

  private async watch(): Promise<void> {
    let delay = 250;
    while (!this.stopped) {
      try {
        const stream = clients.matches.watchMatch(
          { matchId: this.matchId, afterVersion: BigInt(this.version) },
          { ...(await this.auth()), signal: this.abort.signal },
        );
        app.dataset.live = "true";
        for await (const item of stream) {
          delay = 250;
          if (item.item.case === "event") this.onEvent(item.item.value);
          else if (item.item.case === "resync") {
            this.version = Number(item.item.value.version);
            this.scheduleRefresh();
          }
        }
        // A stream ends cleanly when its match does: do not reconnect to a finished match
        // just because the refresh that will say so is still on its way.
        if (this.ended || this.view?.status === MatchStatus.FINISHED || this.stopped) return;
      } catch (err) {
        if (this.stopped) return;
        const reason = errorReason(err);
        if (reason === "MATCH_NOT_FOUND" || reason === "PERMISSION_DENIED") return this.fail(err);
        app.dataset.live = "false";
        this.status.textContent = t("reconnecting");
      }
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 5000);
    }
  }

  private onEvent(event: MatchEvent): void {
    this.version = Number(event.version);
    const { kind } = event;
    const mine = this.seat?.seat;
    switch (kind.case) {
      case "matchStarted":
        this.note(t("evStarted"));
        break;
      case "roundDealt":
        this.note(t("evDealt", { n: kind.value.roundNumber, s: kind.value.starter + 1 }));
        break;
      case "tilePlaced": {
        const p = kind.value;
        const tile = tileText(p.placement!.tile!);
        this.note(p.points ? t("evPlaced", { s: p.seat + 1, tile, points: pointsText(p.points / 5) }) : t("evPlacedNone", { s: p.seat + 1, tile }));
        this.lastPoints = p.points ? `+${p.points / 5}` : "";
        break;
      }
      case "tileDrawn":
        this.note(kind.value.seat === mine && kind.value.tile ? t("evDrewYou", { tile: tileText(kind.value.tile) }) : t("evDrew", { s: kind.value.seat + 1 }));
        break;
      case "passed":
        this.note(t("evPassed", { s: kind.value.seat + 1 }));
        break;
      case "roundEnded":
        this.note(kind.value.blocked ? t("evRoundBlocked", { n: kind.value.roundNumber }) : t("evRoundEnded", { n: kind.value.roundNumber }));
        break;
      case "matchEnded":
        this.ended = true;
        this.note(t("evMatchEnded"));
        break;
      case "seatAutoPlayed":
        this.note(kind.value.active ? t("evAuto", { s: kind.value.seat + 1 }) : t("evBack", { s: kind.value.seat + 1 }));
        break;
      case "seatClaimed":
        this.note(t("evJoined", { s: kind.value.seat + 1, name: kind.value.displayName || t("human") }));
        break;
      case "moveUndone":
        this.note(t("evUndone", { s: kind.value.seat + 1 }));
        this.lastPoints = "";
        break;
      default:
        break;
    }
    // The server marks the last event of each step with whose turn it is next (and its
    // deadline): read the view once then, not after every event of a burst.  A step that
    // ends the match carries no turn: read it then too.
    // (A short debounce stays as the fallback for any event outside a marked step.)
    if (event.turn || kind.case === "matchEnded" || kind.case === "seatClaimed") this.scheduleRefresh(0);
    else this.scheduleRefresh(400);
  }

  private note(line: string): void {
    this.log.push(line);
    if (this.log.length > 60) this.log.shift();
    this.logBox.replaceChildren(...this.log.slice(-25).reverse().map((l) => el("li", { text: l })));
  }

  /** Events come in bursts (a move, then the bots'): read the view once the burst is over.
   *  A read that fails (the network is gone) is tried again until it succeeds, so the
   *  table never stays behind the stream. */
  private scheduleRefresh(delay = 60): void {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = window.setTimeout(() => {
      this.refresh().then(
        () => this.clearFailure(),
        (err) => {
          this.fail(err);
          const reason = errorReason(err);
          if (reason !== "MATCH_NOT_FOUND" && reason !== "PERMISSION_DENIED" && !this.stopped) {
            this.scheduleRefresh(Math.min(Math.max(delay * 2, 500), 5000));
          }
        },
      );
    }, delay);
  }

  private tickDeadline(): void {
    const deadline = this.view?.turn?.deadline;
    const span = this.status.querySelector<HTMLElement>(".deadline");
    if (!deadline || !span || this.view?.turn?.standIn) return;
    const seconds = Math.max(0, Math.round((Number(deadline.seconds) * 1000 - Date.now()) / 1000));
    span.textContent = t("deadline", { s: seconds });
  }

  private clearFailure(): void {
    if (app.dataset.error === undefined) return;
    delete app.dataset.error;
    this.alert.hidden = true;
  }

  private async refresh(): Promise<void> {
    const answer = await clients.matches.getMatch({ matchId: this.matchId, minVersion: BigInt(this.version) }, await this.auth());
    if (this.stopped) return;
    // Answers can overtake each other (a move's refresh and the stream's): never go back,
    // and do not redraw for nothing (a redraw would also move the keyboard focus).
    if (this.view && answer.view!.version <= this.view.version) return;
    this.view = answer.view!;
    if (this.seat) {
      this.seat.version = Number(this.view.version);
      saveSeat(this.matchId, this.seat);
    }
    this.render();
  }

  /** Redraws everything, keeping the keyboard focus on the same control. */
  private render(): void {
    const focused = document.activeElement as HTMLElement | null;
    const focusKey = focused && this.root.contains(focused)
      ? focused.dataset.tile ? `[data-tile="${focused.dataset.tile}"]`
        : focused.dataset.move ? `[data-move="${focused.dataset.move}"]`
          : focused.dataset.point ? `[data-point="${focused.dataset.point}"]`
            : focused.dataset.hint ? `[data-hint="${focused.dataset.hint}"]`
              : focused.dataset.action ? `[data-action="${focused.dataset.action}"]` : null
      : null;
    this.draw();
    if (focusKey) this.hand.querySelector<HTMLElement>(`button${focusKey}`)?.focus();
  }

  private draw(): void {
    const view = this.view!;
    const n = view.seats.length;
    const mine = this.seat?.seat;
    const myTurn = mine !== undefined && view.turnSeat === mine && view.status !== MatchStatus.FINISHED;
    app.dataset.version = String(view.version);
    app.dataset.status = view.status === MatchStatus.FINISHED ? "finished" : "playing";
    app.dataset.myTurn = String(myTurn);
    app.dataset.round = String(view.roundNumber);
    app.dataset.tiles = String(view.layout.length);
    app.dataset.practice = String(view.practice);
    app.dataset.hintsAllowed = String(view.hintsAllowed);
    app.dataset.legalMoves = String(myTurn ? view.legalMoves.length : 0);

    // status line
    const turn = view.turnSeat === undefined ? "" : myTurn ? t("yourTurn") : t("turnOf", { n: view.turnSeat + 1 });
    const parts = [t("round", { n: view.roundNumber }), t("boneyard", { n: view.boneyardSize }), t("endSum", { n: view.endSum })];
    if (!this.seat) parts.unshift(t("spectating"));
    this.status.replaceChildren(el("strong", { class: myTurn ? "turn mine" : "turn", text: turn }), el("span", { text: parts.join(" · ") }));
    if (view.practice) this.status.prepend(el("span", { class: "practice-badge", text: t("practice") }));
    if (view.rated) this.status.prepend(el("span", { class: "rated-badge", title: t("ratedHint"), text: t("ratedBadge") }));
    if (this.lastPoints) this.status.append(el("span", { class: "points-badge", text: this.lastPoints }));
    const deadline = view.turn?.deadline;
    if (deadline && view.status !== MatchStatus.FINISHED) {
      const seconds = Math.max(0, Math.round((Number(deadline.seconds) * 1000 - Date.now()) / 1000));
      this.status.append(el("span", { class: "deadline", text: view.turn?.standIn ? t("standIn") : t("deadline", { s: seconds }) }));
    }
    if (view.roundStarter !== undefined) {
      this.status.append(el("span", { class: "starter", text: t("starter", { s: view.roundStarter + 1 }) }));
    }

    // scores: displayed points and the paper tally, per side
    const sides = n === 4 ? 2 : n;
    this.scores.replaceChildren(el("h3", { text: t("scores") }));
    for (let side = 0; side < sides; side += 1) {
      const score = view.scores.find((s) => s.side === side);
      const points = score?.displayedPoints ?? 0;
      const name = n === 4 ? t("team", { a: side + 1, b: side + 3 }) : t("seat", { n: side + 1 });
      const ours = mine !== undefined && (n === 4 ? mine % 2 === side : mine === side);
      this.scores.append(el("div", { class: ours ? "score ours" : "score", "data-side": String(side) },
        el("span", { class: "who", text: ours ? `${name} (${t("you")})` : name }),
        el("span", { class: "pts", text: pointsText(points) }),
        tallySvg(points, t("tallyLabel", { points: pointsText(points) }))));
    }

    // players
    this.players.replaceChildren(...view.seats.map((s, i) => {
      const who = i === mine ? t("you") : s.kind === SeatKind.BOT ? t("bot") : s.joined ? t("human") : t("seatOpen");
      const item = el("li", { class: view.turnSeat === i ? "turn" : "" },
        el("span", { text: `${t("seat", { n: i + 1 })}: ${who}` }),
        el("span", { class: "count", text: (view.handSizes[i] ?? 0) === 1 ? t("oneTile") : t("tiles", { n: view.handSizes[i] ?? 0 }) }));
      return item;
    }));

    this.renderBoardAndHand(myTurn);
    this.renderReckoning();

    // match end
    this.banner.replaceChildren();
    if (view.status === MatchStatus.FINISHED && view.winnerSide !== undefined) {
      const w = view.winnerSide;
      const ours = mine !== undefined && (n === 4 ? mine % 2 === w : mine === w);
      const who = n === 4 ? t("team", { a: w + 1, b: w + 3 }) : t("seat", { n: w + 1 });
      const again = el("a", { class: "button primary", href: "#/", text: t("newGame") });
      this.banner.append(el("h2", { text: t("matchOver") }), el("p", { class: "winner", text: ours ? t("youWon") : t("winner", { who }) }));
      if (this.ratingLine) this.banner.append(el("p", { class: "rating-change", text: this.ratingLine }));
      this.banner.append(again);
      if (this.ratingLine === null) void this.findRatingChange();
    }
  }

  /** A signed-in player's seat (no seat token): what the finished match did to their
   *  rating, from their match list (the result is written with the match's end). */
  private async findRatingChange(): Promise<void> {
    if (!this.seat || this.seat.token || !currentSession()) return;
    this.ratingLine = "";
    try {
      const page = await clients.ratings.listPlayerMatches({ pageSize: 5 }, withToken(await accessToken(clients)));
      const found = page.matches.find((m) => m.matchId === this.matchId);
      if (!found) return;
      this.ratingLine = found.rated && found.ratingBefore && found.ratingAfter
        ? t("ratingChanged", {
          from: found.ratingBefore.ordinal.toFixed(1), to: found.ratingAfter.ordinal.toFixed(1),
          delta: `${found.ratingAfter.ordinal >= found.ratingBefore.ordinal ? "+" : "−"}${Math.abs(found.ratingAfter.ordinal - found.ratingBefore.ordinal).toFixed(1)}`,
        })
        : t("notRatedResult");
    } catch {
      return; // the banner stays as it is: the result is on the profile page
    }
    if (!this.stopped) this.draw();
  }

  private renderBoardAndHand(myTurn: boolean): void {
    const view = this.view!;
    const geometry = layoutGeometry(view.layout.map((p) => ({ tile: p.tile!, on: p.on ? { tile: p.on.tile!, side: p.on.side } : undefined })));
    this.freshIndex = view.layout.length ? view.layout.length - 1 : null;
    const moves = myTurn ? view.legalMoves : [];
    const places = moves.filter((m): m is Move & { kind: { case: "place" } } => m.kind.case === "place");
    const handTiles = view.hand;
    const sel = handTiles.find((tile) => `${tile.low}-${tile.high}` === this.selected);
    const selMoves = sel ? places.filter((m) => sameTile(m.kind.value.tile!, sel)) : [];
    const markers: Marker[] = selMoves.map((m) => {
      const on = m.kind.value.on;
      if (!on) return { x: 0, y: 0, label: t("lead", { tile: tileText(sel!) }), onPick: () => this.submit(m) };
      const end = geometry.ends.get(pointKey(on.tile!, on.side));
      const dx = [1, 0, -1, 0][end?.dir ?? 0];
      const dy = [0, 1, 0, -1][end?.dir ?? 0];
      return {
        x: (end?.x ?? 0) + dx * 0.55, y: (end?.y ?? 0) + dy * 0.55,
        label: t("pointLabel", { point: pointText(on) }), onPick: () => this.submit(m),
      };
    });
    const label = (p: PlacedTile) => t("tileLabel", { a: p.tile.low, b: p.tile.high });
    this.board.render(geometry, label, markers, this.freshIndex);
    if (view.layout.length === 0) this.board.root.setAttribute("aria-description", t("emptyBoard"));

    // the hand
    this.hand.replaceChildren();
    if (!this.seat) return;
    this.hand.append(el("h3", { text: t("yourHand") }));
    const row = el("div", { class: "tiles", role: "toolbar", "aria-label": t("yourHand") });
    handTiles.forEach((tile) => {
      const key = `${tile.low}-${tile.high}`;
      const playable = places.some((m) => sameTile(m.kind.value.tile!, tile));
      const button = el("button", {
        type: "button", class: `tile${playable ? " playable" : ""}${this.selected === key ? " selected" : ""}`,
        "aria-label": `${t("tileLabel", { a: tile.low, b: tile.high })}${playable ? " ✓" : ""}`,
        "aria-pressed": String(this.selected === key), "data-tile": key,
      });
      button.disabled = !playable || this.busy;
      button.append(dominoIcon(tile.low, tile.high, true, 30));
      button.addEventListener("click", () => {
        this.selected = this.selected === key ? null : key;
        this.render();
        const first = this.hand.querySelector<HTMLButtonElement>(".points button");
        (first ?? this.hand.querySelector<HTMLButtonElement>(`button[data-tile="${key}"]`))?.focus();
      });
      row.append(button);
    });
    this.hand.append(row);
    const actions = el("div", { class: "actions" });
    if (myTurn) {
      if (view.mustPlay) actions.append(el("p", { class: "hint", text: t("mustPlay", { tile: tileText(view.mustPlay) }) }));
      if (sel && selMoves.length) {
        actions.append(el("p", { class: "hint", text: t("pickPoint", { tile: tileText(sel) }) }));
        const list = el("div", { class: "points" });
        for (const m of selMoves) {
          const on = m.kind.value.on;
          const b = el("button", {
            type: "button", class: "point", "data-point": on ? `${on.tile!.low}-${on.tile!.high}-${on.side}` : "lead",
            text: on ? t("placeOn", { tile: tileText(sel), point: pointText(on) }) : t("lead", { tile: tileText(sel) }),
          });
          b.addEventListener("click", () => this.submit(m));
          list.append(b);
        }
        const cancel = el("button", { type: "button", class: "ghost", text: t("cancel") });
        cancel.addEventListener("click", () => { this.selected = null; this.render(); });
        list.append(cancel);
        actions.append(list);
      } else if (places.length) {
        actions.append(el("p", { class: "hint", text: t("pickTile") }));
      }
      for (const m of moves) {
        if (m.kind.case === "draw" || m.kind.case === "pass") {
          const b = el("button", { type: "button", class: "primary", "data-move": m.kind.case, text: t(m.kind.case === "draw" ? "draw" : "pass") });
          b.disabled = this.busy;
          b.addEventListener("click", () => this.submit(m));
          actions.append(b);
        }
      }
    } else if (view.status !== MatchStatus.FINISHED) {
      actions.append(el("p", { class: "hint", text: t("waiting") }));
    }
    this.hand.append(actions);
    this.renderAssist(myTurn);
  }

  /** The hint button and its ranked list (matches that allow hints), and the take-back
   *  button (practice matches, whenever the server says an undo is possible). */
  private renderAssist(myTurn: boolean): void {
    const view = this.view!;
    if (view.status === MatchStatus.FINISHED) return;
    const bar = el("div", { class: "assist" });
    if (view.hintsAllowed && myTurn) {
      const ask = el("button", {
        type: "button", class: "hint-button", "data-action": "hint",
        text: this.hintsPending ? t("hintThinking") : t("hint"),
      });
      ask.disabled = this.busy || this.hintsPending;
      ask.addEventListener("click", () => void this.askHints());
      bar.append(ask);
    }
    if (view.canUndo) {
      const undo = el("button", { type: "button", class: "undo-button", "data-action": "undo", text: t("undo") });
      undo.disabled = this.busy;
      undo.addEventListener("click", () => void this.undo());
      bar.append(undo);
    }
    if (bar.childElementCount) this.hand.append(bar);
    const hints = this.hints;
    if (!myTurn || !hints || hints.version !== view.version) return;
    this.hand.append(hintList(hints.list, hints.samples, this.busy, (move) => void this.submit(move)));
  }

  private async askHints(): Promise<void> {
    const view = this.view;
    if (!view || !this.seat || this.hintsPending) return;
    this.hintsPending = true;
    this.render();
    try {
      const answer = await clients.matches.suggestMoves({ matchId: this.matchId, minVersion: view.version }, await this.auth());
      this.hints = { version: answer.version, list: answer.hints, samples: answer.samples };
      this.alert.hidden = true;
    } catch (err) {
      this.showAlert(err);
    } finally {
      this.hintsPending = false;
    }
    this.render();
    this.hand.querySelector<HTMLButtonElement>(".hint-list button")?.focus();
  }

  private async undo(): Promise<void> {
    if (this.busy || !this.view || !this.seat) return;
    this.busy = true;
    this.alert.hidden = true;
    try {
      await clients.matches.undoMove(
        { matchId: this.matchId, expectedVersion: this.view.version, requestId: newRequestId() },
        await this.auth(),
      );
      this.selected = null;
      this.hints = null;
    } catch (err) {
      this.showAlert(err);
    } finally {
      this.busy = false;
    }
    await this.refresh().catch((err) => this.fail(err));
    this.hand.querySelector<HTMLButtonElement>("button.playable:not([disabled]), button[data-move], button[data-action]")?.focus();
  }

  private renderReckoning(): void {
    const last = this.view!.lastRound;
    this.reckoning.replaceChildren();
    if (!last) return;
    this.reckoning.append(el("h3", { text: t("reckoning", { n: last.roundNumber }) }));
    this.reckoning.append(el("p", {
      text: last.blocked ? t("blocked") : t("wentOut", { s: (last.winnerSeat ?? 0) + 1 }),
    }));
    const list = el("ul", {});
    last.hands.forEach((hand, seat) => {
      const pips = hand.tiles.reduce((sum, tile) => sum + tile.low + tile.high, 0);
      const rounded = last.deductions[seat] ?? 0;
      const row = el("li", { text: rounded
        ? t("reckoningRow", { s: seat + 1, pips, rounded, points: rounded / 5 })
        : t("reckoningNone", { s: seat + 1, pips }) });
      const tiles = el("span", { class: "mini" });
      for (const tile of hand.tiles) tiles.append(dominoIcon(tile.low, tile.high, false, 12));
      row.append(tiles);
      list.append(row);
    });
    this.reckoning.append(list);
  }

  private async submit(move: Move): Promise<void> {
    if (this.busy || !this.view || !this.seat) return;
    this.busy = true;
    this.alert.hidden = true;
    try {
      await clients.matches.submitMove(
        { matchId: this.matchId, move, expectedVersion: this.view.version, requestId: newRequestId() },
        await this.auth(),
      );
      this.selected = null;
    } catch (err) {
      this.showAlert(err);
    } finally {
      this.busy = false;
    }
    await this.refresh().catch((err) => this.fail(err));
    (this.hand.querySelector<HTMLButtonElement>("button.playable:not([disabled]), button[data-move]") ?? null)?.focus();
  }
}

// ------------------------------------------------------------------ routing

async function joinPage(matchId: string, seatText: string | undefined): Promise<void> {
  current?.stop();
  const main = el("main", { class: "start" });
  app.replaceChildren(header(), main);
  const card = el("section", { class: "card" }, el("p", { text: t("joining") }));
  main.append(card);
  const existing = loadSeat(matchId);
  if (existing) {
    location.replace(`#/play/${matchId}`);
    return;
  }
  try {
    const seat = seatText === undefined || seatText === "" ? undefined : Number(seatText);
    if (seat !== undefined && !Number.isInteger(seat)) throw new ConnectError("bad seat", Code.InvalidArgument);
    const joined = await clients.matches.joinMatch({ matchId, seat }, withToken(await accessToken(clients)));
    saveSeat(matchId, { seat: joined.seat, token: joined.seatToken, version: 0 });
    location.replace(`#/play/${matchId}`);
  } catch (err) {
    card.replaceChildren(el("h2", { text: t("errorTitle") }));
    showError(card, err);
    app.dataset.error = errorReason(err);
    card.append(el("a", { class: "button", href: `#/watch/${matchId}`, text: t("spectating") }), " ", el("a", { class: "button", href: "#/", text: t("home") }));
  }
}

/** A ratings page under the header; the pages are in ratings.ts. */
function ratingsPage(fill: (main: HTMLElement) => void): void {
  current?.stop();
  current = null;
  const main = el("main", {});
  app.replaceChildren(header(), main);
  fill(main);
}

function route(): void {
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  for (const key of Object.keys(app.dataset)) delete app.dataset[key]; // each page sets its own
  const [page, matchId, extra] = parts;
  if (page === "join" && matchId) return void joinPage(matchId, extra);
  if (page === "leaderboard") return ratingsPage((main) => leaderboardPage(main, clients, parts.slice(1)));
  if ((page === "player" && matchId) || page === "me") {
    return ratingsPage((main) => profilePage(main, clients, page === "me" ? null : matchId, route));
  }
  if ((page === "play" || page === "watch") && matchId) {
    current?.stop();
    const seat = page === "play" ? loadSeat(matchId) : null;
    current = new Game(matchId, seat);
    void current.start();
    return;
  }
  startPage();
}

async function boot(): Promise<void> {
  let gateway = location.origin;
  try {
    const config = (await (await fetch("config.json", { cache: "no-store" })).json()) as { gateway?: string };
    if (config.gateway) gateway = config.gateway;
  } catch {
    // no config.json: the gateway is this page's own origin (same-origin deployments)
  }
  clients = createFiveUpClients(browserTransport(gateway));
  const saved = localStorage.getItem("fiveup:lang");
  setLang(saved === "hi" ? "hi" : "en");
  window.addEventListener("hashchange", route);
  route();
}

void boot();
