#!/usr/bin/env node
// A signed-in guest player: the "device" id kept in a file (another process with the same
// file is the same player), a session that refreshes itself, a seat from the matchmaker
// (FindMatch) or the player's match in progress (ListMyMatches), and that seat played
// with the player's access token.
//
//   node src/player.js --device-file F (--queue N [--bot-wait S] [--target P] | --resume)
//                      [--moves K]
//                      [--server host:port | --gateway URL]
// prints one JSON line: {playerId, matchId, seat, moves, status, version}.

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

import { Code, FiveUpClient, MatchStatus, MatchWatcher } from './client.js';

const REFRESH_MARGIN_MS = 60000; // refresh the access token this long before it expires

/** This device's id: read from `file`, or made and saved there (owner-only) on first use. */
export function deviceId(file) {
  if (fs.existsSync(file)) {
    const saved = fs.readFileSync(file, 'utf8').trim();
    if (saved) return saved;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const made = crypto.randomBytes(24).toString('base64url');
  fs.writeFileSync(file, `${made}\n`, { mode: 0o600 }); // whoever reads it is the player
  return made;
}

export class PlayerSession {
  constructor(client, session) {
    this.client = client;
    this.session = session;
  }

  static async signIn(client, deviceFile) {
    const signed = await client.signInAsGuest(deviceId(deviceFile));
    return new PlayerSession(client, signed.session);
  }

  get player() {
    return this.session.player;
  }

  /** The access token, refreshed (RefreshSession) when it nears expiry. */
  async token() {
    const expiresMs = Number(this.session.accessTokenExpiresAt.seconds) * 1000;
    if (expiresMs - Date.now() < REFRESH_MARGIN_MS) {
      this.session = (await this.client.refreshSession(this.session.refreshToken)).session;
    }
    return this.session.accessToken;
  }

  /** FindMatch until seated: {matchId, seat}; bots fill the table after botWaitSeconds
   *  (targetPoints 0: the standard 61; turnClockSeconds > 0: a correspondence table). */
  async findSeat(players, botWaitSeconds, { targetPoints = 0, turnClockSeconds = 0, onSearching = () => {} } = {}) {
    const request = { players, allowBots: true, botWaitSeconds, targetPoints, turnClockSeconds };
    for await (const message of this.client.findMatchStream(request, await this.token())) {
      if (message.status.case === 'matched') {
        const { matchId, seat } = message.status.value;
        return { matchId, seat };
      }
      onSearching(message.status.value);
    }
    throw new Error('the search ended without a seat');
  }

  /** The player's match in progress (ListMyMatches lists those first): {matchId, seat}. */
  async seatInProgress() {
    const { matches } = await this.client.listMyMatches(await this.token(), 1);
    const active = matches.find((m) => m.status === MatchStatus.IN_PROGRESS);
    if (!active) throw new Error('no match in progress to resume');
    return { matchId: active.matchId, seat: active.seat };
  }

  /**
   * Plays the seat with the access token until the match ends (or after `maxMoves` moves
   * of this process), choosing the first move the server lists; resolves with
   * {moves, status, version, viewerSeat}.  One GetMatch to start (the seat and whose turn
   * it is) and one at the end; in between it follows the stream's `turn` and lists its
   * moves (ListLegalMoves with min_version) only when the turn is its seat's.
   */
  async play({ matchId, seat }, { maxMoves = Infinity } = {}) {
    const client = this.client;
    const view = await client.getMatch(matchId, await this.token());
    if (view.viewerSeat !== seat) throw new Error(`the server shows seat ${view.viewerSeat}, not ${seat}`);
    const watcher = new MatchWatcher(client, matchId, await this.token(), { afterVersion: Number(view.version) });
    if (view.turn) watcher.turn = { seat: view.turn.seat, standIn: view.turn.standIn, version: Number(view.version) };
    let moves = 0;
    let after = Number(view.version); // act on a turn announced at this version or later
    try {
      while (view.status === MatchStatus.IN_PROGRESS && moves < maxMoves) {
        while (!watcher.ended && !watcher.error
          && !(watcher.turn !== null && watcher.turn.seat === seat && watcher.version >= after)) {
          await watcher.waitBeyond(watcher.version); // someone else's turn: follow the stream
        }
        if (watcher.error) throw watcher.error;
        if (watcher.ended) break;
        const listed = await client.listLegalMoves(matchId, await this.token(), watcher.version);
        if (listed.moves.length === 0) { // the turn moved on meanwhile
          after = Number(listed.version) + 1;
          continue;
        }
        try {
          const answer = await client.submitMove(matchId, await this.token(), listed.moves[0], listed.version);
          moves += 1;
          after = Number(answer.version);
        } catch (err) {
          if (err.code !== Code.Aborted) throw err; // ABORTED: someone moved first
          after = Number(listed.version) + 1;
        }
      }
    } finally {
      watcher.cancel();
    }
    const final = await client.getMatch(matchId, await this.token());
    return { moves, status: final.status, version: Number(final.version), viewerSeat: final.viewerSeat };
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      server: { type: 'string', default: process.env.FIVEUP_SERVER || '127.0.0.1:50051' },
      gateway: { type: 'string', default: process.env.FIVEUP_GATEWAY || '' },
      'device-file': { type: 'string' },
      queue: { type: 'string' },
      'bot-wait': { type: 'string', default: '5' },
      target: { type: 'string', default: '0' },
      resume: { type: 'boolean', default: false },
      moves: { type: 'string' },
    },
  });
  if (!values['device-file'] || (values.queue === undefined) === !values.resume) {
    throw new Error('usage: player.js --device-file F (--queue N [--bot-wait S] [--target P] | --resume) [--moves K]');
  }
  const client = values.gateway
    ? new FiveUpClient(values.gateway, { web: true })
    : new FiveUpClient(values.server);
  const me = await PlayerSession.signIn(client, values['device-file']);
  const seat = values.resume
    ? await me.seatInProgress()
    : await me.findSeat(Number(values.queue), Number(values['bot-wait']), { targetPoints: Number(values.target) });
  const played = await me.play(seat, { maxMoves: values.moves === undefined ? Infinity : Number(values.moves) });
  process.stdout.write(`${JSON.stringify({
    playerId: me.player.playerId, ...seat, ...played, status: MatchStatus[played.status],
  })}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  // exit when done: a gRPC-Web transport's idle keep-alive connection would hold the process
  main().then(() => process.exit(0), (err) => {
    process.stderr.write(`player.js: ${err.codeName ? `${err.codeName}: ` : ''}${err.rawMessage ?? err.message}\n`);
    process.exit(1);
  });
}
