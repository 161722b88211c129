// The hint button and its ranked list (matches that allow hints), and the take-back
// button (practice matches, whenever the server says an undo is possible).
import { el } from "../../dom.js";
import { t } from "../../i18n.js";
import { hintList } from "../hints.js";
import { finished, idle, myTurn, type TableActions, type TableState } from "../state.js";

export function assistPanel(state: TableState, act: TableActions): Node[] {
  const { view } = state;
  if (finished(state)) return [];
  const out: Node[] = [];
  const mine = myTurn(state);
  const bar = el("div", { class: "assist" });
  if (view.hintsAllowed && mine) {
    const ask = el("button", {
      type: "button", class: "hint-button", "data-action": "hint",
      text: state.hintsPending ? t("hintThinking") : t("hint"),
    });
    ask.disabled = !idle(state) || state.hintsPending;
    ask.addEventListener("click", () => act.askHints());
    bar.append(ask);
  }
  if (view.canUndo) {
    const undo = el("button", { type: "button", class: "undo-button", "data-action": "undo", text: t("undo") });
    undo.disabled = !idle(state);
    undo.addEventListener("click", () => act.undo());
    bar.append(undo);
  }
  if (bar.childElementCount) out.push(bar);
  const hints = state.hints;
  if (mine && hints && hints.version === view.version) {
    out.push(hintList(hints.list, hints.samples, !idle(state), (move) => act.submit(move)));
  }
  return out;
}
