// The table (#/play/<match> as the seat this tab holds, #/watch/<match> as a
// spectator): follows the match's stream (WatchMatch) from version 0, folding it into the
// match's record (history, names, round ends: table/record.ts), reads the view (GetMatch)
// once a burst of events is over, and redraws its panels (table/panels/) from one
// TableState.
import {
  MatchStatus, errorReason, newRequestId, withToken, type MatchEvent, type MatchView, type Move,
} from "@fiveup/sdk";
import { el } from "../dom.js";
import { reasonText, t } from "../i18n.js";
import { accessToken, currentSession } from "../session.js";
import { api, type Clients } from "../app/api.js";
import { ratingChange, shownRating } from "../app/rating.js";
import { app, page, showError } from "../app/shell.js";
import { Board, type CountingMark, type Marker } from "./board.js";
import { countingEnds, frameFor, layoutGeometry, pointKey, type Frame, type PlacedTile } from "./geometry.js";
import { distinctPlacements, placementText } from "./moves.js";
import { MatchRecord, type RoundEnd } from "./record.js";
import { saveSeat, type SeatSession } from "./seat-store.js";
import type { TableActions, TableState } from "./state.js";
import { myTurn, seatName, sideOf } from "./state.js";
import { handPanel, selectedPlacements } from "./panels/hand.js";
import { matchEndPanel } from "./panels/match-end.js";
import { playersPanel } from "./panels/players.js";
import { reckoningPanel } from "./panels/reckoning.js";
import { roundEndPanel } from "./panels/round-end.js";
import { scoresPanel } from "./panels/scores.js";
import { BADGE_MS, deadlineText, statusLine } from "./panels/status.js";
import { ChatPanel } from "../chat/panel.js";
import { RematchFollower } from "./rematch.js";

/** How long a round's end stays over the table unless dismissed. */
const ROUND_END_MS = 20000;
/** Reasons a call fails with when the connection (not the request) is at fault. */
const CONNECTION_REASONS = new Set(["UNAVAILABLE", "UNKNOWN", "DEADLINE_EXCEEDED", "SHUTTING_DOWN", "CANCELED"]);

export class Game implements TableActions {
  private clients!: Clients;
  private view: MatchView | null = null;
  private version = 0; // the last event version seen on the stream
  private selected: string | null = null; // the selected hand tile, "low-high"
  private readonly record: MatchRecord;
  private shownEntries = 0; // history lines already in the list
  private liveFrom = 0; // events above this version happen while the table is open
  private offline = false;
  private roundEnd: { end: RoundEnd; until: number } | null = null;
  private badgeTimer = 0;
  private kept: { round: number; frame: Frame } | null = null; // where the lines bend
  private wake: (() => void) | null = null; // ends the wait before a reconnect
  // The browser knows first when the network goes: an open stream would only stall.
  private readonly wentOffline = () => {
    this.setOffline(true);
    this.abort.abort();
    this.abort = new AbortController();
  };
  private readonly cameOnline = () => this.wake?.();
  private stopped = false;
  private ended = false; // the stream told us the match ended (the view may not say so yet)
  private abort = new AbortController();
  private refreshTimer = 0;
  // ticks the turn deadline shown in the status line
  private readonly clock = window.setInterval(() => this.tickDeadline(), 1000);
  private busy = false;
  private hints: TableState["hints"] = null;
  private hintsPending = false;
  private ratingLine: string | null = null;
  private rematch: RematchFollower | null = null; // made when the match is seen finished
  private readonly board: Board;
  // Hidden (not yet laid out for the eye) until its first whole picture: the view and the
  // replayed record's names arrive one after the other, and each grows the status line
  // above the board; shown in between, the board jumped down twice (a layout shift of
  // 0.3 on a phone, a third of Lighthouse's budget for the page).  reveal() shows it.
  private readonly root = el("main", { class: "table", "data-loading": "" });
  private revealTimer = 0;
  private readonly status = el("div", { class: "status", role: "status", "aria-live": "polite" });
  private readonly alert = el("p", { class: "error", role: "alert" });
  private readonly scores = el("section", { class: "scores", "aria-label": t("scores") });
  private readonly players = el("ul", { class: "players" });
  private readonly hand = el("section", { class: "hand", "aria-label": t("yourHand") });
  private readonly logBox = el("ol", { class: "log", "aria-label": t("history"), tabindex: "0" });
  private logPinned = true; // the History list shows its newest line
  private readonly reckoning = el("section", { class: "reckoning" });
  private readonly banner = el("section", { class: "banner" });
  private readonly overlay = el("div", { class: "overlay" });
  private readonly chat: ChatPanel;
  private readonly center = el("div", { class: "center" });

  constructor(readonly matchId: string, private seat: SeatSession | null) {
    this.record = new MatchRecord(
      (s) => (this.view ? seatName(this.view, this.record, this.seat?.seat, s) : t("seat", { n: s + 1 })),
      (s) => (this.view ? sideOf(this.view, s) : s),
    );
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
    this.chat = new ChatPanel(matchId, {
      // a watcher who is signed in writes in the spectators' room under their name
      auth: async () => withToken(this.seat?.token || (await accessToken(this.clients))),
      nameOf: (s) => (this.view ? seatName(this.view, this.record, this.seat?.seat, s) : t("seat", { n: s + 1 })),
    });
    // the History list before the chat: on a laptop the column's room left is its
    const side = el("aside", { class: "side" }, this.scores, this.players, this.reckoning, el("h3", { text: t("history") }), this.logBox, this.chat.root);
    // The History list follows its newest line while the person has not scrolled it up,
    // also when its box changes size (a laptop's column gives it the room the panels
    // above leave, and a reckoning comes and goes; a window resized).
    this.logBox.addEventListener("scroll", () => {
      this.logPinned = this.logBox.scrollHeight - this.logBox.scrollTop - this.logBox.clientHeight < 40;
    });
    new ResizeObserver(() => {
      if (this.logPinned) this.logBox.scrollTop = this.logBox.scrollHeight;
    }).observe(this.logBox);
    // the page's <h2> (under the header's <h1>), so the panels' <h3>s are in order
    const title = el("h2", { class: "visually-hidden", text: t("tableTitle") });
    // the title stays outside the centre, which hides while a round's end is shown
    this.center.append(this.status, this.banner, boardBox, this.alert, this.hand);
    this.root.append(title, this.center, side, this.overlay);
    page(this.root);
    this.board = new Board(boardBox, t("board"));
    boardBox.append(zoom);
    window.addEventListener("offline", this.wentOffline);
    window.addEventListener("online", this.cameOnline);
    app.dataset.match = matchId;
    app.dataset.role = seat ? "player" : "spectator";
  }

  /** The table as it is: shown now (the record is in, or the wait was long enough). */
  private reveal(): void {
    clearTimeout(this.revealTimer);
    delete this.root.dataset.loading;
  }

  stop(): void {
    clearTimeout(this.revealTimer);
    window.removeEventListener("offline", this.wentOffline);
    window.removeEventListener("online", this.cameOnline);
    clearInterval(this.clock);
    clearTimeout(this.badgeTimer);
    this.stopped = true;
    this.abort.abort();
    clearTimeout(this.refreshTimer);
    this.chat.stop();
    this.rematch?.stop();
  }

  private async auth() {
    return withToken(this.seat?.token || (this.seat ? await accessToken(this.clients) : null));
  }

  async start(): Promise<void> {
    const had = this.seat?.version ?? 0; // the version this tab showed before a reload
    try {
      this.clients = await api();
      await this.refresh();
    } catch (err) {
      this.fail(err);
      return;
    }
    if (this.stopped) return; // the person left before the table's first view came
    // The stream starts at version 0 whatever this tab showed before (a reload, a
    // spectator, a finished table): the history is the match's own record, the same for
    // everyone.  Events up to the view's version are the past (folded, not announced).
    this.liveFrom = Number(this.view!.version);
    this.version = this.liveFrom;
    // shown once the record has caught up to the view, or after a second whatever comes
    if (this.liveFrom === 0) this.reveal();
    else this.revealTimer = window.setTimeout(() => this.reveal(), 1000);
    app.dataset.resumedFrom = String(had);
    void this.watch();
    void this.chat.start(this.clients);
  }

  private fail(err: unknown): void {
    this.reveal();
    showError(this.root, err);
    this.showAlert(err);
    app.dataset.error = errorReason(err);
  }

  /** A refused call's reason, in words, above the hand (the match goes on); a call the
   *  connection failed marks the table offline instead (one line says so). */
  private showAlert(err: unknown): void {
    const reason = errorReason(err);
    if (CONNECTION_REASONS.has(reason)) return this.setOffline(true);
    this.showAlertText(reasonText(reason), reason);
  }

  private showAlertText(text: string, reason: string): void {
    this.alert.hidden = false;
    this.alert.textContent = text;
    this.alert.dataset.reason = reason;
  }

  private setOffline(offline: boolean): void {
    if (offline) this.reveal(); // the line saying so must be seen
    if (this.offline === offline) return;
    this.offline = offline;
    app.dataset.live = String(!offline);
    if (this.view) this.render();
  }

  private async watch(): Promise<void> {
    let delay = 250;
    while (!this.stopped) {
      try {
        if (this.offline) {
          // Back only when a call gets through: a stream opens without an answer.
          await this.refresh();
          this.clearFailure();
          this.setOffline(false);
        }
        // withViews: the view after each burst rides on its last event, so the table
        // needs no GetMatch per turn (docs/api.md, WatchMatch).
        const stream = this.clients.matches.watchMatch(
          { matchId: this.matchId, afterVersion: BigInt(this.record.version), withViews: true },
          { ...(await this.auth()), signal: this.abort.signal },
        );
        app.dataset.live = "true";
        for await (const item of stream) {
          delay = 250;
          this.setOffline(false);
          if (item.item.case === "event") {
            this.onEvent(item.item.value);
            if (item.view) this.takeView(item.view);
          } else if (item.item.case === "resync") {
            // Too far behind to fold (the record has a gap from here): carry on from now.
            this.version = Number(item.item.value.version);
            this.record.version = this.version;
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
        this.setOffline(true);
      }
      await new Promise<void>((r) => {
        const timer = setTimeout(r, delay);
        this.wake = () => {
          clearTimeout(timer);
          r();
        };
      });
      this.wake = null;
      delay = Math.min(delay * 2, 3000);
    }
  }

  private onEvent(event: MatchEvent): void {
    const version = Number(event.version);
    this.version = Math.max(this.version, version);
    const { kind } = event;
    this.record.fold(event, this.seat?.seat);
    if (version <= this.liveFrom) {
      // The past, replayed: the view already shows it; once it is all in, redraw (the
      // names the seats were claimed under, the history).
      if (version === this.liveFrom) {
        this.render();
        this.reveal();
      }
      return;
    }
    if (kind.case === "matchEnded") this.ended = true;
    if (kind.case === "roundEnded") {
      this.roundEnd = { end: this.record.rounds.at(-1)!, until: Date.now() + ROUND_END_MS };
    }
    if (kind.case === "tilePlaced" && kind.value.points) {
      // redraw when the badge has faded, so that it is gone, not just transparent
      clearTimeout(this.badgeTimer);
      this.badgeTimer = window.setTimeout(() => this.view && this.render(), BADGE_MS + 50);
    }
    this.drawHistory();
    // The server marks the last event of each step with whose turn it is next (and its
    // deadline): read the view once then, not after every event of a burst.  A step that
    // ends the match carries no turn: read it then too.
    // (A short debounce stays as the fallback for any event outside a marked step.)
    if (event.turn || kind.case === "matchEnded" || kind.case === "seatClaimed") this.scheduleRefresh(0);
    else this.scheduleRefresh(400);
  }

  /** The history list: the record's lines not shown yet, appended (oldest first). */
  private drawHistory(): void {
    const entries = this.record.entries;
    if (this.shownEntries === entries.length) return;
    const atBottom = this.logBox.scrollHeight - this.logBox.scrollTop - this.logBox.clientHeight < 40;
    for (const entry of entries.slice(this.shownEntries)) {
      this.logBox.append(el("li", { class: entry.kind, "data-version": String(entry.version), text: entry.text() }));
    }
    this.shownEntries = entries.length;
    app.dataset.history = String(entries.length);
    if (atBottom || this.shownEntries === entries.length) this.logBox.scrollTop = this.logBox.scrollHeight;
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
          if (CONNECTION_REASONS.has(errorReason(err))) this.setOffline(true);
          else this.fail(err);
          const reason = errorReason(err);
          if (reason !== "MATCH_NOT_FOUND" && reason !== "PERMISSION_DENIED" && !this.stopped) {
            this.scheduleRefresh(Math.min(Math.max(delay * 2, 500), 5000));
          }
        },
      );
    }, delay);
  }

  private tickDeadline(): void {
    if (this.roundEnd) {
      const left = Math.ceil((this.roundEnd.until - Date.now()) / 1000);
      if (left <= 0) this.dismissRoundEnd();
      else this.overlay.querySelector("[data-action=dismiss-round]")?.replaceChildren(this.roundEndButtonText(left));
    }
    const deadline = this.view?.turn?.deadline;
    const span = this.status.querySelector<HTMLElement>(".deadline");
    if (!deadline || !span || this.view?.turn?.standIn) return;
    span.textContent = deadlineText(this.view!);
  }

  private clearFailure(): void {
    if (app.dataset.error === undefined) return;
    delete app.dataset.error;
    this.alert.hidden = true;
  }

  /** Reads the view; says whether it drew a newer one. */
  private async refresh(): Promise<boolean> {
    const answer = await this.clients.matches.getMatch({ matchId: this.matchId, minVersion: BigInt(this.version) }, await this.auth());
    if (this.stopped) return true;
    return this.showView(answer.view!);
  }

  /** After a move of ours (the match at `reached`, or 0 when it was refused): the stream
   *  may have brought that view already (drawn while busy: draw it again, controls on);
   *  else read it. */
  private async catchUp(reached: number): Promise<void> {
    if (this.view && reached > 0 && Number(this.view.version) >= reached) {
      this.render();
      return;
    }
    const redrawn = await this.refresh().catch((err) => {
      this.fail(err);
      return true;
    });
    if (!redrawn) this.render(); // the same view, but no longer busy
  }

  /** A view the stream brought with its event: the refresh that event scheduled is not
   *  needed (it stays for a burst whose match had moved on: the next burst's view). */
  private takeView(view: MatchView): void {
    clearTimeout(this.refreshTimer);
    this.showView(view);
  }

  private showView(view: MatchView): boolean {
    // Answers can overtake each other (a move's refresh and the stream's): never go back,
    // and do not redraw for nothing (a redraw would also move the keyboard focus).
    if (this.view && view.version <= this.view.version) return false;
    this.view = view;
    if (this.seat) {
      this.seat.version = Number(this.view.version);
      saveSeat(this.matchId, this.seat);
    }
    this.render();
    return true;
  }

  private state(): TableState {
    const roundEnd = this.roundEnd
      ? { end: this.roundEnd.end, secondsLeft: Math.max(1, Math.ceil((this.roundEnd.until - Date.now()) / 1000)) }
      : null;
    return {
      view: this.view!, record: this.record, seat: this.seat, selected: this.selected, busy: this.busy,
      offline: this.offline, hints: this.hints, hintsPending: this.hintsPending, ratingLine: this.ratingLine, roundEnd,
      rematch: this.rematch?.state ?? null,
    };
  }

  private roundEndButtonText(left: number): string {
    const last = this.view?.status === MatchStatus.FINISHED && this.record.rounds.at(-1) === this.roundEnd?.end;
    return `${last ? t("seeResult") : t("nextRound")} ${t("closesIn", { s: left })}`;
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
    if (this.roundEnd && !this.overlay.contains(document.activeElement)) {
      this.overlay.querySelector<HTMLElement>("[data-action=dismiss-round]")?.focus();
    } else if (focusKey) this.hand.querySelector<HTMLElement>(`button${focusKey}`)?.focus();
  }

  private draw(): void {
    const state = this.state();
    const { view } = state;
    const mine = myTurn(state);
    app.dataset.version = String(view.version);
    app.dataset.status = view.status === MatchStatus.FINISHED ? "finished" : "playing";
    app.dataset.myTurn = String(mine);
    app.dataset.round = String(view.roundNumber);
    app.dataset.tiles = String(view.layout.length);
    app.dataset.practice = String(view.practice);
    app.dataset.hintsAllowed = String(view.hintsAllowed);
    app.dataset.legalMoves = String(mine ? distinctPlacements(view.legalMoves).length : 0); // the choices shown
    app.dataset.roundEnd = this.roundEnd ? String(this.roundEnd.end.event.roundNumber) : "";
    // The next deal stays out of sight (and out of reach) until the round's end is dismissed.
    this.root.classList.toggle("round-pending", this.roundEnd !== null);
    this.center.inert = this.roundEnd !== null;

    this.status.replaceChildren(...statusLine(state));
    this.scores.replaceChildren(...scoresPanel(state));
    this.players.replaceChildren(...playersPanel(state));
    this.drawBoard(state);
    this.hand.replaceChildren(...handPanel(state, this));
    this.reckoning.replaceChildren(...reckoningPanel(state));
    this.banner.replaceChildren(...matchEndPanel(state, this));
    this.overlay.replaceChildren(...roundEndPanel(state, this));
    this.drawHistory();
    this.chat.update(view, { seat: this.seat?.seat, signedIn: !this.seat?.token && currentSession() !== null });
    if (view.status === MatchStatus.FINISHED && this.ratingLine === null) void this.findRatingChange();
    if (view.status === MatchStatus.FINISHED) this.followRematch();
  }

  /** A seat bound to a signed-in player follows the rematch once the match is over
   *  (seat tokens and spectators cannot take part: the server rematches players). */
  private followRematch(): void {
    if (this.rematch || this.stopped || !this.seat || this.seat.token || !currentSession()) return;
    const seat = this.seat.seat;
    this.rematch = new RematchFollower(
      this.matchId, this.clients, async () => withToken(await accessToken(this.clients)),
      () => { if (!this.stopped && this.view) this.render(); },
      (newMatchId) => {
        // the same seats: this player sits at the same number in the new match
        saveSeat(newMatchId, { seat, token: "", version: 0 });
        location.hash = `#/play/${newMatchId}`;
      },
      (err) => this.showAlert(err),
    );
    this.rematch.start();
  }

  offerRematch(): void {
    void this.rematch?.offer();
  }

  declineRematch(): void {
    void this.rematch?.decline();
  }

  /** The layout, and a marker at every connection point the selected tile can take. */
  private drawBoard(state: TableState): void {
    const { view } = state;
    const geometry = layoutGeometry(
      view.layout.map((p) => ({ tile: p.tile!, on: p.on ? { tile: p.on.tile!, side: p.on.side } : undefined })),
      this.frame(),
    );
    const fresh = view.layout.length ? view.layout.length - 1 : null;
    const markers: Marker[] = selectedPlacements(state).map((m) => {
      const on = m.kind.value.on;
      const badge = m.kind.value.points ? `+${m.kind.value.points / 5}` : undefined;
      if (!on) return { x: 0, y: 0, label: placementText(m), badge, onPick: () => this.submit(m) };
      const end = geometry.ends.get(pointKey(on.tile!, on.side));
      const dx = [1, 0, -1, 0][end?.dir ?? 0];
      const dy = [0, 1, 0, -1][end?.dir ?? 0];
      return {
        x: (end?.x ?? 0) + dx * 0.55, y: (end?.y ?? 0) + dy * 0.55,
        label: t("pointLabel", { point: placementText(m) }), badge, onPick: () => this.submit(m),
      };
    });
    const label = (p: PlacedTile) => t("tileLabel", { a: p.tile.low, b: p.tile.high });
    const open = view.openPoints.filter((o) => o.point?.tile).map((o) => ({ tile: o.point!.tile!, side: o.point!.side, pip: o.pip }));
    const counting: CountingMark[] = [];
    for (const found of countingEnds(geometry, view.countedEnds.map((c) => ({ tile: c.tile!, value: c.value })), open)) {
      if (!found) continue;
      const { end, value } = found;
      counting.push({ x: end.x + [1, 0, -1, 0][end.dir] * 0.35, y: end.y + [0, 1, 0, -1][end.dir] * 0.35, value, label: t("countingEnd", { n: value }) });
    }
    this.board.render(geometry, label, markers, fresh, counting);
    if (view.layout.length === 0) this.board.root.setAttribute("aria-description", t("emptyBoard"));
  }

  /** Where the lines bend: the board's size when the round's first tile was drawn (kept
   *  for the round, so that tiles never move while it is played; a new round, or a
   *  table resized by more than a quarter, takes the new size). */
  private frame(): Frame {
    const box = this.board.root.getBoundingClientRect();
    const now = box.width > 0 && box.height > 0 ? frameFor(box.width, box.height) : frameFor(1000, 560);
    const round = Number(this.view?.roundNumber ?? 0);
    const kept = this.kept;
    const far = (a: number, b: number) => Math.abs(a - b) > Math.max(a, b) / 4;
    if (!kept || kept.round !== round || far(kept.frame.halfWidth, now.halfWidth) || far(kept.frame.halfHeight, now.halfHeight)) {
      this.kept = { round, frame: now };
    }
    return this.kept!.frame;
  }

  /** A signed-in player's seat (no seat token): what the finished match did to their
   *  rating, from their match list (the result is written with the match's end). */
  private async findRatingChange(): Promise<void> {
    if (!this.seat || this.seat.token || !currentSession()) return;
    this.ratingLine = "";
    try {
      const page = await this.clients.ratings.listPlayerMatches({ pageSize: 5 }, withToken(await accessToken(this.clients)));
      const found = page.matches.find((m) => m.matchId === this.matchId);
      if (!found) return;
      this.ratingLine = found.rated && found.ratingBefore && found.ratingAfter
        ? t("ratingChanged", {
          from: shownRating(found.ratingBefore), to: shownRating(found.ratingAfter),
          delta: ratingChange(found.ratingBefore, found.ratingAfter),
        })
        : t("notRatedResult");
    } catch {
      return; // the banner stays as it is: the result is on the profile page
    }
    if (!this.stopped) this.draw();
  }

  // ---------------------------------------------------------------- actions

  dismissRoundEnd(): void {
    if (!this.roundEnd) return;
    this.roundEnd = null;
    this.render();
    this.hand.querySelector<HTMLButtonElement>("button.playable:not([disabled]), button[data-move]")?.focus();
  }

  select(tile: string | null): void {
    this.selected = tile;
    this.render();
    if (tile === null) return;
    const first = this.hand.querySelector<HTMLButtonElement>(".points button");
    (first ?? this.hand.querySelector<HTMLButtonElement>(`button[data-tile="${tile}"]`))?.focus();
  }

  askHints(): void {
    void this.fetchHints();
  }

  private async fetchHints(): Promise<void> {
    const view = this.view;
    if (!view || !this.seat || this.hintsPending) return;
    this.hintsPending = true;
    this.render();
    try {
      const answer = await this.clients.matches.suggestMoves({ matchId: this.matchId, minVersion: view.version }, await this.auth());
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

  undo(): void {
    void this.takeBack();
  }

  private async takeBack(): Promise<void> {
    if (this.busy || !this.view || !this.seat) return;
    this.busy = true;
    this.alert.hidden = true;
    let reached = 0;
    try {
      const undone = await this.clients.matches.undoMove(
        { matchId: this.matchId, expectedVersion: this.view.version, requestId: newRequestId() },
        await this.auth(),
      );
      reached = Number(undone.version);
      this.selected = null;
      this.hints = null;
    } catch (err) {
      this.showAlert(err);
    } finally {
      this.busy = false;
    }
    await this.catchUp(reached);
    this.hand.querySelector<HTMLButtonElement>("button.playable:not([disabled]), button[data-move], button[data-action]")?.focus();
  }

  submit(move: Move): void {
    void this.send(move);
  }

  private async send(move: Move): Promise<void> {
    if (this.busy || !this.view || !this.seat) return;
    this.busy = true;
    this.alert.hidden = true;
    let reached = 0;
    try {
      const moved = await this.clients.matches.submitMove(
        { matchId: this.matchId, move, expectedVersion: this.view.version, requestId: newRequestId() },
        await this.auth(),
      );
      reached = Number(moved.version);
      this.selected = null;
    } catch (err) {
      this.showAlert(err);
    } finally {
      this.busy = false;
    }
    await this.catchUp(reached);
    // (a round that just ended keeps the focus on its panel)
    if (!this.roundEnd) this.hand.querySelector<HTMLButtonElement>("button.playable:not([disabled]), button[data-move]")?.focus();
  }
}
