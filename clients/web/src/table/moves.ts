// Tiles and moves in words (the table's buttons, its log and the hint list say them the
// same way), and tile identity regardless of orientation.
import type { Move, Tile } from "@fiveup/sdk";
import { type Key, pointsText, t } from "../i18n.js";

export const tileText = (tile: { low: number; high: number }) => `[${Math.min(tile.low, tile.high)}|${Math.max(tile.low, tile.high)}]`;
// A spinner's two chain ends (3, 4) are "its ends" and its two branches (5, 6) "its
// sides" to a player: which of a pair is which is the engine's bookkeeping, and the
// rules treat the two alike.
const SIDE_KEYS: Key[] = ["sideLow", "sideLow", "sideHigh", "sideChain", "sideChain", "sideBranch", "sideBranch"];
export const pointText = (on: { tile?: Tile; side: number }) => `${tileText(on.tile!)} ${t(SIDE_KEYS[on.side])}`;

/** The pair a connection point belongs to: a spinner's chain ends are one pair, its
 *  branches another; a low or a high end is alone. */
const SIDE_PAIR = [0, 1, 2, 3, 3, 5, 5];

/** The placements a player can tell apart: two that put the same tile on the same
 *  spinner's pair of points while both are open (a lone lead double's two ends, a
 *  spinner's two free sides) leave the same table up to a mirror, score the same and
 *  count the same ends, so they are one choice (the first the server listed). */
export function distinctPlacements<M extends Move>(moves: readonly M[]): M[] {
  const seen = new Set<string>();
  return moves.filter((m) => {
    if (m.kind.case !== "place" || !m.kind.value.on) return true;
    const { tile, on } = m.kind.value;
    const key = `${tileText(tile!)}@${tileText(on.tile!)}:${SIDE_PAIR[on.side] ?? on.side}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A move in words, as the hand's buttons say it. */
export function moveText(move: Move): string {
  switch (move.kind.case) {
    case "place": {
      const { tile, on } = move.kind.value;
      return on ? t("placeOn", { tile: tileText(tile!), point: pointText(on) }) : t("lead", { tile: tileText(tile!) });
    }
    case "draw":
      return t("draw");
    case "pass":
      return t("pass");
    default:
      return "?";
  }
}

/** A placement with what it scores now, as the server computed it: "Place [1|3] on
 *  [1|5] low end: ends 15, scores 3 points". */
export function placementText(move: Move & { kind: { case: "place" } }): string {
  const { points, endSum } = move.kind.value;
  const text = moveText(move);
  return points ? t("placeScores", { move: text, sum: endSum, points: pointsText(points / 5) }) : t("placeNoScore", { move: text, sum: endSum });
}

/** A stable name for a move (tests match a hint with the tile that lands on the table). */
export function moveKey(move: Move): string {
  if (move.kind.case !== "place") return move.kind.case ?? "";
  const { tile, on } = move.kind.value;
  const name = `${Math.min(tile!.low, tile!.high)}-${Math.max(tile!.low, tile!.high)}`;
  return on ? `place:${name}:${on.tile!.low}-${on.tile!.high}-${on.side}` : `place:${name}`;
}

export function sameTile(a: Tile, b: Tile): boolean {
  return Math.min(a.low, a.high) === Math.min(b.low, b.high) && Math.max(a.low, a.high) === Math.max(b.low, b.high);
}
