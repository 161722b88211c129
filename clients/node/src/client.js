// A small Node.js client of Five Up on the generated SDK (@fiveup/sdk): Connect clients
// of MatchService and RulesService over native gRPC (HTTP/2, straight to `fiveup serve`)
// or over gRPC-Web (through the Envoy gateway, as a browser calls).  Messages are
// protobuf-es v2 objects: camelCase fields, enums as numbers, oneofs as {case, value},
// int64 as bigint.

import {
  Code, ConnectError, MatchStatus, SeatKind, BotKind, Side, Verdict, createFiveUpClients, withToken,
  newRequestId, errorInfo, retryDelayMs, codeName, compactLayout, placementBytes, tileIndex,
  tileText, sideOf, LEAD_CODE,
} from '@fiveup/sdk';
import { grpcTransport, grpcWebTransport } from '@fiveup/sdk/node';
import { EventEmitter } from 'node:events';

export {
  Code, MatchStatus, SeatKind, BotKind, Side, Verdict, errorInfo, retryDelayMs, codeName,
  compactLayout, placementBytes, tileIndex, tileText, sideOf, LEAD_CODE, newRequestId,
};

export function displayed(raw) {
  return Math.trunc(raw / 5) + 0; // no -0
}

/** Adds `info` (ErrorInfo), `retryDelayMs` and `codeName` to a failed call's error. */
function annotate(err) {
  const e = ConnectError.from(err);
  e.info = errorInfo(e);
  e.retryDelayMs = retryDelayMs(e);
  e.codeName = codeName(e.code);
  return e;
}

function timestampDate(ts) {
  return new Date(Number(ts.seconds) * 1000 + Math.floor(ts.nanos / 1e6));
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * A connection to a server.  `target` is host:port for native gRPC, or the gateway's URL
 * (http://host:port) with `{ web: true }` for gRPC-Web.
 */
export class FiveUpClient {
  constructor(target, { web = false, deadlineMs = 10000, maxRetries = 50, interceptors = [] } = {}) {
    this.target = target;
    this.web = web;
    this.deadlineMs = deadlineMs;
    this.maxRetries = maxRetries;
    this.retried = 0; // calls retried after a rate limit
    this.calls = {}; // unary calls made, by method name (e.g. calls.getMatch)
    const transport = web ? grpcWebTransport(target, { interceptors }) : grpcTransport(target, { interceptors });
    const { matches, rules, players, lobby, chat, notifications } = createFiveUpClients(transport);
    this.chat = chat; // ChatService (the SDK's watchChat / sendChat take it)
    this.notifications = notifications; // NotificationService (watchNotifications)
    this.match = matches;
    this.rules = rules;
    this.players = players;
    this.lobby = lobby;
  }

  close() {}

  /** A unary call; RESOURCE_EXHAUSTED with a RetryInfo (a rate limit: the call was not
   *  executed) is retried after the delay the server asks for, up to `maxRetries` times. */
  async unary(stub, method, request, token) {
    this.calls[method] = (this.calls[method] ?? 0) + 1;
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await stub[method](request, { ...withToken(token), timeoutMs: this.deadlineMs });
      } catch (raw) {
        const err = annotate(raw);
        if (err.code !== Code.ResourceExhausted || err.retryDelayMs === null || attempt >= this.maxRetries) {
          throw err;
        }
        this.retried += 1;
        await sleep(err.retryDelayMs);
      }
    }
  }

  // MatchService
  createMatch(seats, targetPoints = 0) {
    return this.unary(this.match, 'createMatch', { seats, targetPoints });
  }
  joinMatch(matchId, seat) {
    return this.unary(this.match, 'joinMatch', { matchId, seat: seat ?? undefined });
  }
  getMatch(matchId, token) {
    return this.unary(this.match, 'getMatch', { matchId }, token).then((r) => r.view);
  }
  /** `minVersion`: read-your-writes; the answer is for that version or a newer one. */
  listLegalMoves(matchId, token, minVersion = 0) {
    return this.unary(this.match, 'listLegalMoves', { matchId, minVersion: BigInt(minVersion) }, token);
  }
  submitMove(matchId, token, move, expectedVersion, requestId = newRequestId()) {
    return this.unary(this.match, 'submitMove', {
      matchId, move: cleanMove(move), expectedVersion, requestId,
    }, token);
  }
  getMatchRecord(matchId) {
    return this.unary(this.match, 'getMatchRecord', { matchId });
  }
  /** The raw server stream of WatchMatch (an async iterable; see MatchWatcher). */
  watchStream(matchId, afterVersion, token, signal) {
    return this.match.watchMatch({ matchId, afterVersion: BigInt(afterVersion) }, { ...withToken(token), signal });
  }

  // PlayerService and LobbyService (a signed-in player; `token` is the access token)
  signInAsGuest(deviceId, displayName = '') {
    return this.unary(this.players, 'signInAsGuest', { deviceId, displayName });
  }
  refreshSession(refreshToken) {
    return this.unary(this.players, 'refreshSession', { refreshToken });
  }
  listMyMatches(token, pageSize = 20, pageToken = '') {
    return this.unary(this.lobby, 'listMyMatches', { pageSize, pageToken }, token);
  }
  /** The raw server stream of FindMatch: Searching messages, then one Matched. */
  findMatchStream(request, token, signal) {
    return this.lobby.findMatch(request, { ...withToken(token), signal });
  }

  // RulesService
  evaluateLayout(request) {
    return this.unary(this.rules, 'evaluateLayout', request);
  }
  validateMove(request) {
    return this.unary(this.rules, 'validateMove', request);
  }
  /** Each batch ({layouts: [Uint8Array], placements: Uint8Array}) answered
   *  ({verdicts, points}), in order: on one bidi ValidateMoves stream over native gRPC;
   *  over gRPC-Web (no client streaming) one unary ValidateMoveBatch call per batch. */
  async validateMoves(batches) {
    if (this.web) {
      const answers = [];
      for (const batch of batches) answers.push(await this.validateMoveBatch(batch));
      return answers;
    }
    async function* requests() {
      yield* batches;
    }
    const answers = [];
    try {
      for await (const answer of this.rules.validateMoves(requests(), { timeoutMs: this.deadlineMs })) {
        answers.push(answer);
      }
    } catch (err) {
      throw annotate(err);
    }
    return answers;
  }
  validateMoveBatch(batch) {
    return this.unary(this.rules, 'validateMoveBatch', batch);
  }
}

/** A Move message as the server expects it, from a move it listed. */
function cleanMove(move) {
  const { kind } = move;
  if (kind.case === 'place') return { kind: { case: 'place', value: { tile: kind.value.tile, on: kind.value.on } } };
  if (kind.case === 'draw' || kind.case === 'pass') return { kind: { case: kind.case, value: {} } };
  throw new Error(`not a move: ${kind.case}`);
}

/**
 * Watches a match and keeps every event, resuming where it stopped:
 *  - versions arrive 1..n without gaps (a gap or a repeat is an error);
 *  - the server ends the stream after match_ended;
 *  - on UNAVAILABLE (a draining server) it reconnects with after_version = last version;
 *  - on ResyncRequired it notes it, reads the match and watches again after its version
 *    (the events in between are then missing: `resyncs` counts such jumps).
 * Keeps `turn`, the newest announcement of whose turn it is ({seat, deadline (a Date or
 * null), standIn, version}; null after a round's or the match's end until the next one).
 * Emits 'event' for each event; `waitBeyond(v)` resolves once an event after v arrived
 * or the match ended; `done` resolves when the match ended and the stream closed.
 */
export class MatchWatcher extends EventEmitter {
  constructor(client, matchId, token, { afterVersion = 0, maxReconnects = 5 } = {}) {
    super();
    this.client = client;
    this.matchId = matchId;
    this.token = token;
    this.version = afterVersion;
    this.events = [];
    this.layout = []; // the current round's placements, from tile_placed events
    this.turn = null; // the newest MatchEvent.turn (see above)
    this.ended = false;
    this.reconnects = 0;
    this.resyncs = 0;
    this.maxReconnects = maxReconnects;
    this.streamEnds = 0;
    this.waiters = [];
    this.abort = new AbortController();
    this.done = new Promise((resolve, reject) => {
      this.resolveDone = resolve;
      this.rejectDone = reject;
    });
    this.done.catch(() => {}); // callers await it; avoid unhandled-rejection noise meanwhile
    this.run();
  }

  async run() {
    for (;;) {
      let resyncAt;
      try {
        const stream = this.client.watchStream(this.matchId, this.version, this.token, this.abort.signal);
        for await (const item of stream) {
          if (item.item.case === 'resync') {
            this.resyncs += 1;
            resyncAt = item.item.value.version;
            continue;
          }
          this.accept(item.item.value);
        }
      } catch (raw) {
        if (this.abort.signal.aborted) return this.fail(new Error('watch cancelled'));
        if (!(raw instanceof ConnectError) && !raw?.code) return this.fail(raw); // our own check failed
        const err = annotate(raw);
        if (this.ended) break;
        if (err.code === Code.Unavailable && this.reconnects < this.maxReconnects) {
          this.reconnects += 1; // e.g. SHUTTING_DOWN: resume after the last version seen
          await sleep(100 * this.reconnects);
          continue;
        }
        if (err.code === Code.ResourceExhausted && err.retryDelayMs !== null && this.reconnects < this.maxReconnects) {
          this.reconnects += 1; // TOO_MANY_STREAMS: try again when the server says
          await sleep(err.retryDelayMs);
          continue;
        }
        return this.fail(err);
      }
      this.streamEnds += 1;
      if (resyncAt !== undefined) {
        try {
          const view = await this.client.getMatch(this.matchId, this.token);
          this.version = Number(view.version);
        } catch (err) {
          return this.fail(err);
        }
        continue;
      }
      break;
    }
    if (this.ended) {
      this.wake();
      this.resolveDone(this.events);
    } else {
      this.fail(new Error(`WatchMatch ended at version ${this.version} before match_ended`));
    }
  }

  accept(event) {
    const version = Number(event.version);
    if (version !== this.version + 1) {
      throw new Error(`event version ${version} after ${this.version}: the stream must be gap-free`);
    }
    this.version = version;
    this.events.push(event);
    const { kind } = event;
    if (kind.case === 'roundDealt') this.layout = [];
    else if (kind.case === 'tilePlaced') this.layout.push(kind.value.placement);
    if (kind.case === 'matchEnded') this.ended = true;
    if (kind.case === 'roundEnded' || kind.case === 'matchEnded' || kind.case === 'matchCancelled') this.turn = null;
    if (event.turn) {
      const { seat, deadline, standIn } = event.turn;
      this.turn = { seat, deadline: deadline ? timestampDate(deadline) : null, standIn, version };
    }
    this.emit('event', event);
    this.wake();
  }

  wake() {
    const waiting = this.waiters;
    this.waiters = [];
    for (const w of waiting) w();
  }

  fail(err) {
    this.error = err;
    this.wake();
    this.rejectDone(err);
  }

  /** Resolves when the watcher has seen `version` (or the match ended, or it failed). */
  waitFor(version) {
    return this.waitBeyond(Number(version) - 1);
  }

  /** Resolves when an event after `version` has arrived, or the match ended, or the
   *  watch failed. */
  waitBeyond(version) {
    if (this.version > Number(version) || this.ended || this.error) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  cancel() {
    this.abort.abort();
  }
}

/**
 * Folds events into per-side raw scores: TilePlaced points go to the placer's side,
 * RoundEnded deductions are subtracted from each seat's side.  Also checks that each
 * RoundEnded's scores equal the running totals.
 */
export class ScoreKeeper {
  constructor(nSeats) {
    this.nSeats = nSeats;
    this.nSides = nSeats === 4 ? 2 : nSeats;
    this.raw = new Array(this.nSides).fill(0);
    this.placed = 0;
    this.rounds = 0;
    this.mismatches = [];
  }

  add(event) {
    const { kind } = event;
    if (kind.case === 'tilePlaced') {
      this.raw[sideOf(kind.value.seat, this.nSeats)] += kind.value.points;
      this.placed += 1;
    } else if (kind.case === 'roundEnded') {
      const ended = kind.value;
      ended.deductions.forEach((d, seat) => { this.raw[sideOf(seat, this.nSeats)] -= d; });
      this.rounds += 1;
      const theirs = scoresArray(ended.scores, this.nSides);
      if (JSON.stringify(theirs) !== JSON.stringify(this.raw)) {
        this.mismatches.push({ version: Number(event.version), ours: [...this.raw], theirs });
      }
    }
    return this;
  }

  static fold(nSeats, events) {
    const keeper = new ScoreKeeper(nSeats);
    for (const e of events) keeper.add(e);
    return keeper;
  }
}

/** SideScore messages as an array of raw points indexed by side. */
export function scoresArray(scores, nSides) {
  const out = new Array(nSides).fill(0);
  for (const s of scores) out[s.side] = s.rawPoints;
  return out;
}

/**
 * Creates a match against bots, joins its human seats, watches it and plays until it
 * ends: each human seat acts when the stream's `turn` names it, using only moves the
 * server listed (ListLegalMoves with min_version), with expected_version and a fresh
 * request id each time; no GetMatch while playing (stats.getMatchCalls counts them).
 *
 * options: seats (SeatSpec list), targetPoints, rng (() => [0,1)), policy ('greedy' or
 * 'random', see choose() below), staleProbe (submit one
 * move with a stale version first and expect ABORTED/STALE_VERSION), replayProbe (repeat
 * one request id and expect the original answer), log.
 * Returns a summary for the caller to check.
 */
export async function playMatch(client, {
  seats, targetPoints = 0, rng = Math.random, policy = 'greedy', staleProbe = true, replayProbe = true,
  log = () => {}, timeoutMs = 60000,
}) {
  const created = await client.createMatch(seats, targetPoints);
  const { matchId } = created;
  const humans = seats.map((s, i) => (s.kind === SeatKind.HUMAN ? i : -1)).filter((i) => i >= 0);
  const tokens = {};
  for (const seat of humans) {
    const joined = await client.joinMatch(matchId, seat);
    if (joined.seat !== seat) throw new Error(`asked for seat ${seat}, got ${joined.seat}`);
    tokens[seat] = joined.seatToken;
  }
  const watcher = new MatchWatcher(client, matchId, tokens[humans[0]]);
  const stats = {
    matchId, created: { matchId, version: Number(created.version), shuffleCommitment: created.shuffleCommitment },
    humans, submitted: 0, fromList: 0, aborted: 0, validated: 0,
    staleProbe: null, replayProbe: null, turns: 0, getMatchCalls: 0, seatClaims: [], blockedRounds: 0,
  };
  const getMatchBefore = client.calls.getMatch ?? 0;
  watcher.on('event', (event) => {
    const { kind, turn } = event;
    if (kind.case === 'seatClaimed') {
      stats.seatClaims.push(kind.value.seat);
      log(`v${event.version} seat ${kind.value.seat} claimed${kind.value.displayName ? ` by ${kind.value.displayName}` : ''}`);
    } else if (kind.case === 'roundEnded' && kind.value.blockedWithoutPasses) {
      stats.blockedRounds += 1;
      log(`v${event.version} round blocked: no seat can place (the passes are not played)`);
    }
    if (turn) {
      const deadline = watcher.turn.deadline ? ` until ${watcher.turn.deadline.toISOString()}` : '';
      log(`v${event.version} turn: seat ${turn.seat}${deadline}${turn.standIn ? ' (stand-in)' : ''}`);
    }
  });
  const started = Date.now();

  // Picks a listed move.  'greedy': ask the RulesService (ValidateMoves, one batch in the
  // compact encoding, layout rebuilt from the stream) what each placement scores and take
  // the best; every listed placement must come back LEGAL.  'random': any listed move.
  async function choose(moves, version) {
    const places = moves.filter((m) => m.kind.case === 'place');
    if (policy === 'random' || places.length < 2) return moves[Math.floor(rng() * moves.length)];
    await watcher.waitFor(version);
    if (watcher.version !== Number(version)) return moves[Math.floor(rng() * moves.length)]; // moved on
    const layout = compactLayout(watcher.layout);
    const [answer] = await client.validateMoves([{
      layouts: places.map(() => layout),
      placements: Uint8Array.from(places.flatMap((m) => placementBytes(m.kind.value))),
    }]);
    stats.validated += places.length;
    const verdicts = [...answer.verdicts];
    if (verdicts.some((v) => v !== Verdict.LEGAL)) {
      throw new Error(`the server listed moves its RulesService calls illegal: ${verdicts} at v${version}`);
    }
    const points = [...answer.points];
    const best = Math.max(...points);
    const top = places.filter((_, i) => points[i] === best);
    return top[Math.floor(rng() * top.length)];
  }

  // Follows the stream: when an event's `turn` names this seat, asks ListLegalMoves (with
  // min_version = the version that announced it, so a lagging replica cannot answer from
  // before it) and moves; never polls GetMatch.
  async function playSeat(seat) {
    const token = tokens[seat];
    let after = 0; // act on a turn announced at this version or later
    for (;;) {
      while (!watcher.ended && !watcher.error
        && !(watcher.turn !== null && watcher.turn.seat === seat && watcher.version >= after)) {
        if (Date.now() - started > timeoutMs) throw new Error(`match ${matchId} took over ${timeoutMs} ms`);
        await watcher.waitBeyond(watcher.version); // someone else's turn: follow the stream
      }
      if (watcher.ended || watcher.error) break;
      const announced = watcher.version;
      const listed = await client.listLegalMoves(matchId, token, announced);
      const { moves, version } = listed;
      if (moves.length === 0) { // the turn moved on meanwhile: wait for news
        after = Number(version) + 1;
        continue;
      }
      const move = await choose(moves, version);
      if (staleProbe && stats.staleProbe === null) {
        try {
          await client.submitMove(matchId, token, move, version - 1n);
          stats.staleProbe = { ok: false, why: 'accepted a stale expected_version' };
        } catch (err) {
          stats.staleProbe = { ok: err.code === Code.Aborted, code: err.codeName, reason: err.info?.reason, metadata: err.info?.metadata };
          stats.aborted += 1;
        }
        continue; // still our turn: list again and play on
      }
      const requestId = newRequestId();
      let answer;
      try {
        answer = await client.submitMove(matchId, token, move, version, requestId);
      } catch (err) {
        if (err.code === Code.Aborted) { // someone moved first: wait for a newer turn
          stats.aborted += 1;
          after = Number(version) + 1;
          continue;
        }
        throw err;
      }
      stats.submitted += 1;
      stats.fromList += 1;
      after = Number(answer.version); // the step's last event says who is next
      if (replayProbe && stats.replayProbe === null) {
        const again = await client.submitMove(matchId, token, move, version, requestId);
        stats.replayProbe = {
          ok: again.version === answer.version && again.events.length === answer.events.length,
          first: Number(answer.version), again: Number(again.version),
        };
      }
      log(`seat ${seat} ${describeMove(move)} -> v${answer.version}${answer.points ? ` +${answer.points}` : ''}`);
    }
  }

  try {
    await Promise.all(humans.map((seat) => playSeat(seat)));
  } catch (err) {
    watcher.cancel();
    throw err;
  }
  const events = await watcher.done;
  stats.turns = stats.submitted;
  stats.getMatchCalls = (client.calls.getMatch ?? 0) - getMatchBefore;
  const record = await client.getMatchRecord(matchId);
  // Resume check: a spectator watching from the middle gets exactly the rest and the end.
  const middle = Math.floor(events.length / 2);
  const spectator = new MatchWatcher(client, matchId, undefined, { afterVersion: middle });
  const tail = await spectator.done;
  return {
    matchId, seats, stats, events, record, tail, middle,
    watcher: { reconnects: watcher.reconnects, resyncs: watcher.resyncs, streamEnds: watcher.streamEnds },
    retried: client.retried,
    durationMs: Date.now() - started,
  };
}

const SIDE_NAMES = ['', 'low', 'high', 'chain_a', 'chain_b', 'branch_a', 'branch_b'];

export function describeMove(move) {
  const { kind } = move;
  if (kind.case !== 'place') return kind.case;
  const { on, tile } = kind.value;
  return on ? `${tileText(tile)}@${tileText(on.tile)}:${SIDE_NAMES[on.side]}` : tileText(tile);
}
