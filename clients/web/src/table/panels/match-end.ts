// The match's end: who won (by name), the final scores, the rating change for a rated
// match, a new game.
import { el } from "../../dom.js";
import { pointsText, t } from "../../i18n.js";
import { finished, ours, sideName, type TableState } from "../state.js";

export function matchEndPanel(state: TableState): Node[] {
  const { view } = state;
  if (!finished(state) || view.winnerSide === undefined || state.roundEnd) return [];
  const w = view.winnerSide;
  const out: Node[] = [
    el("h2", { text: t("matchOver") }),
    el("p", { class: "winner", text: ours(state, w) ? t("youWon") : t("winner", { who: sideName(state, w) }) }),
  ];
  const table = el("ul", { class: "final-scores", "aria-label": t("finalScores") });
  const sides = [...view.scores].sort((a, b) => b.displayedPoints - a.displayedPoints);
  for (const score of sides) {
    table.append(el("li", { class: score.side === w ? "won" : "", "data-side": String(score.side) },
      el("span", { class: "who", text: sideName(state, score.side) }),
      el("span", { class: "pts", text: pointsText(score.displayedPoints) })));
  }
  out.push(table);
  if (view.rated) out.push(el("p", { class: "rated-note", text: t("ratedMatch") }));
  if (state.ratingLine) out.push(el("p", { class: "rating-change", text: state.ratingLine }));
  out.push(el("a", { class: "button primary", href: "#/", text: t("newGame") }));
  return out;
}
