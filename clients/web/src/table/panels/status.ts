// The status line above the table: whose turn, the round, the boneyard, the end sum,
// the badges (rated, practice, the last score) and the turn's countdown.
import { el } from "../../dom.js";
import { t } from "../../i18n.js";
import { finished, myTurn, type TableState } from "../state.js";

export function secondsLeft(deadlineSeconds: bigint): number {
  return Math.max(0, Math.round((Number(deadlineSeconds) * 1000 - Date.now()) / 1000));
}

export function statusLine(state: TableState): Node[] {
  const { view } = state;
  const mine = myTurn(state);
  const turn = view.turnSeat === undefined ? "" : mine ? t("yourTurn") : t("turnOf", { n: view.turnSeat + 1 });
  const parts = [t("round", { n: view.roundNumber }), t("boneyard", { n: view.boneyardSize }), t("endSum", { n: view.endSum })];
  if (!state.seat) parts.unshift(t("spectating"));
  const out: Node[] = [el("strong", { class: mine ? "turn mine" : "turn", text: turn }), el("span", { text: parts.join(" · ") })];
  if (view.practice) out.unshift(el("span", { class: "practice-badge", text: t("practice") }));
  if (view.rated) out.unshift(el("span", { class: "rated-badge", title: t("ratedHint"), text: t("ratedBadge") }));
  if (state.lastPoints) out.push(el("span", { class: "points-badge", text: state.lastPoints }));
  const deadline = view.turn?.deadline;
  if (deadline && !finished(state)) {
    out.push(el("span", { class: "deadline", text: view.turn?.standIn ? t("standIn") : t("deadline", { s: secondsLeft(deadline.seconds) }) }));
  }
  if (view.roundStarter !== undefined) {
    out.push(el("span", { class: "starter", text: t("starter", { s: view.roundStarter + 1 }) }));
  }
  return out;
}
