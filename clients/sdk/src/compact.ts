// The compact encoding of docs/core.md: two bytes per placement, the tile index 0..27
// ([0|0]=0, [0|1]=1 ... [6|6]=27) and the point code tile_index*6+side_index of the
// connection point it joins (255 for the lead).  Pure encoding, no rules.
import type { Placement, Tile } from "./gen/fiveup/v1/common_pb.js";

export const LEAD_CODE = 255;

/** The index 0..27 of a tile (either half order). */
export function tileIndex(tile: { low: number; high: number }): number {
  const a = Math.min(tile.low, tile.high);
  const b = Math.max(tile.low, tile.high);
  let index = 0;
  for (let i = 0; i < a; i += 1) index += 7 - i;
  return index + (b - a);
}

/** The two bytes of a placement. Side enum values are 1..6 (0 is unspecified). */
export function placementBytes(placement: Placement): [number, number] {
  if (!placement.tile) throw new Error("placement without a tile");
  const on = placement.on;
  if (!on || !on.tile) return [tileIndex(placement.tile), LEAD_CODE];
  if (on.side < 1 || on.side > 6) throw new Error(`unknown side ${on.side}`);
  return [tileIndex(placement.tile), tileIndex(on.tile) * 6 + (on.side - 1)];
}

/** A list of placements in the compact encoding. */
export function compactLayout(placements: readonly Placement[]): Uint8Array {
  return Uint8Array.from(placements.flatMap((p) => placementBytes(p)));
}

/** "[a|b]" with the lower half first. */
export function tileText(tile: Tile | { low: number; high: number }): string {
  return `[${Math.min(tile.low, tile.high)}|${Math.max(tile.low, tile.high)}]`;
}

/** The side of the score a seat plays for: partnerships 0+2 / 1+3 with four players. */
export function sideOf(seat: number, nSeats: number): number {
  return nSeats === 4 ? seat % 2 : seat;
}
