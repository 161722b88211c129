// Where each tile of a layout lies on the table: a pure function of the placements, in
// the order they were made (no DOM; tested over the biggest layouts self-play produces).
//
// Units: one square of a domino is 1×1; a tile is 2×1.  Every tile grows away from the
// connection point it joins.  A non-double lies along that direction, the matching half
// touching the point; a double lies crosswise (the spinner shape).  A spinner's chain_a /
// chain_b ends continue straight on both sides and branch_a / branch_b leave from its
// long sides, so every spinner shows its cross.
//
// No two tiles may overlap, for any layout play can reach.  Tiles never move once placed
// (the picture a player has learnt stays put); a new tile tries straight on, then a
// quarter turn left, then right; when all three are taken it moves further out along the
// same three directions, one unit at a time, until it fits, and the gap is drawn as a
// connector line.  That search always ends (the table is unbounded) and only ever accepts
// a free spot, so overlaps are impossible by construction; the test checks it anyway.
//
// A line bends at the table's edge (`frame`, the half-width and half-height the table
// shows at a readable tile size): a tile that would cross it turns a quarter towards the
// middle instead, and the tile after it turns once more, so the line snakes back along
// itself rather than running off (or shrinking every tile to fit).  A double keeps its
// four arms wherever it lies: only the tiles beyond it choose their way.

export type Dir = 0 | 1 | 2 | 3; // right, down, left, up (screen coordinates: y grows down)

export interface TileRef {
  low: number;
  high: number;
}

export interface PlacementIn {
  tile: TileRef;
  on?: { tile: TileRef; side: number } | undefined; // side: 1 low, 2 high, 3/4 chain a/b, 5/6 branch a/b
}

export interface Rect {
  x: number; // left
  y: number; // top
  w: number;
  h: number;
}

export interface PlacedTile {
  index: number; // order of placement
  tile: TileRef;
  rect: Rect;
  /** The pips of the half drawn first (left or top) and second (right or bottom). */
  first: number;
  second: number;
  double: boolean;
  horizontal: boolean;
  /** Where this tile joins its parent: a line from the parent's end to this tile
   *  (zero length when they touch). */
  link: { x1: number; y1: number; x2: number; y2: number } | null;
}

export interface Geometry {
  tiles: PlacedTile[];
  bounds: Rect;
  /** The open end of each connection point "low-high:side" (for drawing markers). */
  ends: Map<string, End>;
}

export interface End {
  x: number; // the point where a new tile would touch
  y: number;
  dir: Dir;
  pip: number;
  /** A line that turned at the frame: the way its next tile turns (the U of the snake). */
  then?: Dir;
}

/** The table's edge, in units from the lead (half-width, half-height). */
export interface Frame {
  halfWidth: number;
  halfHeight: number;
}

const DX = [1, 0, -1, 0];
const DY = [0, 1, 0, -1];
const EPS = 1e-6;
const MAX_REACH = 200;

export const SIDE_LOW = 1;
export const SIDE_HIGH = 2;
export const SIDE_CHAIN_A = 3;
export const SIDE_CHAIN_B = 4;
export const SIDE_BRANCH_A = 5;
export const SIDE_BRANCH_B = 6;

export function tileKey(t: TileRef): string {
  return `${Math.min(t.low, t.high)}-${Math.max(t.low, t.high)}`;
}

export function pointKey(t: TileRef, side: number): string {
  return `${tileKey(t)}:${side}`;
}

function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w - EPS && b.x < a.x + a.w - EPS && a.y < b.y + b.h - EPS && b.y < a.y + a.h - EPS;
}

/** The rectangle of a tile whose near edge's middle is (px, py), growing along `dir`. */
function rectFrom(px: number, py: number, dir: Dir, double: boolean): Rect {
  const along = double ? 1 : 2;
  const across = double ? 2 : 1;
  const horizontal = dir === 0 || dir === 2;
  const w = horizontal ? along : across;
  const h = horizontal ? across : along;
  const cx = px + (DX[dir] * along) / 2;
  const cy = py + (DY[dir] * along) / 2;
  return { x: cx - w / 2, y: cy - h / 2, w, h };
}

interface Anchor {
  x: number;
  y: number;
  dir: Dir;
}

/** The three ways out of an end: straight on, then a quarter turn each way, leaving from
 *  the sides of the end's last square (for a double: its whole body). */
function exits(end: End, square: Rect): Anchor[] {
  const cx = square.x + square.w / 2;
  const cy = square.y + square.h / 2;
  const left = ((end.dir + 3) % 4) as Dir;
  const right = ((end.dir + 1) % 4) as Dir;
  const edge = (d: Dir): Anchor => ({ x: cx + (DX[d] * square.w) / 2, y: cy + (DY[d] * square.h) / 2, dir: d });
  return [{ x: end.x, y: end.y, dir: end.dir }, edge(left), edge(right)];
}

function inside(rect: Rect, frame: Frame): boolean {
  return rect.x >= -frame.halfWidth - EPS && rect.x + rect.w <= frame.halfWidth + EPS
    && rect.y >= -frame.halfHeight - EPS && rect.y + rect.h <= frame.halfHeight + EPS;
}

/** The exits in the order a bending line tries them: a line that turned last time turns
 *  again (the U); a tile that would leave the frame straight on turns first, towards the
 *  middle of the table. */
function bendingOrder(options: Anchor[], end: End, double: boolean, frame: Frame | undefined): Anchor[] {
  if (!frame || double) return options;
  const [straight, left, right] = options;
  if (end.then !== undefined) {
    const again = options.find((o) => o.dir === end.then);
    if (again && inside(rectFrom(again.x, again.y, again.dir, false), frame)) return [again, ...options.filter((o) => o !== again)];
  }
  if (inside(rectFrom(straight.x, straight.y, straight.dir, false), frame)) return options;
  // towards the middle: the turn whose direction points back at the origin
  const toMiddle = (o: Anchor) => -(DX[o.dir] * o.x + DY[o.dir] * o.y);
  const turns = [left, right].sort((a, b) => toMiddle(b) - toMiddle(a));
  return [...turns, straight];
}

export function layoutGeometry(placements: readonly PlacementIn[], frame?: Frame): Geometry {
  const tiles: PlacedTile[] = [];
  const ends = new Map<string, End>();
  const squares = new Map<string, Rect>(); // the square (or double's body) behind each end
  const byTile = new Map<string, PlacedTile>();

  const addEnds = (placed: PlacedTile, dir: Dir, joinedPip: number | null, then?: Dir) => {
    const { rect, tile, double } = placed;
    const key = (side: number) => pointKey(tile, side);
    const cx = rect.x + rect.w / 2;
    const cy = rect.y + rect.h / 2;
    const at = (d: Dir, extent: number): End => ({ x: cx + DX[d] * extent, y: cy + DY[d] * extent, dir: d, pip: 0 });
    if (double) {
      const back = ((dir + 2) % 4) as Dir;
      const left = ((dir + 3) % 4) as Dir;
      const right = ((dir + 1) % 4) as Dir;
      const half = (d: Dir) => ((d === 0 || d === 2 ? rect.w : rect.h) / 2);
      const pip = tile.low;
      // chain_a faces back where the double was joined from (taken then), chain_b onwards
      const sides: [number, Dir][] = [
        [SIDE_CHAIN_A, back], [SIDE_CHAIN_B, dir], [SIDE_BRANCH_A, left], [SIDE_BRANCH_B, right],
      ];
      for (const [side, d] of sides) {
        ends.set(key(side), { ...at(d, half(d)), pip });
        squares.set(key(side), rect);
      }
      return;
    }
    // A non-double: the joined half is nearest the parent; the other half is the far end.
    const near = joinedPip ?? tile.low;
    const far = near === tile.low ? tile.high : tile.low;
    const nearSide = near === tile.low ? SIDE_LOW : SIDE_HIGH;
    const farSide = nearSide === SIDE_LOW ? SIDE_HIGH : SIDE_LOW;
    const back = ((dir + 2) % 4) as Dir;
    const halfSquare = (d: Dir): Rect => {
      const horizontal = d === 0 || d === 2;
      return horizontal
        ? { x: d === 0 ? rect.x + 1 : rect.x, y: rect.y, w: 1, h: 1 }
        : { x: rect.x, y: d === 1 ? rect.y + 1 : rect.y, w: 1, h: 1 };
    };
    ends.set(key(farSide), { ...at(dir, 1), pip: far, ...(then === undefined ? {} : { then }) });
    squares.set(key(farSide), halfSquare(dir));
    ends.set(key(nearSide), { ...at(back, 1), pip: near });
    squares.set(key(nearSide), halfSquare(back));
  };

  const place = (index: number, tile: TileRef, rect: Rect, dir: Dir, joinedPip: number | null,
    link: PlacedTile["link"], then?: Dir) => {
    const double = tile.low === tile.high;
    const horizontal = rect.w > rect.h;
    // first = the half at the left/top.  The joined half faces back towards the parent.
    let first = tile.low;
    let second = tile.high;
    if (!double && joinedPip !== null) {
      const other = joinedPip === tile.low ? tile.high : tile.low;
      const growsForward = dir === 0 || dir === 1; // right or down: the joined half is first
      first = growsForward ? joinedPip : other;
      second = growsForward ? other : joinedPip;
    }
    const placed: PlacedTile = { index, tile, rect, first, second, double, horizontal, link };
    tiles.push(placed);
    byTile.set(tileKey(tile), placed);
    addEnds(placed, dir, joinedPip, then);
    return placed;
  };

  placements.forEach((p, index) => {
    const tile = { low: Math.min(p.tile.low, p.tile.high), high: Math.max(p.tile.low, p.tile.high) };
    const double = tile.low === tile.high;
    if (!p.on) {
      // the lead, centred on the origin; a double lead stands crosswise to a horizontal line
      place(index, tile, rectFrom(double ? -0.5 : -1, 0, 0, double), 0, null, null);
      return;
    }
    const key = pointKey(p.on.tile, p.on.side);
    const end = ends.get(key);
    const square = squares.get(key);
    if (!end || !square) throw new Error(`placement ${index}: no open end ${key}`);
    ends.delete(key);
    const joinedPip = double ? null : end.pip;
    const options = bendingOrder(exits(end, square), end, double, frame);
    for (let reach = 0; reach <= MAX_REACH; reach += 1) {
      for (const option of options) {
        const px = option.x + DX[option.dir] * reach;
        const py = option.y + DY[option.dir] * reach;
        const rect = rectFrom(px, py, option.dir, double);
        if (tiles.some((t) => overlaps(t.rect, rect))) continue;
        const link = { x1: option.x, y1: option.y, x2: px, y2: py };
        // a line turned at the frame (not by a neighbour): its next tile turns the same
        // way once more, back along the line it came from
        const turnedAtEdge = frame && !double && end.then === undefined && option.dir !== end.dir
          && !inside(rectFrom(options[options.length - 1].x, options[options.length - 1].y, end.dir, false), frame);
        const then = turnedAtEdge ? option.dir === ((end.dir + 1) % 4) ? ((option.dir + 1) % 4) as Dir : ((option.dir + 3) % 4) as Dir : undefined;
        place(index, tile, rect, option.dir, joinedPip, link, then);
        return;
      }
    }
    throw new Error(`placement ${index}: no room within ${MAX_REACH} units`);
  });

  return { tiles, bounds: boundsOf(tiles.map((t) => t.rect)), ends };
}

export function boundsOf(rects: readonly Rect[]): Rect {
  if (rects.length === 0) return { x: -2, y: -1, w: 4, h: 2 };
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const r of rects) {
    x1 = Math.min(x1, r.x);
    y1 = Math.min(y1, r.y);
    x2 = Math.max(x2, r.x + r.w);
    y2 = Math.max(y2, r.y + r.h);
  }
  return { x: x1, y: y1, w: x2 - x1, h: y2 - y1 };
}

/** Every pair of overlapping tiles (empty for a valid picture). */
export function overlappingPairs(geometry: Geometry): [number, number][] {
  const out: [number, number][] = [];
  const { tiles } = geometry;
  for (let i = 0; i < tiles.length; i += 1) {
    for (let j = i + 1; j < tiles.length; j += 1) {
      if (overlaps(tiles[i].rect, tiles[j].rect)) out.push([tiles[i].index, tiles[j].index]);
    }
  }
  return out;
}

/** Decodes the compact layout encoding (two bytes per placement). */
export function decodeCompact(bytes: Uint8Array): PlacementIn[] {
  const tileAt = (index: number): TileRef => {
    let a = 0;
    let i = index;
    while (i >= 7 - a) {
      i -= 7 - a;
      a += 1;
    }
    return { low: a, high: a + i };
  };
  const out: PlacementIn[] = [];
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    const tile = tileAt(bytes[i]);
    const code = bytes[i + 1];
    out.push(code === 255 ? { tile } : { tile, on: { tile: tileAt(Math.floor(code / 6)), side: (code % 6) + 1 } });
  }
  return out;
}

/** The pixels a domino square should keep on screen: the frame a board of this size
 *  bends its lines at (tiles smaller than this stop being readable on a phone). */
export const READABLE_UNIT_PX = 24;
/** The margin (units) the board keeps around the tiles when it fits them (board.ts). */
export const FIT_PAD = 1.5;

/** The frame of a board `width` × `height` pixels: the lines bend where tiles of
 *  READABLE_UNIT_PX would reach its edge (at least a lead and a tile each way). */
export function frameFor(width: number, height: number): Frame {
  const half = (px: number) => Math.max(3, Math.floor(px / READABLE_UNIT_PX / 2 - FIT_PAD));
  return { halfWidth: half(width), halfHeight: half(height) };
}

/** The box (pixels) the round-end panel draws the final layout in, for a window of this
 *  size: the panel's own sizes in styles.css (.round-end's 0.8rem padding, its box at
 *  most 44rem wide with 1.2rem padding, the figure's 0.4rem, the picture at most 40vh
 *  tall).  The picture bends its lines at this box's frame, not at the live board's: a
 *  line fitted to a wide board would shrink to a row of tiny tiles in the panel. */
export function stillBox(windowWidth: number, windowHeight: number, rem = 16): { width: number; height: number } {
  const width = Math.min(windowWidth - 1.6 * rem, 44 * rem) - 2.4 * rem - 0.8 * rem;
  return { width: Math.max(width, 10 * rem), height: Math.max(windowHeight * 0.4, 10 * rem) };
}

/** A counting end as the view says it (the tile and what it adds) and the open
 *  connection points (each with the pips a joining tile must match). */
export interface CountedIn {
  tile: TileRef;
  value: number;
}

/** Where each counting end is drawn: the open point of its tile whose pips it counts (a
 *  double at an end counts both halves), each point once; null for one not drawn. */
export function countingEnds(
  geometry: Geometry, counted: readonly CountedIn[], open: readonly { tile: TileRef; side: number; pip: number }[],
): ({ end: End; value: number } | null)[] {
  const used = new Set<string>();
  return counted.map(({ tile, value }) => {
    const double = tile.low === tile.high;
    for (const point of open) {
      const key = pointKey(point.tile, point.side);
      if (used.has(key) || tileKey(point.tile) !== tileKey(tile)) continue;
      if (point.pip !== value && !(double && point.pip * 2 === value)) continue;
      const end = geometry.ends.get(key);
      if (!end) continue;
      used.add(key);
      return { end, value };
    }
    return null;
  });
}
