// A signed-in guest: one process signs in with a device id, queues (FindMatch; a bot
// fills the 2-seat table after a short wait), makes a few moves with its access token and
// exits; a second process with the same device file is the same player, finds the match
// with ListMyMatches and plays the same seat to the end (a short match: 21 points).

import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

import { FiveUpClient, MatchStatus } from '../src/client.js';
import { PlayerSession } from '../src/player.js';
import { testServer } from '../src/server.js';

const PLAYER_JS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'player.js');
const run = promisify(execFile);

test.describe('a guest player', () => {
  let server;
  let dir;

  test.before(async () => {
    server = await testServer();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fiveup-player-'));
  });

  test.after(async () => {
    if (server) await server.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Runs src/player.js in its own process; its JSON summary line. */
  async function player(...args) {
    const where = server.web ? ['--gateway', server.address] : ['--server', server.address];
    const { stdout } = await run(process.execPath, [PLAYER_JS, ...where, ...args], { timeout: 80000 });
    return JSON.parse(stdout.trim().split('\n').at(-1));
  }

  test('queues, plays, and resumes the same seat from a second process', { timeout: 120000 }, async (t) => {
    const deviceFile = path.join(dir, 'device-id');
    const first = await player('--device-file', deviceFile, '--queue', '2', '--bot-wait', '1', '--target', '21', '--moves', '2');
    assert.equal(first.status, 'IN_PROGRESS', JSON.stringify(first));
    assert.equal(first.moves, 2);
    assert.equal(first.viewerSeat, first.seat);
    assert.equal((fs.statSync(deviceFile).mode & 0o777).toString(8), '600');

    const second = await player('--device-file', deviceFile, '--resume');
    assert.equal(second.playerId, first.playerId, 'the same device file is the same player');
    assert.deepEqual([second.matchId, second.seat], [first.matchId, first.seat]);
    assert.ok(second.moves > 0 && second.version > first.version, JSON.stringify(second));
    assert.equal(second.status, 'FINISHED');

    // the player's list now shows the match finished, at that seat; nothing to resume
    const client = new FiveUpClient(server.address, { web: server.web });
    const me = await PlayerSession.signIn(client, deviceFile);
    const { matches } = await client.listMyMatches(await me.token());
    const listed = matches.find((m) => m.matchId === first.matchId);
    assert.equal(listed?.status, MatchStatus.FINISHED);
    assert.equal(listed.seat, first.seat);
    await assert.rejects(me.seatInProgress(), /no match in progress/);
    // another device is another player, who has no seat in that match
    const stranger = await PlayerSession.signIn(client, path.join(dir, 'another-device'));
    assert.notEqual(stranger.player.playerId, first.playerId);
    const seen = await client.getMatch(first.matchId, await stranger.token());
    assert.equal(seen.viewerSeat, undefined);
    t.diagnostic(`${server.web ? 'gRPC-Web' : 'gRPC'}: match ${first.matchId} seat ${first.seat}: ${first.moves} + ${second.moves} moves over two processes, ${second.version} events`);
  });
});
