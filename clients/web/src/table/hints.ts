// The ranked moves SuggestMoves gave, as a list of buttons: each move in words, its
// points now and the end sum it leaves, and the expert's estimate in displayed points
// (the server's estimate is in raw points; the table speaks displayed points, raw / 5).
import type { Hint, Move } from "@fiveup/sdk";
import { el } from "../dom.js";
import { t } from "../i18n.js";
import { distinctPlacements, moveKey, moveText } from "./moves.js";

function signed(x: number): string {
  const text = Math.abs(x).toFixed(1);
  return text === "0.0" ? text : `${x > 0 ? "+" : "−"}${text}`;
}

/** The list, best first; picking a hint calls `onPick` with its move. */
export function hintList(hints: Hint[], samples: number, busy: boolean, onPick: (move: Move) => void): HTMLElement {
  const box = el("section", { class: "hints", "aria-label": t("hintTitle") },
    el("h3", { text: t("hintTitle") }),
    el("p", { class: "note", text: t("hintExplain", { n: samples }) }));
  const list = el("ol", { class: "hint-list" });
  // one line per choice a player can tell apart (a lone lead double's two ends are one),
  // at its best rank
  const moves = new Set(distinctPlacements(hints.map((h) => h.move!)));
  hints.filter((h) => moves.has(h.move!)).forEach((hint, i) => {
    const figures = [hint.points ? t("hintNow", { n: hint.points / 5 }) : t("hintNoPoints"), t("hintEnds", { n: hint.endSum })];
    figures.push(hint.expectedMargin === undefined ? t("hintForced") : t("hintEstimate", { n: signed(hint.expectedMargin / 5) }));
    const b = el("button", { type: "button", class: i === 0 ? "hint-move best" : "hint-move", "data-hint": String(i) },
      el("span", { class: "what", text: moveText(hint.move!) }),
      el("span", { class: "figures", text: figures.join(" · ") }));
    b.dataset.moveKey = moveKey(hint.move!);
    b.disabled = busy;
    b.addEventListener("click", () => onPick(hint.move!));
    list.append(el("li", {}, b));
  });
  box.append(list);
  return box;
}
