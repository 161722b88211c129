// The last round's reckoning: how it ended and each hand with its rounding.
import { el } from "../../dom.js";
import { t } from "../../i18n.js";
import { dominoIcon } from "../board.js";
import type { TableState } from "../state.js";

export function reckoningPanel(state: TableState): Node[] {
  const last = state.view.lastRound;
  if (!last) return [];
  const out: Node[] = [el("h3", { text: t("reckoning", { n: last.roundNumber }) })];
  out.push(el("p", { text: last.blocked ? t("blocked") : t("wentOut", { s: (last.winnerSeat ?? 0) + 1 }) }));
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
  out.push(list);
  return out;
}
