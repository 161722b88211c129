// The seats around the table: who sits there and how many tiles each holds.
import { SeatKind } from "@fiveup/sdk";
import { el } from "../../dom.js";
import { t } from "../../i18n.js";
import type { TableState } from "../state.js";

export function playersPanel(state: TableState): Node[] {
  const { view } = state;
  const mine = state.seat?.seat;
  return view.seats.map((s, i) => {
    const who = i === mine ? t("you") : s.kind === SeatKind.BOT ? t("bot") : s.joined ? t("human") : t("seatOpen");
    return el("li", { class: view.turnSeat === i ? "turn" : "" },
      el("span", { text: `${t("seat", { n: i + 1 })}: ${who}` }),
      el("span", { class: "count", text: (view.handSizes[i] ?? 0) === 1 ? t("oneTile") : t("tiles", { n: view.handSizes[i] ?? 0 }) }));
  });
}
