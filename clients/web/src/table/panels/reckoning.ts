// A round's reckoning: how it ended and each hand with its rounding (the sidebar shows
// the last round's; the round-end panel shows the same rows).
import type { RoundEndedEvent } from "@fiveup/sdk";
import { el } from "../../dom.js";
import { countText, t } from "../../i18n.js";
import { dominoIcon } from "../board.js";
import { nameOf, type TableState } from "../state.js";

export function reckoningRows(state: TableState, last: RoundEndedEvent): Node[] {
  const out: Node[] = [el("p", { class: "how", text: last.blocked ? t("blocked") : t("wentOut", { s: nameOf(state, last.winnerSeat ?? 0) }) })];
  const list = el("ul", { class: "hands" });
  last.hands.forEach((hand, seat) => {
    const pips = countText(hand.tiles.reduce((sum, tile) => sum + tile.low + tile.high, 0), "onePip", "pips");
    const rounded = last.deductions[seat] ?? 0;
    const s = nameOf(state, seat);
    const row = el("li", { "data-seat": String(seat), text: rounded
      ? t("reckoningRow", { s, pips, rounded, points: rounded / 5 })
      : t("reckoningNone", { s, pips }) });
    const tiles = el("span", { class: "mini" });
    for (const tile of hand.tiles) tiles.append(dominoIcon(tile.low, tile.high, false, 12));
    row.append(tiles);
    list.append(row);
  });
  out.push(list);
  return out;
}

export function reckoningPanel(state: TableState): Node[] {
  const last = state.view.lastRound;
  if (!last) return [];
  return [el("h3", { text: t("reckoning", { n: last.roundNumber }) }), ...reckoningRows(state, last)];
}
