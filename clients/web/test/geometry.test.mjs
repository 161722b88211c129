// The layout geometry (src/table/geometry.ts) over real layouts: FIVEUP_LAYOUTS names a JSON
// file of compact layouts (hex), written by tests/web/test_layout_geometry.py from
// self-play.  Every layout must be drawn whole, each tile where the rules put it, with no
// two tiles overlapping.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFile, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(await mkdtemp(path.join(os.tmpdir(), 'fiveup-geometry-')), 'geometry.mjs');
await build({ entryPoints: [path.join(HERE, '..', 'src', 'table', 'geometry.ts')], bundle: true, format: 'esm', outfile: out, logLevel: 'warning' });
const { layoutGeometry, overlappingPairs, decodeCompact, frameFor, stillBox, FIT_PAD } = await import(pathToFileURL(out).href);

// The phone the browser tests use (390 × 844): its board is 390 × 439 pixels (52vh).
const PHONE_BOARD = { width: 390, height: 439 };
// The smallest domino square the phone may show, in pixels (a tile is twice as long):
// the unbent lines drew 14 × 28 px tiles at 22 tiles, and pips went unreadable.
const MIN_PHONE_UNIT_PX = Number(process.env.FIVEUP_MIN_PHONE_UNIT_PX || 18);

/** The size of a square once the board fits the tiles (as board.ts fits them). */
function fittedUnit(bounds, board) {
  const w = Math.max(bounds.w + 2 * FIT_PAD, 10);
  const h = Math.max(bounds.h + 2 * FIT_PAD, 6);
  return Math.min(board.width / w, board.height / h);
}

const touches = (a, b) => {
  // a tile and the tile it joins touch (share an edge) or are linked by a drawn connector
  const gapX = Math.max(a.x - (b.x + b.w), b.x - (a.x + a.w));
  const gapY = Math.max(a.y - (b.y + b.h), b.y - (a.y + a.h));
  return Math.max(gapX, gapY) <= 1e-6;
};

test('small hand-made layouts: a spinner with all four arms, a lead double', () => {
  const t = (low, high) => ({ low, high });
  const cross = [
    { tile: t(1, 4) },
    { tile: t(4, 4), on: { tile: t(1, 4), side: 2 } },
    { tile: t(4, 5), on: { tile: t(4, 4), side: 4 } },
    { tile: t(2, 4), on: { tile: t(4, 4), side: 5 } },
    { tile: t(3, 4), on: { tile: t(4, 4), side: 6 } },
  ];
  const g = layoutGeometry(cross);
  assert.equal(g.tiles.length, 5);
  assert.deepEqual(overlappingPairs(g), []);
  const spinner = g.tiles[1];
  assert.equal(spinner.horizontal, false, 'a double on a horizontal line stands crosswise');
  for (const arm of g.tiles.slice(2)) assert.ok(touches(arm.rect, spinner.rect), 'each arm touches the spinner');
  const lead = layoutGeometry([{ tile: t(6, 6) }]);
  assert.equal(lead.tiles[0].double, true);
});

test('every self-play layout is drawn without overlaps', async (t) => {
  const file = process.env.FIVEUP_LAYOUTS;
  if (!file) {
    t.skip('FIVEUP_LAYOUTS not set (tests/web/test_layout_geometry.py sets it)');
    return;
  }
  const layouts = JSON.parse(await readFile(file, 'utf8'));
  let biggest = 0;
  let linked = 0;
  for (const hex of layouts) {
    const placements = decodeCompact(Uint8Array.from(Buffer.from(hex, 'hex')));
    const g = layoutGeometry(placements);
    assert.equal(g.tiles.length, placements.length, hex);
    assert.deepEqual(overlappingPairs(g), [], `overlap in ${hex}`);
    // each placed tile touches the tile it joins, or a connector is drawn to it
    g.tiles.forEach((tile, i) => {
      if (!placements[i].on) return;
      const parentKey = `${Math.min(placements[i].on.tile.low, placements[i].on.tile.high)}-${Math.max(placements[i].on.tile.low, placements[i].on.tile.high)}`;
      const parent = g.tiles.find((p) => `${p.tile.low}-${p.tile.high}` === parentKey);
      const link = tile.link;
      if (link.x1 !== link.x2 || link.y1 !== link.y2) linked += 1;
      else assert.ok(touches(tile.rect, parent.rect), `tile ${i} of ${hex} is detached`);
    });
    biggest = Math.max(biggest, placements.length);
  }
  t.diagnostic(`${layouts.length} layouts, biggest ${biggest} tiles, ${linked} tiles drawn with a connector`);
  console.log(`GEOMETRY layouts=${layouts.length} biggest=${biggest} linked=${linked}`);
});

test('on a phone the lines bend at the edge of the table: no overlaps, every tile readable', async (t) => {
  const file = process.env.FIVEUP_LAYOUTS;
  if (!file) {
    t.skip('FIVEUP_LAYOUTS not set (tests/web/test_layout_geometry.py sets it)');
    return;
  }
  const layouts = JSON.parse(await readFile(file, 'utf8'));
  const frame = frameFor(PHONE_BOARD.width, PHONE_BOARD.height);
  const units = [];
  let smallest = { unit: Infinity, hex: '', straight: 0 };
  for (const hex of layouts) {
    const placements = decodeCompact(Uint8Array.from(Buffer.from(hex, 'hex')));
    const bent = layoutGeometry(placements, frame);
    assert.equal(bent.tiles.length, placements.length, hex);
    assert.deepEqual(overlappingPairs(bent), [], `overlap in the bent ${hex}`);
    // every spinner keeps its four arms: its four ends exist until played on
    const unit = fittedUnit(bent.bounds, PHONE_BOARD);
    units.push(unit);
    if (unit < smallest.unit) smallest = { unit, hex, straight: fittedUnit(layoutGeometry(placements).bounds, PHONE_BOARD) };
  }
  units.sort((a, b) => a - b);
  const at = (q) => units[Math.min(units.length - 1, Math.floor(q * units.length))].toFixed(1);
  console.log(`PHONE frame=${frame.halfWidth}x${frame.halfHeight} min=${smallest.unit.toFixed(1)} p01=${at(0.01)} p50=${at(0.5)} straight_of_min=${smallest.straight.toFixed(1)} tiles_of_min=${smallest.hex.length / 4}`);
  assert.ok(smallest.unit >= MIN_PHONE_UNIT_PX, `${smallest.hex}: squares of ${smallest.unit.toFixed(1)} px on a phone`);
});

test('the round-end picture bends at its own box: readable on a phone and a laptop', async (t) => {
  const file = process.env.FIVEUP_LAYOUTS;
  if (!file) {
    t.skip('FIVEUP_LAYOUTS not set (tests/web/test_layout_geometry.py sets it)');
    return;
  }
  const layouts = JSON.parse(await readFile(file, 'utf8'));
  // the picture's padding (layoutPicture: 0.4 units each side)
  const pictureUnit = (bounds, box) => Math.min(box.width / (bounds.w + 0.8), box.height / (bounds.h + 0.8));
  // the smallest square a still picture may show: a little under the live board's (no
  // pan or zoom to read it by, but nothing to aim at either); before, a laptop's picture
  // bent at the live board's frame (1078 × 522 px): its smallest squares were 15.5 px
  const MIN_STILL = { phone: 16, laptop: 20 };
  for (const [name, width, height] of [['phone', 390, 844], ['laptop', 1366, 768]]) {
    const box = stillBox(width, height);
    const frame = frameFor(box.width, box.height);
    let smallest = { unit: Infinity, hex: '' };
    for (const hex of layouts) {
      const placements = decodeCompact(Uint8Array.from(Buffer.from(hex, 'hex')));
      const bent = layoutGeometry(placements, frame);
      assert.deepEqual(overlappingPairs(bent), [], `overlap in the bent ${hex}`);
      const unit = pictureUnit(bent.bounds, box);
      if (unit < smallest.unit) smallest = { unit, hex };
    }
    let before = Infinity;
    for (const hex of layouts) before = Math.min(before, pictureUnit(layoutGeometry(decodeCompact(Uint8Array.from(Buffer.from(hex, 'hex'))), frameFor(1078, 522)).bounds, box));
    console.log(`STILL ${name} board_frame_min=${before.toFixed(1)} `
      + `box=${Math.round(box.width)}x${Math.round(box.height)} frame=${frame.halfWidth}x${frame.halfHeight} min=${smallest.unit.toFixed(1)} tiles_of_min=${smallest.hex.length / 4}`);
    assert.ok(smallest.unit >= MIN_STILL[name], `${name}: ${smallest.hex} drawn with squares of ${smallest.unit.toFixed(1)} px in the round-end panel`);
  }
});
