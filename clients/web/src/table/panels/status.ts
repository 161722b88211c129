// The status line above the table: whose turn, the round, the boneyard, the end sum,
// the badges (rated, practice, the last score: who scored what, fading) and the turn's
// countdown; while the connection is down, one line that says so instead.
import type { MatchView } from "@fiveup/sdk";
import { timeLeftText, timestampMs } from "../../app/deadline.js";
import { el } from "../../dom.js";
import { pointsText, t } from "../../i18n.js";
import { finished, myTurn, nameOf, type TableState } from "../state.js";

/** How long the score badge shows (it fades over its last part: styles.css). */
export const BADGE_MS = 6000;

export function secondsLeft(deadlineSeconds: bigint): number {
  return Math.max(0, Math.round((Number(deadlineSeconds) * 1000 - Date.now()) / 1000));
}

/** The turn's deadline in words: a live turn counts seconds, a correspondence turn
 *  (hours to days) reads as relative time, as the "My matches" list does. */
export function deadlineText(view: MatchView): string {
  const deadline = view.turn?.deadline;
  if (!deadline) return "";
  if (view.turnClockSeconds > 0) return timeLeftText(timestampMs(deadline));
  return t("deadline", { s: secondsLeft(deadline.seconds) });
}

export function statusLine(state: TableState): Node[] {
  const { view } = state;
  if (state.offline) return [el("strong", { class: "offline", text: t("offline") })];
  const mine = myTurn(state);
  const turn = view.turnSeat === undefined ? "" : mine ? t("yourTurn") : t("turnOf", { n: nameOf(state, view.turnSeat) });
  const parts = [t("round", { n: view.roundNumber }), t("boneyard", { n: view.boneyardSize }), t("endSum", { n: view.endSum })];
  if (!state.seat) parts.unshift(t("spectating"));
  const out: Node[] = [el("strong", { class: mine ? "turn mine" : "turn", text: turn }), el("span", { text: parts.join(" · ") })];
  if (view.practice) out.unshift(el("span", { class: "practice-badge", text: t("practice") }));
  if (view.rated) out.unshift(el("span", { class: "rated-badge", title: t("ratedHint"), text: t("ratedBadge") }));
  const score = state.record.lastScore;
  const age = score ? Date.now() - score.at : Infinity;
  if (score && age < BADGE_MS && !finished(state)) {
    // A redraw must not restart the fade: the animation starts as far in as the badge is old.
    const badge = el("span", {
      class: "points-badge", "data-seat": String(score.seat),
      text: t("scoredBadge", { who: nameOf(state, score.seat), points: pointsText(score.points / 5), sum: score.endSum }),
    });
    badge.style.animationDelay = `-${age}ms`;
    out.push(badge);
  }
  const deadline = view.turn?.deadline;
  if (deadline && !finished(state)) {
    out.push(el("span", { class: "deadline", text: view.turn?.standIn ? t("standIn") : deadlineText(view) }));
  }
  if (view.roundStarter !== undefined) {
    out.push(el("span", { class: "starter", text: t("starter", { s: nameOf(state, view.roundStarter) }) }));
  }
  return out;
}
