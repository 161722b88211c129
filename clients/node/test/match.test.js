// Whole matches against server-side bots, played only with moves the server listed, and
// the scores folded from the event stream checked against the server's own account.
//
// FIVEUP_SERVER=host:port  test that server (else one is started: src/server.js)
// FIVEUP_PLAYERS=2,3,4:2   matches to play: N seats, optionally :H human seats (default 1)
// FIVEUP_TARGET=61         displayed points to win (0 = the server's standard 61)

import test from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';

import {
  BotKind, FiveUpClient, MatchStatus, ScoreKeeper, SeatKind, playMatch, scoresArray, displayed,
} from '../src/client.js';
import { testServer } from '../src/server.js';

const BOTS = [BotKind.GREEDY, BotKind.RANDOM];
const KIND_NAMES = {
  matchStarted: 'match_started', roundDealt: 'round_dealt', tilePlaced: 'tile_placed', tileDrawn: 'tile_drawn',
  passed: 'passed', roundEnded: 'round_ended', matchEnded: 'match_ended', seatAutoPlayed: 'seat_auto_played',
};

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
    ? { kind: SeatKind.HUMAN }
    : { kind: SeatKind.BOT, bot: BOTS[seat % BOTS.length] }));
}

function eventSummary(e) {
  const body = e.kind.value;
  const summary = { version: Number(e.version), kind: KIND_NAMES[e.kind.case] };
  if (e.kind.case === 'tilePlaced') Object.assign(summary, { seat: body.seat, points: body.points, end_sum: body.endSum });
  if (e.kind.case === 'roundEnded') Object.assign(summary, { deductions: body.deductions, blocked: body.blocked });
  return summary;
}

const kindOf = (e) => KIND_NAMES[e.kind.case];

const configs = (process.env.FIVEUP_PLAYERS || '2,3,4:2').split(',').map((s) => s.trim()).filter(Boolean);
const target = Number(process.env.FIVEUP_TARGET || 0);

test.describe('whole matches against bots', () => {
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

  for (const config of configs) {
    test(`plays a ${config} match to the end and agrees with the server's scores`, { timeout: 90000 }, async (t) => {
      const seats = seatsFor(config);
      const n = seats.length;
      const nSides = n === 4 ? 2 : n;
      const result = await playMatch(client, { seats, targetPoints: target });
      const { stats, events, record } = result;

      // the client really played, only listed moves, with both sources of moves
      assert.ok(stats.submitted > 0, 'the client made no move');
      assert.equal(stats.fromList, stats.submitted, JSON.stringify(stats));
      // driven by the stream's turns: no GetMatch while playing, every seat claim seen
      assert.equal(stats.getMatchCalls, 0, 'the client polled GetMatch during the match');
      assert.deepEqual([...stats.seatClaims].sort(), [...stats.humans].sort());
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
      assert.deepEqual(events.map((e) => Number(e.version)), events.map((_, i) => i + 1));
      assert.equal(kindOf(events[0]), 'match_started');
      assert.equal(kindOf(events.at(-1)), 'match_ended');
      assert.equal(result.watcher.resyncs, 0);
      const mine = new Set(stats.humans);
      const viewer = stats.humans[0];
      for (const e of events.filter((x) => x.kind.case === 'roundDealt')) {
        e.kind.value.hands.forEach((hand, seat) => {
          assert.equal(hand.tiles.length > 0, seat === viewer, `round_dealt v${e.version}: hand of seat ${seat} seen by seat ${viewer}`);
        });
      }

      // scores: TilePlaced points minus RoundEnded deductions per side
      const fromStream = ScoreKeeper.fold(n, events);
      assert.deepEqual(fromStream.mismatches, [], 'a RoundEnded disagrees with the running totals');
      const ended = events.at(-1).kind.value;
      const finalScores = scoresArray(ended.scores, nSides);
      assert.deepEqual(fromStream.raw, finalScores, 'stream fold vs MatchEnded');
      for (const s of ended.scores) {
        assert.equal(s.displayedPoints, displayed(s.rawPoints));
        assert.ok(s.rawPoints % 5 === 0, `raw ${s.rawPoints} is not a multiple of 5`);
      }
      const targetPoints = record.targetPoints;
      assert.equal(targetPoints, target || 61);
      const winner = finalScores[ended.winnerSide];
      assert.ok(displayed(winner) >= targetPoints, `winner has ${displayed(winner)} < ${targetPoints}`);
      finalScores.forEach((raw, side) => {
        if (side !== ended.winnerSide) assert.ok(raw < winner, `side ${side} ties or beats the winner`);
      });

      // the record: same events (all hands revealed), same scores, seed matches commitment
      assert.equal(record.matchId, result.matchId);
      assert.deepEqual(record.events.map(eventSummary), events.map(eventSummary));
      const fromRecord = ScoreKeeper.fold(n, record.events);
      assert.deepEqual(fromRecord.raw, finalScores, 'record fold vs MatchEnded');
      assert.deepEqual(scoresArray(record.events.at(-1).kind.value.scores, nSides), finalScores);
      for (const e of record.events.filter((x) => x.kind.case === 'roundDealt')) {
        assert.ok(e.kind.value.hands.every((h) => h.tiles.length === 5), 'record hides a hand');
      }
      const seed = Buffer.from(record.shuffleSeed);
      assert.equal(seed.length, 32);
      assert.equal(crypto.createHash('sha256').update(seed).digest('hex'), result.stats.created.shuffleCommitment);
      assert.deepEqual(record.seats.map((s) => s.kind), seats.map((s) => s.kind));
      assert.deepEqual(record.seats.map((s) => s.side), seats.map((_, i) => (n === 4 ? i % 2 : i)));

      // the final view agrees
      const view = await client.getMatch(result.matchId);
      assert.equal(view.status, MatchStatus.FINISHED);
      assert.equal(view.winnerSide, ended.winnerSide);
      assert.deepEqual(scoresArray(view.scores, nSides), finalScores);
      assert.equal(Number(view.version), events.length);
      assert.equal(view.viewerSeat, undefined, 'a spectator has no seat');

      // resume: a spectator watching after the middle version got exactly the rest
      assert.deepEqual(result.tail.map((e) => Number(e.version)), events.slice(result.middle).map((e) => Number(e.version)));
      assert.deepEqual(result.tail.map(eventSummary), events.slice(result.middle).map(eventSummary));

      // our own placements are in the log under our seats, each on a turn the stream gave us
      const ours = events.filter((e) => e.kind.case === 'tilePlaced' && mine.has(e.kind.value.seat));
      assert.ok(ours.length > 0);
      let turn = null;
      for (const e of events) {
        if (e.kind.case === 'tilePlaced') {
          assert.equal(turn?.seat, e.kind.value.seat, `v${e.version}: seat ${e.kind.value.seat} placed on seat ${turn?.seat}'s turn`);
        }
        if (['roundEnded', 'matchEnded'].includes(e.kind.case)) turn = null;
        if (e.turn) turn = e.turn;
      }
      assert.ok(events.some((e) => e.turn), 'the stream announced no turn');
      t.diagnostic(`${server.web ? 'gRPC-Web' : 'gRPC'} ${config}: ${events.length} events, ${fromStream.rounds} rounds, ${stats.submitted} moves by the client, scores ${finalScores.join('/')}, ${result.durationMs} ms, ${result.retried} calls retried after a rate limit`);
    });
  }
});
