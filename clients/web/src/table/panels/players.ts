// The seats around the table: who sits there, by the one name every panel uses
// (state.ts's seatName), each seat's partner in a 4-seat match, an open seat as open,
// and how many tiles each holds.
import { SeatKind } from "@fiveup/sdk";
import { el } from "../../dom.js";
import { countText, t } from "../../i18n.js";
import { nameOf, partnerOf, type TableState } from "../state.js";

export function playersPanel(state: TableState): Node[] {
  const { view } = state;
  const mine = state.seat?.seat;
  return view.seats.map((s, i) => {
    const named = state.record.names.get(i);
    // the viewer's own seat is "You" everywhere; here, once, with the name others see
    const who = i === mine && named ? t("youAs", { name: named }) : nameOf(state, i);
    const notes: string[] = [];
    if (s.kind === SeatKind.HUMAN && !s.joined) notes.push(t("seatOpen"));
    const partner = partnerOf(view, i);
    if (partner !== undefined) notes.push(t("partnerOf", { s: nameOf(state, partner) }));
    const count = view.handSizes[i] ?? 0;
    const row = el("li", { class: view.turnSeat === i ? "turn" : "", "data-seat": String(i) },
      el("span", { class: "who", text: who }));
    if (notes.length) row.append(el("span", { class: "partner", text: notes.join(" · ") }));
    row.append(el("span", { class: "count", text: countText(count, "oneTile", "tiles") }));
    return row;
  });
}
