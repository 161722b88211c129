// The score of each side: displayed points and the paper tally.
import { el } from "../../dom.js";
import { pointsText, t } from "../../i18n.js";
import { tallySvg } from "../board.js";
import type { TableState } from "../state.js";

export function scoresPanel(state: TableState): Node[] {
  const { view } = state;
  const n = view.seats.length;
  const mine = state.seat?.seat;
  const sides = n === 4 ? 2 : n;
  const out: Node[] = [el("h3", { text: t("scores") })];
  for (let side = 0; side < sides; side += 1) {
    const score = view.scores.find((s) => s.side === side);
    const points = score?.displayedPoints ?? 0;
    const name = n === 4 ? t("team", { a: side + 1, b: side + 3 }) : t("seat", { n: side + 1 });
    const ours = mine !== undefined && (n === 4 ? mine % 2 === side : mine === side);
    out.push(el("div", { class: ours ? "score ours" : "score", "data-side": String(side) },
      el("span", { class: "who", text: ours ? `${name} (${t("you")})` : name }),
      el("span", { class: "pts", text: pointsText(points) }),
      tallySvg(points, t("tallyLabel", { points: pointsText(points) }))));
  }
  return out;
}
