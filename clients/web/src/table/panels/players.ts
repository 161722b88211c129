// The seats around the table: who sits there (by name) and how many tiles each holds.
import { SeatKind } from "@fiveup/sdk";
import { el } from "../../dom.js";
import { t } from "../../i18n.js";
import type { TableState } from "../state.js";

export function playersPanel(state: TableState): Node[] {
  const { view } = state;
  const mine = state.seat?.seat;
  return view.seats.map((s, i) => {
    const named = state.record.names.get(i);
    const who = i === mine ? (named ? `${named} (${t("you")})` : t("you"))
      : s.kind === SeatKind.BOT ? t("bot") : s.joined ? named ?? t("human") : t("seatOpen");
    const count = view.handSizes[i] ?? 0;
    return el("li", { class: view.turnSeat === i ? "turn" : "", "data-seat": String(i) },
      el("span", { class: "who", text: `${t("seat", { n: i + 1 })}: ${who}` }),
      el("span", { class: "count", text: count === 1 ? t("oneTile") : t("tiles", { n: count }) }));
  });
}
