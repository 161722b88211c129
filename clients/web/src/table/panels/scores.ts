// The score of each side, by name: displayed points and the paper tally.
import { el } from "../../dom.js";
import { pointsText, t } from "../../i18n.js";
import { tallySvg } from "../board.js";
import { ours, sideName, type TableState } from "../state.js";

export function scoresPanel(state: TableState): Node[] {
  const { view } = state;
  const n = view.seats.length;
  const sides = n === 4 ? 2 : n;
  const out: Node[] = [el("h3", { text: t("scores") })];
  for (let side = 0; side < sides; side += 1) {
    const score = view.scores.find((s) => s.side === side);
    const points = score?.displayedPoints ?? 0;
    out.push(el("div", { class: ours(state, side) ? "score ours" : "score", "data-side": String(side) },
      el("span", { class: "who", text: sideName(state, side) }),
      el("span", { class: "pts", text: pointsText(points) }),
      tallySvg(points, t("tallyLabel", { points: pointsText(points) }))));
  }
  return out;
}
