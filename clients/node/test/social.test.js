// The SDK's helpers for the table's social side, against a real server: two signed-in
// guests meet at a correspondence table (a turn clock, so every turn is a notification),
// talk in its chat, play it out and rematch.  The notification and chat streams run over
// a connection the test cuts every few messages (an interceptor that ends the stream
// with UNAVAILABLE, as a dropped phone connection does): `watchNotifications` and
// `watchChat` must reconnect with the last cursor and hand out every message once.

import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
  Code, ConnectError, ChatRoomLog, NotificationKind, awaitRematch, declineRematch, errorReason,
  offerRematch, rematchStartedIn, sendChat, watchChat, watchNotifications,
} from '@fiveup/sdk';
import { FiveUpClient, MatchStatus } from '../src/client.js';
import { PlayerSession } from '../src/player.js';
import { testServer } from '../src/server.js';

const CUT_STREAMS = new Set(['WatchNotifications', 'WatchChat']);

/** An interceptor that ends each WatchNotifications / WatchChat connection with
 *  UNAVAILABLE after `every` messages; `opened` counts the connections per method. */
function cutEvery(every, opened) {
  return (next) => async (req) => {
    const res = await next(req);
    const name = req.method.name;
    if (!res.stream || !CUT_STREAMS.has(name)) return res;
    opened[name] = (opened[name] ?? 0) + 1;
    const source = res.message;
    return {
      ...res,
      message: (async function* cut() {
        let n = 0;
        for await (const m of source) {
          yield m;
          n += 1;
          if (n >= every) throw new ConnectError('connection cut by the test', Code.Unavailable);
        }
      })(),
    };
  };
}

/** Every notification ListNotifications keeps for the player, oldest first. */
async function listAll(client, token) {
  const all = [];
  for (;;) {
    const page = await client.notifications.listNotifications(
      { afterSeq: all.at(-1)?.seq ?? 0n, pageSize: 100 }, { headers: { authorization: `Bearer ${token}` } },
    );
    all.push(...page.notifications);
    if (page.notifications.length === 0 || all.at(-1).seq >= page.latestSeq) return all;
  }
}

test.describe('chat, notifications and a rematch through the SDK', () => {
  let server;
  let dir;

  test.before(async () => {
    server = await testServer();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fiveup-social-'));
  });

  test.after(async () => {
    if (server) await server.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('two players chat, are told of every turn across dropped streams, and rematch', { timeout: 150000 }, async (t) => {
    const client = new FiveUpClient(server.address, { web: server.web });
    const opened = {};
    const chatOpened = {};
    const flaky = new FiveUpClient(server.address, { web: server.web, interceptors: [cutEvery(2, opened)] });
    const ann = await PlayerSession.signIn(client, path.join(dir, 'ann'));
    const bob = await PlayerSession.signIn(client, path.join(dir, 'bob'));
    const annToken = () => ann.token(); // a refreshing token source: asked on every reconnect
    const bobToken = () => bob.token();

    // A 2-seat correspondence table (a 60 s turn clock) that only the two of them fill.
    const search = { targetPoints: 6, turnClockSeconds: 60 };
    const [seatA, seatB] = await Promise.all([ann.findSeat(2, 300, search), bob.findSeat(2, 300, search)]);
    assert.equal(seatA.matchId, seatB.matchId);
    const matchId = seatA.matchId;

    // Bob's notifications, over the connection cut every 2 messages.
    const stop = new AbortController();
    const told = [];
    const reconnects = [];
    let rematchStarted = null;
    const onStarted = new Promise((resolve) => { rematchStarted = resolve; });
    const following = (async () => {
      for await (const n of watchNotifications(flaky.notifications, bobToken, {
        signal: stop.signal, backoffMs: 20, onReconnect: (r) => reconnects.push(r),
      })) {
        told.push(n);
        if (rematchStartedIn(n, matchId)) rematchStarted(n);
      }
    })();

    try {
      // Chat: Ann writes a phrase and a line; Bob reads them over a connection cut after
      // every message; an over-long line is refused with its reason.
      const hello = await sendChat(client.chat, annToken, matchId, { phrase: 'hello' });
      const line = await sendChat(client.chat, annToken, matchId, { text: 'good luck, Bob' });
      assert.equal(hello.author.you, true);
      assert.equal(hello.held, false); // two seats: nobody to signal to, nothing held
      await assert.rejects(
        sendChat(client.chat, annToken, matchId, { text: 'x'.repeat(201) }),
        (err) => errorReason(err) === 'CHAT_TEXT_INVALID',
      );
      const chatty = new FiveUpClient(server.address, { web: server.web, interceptors: [cutEvery(1, chatOpened)] });
      const room = new ChatRoomLog();
      for await (const m of watchChat(chatty.chat, bobToken, matchId, { backoffMs: 20 })) {
        assert.equal(room.add(m), 'new', 'each message handed out once');
        if (room.messages().length === 2) break;
      }
      const [first, second] = room.messages();
      assert.deepEqual(
        [first.content, second.content].map((c) => [c.case, c.value]),
        [['phrase', 'hello'], ['text', 'good luck, Bob']],
      );
      assert.equal(first.author.seat, seatA.seat);
      assert.equal(first.author.you, false);
      assert.deepEqual([first.messageId, second.messageId], [hello.messageId, line.messageId]);
      assert.ok(chatOpened.WatchChat >= 2, `the chat stream was reopened: ${JSON.stringify(chatOpened)}`);

      // Both play it out.
      const [playedA, playedB] = await Promise.all([ann.play(seatA), bob.play(seatB)]);
      assert.equal(playedA.status, MatchStatus.FINISHED);
      assert.equal(playedB.status, MatchStatus.FINISHED);

      // Ann offers a rematch; Bob is told, accepts, and both land in the same new match at
      // the same seats.
      const offered = await offerRematch(client.lobby, annToken, matchId);
      assert.deepEqual(offered.waitingSeats, [seatB.seat]);
      assert.equal(offered.newMatchId, '');
      const annWaits = awaitRematch(client.lobby, annToken, matchId, { pollMs: 200, timeoutMs: 60000 });
      const accepted = await offerRematch(client.lobby, bobToken, matchId);
      assert.ok(accepted.newMatchId);
      const outcome = await annWaits;
      assert.equal(outcome.kind, 'started');
      assert.equal(outcome.newMatchId, accepted.newMatchId);
      const startedNotice = await onStarted;
      assert.equal(rematchStartedIn(startedNotice), accepted.newMatchId);
      const viewA = await client.getMatch(outcome.newMatchId, await ann.token());
      const viewB = await client.getMatch(outcome.newMatchId, await bob.token());
      assert.deepEqual([viewA.viewerSeat, viewB.viewerSeat], [seatA.seat, seatB.seat]);
      assert.equal(viewA.turnClockSeconds, 60); // the same options

      // Every notification the server keeps for Bob reaches the stream, each once, in
      // order, though the stream was cut every 2 messages.
      const kept = await listAll(client, await bob.token());
      const latest = kept.at(-1).seq;
      for (const until = Date.now() + 20000; (told.at(-1)?.seq ?? 0n) < latest;) {
        assert.ok(Date.now() < until, `the stream stopped at ${told.at(-1)?.seq} of ${latest}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      stop.abort();
      await following;
      told.splice(kept.length); // anything after the list was read (the rematch's turns)
      assert.deepEqual(told.map((n) => n.seq), kept.map((n) => n.seq));
      assert.deepEqual(told.map((n) => n.notificationId), kept.map((n) => n.notificationId));
      assert.equal(new Set(told.map((n) => n.notificationId)).size, told.length);
      const kinds = new Set(told.map((n) => n.kind));
      for (const kind of [NotificationKind.YOUR_TURN, NotificationKind.REMATCH_OFFERED, NotificationKind.REMATCH_STARTED]) {
        assert.ok(kinds.has(kind), `no ${NotificationKind[kind]} among ${[...kinds].map((k) => NotificationKind[k])}`);
      }
      assert.ok(reconnects.length >= Math.floor(told.length / 2) - 1, `${reconnects.length} reconnects`);
      assert.ok(reconnects.every((r) => r.error instanceof ConnectError && r.error.code === Code.Unavailable));

      // An app that restarts resumes from the seq it kept: the next one, nothing before.
      const middle = told[Math.floor(told.length / 2)];
      const resumed = [];
      for await (const n of watchNotifications(client.notifications, bobToken, { afterSeq: middle.seq })) {
        resumed.push(n.seq);
        if (n.seq === told.at(-1).seq) break;
      }
      assert.deepEqual(resumed, told.filter((n) => n.seq > middle.seq).map((n) => n.seq));

      // The rematch, played out; Bob offers another, Ann declines: Bob's wait ends so.
      const again = { matchId: outcome.newMatchId };
      await Promise.all([ann.play({ ...again, seat: seatA.seat }), bob.play({ ...again, seat: seatB.seat })]);
      await offerRematch(client.lobby, bobToken, outcome.newMatchId);
      const bobWaits = awaitRematch(client.lobby, bobToken, outcome.newMatchId, { pollMs: 200 });
      assert.equal(await declineRematch(client.lobby, annToken, outcome.newMatchId), true);
      assert.equal((await bobWaits).kind, 'declined');
      // Nobody answers: the wait runs out and withdraws the offer.
      await offerRematch(client.lobby, annToken, outcome.newMatchId);
      const lonely = await awaitRematch(client.lobby, annToken, outcome.newMatchId, { pollMs: 100, timeoutMs: 500 });
      assert.deepEqual([lonely.kind, lonely.withdrawn], ['timeout', true]);
      const after = await client.lobby.getRematch({ matchId: outcome.newMatchId }, { headers: { authorization: `Bearer ${await bob.token()}` } });
      assert.equal(after.rematch.offered, false);
      t.diagnostic(`${server.web ? 'gRPC-Web' : 'gRPC'}: ${told.length} notifications over ${opened.WatchNotifications} connections, `
        + `chat over ${chatOpened.WatchChat}; rematch ${matchId} -> ${outcome.newMatchId}`);
    } finally {
      stop.abort(); // no stream outlives the test, failed or not
    }
  });
});
