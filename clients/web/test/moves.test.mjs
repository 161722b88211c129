// Placements in a player's words (src/table/moves.ts): a spinner's points are named as a
// player names them ("end", "side": no "chain A"), and two placements a player cannot
// tell apart (the same tile on a lone lead double's two ends, or on a spinner's two free
// sides) are one choice; different ends stay apart.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(await mkdtemp(path.join(os.tmpdir(), 'fiveup-moves-')), 'moves.mjs');
await build({
  stdin: { contents: "export * from './table/moves.ts'; export { setLang } from './i18n.ts';", resolveDir: path.join(HERE, '..', 'src'), loader: 'ts' },
  bundle: true, format: 'esm', outfile: out, logLevel: 'warning',
});
globalThis.document = { documentElement: {} }; // setLang marks the page's language
const { distinctPlacements, moveText, setLang } = await import(pathToFileURL(out).href);

const tile = (low, high) => ({ low, high });
const place = (t, on, side, points = 0) => ({ kind: { case: 'place', value: { tile: t, on: { tile: on, side }, points, endSum: 0 } } });

test('a lone lead double offers one choice per tile, in a player\'s words', () => {
  setLang('en');
  const double = tile(5, 5);
  const moves = [place(tile(5, 6), double, 3), place(tile(5, 6), double, 4), { kind: { case: 'draw', value: {} } }];
  const shown = distinctPlacements(moves);
  assert.equal(shown.length, 2);
  assert.equal(moveText(shown[0]), 'Place [5|6] on [5|5] end');
  // a spinner's two free sides are one choice too; different points stay apart
  const spinner = [place(tile(2, 5), double, 5), place(tile(2, 5), double, 6), place(tile(2, 5), tile(2, 3), 1), place(tile(2, 5), tile(2, 4), 2)];
  assert.deepEqual(distinctPlacements(spinner).map(moveText), [
    'Place [2|5] on [5|5] side', 'Place [2|5] on [2|3] low end', 'Place [2|5] on [2|4] high end',
  ]);
});

test('no point is named with the engine\'s words, in English or Hindi', () => {
  for (const lang of ['en', 'hi']) {
    setLang(lang);
    for (let side = 1; side <= 6; side += 1) {
      const text = moveText(place(tile(5, 6), tile(5, 5), side));
      assert.doesNotMatch(text, /chain|branch| A$| B$|शृंखला|शाखा/, `${lang} ${side}: ${text}`);
    }
  }
  setLang('en');
});
