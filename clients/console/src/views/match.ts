// One match as it was (InspectMatch: private -- hidden hands and the shuffle seed -- so
// it carries the case's reason): its summary, whether the shuffle verifies against the
// commitment published at creation, every seat's view at a chosen version, and every
// event.  Actions: end a stuck live match; void a finished result, showing each rating
// the recomputation changed.
import { MatchStatus, type MatchEvent, type MatchView, type Tile } from "@fiveup/sdk";
import type { InspectMatchResponse, RatingChange } from "@fiveup/sdk/admin";
import { openAction } from "../actions.js";
import { call } from "../api.js";
import { caseBar, caseReason } from "../case.js";
import { el, heading, uid } from "../dom.js";
import { code, facts, matchStatus, number, playerLink, timeCell, yesNo } from "../format.js";
import { t } from "../i18n.js";
import { showError, view } from "../shell.js";
import { dataTable } from "../table.js";

const tile = (x: Tile | undefined): string => (x ? `${x.low}|${x.high}` : "—");
const hex = (bytes: Uint8Array): string => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");

/** An event in one line: its version, its kind and what it carried (nothing is hidden
 *  from an operator). */
function eventLine(e: MatchEvent): string {
  const kind = e.kind.case ?? "unknown";
  const value = e.kind.value as Record<string, unknown> | undefined;
  const fields = value ? Object.entries(value).filter(([k]) => !k.startsWith("$")).map(([k, v]) => `${k}=${brief(v)}`) : [];
  return `v${e.version} ${kind}${fields.length ? `: ${fields.join(", ")}` : ""}`;
}

function brief(v: unknown): string {
  if (v === undefined || v === null) return "—";
  if (typeof v === "bigint" || typeof v === "number" || typeof v === "boolean" || typeof v === "string") return String(v);
  if (v instanceof Uint8Array) return hex(v).slice(0, 16);
  if (Array.isArray(v)) return `[${v.map(brief).join(" ")}]`;
  const o = v as Record<string, unknown>;
  if ("low" in o && "high" in o) return `${o.low}|${o.high}`;
  return `{${Object.entries(o).filter(([k]) => !k.startsWith("$")).map(([k, x]) => `${k}=${brief(x)}`).join(" ")}}`;
}

const rating = (value: number, deviation: number): string => `${number(value, 1)} ± ${number(deviation, 1)}`;

export function changesTable(changes: RatingChange[]): HTMLElement {
  return dataTable(t("voidChanges"), [t("colPlayer"), t("colPlayers"), t("colBefore"), t("colAfter")],
    changes.map((c) => [playerLink(c.playerId), number(c.playerCount), rating(c.before, c.deviationBefore),
      c.unratedAfter ? t("voidUnrated") : rating(c.after, c.deviationAfter)]),
    t("voidNoChanges"), { "data-list": "rating-changes" });
}

function seatView(seat: number, v: MatchView | undefined): HTMLElement {
  const card = el("section", { class: "seat-view" }, el("h4", { text: t("seatN", { n: seat + 1 }) }));
  if (!v) return card;
  card.append(facts([
    [t("seatHand"), v.hand.length ? el("ul", { class: "tiles" }, ...v.hand.map((x) => el("li", { text: tile(x) }))) : "—"],
    [t("seatHandSizes"), v.handSizes.join(" · ")],
    [t("seatBoneyard"), number(v.boneyardSize)],
    [t("seatTurn"), v.turnSeat === undefined ? "—" : t("seatN", { n: v.turnSeat + 1 })],
    [t("seatScores"), v.scores.map((s) => number(s.displayedPoints)).join(" · ")],
    [t("seatLayout"), el("code", { class: "layout", text: v.layoutText || "—" })],
    [t("seatLegal"), number(v.legalMoves.length)],
  ]));
  return card;
}

export function matchView(matchId: string, params: URLSearchParams, focus: boolean): void {
  const host = view(t("matchTitle", { id: matchId }), focus);
  const body = el("div", { class: "match" });
  let atVersion = BigInt(params.get("v") ?? "0"); // before caseBar: it may load at once
  caseBar(host, (reason, asked) => void load(reason, asked ? "match-summary" : ""));
  host.append(body);

  async function load(reason: string, focusOn: string, extra: Node | null = null): Promise<void> {
    body.replaceChildren(el("p", { class: "note", text: t("loading") }));
    try {
      const m = await call((c, o) => c.inspectMatch({ matchId, atVersion, reason }, o));
      draw(m, extra);
      if (focusOn) body.querySelector<HTMLElement>(`#${focusOn}`)?.focus();
    } catch (err) {
      body.replaceChildren();
      showError(body, err);
    }
  }

  function draw(m: InspectMatchResponse, extra: Node | null): void {
    const s = m.summary!;
    const summary = el("section", { class: "card" },
      heading(3, t("matchSummary"), { id: "match-summary" }),
      facts([
        [t("colStatus"), matchStatus(s.status, s.voided)],
        [t("colRated"), yesNo(s.rated)],
        [t("colCreated"), timeCell(s.createdAt)],
        [t("colLastEvent"), timeCell(s.lastEventAt)],
        [t("colVersion"), number(s.version)],
        [t("colPlayers"), el("ul", { class: "plain" }, ...s.playerIds.map((p) => el("li", {}, p ? playerLink(p) : t("botOrEmpty"))))],
      ]));
    const shuffle = el("section", { class: "card" },
      heading(3, t("matchShuffle"), { id: "match-shuffle" }),
      el("p", { class: m.shuffleVerified ? "badge good" : "badge bad", "data-verified": String(m.shuffleVerified),
        text: m.shuffleVerified ? t("shuffleVerified") : t("shuffleNotVerified") }),
      facts([[t("shuffleCommitment"), code(m.shuffleCommitment)], [t("shuffleSeed"), code(hex(m.shuffleSeed))]]));
    const versionId = uid("version");
    const version = el("input", { id: versionId, name: "version", type: "number", min: "0", max: String(s.version), value: String(m.viewsVersion) });
    const pick = el("form", { class: "row" }, el("label", { for: versionId, text: t("viewsAt") }), version,
      el("button", { type: "submit", text: t("show") }));
    pick.addEventListener("submit", (event) => {
      event.preventDefault();
      atVersion = BigInt(version.value || "0");
      void load(caseReason(), "match-views");
    });
    const views = el("section", { class: "card" },
      heading(3, t("matchViews", { v: number(m.viewsVersion) }), { id: "match-views" }), pick,
      el("div", { class: "seat-views" }, ...m.seats.map((seat) => seatView(seat.seat, m.seatViews.find((sv) => sv.seat === seat.seat)?.view))));
    const events = el("section", { class: "card" },
      heading(3, t("matchEvents", { n: m.events.length }), { id: "match-events" }),
      el("details", {}, el("summary", { text: t("matchEventsShow") }),
        el("ol", { class: "events" }, ...m.events.map((e) => el("li", { text: eventLine(e) })))));
    body.replaceChildren(summary, actions(s.status, s.voided), ...(extra ? [extra] : []), shuffle, views, events);
  }

  function actions(status: MatchStatus, voided: boolean): HTMLElement {
    const bar = el("div", { class: "action-bar" });
    const live = status !== MatchStatus.FINISHED && status !== MatchStatus.CANCELLED;
    if (live) {
      const end = el("button", { type: "button", class: "danger", "data-action": "end-match", text: t("actEndMatch") });
      end.addEventListener("click", () => openAction({
        title: t("actEndMatch"), intro: t("actEndMatchIntro"), confirm: t("actEndMatch"), danger: true,
        run: async ({ reason }) => {
          await call((c, o) => c.endMatch({ matchId, reason }, o));
          return t("doneEndMatch");
        },
        done: () => void load(caseReason(), "match-summary"),
      }));
      bar.append(end);
    }
    if (status === MatchStatus.FINISHED && !voided) {
      const cancel = el("button", { type: "button", class: "danger", "data-action": "void", text: t("actVoid") });
      let changes: RatingChange[] = [];
      cancel.addEventListener("click", () => openAction({
        title: t("actVoid"), intro: t("actVoidIntro"), confirm: t("actVoid"), danger: true,
        run: async ({ reason }) => {
          changes = (await call((c, o) => c.voidResult({ matchId, reason }, o))).changes;
          return t("doneVoid", { n: changes.length });
        },
        done: () => void load(caseReason(), "match-void", el("section", { class: "card" },
          heading(3, t("voidDone"), { id: "match-void" }), changesTable(changes))),
      }));
      bar.append(cancel);
    }
    if (!bar.childElementCount) bar.append(el("p", { class: "note", text: t("matchNoActions") }));
    return el("section", { class: "card" },
      heading(3, t("profileActions"), { id: "match-actions" }), bar);
  }
}
