// The RulesService from Node: EvaluateLayout (single calls, all three layout encodings),
// ValidateMove, ValidateMoves (bidi stream, native gRPC only) and ValidateMoveBatch (its
// unary twin, for gRPC-Web), checked against fixed
// answers taken from the worked examples of the rules (seed-examples.json,
// "spinner_branches").  When the repository's copy of seed-examples.json is beside us
// (../../tests/data), every sequence in it is checked as well.

import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  FiveUpClient, Side, Verdict, compactLayout, placementBytes, tileIndex, LEAD_CODE,
} from '../src/client.js';
import { testServer } from '../src/server.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));

// seed-examples.json, sequence "spinner_branches": each step's placement in text notation,
// then the raw points it scores, the end sum after it, the open points (tile:side=pip)
// and the counting ends (tile=value), both sorted.
const SPINNER_BRANCHES = [
  ['[1|4]', 5, 5, ['[1|4]:high=4', '[1|4]:low=1'], ['[1|4]=1', '[1|4]=4']],
  ['[1|1]@[1|4]:low', 0, 6, ['[1|1]:chain_b=1', '[1|4]:high=4'], ['[1|1]=2', '[1|4]=4']],
  ['[4|4]@[1|4]:high', 10, 10, ['[1|1]:chain_b=1', '[4|4]:chain_b=4'], ['[1|1]=2', '[4|4]=8']],
  ['[3|4]@[4|4]:chain_b', 5, 5, ['[1|1]:chain_b=1', '[3|4]:low=3', '[4|4]:branch_a=4', '[4|4]:branch_b=4'], ['[1|1]=2', '[3|4]=3']],
  ['[1|2]@[1|1]:chain_b', 5, 5, ['[1|1]:branch_a=1', '[1|1]:branch_b=1', '[1|2]:high=2', '[3|4]:low=3', '[4|4]:branch_a=4', '[4|4]:branch_b=4'], ['[1|2]=2', '[3|4]=3']],
  ['[1|5]@[1|1]:branch_a', 10, 10, ['[1|1]:branch_b=1', '[1|2]:high=2', '[1|5]:high=5', '[3|4]:low=3', '[4|4]:branch_a=4', '[4|4]:branch_b=4'], ['[1|2]=2', '[1|5]=5', '[3|4]=3']],
  ['[5|5]@[1|5]:high', 15, 15, ['[1|1]:branch_b=1', '[1|2]:high=2', '[3|4]:low=3', '[4|4]:branch_a=4', '[4|4]:branch_b=4', '[5|5]:chain_b=5'], ['[1|2]=2', '[3|4]=3', '[5|5]=10']],
  ['[0|5]@[5|5]:chain_b', 5, 5, ['[0|5]:low=0', '[1|1]:branch_b=1', '[1|2]:high=2', '[3|4]:low=3', '[4|4]:branch_a=4', '[4|4]:branch_b=4', '[5|5]:branch_a=5', '[5|5]:branch_b=5'], ['[0|5]=0', '[1|2]=2', '[3|4]=3']],
  ['[1|3]@[1|1]:branch_b', 0, 8, ['[0|5]:low=0', '[1|2]:high=2', '[1|3]:high=3', '[3|4]:low=3', '[4|4]:branch_a=4', '[4|4]:branch_b=4', '[5|5]:branch_a=5', '[5|5]:branch_b=5'], ['[0|5]=0', '[1|2]=2', '[1|3]=3', '[3|4]=3']],
];

const VERDICT = {
  LEGAL: 1, INVALID_TILE: 2, TILE_ALREADY_PLACED: 3, PIP_MISMATCH: 4, BRANCH_NOT_OPEN: 5,
  UNKNOWN_CONNECTION_POINT: 6, CONNECTION_POINT_OCCUPIED: 7, LEAD_ON_NON_EMPTY_LAYOUT: 8, BAD_LAYOUT: 9,
};

// ---------------------------------------------------------------- text notation helpers

function parseTile(text) {
  const m = /^\[(\d)\|(\d)\]$/.exec(text);
  if (!m) throw new Error(`bad tile ${text}`);
  const [a, b] = [Number(m[1]), Number(m[2])];
  return { low: Math.min(a, b), high: Math.max(a, b) };
}

/** "[a|b]" or "[a|b]@[c|d]:side" -> a Placement message. */
function parsePlacement(token) {
  const [tile, on] = token.split('@');
  if (!on) return { tile: parseTile(tile) };
  const [onTile, side] = on.split(':');
  return { tile: parseTile(tile), on: { tile: parseTile(onTile), side: Side[side.toUpperCase()] } };
}

const tileText = (t) => `[${t.low}|${t.high}]`;
const sideText = (s) => Side[s].toLowerCase();
const openText = (o) => `${tileText(o.point.tile)}:${sideText(o.point.side)}=${o.pip}`;
const countedText = (c) => `${tileText(c.tile)}=${c.value}`;

/** A layout (list of step texts) in one of the three encodings, by turn. */
function layoutIn(encoding, tokens) {
  const placements = tokens.map(parsePlacement);
  if (encoding === 'text') return { encoding: { case: 'text', value: tokens.join(' ') } };
  if (encoding === 'compact') return { encoding: { case: 'compact', value: compactLayout(placements) } };
  return { encoding: { case: 'placements', value: { placements } } };
}

// ---------------------------------------------------------------- seed-examples.json

function seedSequences() {
  const file = path.resolve(HERE, '..', '..', '..', 'tests', 'data', 'seed-examples.json');
  if (!fs.existsSync(file)) return null;
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  const t = (x) => `[${Math.min(...x)}|${Math.max(...x)}]`;
  const out = {};
  for (const [name, steps] of Object.entries(data.sequences)) {
    out[name] = steps.map((s) => [
      s.tile && (s.on ? `${t(s.tile)}@${t(s.on.tile)}:${s.on.side}` : t(s.tile)),
      s.expect.points_raw,
      s.expect.end_sum,
      s.expect.open_points.map((o) => `${t(o.tile)}:${o.side}=${o.pip}`).sort(),
      s.expect.counted.map((c) => `${t(c.tile)}=${c.value}`).sort(),
    ]);
  }
  return out;
}

async function checkSequence(client, name, steps) {
  const encodings = ['placements', 'compact', 'text'];
  for (let i = 0; i < steps.length; i += 1) {
    const [, points, endSum, open, counted] = steps[i];
    const tokens = steps.slice(0, i + 1).map((s) => s[0]);
    const encoding = encodings[i % 3];
    const answer = await client.evaluateLayout({ layout: layoutIn(encoding, tokens) });
    const where = `${name} step ${i} (${encoding}): ${tokens.join(' ')}`;
    assert.equal(answer.legal, true, where);
    assert.equal(answer.endSum, endSum, `${where}: end sum`);
    assert.equal(answer.points, points, `${where}: points`);
    assert.deepEqual(answer.openPoints.map(openText).sort(), open, `${where}: open points`);
    assert.deepEqual(answer.countedEnds.map(countedText).sort(), counted, `${where}: counted ends`);
    assert.deepEqual(Buffer.from(answer.layoutCompact), Buffer.from(compactLayout(tokens.map(parsePlacement))), `${where}: compact`);
  }
}

test.describe('RulesService', () => {
  let server;
  let client;

  test.before(async () => {
    server = await testServer();
    client = new FiveUpClient(server.address, { web: server.web });
  });

  test.after(async () => {
    if (client) client.close();
    if (server) await server.stop();
  });

  test('the compact encoding matches docs/core.md', () => {
    assert.equal(tileIndex({ low: 0, high: 0 }), 0);
    assert.equal(tileIndex({ low: 1, high: 1 }), 7);
    assert.equal(tileIndex({ low: 6, high: 6 }), 27);
    // "[1|4] [1|1]@[1|4]:low" is 0a ff 07 3c
    assert.equal(Buffer.from(compactLayout(['[1|4]', '[1|1]@[1|4]:low'].map(parsePlacement))).toString('hex'), '0aff073c');
  });

  test('EvaluateLayout answers the spinner_branches example (fixed expectations)', async () => {
    await checkSequence(client, 'spinner_branches', SPINNER_BRANCHES);
  });

  test('EvaluateLayout answers every worked example in seed-examples.json', async (t) => {
    const sequences = seedSequences();
    if (sequences === null) {
      t.skip('tests/data/seed-examples.json is not beside this client');
      return;
    }
    assert.deepEqual(sequences.spinner_branches, SPINNER_BRANCHES, 'the fixed copy is out of date');
    for (const [name, steps] of Object.entries(sequences)) await checkSequence(client, name, steps);
  });

  test('EvaluateLayout reports an illegal layout and lists a hand\'s moves', async () => {
    const bad = await client.evaluateLayout({ layout: { encoding: { case: 'text', value: '[1|4] [2|2]@[1|4]:low' } } });
    assert.equal(bad.legal, false);
    assert.equal(bad.illegalIndex, 1);
    assert.equal(bad.illegalReason, 'PIP_MISMATCH');
    const tokens = SPINNER_BRANCHES.slice(0, 3).map((s) => s[0]); // [1|4] [1|1] [4|4]
    const answer = await client.evaluateLayout({
      layout: { encoding: { case: 'compact', value: compactLayout(tokens.map(parsePlacement)) } },
      hand: [parseTile('[3|4]'), parseTile('[6|6]'), parseTile('[1|2]')],
    });
    const moves = answer.legalMoves.map((p) => `${tileText(p.tile)}@${tileText(p.on.tile)}:${sideText(p.on.side)}`);
    assert.deepEqual(moves, ['[3|4]@[4|4]:chain_b', '[1|2]@[1|1]:chain_b']);
    await assert.rejects(client.evaluateLayout({ layout: { encoding: { case: 'compact', value: Uint8Array.of(1) } } }), (err) => {
      assert.equal(err.codeName, 'INVALID_ARGUMENT');
      assert.equal(err.info.reason, 'MALFORMED_LAYOUT');
      assert.equal(err.info.domain, 'fiveup.v1');
      return true;
    });
  });

  test('ValidateMove scores one placement', async () => {
    const tokens = SPINNER_BRANCHES.slice(0, 6).map((s) => s[0]);
    const legal = await client.validateMove({
      layout: { encoding: { case: 'text', value: tokens.join(' ') } }, placement: parsePlacement('[5|5]@[1|5]:high'),
    });
    assert.equal(legal.verdict, Verdict.LEGAL);
    assert.equal(legal.points, 15);
    assert.equal(legal.endSum, 15);
    const early = await client.validateMove({
      layout: { encoding: { case: 'text', value: SPINNER_BRANCHES.slice(0, 3).map((s) => s[0]).join(' ') } },
      placement: parsePlacement('[4|5]@[4|4]:branch_a'),
    });
    assert.equal(early.verdict, Verdict.BRANCH_NOT_OPEN);
    assert.equal(early.points, 0);
  });

  test('ValidateMoves (bidi, compact) answers batches in order', async (t) => {
    if (server.web) {
      t.skip('gRPC-Web has no client streaming: ValidateMoveBatch below is the web form');
      return;
    }
    const [first, second, expected] = batches();
    const answers = await client.validateMoves([first, second]);
    assert.equal(answers.length, 2);
    expected(answers);
  });

  test('ValidateMoveBatch (unary, compact) answers like the stream', async () => {
    const [first, second, expected] = batches();
    expected([await client.validateMoveBatch(first), await client.validateMoveBatch(second)]);
  });

  function batches() {
    const placements = SPINNER_BRANCHES.map((s) => parsePlacement(s[0]));
    // batch 1: every step of spinner_branches on the layout before it: all legal
    const first = {
      layouts: placements.map((_, i) => compactLayout(placements.slice(0, i))),
      placements: Uint8Array.from(placements.flatMap((p) => placementBytes(p))),
    };
    const expectedFirst = SPINNER_BRANCHES.map((s) => s[1] / 5);
    // batch 2: illegal placements, one per verdict
    const three = compactLayout(placements.slice(0, 3)); // [1|4] [1|1]@low [4|4]@high
    const checks = [
      [three, [tileIndex(parseTile('[4|5]')), tileIndex(parseTile('[4|4]')) * 6 + 4], VERDICT.BRANCH_NOT_OPEN],
      [three, [tileIndex(parseTile('[1|4]')), LEAD_CODE], VERDICT.TILE_ALREADY_PLACED],
      [three, [tileIndex(parseTile('[2|3]')), LEAD_CODE], VERDICT.LEAD_ON_NON_EMPTY_LAYOUT],
      [three, placementBytes(parsePlacement('[2|5]@[1|1]:chain_b')), VERDICT.PIP_MISMATCH],
      [three, placementBytes(parsePlacement('[1|2]@[1|4]:low')), VERDICT.CONNECTION_POINT_OCCUPIED],
      [three, placementBytes(parsePlacement('[2|6]@[6|6]:chain_a')), VERDICT.UNKNOWN_CONNECTION_POINT],
      [three, [28, LEAD_CODE], VERDICT.INVALID_TILE],
      [Uint8Array.of(10), [7, LEAD_CODE], VERDICT.BAD_LAYOUT],
      [new Uint8Array(0), [tileIndex(parseTile('[2|3]')), LEAD_CODE], VERDICT.LEGAL],
    ];
    const second = {
      layouts: checks.map((c) => c[0]),
      placements: Uint8Array.from(checks.flatMap((c) => c[1])),
    };
    const expected = (answers) => {
      assert.deepEqual([...answers[0].verdicts], placements.map(() => VERDICT.LEGAL));
      assert.deepEqual([...answers[0].points], expectedFirst);
      assert.deepEqual([...answers[1].verdicts], checks.map((c) => c[2]));
      assert.deepEqual([...answers[1].points], [0, 0, 0, 0, 0, 0, 0, 0, 1]);
    };
    return [first, second, expected];
  }

  test('ValidateMoves rejects a batch whose sizes disagree', async () => {
    await assert.rejects(client.validateMoves([{ layouts: [new Uint8Array(0)], placements: Uint8Array.of(1) }]), (err) => {
      assert.equal(err.codeName, 'INVALID_ARGUMENT');
      assert.equal(err.info.reason, 'INVALID_ARGUMENT');
      assert.equal(err.info.metadata.field, 'placements');
      return true;
    });
  });

  test('ValidateMoveBatch refuses more than 1,000 checks with BATCH_TOO_LARGE', async () => {
    const n = 1001;
    const lead = [tileIndex(parseTile('[2|3]')), LEAD_CODE];
    const batch = { layouts: Array.from({ length: n }, () => new Uint8Array(0)), placements: Uint8Array.from(Array.from({ length: n }, () => lead).flat()) };
    await assert.rejects(client.validateMoveBatch(batch), (err) => {
      assert.equal(err.codeName, 'INVALID_ARGUMENT');
      assert.equal(err.info.reason, 'BATCH_TOO_LARGE');
      assert.equal(err.info.metadata.limit, '1000');
      return true;
    });
  });
});
