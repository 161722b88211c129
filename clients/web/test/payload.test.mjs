// Where a notification leads (src/notify/payload.ts, used by the service worker): an
// invitation to the table's join page, every other notice to the player's table, a
// notice without a match to the start page.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(await mkdtemp(path.join(os.tmpdir(), 'fiveup-payload-')), 'payload.mjs');
await build({ entryPoints: [path.join(HERE, '..', 'src', 'notify', 'payload.ts')], bundle: true, format: 'esm', outfile: out, logLevel: 'warning' });
const { notificationUrl } = await import(pathToFileURL(out).href);
const SCOPE = 'https://five.example/app/';

test('an invitation opens the join page', () => {
  assert.equal(notificationUrl(SCOPE, { kind: 'invited', match_id: 'm1' }), `${SCOPE}#/join/m1`);
});

test('other notices open the table, or the start page without a match', () => {
  for (const kind of ['your_turn', 'deadline_soon', 'table_found', 'match_ended', 'chat_message', 'rematch_started']) {
    assert.equal(notificationUrl(SCOPE, { kind, match_id: 'm 2' }), `${SCOPE}#/play/m%202`, kind);
  }
  assert.equal(notificationUrl(SCOPE, { kind: 'your_turn' }), SCOPE);
});
