'use strict';
// Whole matches against server-side bots, played only with moves the server listed, and
// the scores folded from the event stream checked against the server's own account.
//
// FIVEUP_SERVER=host:port  test that server (else one is started: src/server.js)
// FIVEUP_PLAYERS=2,3,4:2   matches to play: N seats, optionally :H human seats (default 1)
// FIVEUP_TARGET=61         displayed points to win (0 = the server's standard 61)

const test = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');

const {
  FiveUpClient, ScoreKeeper, playMatch, scoresArray, displayed,
} = require('../src/client');
const { testServer } = require('../src/server');

const BOTS = ['BOT_KIND_GREEDY', 'BOT_KIND_RANDOM'];

/** "N" or "N:H" -> seat specs with H humans spread over the table. */
function seatsFor(config) {
  const [n, h = 1] = config.split(':').map(Number);
  assert.ok(n >= 2 && n <= 4 && h >= 1 && h <= n, `bad FIVEUP_PLAYERS entry ${config}`);
  // one human: the last-but-one seat (seat 0 with two players); two humans with four
  // players: seats 1 and 3 (partners); otherwise the first H seats.
  let humans;
  if (h === 1) humans = [Math.max(0, n - 2)];
  else if (n === 4 && h === 2) humans = [1, 3];
  else humans = [...Array(h).keys()];
  return [...Array(n).keys()].map((seat) => (humans.includes(seat)
    ? { kind: 'SEAT_KIND_HUMAN' }
    : { kind: 'SEAT_KIND_BOT', bot: BOTS[seat % BOTS.length] }));
}

function eventSummary(e) {
  const body = e[e.kind];
  const summary = { version: e.version, kind: e.kind };
  if (e.kind === 'tile_placed') Object.assign(summary, { seat: body.seat, points: body.points, end_sum: body.end_sum });
  if (e.kind === 'round_ended') Object.assign(summary, { deductions: body.deductions, blocked: body.blocked });
  return summary;
}

const configs = (process.env.FIVEUP_PLAYERS || '2,3,4:2').split(',').map((s) => s.trim()).filter(Boolean);
const target = Number(process.env.FIVEUP_TARGET || 0);

test.describe('whole matches against bots', () => {
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

  for (const config of configs) {
    test(`plays a ${config} match to the end and agrees with the server's scores`, { timeout: 90000 }, async (t) => {
      const seats = seatsFor(config);
      const n = seats.length;
      const nSides = n === 4 ? 2 : n;
      const result = await playMatch(client, { seats, targetPoints: target });
      const { stats, events, record } = result;

      // the client really played, only listed moves, with both sources of moves
      assert.ok(stats.submitted > 0, 'the client made no move');
      assert.ok(stats.fromList > 0 && stats.fromView > 0, JSON.stringify(stats));
      assert.ok(stats.validated > 0, 'no move was ranked through ValidateMoves');
      // optimistic concurrency: a stale expected_version is ABORTED / STALE_VERSION
      assert.equal(stats.staleProbe.ok, true, JSON.stringify(stats.staleProbe));
      assert.equal(stats.staleProbe.code, 'ABORTED');
      assert.equal(stats.staleProbe.reason, 'STALE_VERSION');
      assert.ok(Number(stats.staleProbe.metadata.current_version) > 0);
      // idempotency: a repeated request id returns the original answer
      assert.equal(stats.replayProbe.ok, true, JSON.stringify(stats.replayProbe));

      // the stream: versions 1..n without gaps, from match_started to match_ended, closed
      // by the server after match_ended, no resync needed
      assert.deepEqual(events.map((e) => e.version), events.map((_, i) => i + 1));
      assert.equal(events[0].kind, 'match_started');
      assert.equal(events.at(-1).kind, 'match_ended');
      assert.equal(result.watcher.resyncs, 0);
      const mine = new Set(stats.humans);
      const viewer = stats.humans[0];
      for (const e of events.filter((x) => x.kind === 'round_dealt')) {
        e.round_dealt.hands.forEach((hand, seat) => {
          assert.equal(hand.tiles.length > 0, seat === viewer, `round_dealt v${e.version}: hand of seat ${seat} seen by seat ${viewer}`);
        });
      }

      // scores: TilePlaced points minus RoundEnded deductions per side
      const fromStream = ScoreKeeper.fold(n, events);
      assert.deepEqual(fromStream.mismatches, [], 'a RoundEnded disagrees with the running totals');
      const ended = events.at(-1).match_ended;
      const finalScores = scoresArray(ended.scores, nSides);
      assert.deepEqual(fromStream.raw, finalScores, 'stream fold vs MatchEnded');
      for (const s of ended.scores) {
        assert.equal(s.displayed_points, displayed(s.raw_points));
        assert.ok(s.raw_points % 5 === 0, `raw ${s.raw_points} is not a multiple of 5`);
      }
      const targetPoints = record.target_points;
      assert.equal(targetPoints, target || 61);
      const winner = finalScores[ended.winner_side];
      assert.ok(displayed(winner) >= targetPoints, `winner has ${displayed(winner)} < ${targetPoints}`);
      finalScores.forEach((raw, side) => {
        if (side !== ended.winner_side) assert.ok(raw < winner, `side ${side} ties or beats the winner`);
      });

      // the record: same events (all hands revealed), same scores, seed matches commitment
      assert.equal(record.match_id, result.matchId);
      assert.deepEqual(record.events.map(eventSummary), events.map(eventSummary));
      const fromRecord = ScoreKeeper.fold(n, record.events);
      assert.deepEqual(fromRecord.raw, finalScores, 'record fold vs MatchEnded');
      assert.deepEqual(scoresArray(record.events.at(-1).match_ended.scores, nSides), finalScores);
      for (const e of record.events.filter((x) => x.kind === 'round_dealt')) {
        assert.ok(e.round_dealt.hands.every((h) => h.tiles.length === 5), 'record hides a hand');
      }
      const seed = Buffer.from(record.shuffle_seed);
      assert.equal(seed.length, 32);
      assert.equal(crypto.createHash('sha256').update(seed).digest('hex'), result.stats.created.shuffle_commitment);
      assert.deepEqual(record.seats.map((s) => s.kind), seats.map((s) => s.kind));
      assert.deepEqual(record.seats.map((s) => s.side), seats.map((_, i) => (n === 4 ? i % 2 : i)));

      // the final view agrees
      const view = await client.getMatch(result.matchId);
      assert.equal(view.status, 'MATCH_STATUS_FINISHED');
      assert.equal(view.winner_side, ended.winner_side);
      assert.deepEqual(scoresArray(view.scores, nSides), finalScores);
      assert.equal(view.version, events.length);
      assert.ok(!('viewer_seat' in view) || view.viewer_seat === null, 'a spectator has no seat');

      // resume: a spectator watching after the middle version got exactly the rest
      assert.deepEqual(result.tail.map((e) => e.version), events.slice(result.middle).map((e) => e.version));
      assert.deepEqual(result.tail.map(eventSummary), events.slice(result.middle).map(eventSummary));

      // our own placements are in the log under our seats
      const ours = events.filter((e) => e.kind === 'tile_placed' && mine.has(e.tile_placed.seat));
      assert.ok(ours.length > 0);
      t.diagnostic(`${config}: ${events.length} events, ${fromStream.rounds} rounds, ${stats.submitted} moves by the client, scores ${finalScores.join('/')}, ${result.durationMs} ms, ${result.retried} calls retried after a rate limit`);
    });
  }
});
