'use strict';
// The RulesService from Node: EvaluateLayout (single calls, all three layout encodings),
// ValidateMove, and ValidateMoves (bidi stream, compact encoding), checked against fixed
// answers taken from the worked examples of the rules (seed-examples.json,
// "spinner_branches").  When the repository's copy of seed-examples.json is beside us
// (../../tests/data), every sequence in it is checked as well.

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const { FiveUpClient, compactLayout, placementBytes, tileIndex, LEAD_CODE } = require('../src/client');
const { testServer } = require('../src/server');

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
  return { tile: parseTile(tile), on: { tile: parseTile(onTile), side: `SIDE_${side.toUpperCase()}` } };
}

const tileText = (t) => `[${t.low}|${t.high}]`;
const sideText = (s) => s.replace('SIDE_', '').toLowerCase();
const openText = (o) => `${tileText(o.point.tile)}:${sideText(o.point.side)}=${o.pip}`;
const countedText = (c) => `${tileText(c.tile)}=${c.value}`;

/** A layout (list of step texts) in one of the three encodings, by turn. */
function layoutIn(encoding, tokens) {
  const placements = tokens.map(parsePlacement);
  if (encoding === 'text') return { text: tokens.join(' ') };
  if (encoding === 'compact') return { compact: compactLayout(placements) };
  return { placements: { placements } };
}

// ---------------------------------------------------------------- seed-examples.json

function seedSequences() {
  const file = path.resolve(__dirname, '..', '..', '..', 'tests', 'data', 'seed-examples.json');
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
    assert.equal(answer.end_sum, endSum, `${where}: end sum`);
    assert.equal(answer.points, points, `${where}: points`);
    assert.deepEqual(answer.open_points.map(openText).sort(), open, `${where}: open points`);
    assert.deepEqual(answer.counted_ends.map(countedText).sort(), counted, `${where}: counted ends`);
    assert.deepEqual(Buffer.from(answer.layout_compact), compactLayout(tokens.map(parsePlacement)), `${where}: compact`);
  }
}

test.describe('RulesService', () => {
  let server;
  let client;

  test.before(async () => {
    server = await testServer();
    client = new FiveUpClient(server.address);
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
    assert.equal(compactLayout(['[1|4]', '[1|1]@[1|4]:low'].map(parsePlacement)).toString('hex'), '0aff073c');
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
    const bad = await client.evaluateLayout({ layout: { text: '[1|4] [2|2]@[1|4]:low' } });
    assert.equal(bad.legal, false);
    assert.equal(bad.illegal_index, 1);
    assert.equal(bad.illegal_reason, 'PIP_MISMATCH');
    const tokens = SPINNER_BRANCHES.slice(0, 3).map((s) => s[0]); // [1|4] [1|1] [4|4]
    const answer = await client.evaluateLayout({
      layout: { compact: compactLayout(tokens.map(parsePlacement)) },
      hand: [parseTile('[3|4]'), parseTile('[6|6]'), parseTile('[1|2]')],
    });
    const moves = answer.legal_moves.map((p) => `${tileText(p.tile)}@${tileText(p.on.tile)}:${sideText(p.on.side)}`);
    assert.deepEqual(moves, ['[3|4]@[4|4]:chain_b', '[1|2]@[1|1]:chain_b']);
    await assert.rejects(client.evaluateLayout({ layout: { compact: Buffer.from([1]) } }), (err) => {
      assert.equal(err.codeName, 'INVALID_ARGUMENT');
      assert.equal(err.info.reason, 'MALFORMED_LAYOUT');
      assert.equal(err.info.domain, 'fiveup.v1');
      return true;
    });
  });

  test('ValidateMove scores one placement', async () => {
    const tokens = SPINNER_BRANCHES.slice(0, 6).map((s) => s[0]);
    const legal = await client.validateMove({
      layout: { text: tokens.join(' ') }, placement: parsePlacement('[5|5]@[1|5]:high'),
    });
    assert.equal(legal.verdict, 'VERDICT_LEGAL');
    assert.equal(legal.points, 15);
    assert.equal(legal.end_sum, 15);
    const early = await client.validateMove({
      layout: { text: SPINNER_BRANCHES.slice(0, 3).map((s) => s[0]).join(' ') },
      placement: parsePlacement('[4|5]@[4|4]:branch_a'),
    });
    assert.equal(early.verdict, 'VERDICT_BRANCH_NOT_OPEN');
    assert.equal(early.points, 0);
  });

  test('ValidateMoves (bidi, compact) answers batches in order', async () => {
    const placements = SPINNER_BRANCHES.map((s) => parsePlacement(s[0]));
    // batch 1: every step of spinner_branches on the layout before it: all legal
    const first = {
      layouts: placements.map((_, i) => compactLayout(placements.slice(0, i))),
      placements: Buffer.from(placements.flatMap(placementBytes)),
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
      [Buffer.from([10]), [7, LEAD_CODE], VERDICT.BAD_LAYOUT],
      [Buffer.alloc(0), [tileIndex(parseTile('[2|3]')), LEAD_CODE], VERDICT.LEGAL],
    ];
    const second = {
      layouts: checks.map((c) => c[0]),
      placements: Buffer.from(checks.flatMap((c) => c[1])),
    };
    const answers = await client.validateMoves([first, second]);
    assert.equal(answers.length, 2);
    assert.deepEqual([...answers[0].verdicts], placements.map(() => VERDICT.LEGAL));
    assert.deepEqual([...answers[0].points], expectedFirst);
    assert.deepEqual([...answers[1].verdicts], checks.map((c) => c[2]));
    assert.deepEqual([...answers[1].points], [0, 0, 0, 0, 0, 0, 0, 0, 1]);
  });

  test('ValidateMoves rejects a batch whose sizes disagree', async () => {
    await assert.rejects(client.validateMoves([{ layouts: [Buffer.alloc(0)], placements: Buffer.from([1]) }]), (err) => {
      assert.equal(err.codeName, 'INVALID_ARGUMENT');
      assert.equal(err.info.reason, 'INVALID_ARGUMENT');
      assert.equal(err.info.metadata.field, 'placements');
      return true;
    });
  });
});
