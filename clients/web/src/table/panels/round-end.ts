// The round's end, shown over the table until the viewer dismisses it (or it times out)
// so that the next deal does not replace it at once: the final layout, every hand with
// its rounding, what each side scored in the round and where the match stands.
import { el } from "../../dom.js";
import { pointsText, t } from "../../i18n.js";
import { layoutPicture } from "../board.js";
import { frameFor, layoutGeometry, stillBox } from "../geometry.js";
import { finished, ours, sideName, sideOf, type TableActions, type TableState } from "../state.js";
import { reckoningRows } from "./reckoning.js";

export function roundEndPanel(state: TableState, act: TableActions): Node[] {
  const pending = state.roundEnd;
  if (!pending) return [];
  const { event, layout, scored } = pending.end;
  const { view } = state;
  const n = event.roundNumber;
  const box = el("div", { class: "round-end-box" });
  box.append(el("h2", { id: "round-end-title", text: t("roundOver", { n }) }));
  if (layout.length) {
    // bent at the panel's own box: the live board's frame is wider than the panel
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const still = stillBox(window.innerWidth, window.innerHeight, rem);
    const geometry = layoutGeometry(layout.map((p) => ({ tile: p.tile!, on: p.on ? { tile: p.on.tile!, side: p.on.side } : undefined })), frameFor(still.width, still.height));
    box.append(el("figure", { class: "final-layout" }, layoutPicture(geometry, t("finalLayout", { n }))));
  }
  box.append(...reckoningRows(state, event));
  const sides = el("ul", { class: "round-scores" });
  const deducted: number[] = [];
  event.deductions.forEach((d, seat) => {
    const side = sideOf(view, seat);
    deducted[side] = (deducted[side] ?? 0) + d;
  });
  for (const score of event.scores) {
    const side = score.side;
    sides.append(el("li", { class: ours(state, side) ? "ours" : "", "data-side": String(side) },
      el("strong", { text: sideName(state, side) }),
      el("span", { text: t("roundScored", { points: pointsText((scored[side] ?? 0) / 5) }) }),
      el("span", { text: deducted[side] ? t("roundDeducted", { points: deducted[side] / 5 }) : t("roundNothingLeft") }),
      el("span", { class: "pts", text: t("matchScore", { points: pointsText(score.displayedPoints), target: view.targetPoints }) })));
  }
  box.append(sides);
  const last = finished(state) && state.record.rounds.at(-1) === pending.end;
  const next = el("button", {
    type: "button", class: "primary", "data-action": "dismiss-round",
    text: `${last ? t("seeResult") : t("nextRound")} ${t("closesIn", { s: pending.secondsLeft })}`,
  });
  next.addEventListener("click", () => act.dismissRoundEnd());
  box.append(next);
  return [el("div", { class: "round-end", role: "dialog", "aria-modal": "true", "aria-labelledby": "round-end-title" }, box)];
}
