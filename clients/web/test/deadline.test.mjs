// A deadline in words (src/app/deadline.ts) at its boundaries, in English and Hindi: the
// list and the table's status line both show it, so a wrong word is wrong twice.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const dir = await mkdtemp(path.join(os.tmpdir(), 'fiveup-deadline-'));
const out = path.join(dir, 'deadline.mjs');
const src = path.join(HERE, '..', 'src');
await build({
  stdin: { contents: `export * from ${JSON.stringify(path.join(src, 'app', 'deadline.ts'))}; export { setLang } from ${JSON.stringify(path.join(src, 'i18n.ts'))};`, resolveDir: src, loader: 'ts' },
  bundle: true, format: 'esm', outfile: out, logLevel: 'warning',
});
globalThis.document = { documentElement: {} }; // setLang marks the page's language
const { timeLeftText, setLang } = await import(pathToFileURL(out).href);

const NOW = Date.UTC(2026, 11, 2, 12, 0, 0);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const at = (ms) => timeLeftText(NOW + ms, NOW);

test('English, at each boundary', () => {
  setLang('en');
  assert.equal(at(0), 'overdue');
  assert.equal(at(-5 * DAY), 'overdue');
  assert.equal(at(59_999), 'under a minute left');
  assert.equal(at(MIN), '1 min left');
  assert.equal(at(59 * MIN + 59_999), '59 min left'); // rounded down, never up
  assert.equal(at(HOUR), '1 h left');
  assert.equal(at(3 * HOUR + 20 * MIN + 30_000), '3 h 20 min left');
  assert.equal(at(DAY), '1 day left');
  assert.equal(at(DAY + 5 * HOUR + 59 * MIN), '1 day 5 h left'); // a day on: minutes are noise
  assert.equal(at(2 * DAY - 1), '1 day 23 h left');
  assert.equal(at(2 * DAY), '2 days left');
  assert.equal(at(3 * DAY - 1), '2 days left'); // two days on: hours are noise too
  assert.equal(at(30 * DAY), '30 days left');
});

test('Hindi', () => {
  setLang('hi');
  assert.equal(at(0), 'समय निकल गया');
  assert.equal(at(3 * HOUR + 20 * MIN), '3 घंटे 20 मिनट बचे');
  assert.equal(at(HOUR), '1 घंटा बचा');
  assert.equal(at(DAY), '1 दिन बचा');
  assert.equal(at(MIN), '1 मिनट बचा');
  assert.equal(at(DAY + HOUR), '1 दिन 1 घंटा बचे');
  assert.equal(at(2 * DAY), '2 दिन बचे');
  setLang('en');
});
