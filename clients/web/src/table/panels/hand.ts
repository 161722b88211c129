// This seat's hand and what it may do now: the tiles (the playable ones enabled), the
// connection points of the selected tile, draw or pass, and the assists.
import type { Move } from "@fiveup/sdk";
import { el } from "../../dom.js";
import { t } from "../../i18n.js";
import { dominoIcon } from "../board.js";
import { distinctPlacements, placementText, sameTile, tileText } from "../moves.js";
import { finished, idle, myTurn, type TableActions, type TableState } from "../state.js";
import { assistPanel } from "./assist.js";

export type PlaceMove = Move & { kind: { case: "place" } };

/** The placements this seat may make now. */
export function placements(state: TableState): PlaceMove[] {
  const moves = myTurn(state) ? state.view.legalMoves : [];
  return moves.filter((m): m is PlaceMove => m.kind.case === "place");
}

/** The selected tile's placements (empty when nothing is selected), each choice a
 *  player can tell apart once. */
export function selectedPlacements(state: TableState): PlaceMove[] {
  const sel = state.view.hand.find((tile) => `${tile.low}-${tile.high}` === state.selected);
  return sel ? distinctPlacements(placements(state).filter((m) => sameTile(m.kind.value.tile!, sel))) : [];
}

export function handPanel(state: TableState, act: TableActions): Node[] {
  if (!state.seat) return [];
  const { view } = state;
  const places = placements(state);
  const out: Node[] = [el("h3", { text: t("yourHand") })];
  const row = el("div", { class: "tiles", role: "toolbar", "aria-label": t("yourHand") });
  for (const tile of view.hand) {
    const key = `${tile.low}-${tile.high}`;
    const playable = places.some((m) => sameTile(m.kind.value.tile!, tile));
    const button = el("button", {
      type: "button", class: `tile${playable ? " playable" : ""}${state.selected === key ? " selected" : ""}`,
      "aria-label": `${t("tileLabel", { a: tile.low, b: tile.high })}${playable ? " ✓" : ""}${state.selected === key ? ` (${t("selectedTile")})` : ""}`,
      "aria-pressed": String(state.selected === key), "data-tile": key,
    });
    button.disabled = !playable || !idle(state);
    button.append(dominoIcon(tile.low, tile.high, true, 30));
    button.addEventListener("click", () => act.select(state.selected === key ? null : key));
    row.append(button);
  }
  out.push(row);
  const actions = el("div", { class: "actions" });
  if (myTurn(state)) {
    const sel = view.hand.find((tile) => `${tile.low}-${tile.high}` === state.selected);
    const selMoves = selectedPlacements(state);
    if (view.mustPlay) actions.append(el("p", { class: "hint", text: t("mustPlay", { tile: tileText(view.mustPlay) }) }));
    if (sel && selMoves.length) {
      actions.append(el("p", { class: "hint", text: t("pickPoint", { tile: tileText(sel) }) }));
      const list = el("div", { class: "points" });
      for (const m of selMoves) {
        const on = m.kind.value.on;
        const b = el("button", {
          type: "button", class: m.kind.value.points ? "point scores" : "point",
          "data-point": on ? `${on.tile!.low}-${on.tile!.high}-${on.side}` : "lead",
          "data-points": String(m.kind.value.points), text: placementText(m),
        });
        b.disabled = !idle(state);
        b.addEventListener("click", () => act.submit(m));
        list.append(b);
      }
      const cancel = el("button", { type: "button", class: "ghost", text: t("cancel") });
      cancel.addEventListener("click", () => act.select(null));
      list.append(cancel);
      actions.append(list);
    } else if (places.length) {
      actions.append(el("p", { class: "hint", text: t("pickTile") }));
    } else {
      // No placement: say why before the draw or the pass.
      const pips = [...new Set(view.openPoints.map((o) => o.pip))].sort((a, b) => a - b).join(", ");
      const forced = view.legalMoves.some((m) => m.kind.case === "draw") ? "mustDraw" : "mustPass";
      actions.append(el("p", { class: "hint forced", text: t(forced, { pips }) }));
    }
    for (const m of view.legalMoves) {
      if (m.kind.case === "draw" || m.kind.case === "pass") {
        const b = el("button", { type: "button", class: "primary", "data-move": m.kind.case, text: t(m.kind.case === "draw" ? "draw" : "pass") });
        b.disabled = !idle(state);
        b.addEventListener("click", () => act.submit(m));
        actions.append(b);
      }
    }
  } else if (!finished(state)) {
    actions.append(el("p", { class: "hint", text: t("waiting") }));
  }
  out.push(actions, ...assistPanel(state, act));
  return out;
}
