// The match's end: who won, the rating change for a signed-in player, a new game.
import { el } from "../../dom.js";
import { t } from "../../i18n.js";
import { finished, type TableState } from "../state.js";

export function matchEndPanel(state: TableState): Node[] {
  const { view } = state;
  if (!finished(state) || view.winnerSide === undefined) return [];
  const n = view.seats.length;
  const mine = state.seat?.seat;
  const w = view.winnerSide;
  const ours = mine !== undefined && (n === 4 ? mine % 2 === w : mine === w);
  const who = n === 4 ? t("team", { a: w + 1, b: w + 3 }) : t("seat", { n: w + 1 });
  const out: Node[] = [el("h2", { text: t("matchOver") }), el("p", { class: "winner", text: ours ? t("youWon") : t("winner", { who }) })];
  if (state.ratingLine) out.push(el("p", { class: "rating-change", text: state.ratingLine }));
  out.push(el("a", { class: "button primary", href: "#/", text: t("newGame") }));
  return out;
}
