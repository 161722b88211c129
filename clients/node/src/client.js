'use strict';
// A small Node.js client of the Five Up gRPC contract.
//
// The .proto files are loaded at runtime from ../../protos (override with FIVEUP_PROTOS);
// nothing is generated or committed.  Messages use the proto field names (keepCase),
// int64 values arrive as JS numbers, enums as their names, oneofs name their case in a
// virtual field (e.g. move.kind === 'place', event.kind === 'tile_placed').

const path = require('node:path');
const crypto = require('node:crypto');
const { EventEmitter } = require('node:events');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');
const protobuf = require('protobufjs');

const PROTO_DIR = process.env.FIVEUP_PROTOS || path.resolve(__dirname, '..', '..', '..', 'protos');
const PROTO_FILES = ['fiveup/v1/common.proto', 'fiveup/v1/match.proto', 'fiveup/v1/rules.proto'];
const LOADER_OPTIONS = {
  keepCase: true,
  longs: Number,
  enums: String,
  defaults: true,
  oneofs: true,
};

let cachedPackage = null;

/** The fiveup.v1 package, loaded from the .proto files (once per process). */
function loadPackage(protoDir = PROTO_DIR) {
  if (cachedPackage === null || cachedPackage.dir !== protoDir) {
    const definition = protoLoader.loadSync(PROTO_FILES, { ...LOADER_OPTIONS, includeDirs: [protoDir] });
    cachedPackage = { dir: protoDir, v1: grpc.loadPackageDefinition(definition).fiveup.v1 };
  }
  return cachedPackage.v1;
}

// google.rpc.Status / ErrorInfo / RetryInfo: the machine-readable reason the server
// attaches to every error, and the delay it asks for when rate limiting (trailer
// grpc-status-details-bin).  A few tiny messages: declared here rather than vendoring
// googleapis.
const rpcTypes = protobuf.Root.fromJSON({
  nested: {
    google: {
      nested: {
        protobuf: {
          nested: {
            Any: { fields: { type_url: { type: 'string', id: 1 }, value: { type: 'bytes', id: 2 } } },
            Duration: { fields: { seconds: { type: 'int64', id: 1 }, nanos: { type: 'int32', id: 2 } } },
          },
        },
        rpc: {
          nested: {
            Status: {
              fields: {
                code: { type: 'int32', id: 1 },
                message: { type: 'string', id: 2 },
                details: { rule: 'repeated', type: 'google.protobuf.Any', id: 3 },
              },
            },
            RetryInfo: { fields: { retry_delay: { type: 'google.protobuf.Duration', id: 1 } } },
            ErrorInfo: {
              fields: {
                reason: { type: 'string', id: 1 },
                domain: { type: 'string', id: 2 },
                metadata: { keyType: 'string', type: 'string', id: 3 },
              },
            },
          },
        },
      },
    },
  },
});
const StatusType = rpcTypes.lookupType('google.rpc.Status');
const ErrorInfoType = rpcTypes.lookupType('google.rpc.ErrorInfo');
const RetryInfoType = rpcTypes.lookupType('google.rpc.RetryInfo');

function statusDetails(err) {
  const raw = err && err.metadata ? err.metadata.get('grpc-status-details-bin') : [];
  if (!raw || raw.length === 0) return [];
  return StatusType.decode(raw[0]).details;
}

/** The google.rpc.ErrorInfo of a failed call ({reason, domain, metadata}), or null. */
function errorInfo(err) {
  for (const any of statusDetails(err)) {
    if (any.type_url.endsWith('/google.rpc.ErrorInfo')) {
      const info = ErrorInfoType.toObject(ErrorInfoType.decode(any.value), { defaults: true });
      return { reason: info.reason, domain: info.domain, metadata: info.metadata || {} };
    }
  }
  return null;
}

/** The delay (ms) a google.rpc.RetryInfo of a failed call asks for, or null. */
function retryDelayMs(err) {
  for (const any of statusDetails(err)) {
    if (any.type_url.endsWith('/google.rpc.RetryInfo')) {
      const info = RetryInfoType.toObject(RetryInfoType.decode(any.value), { longs: Number, defaults: true });
      const d = info.retry_delay || { seconds: 0, nanos: 0 };
      return Number(d.seconds) * 1000 + Math.ceil(d.nanos / 1e6);
    }
  }
  return null;
}

function annotate(err) {
  err.info = errorInfo(err);
  err.retryDelayMs = retryDelayMs(err);
  err.codeName = codeName(err.code);
  return err;
}

/** The name of a gRPC status code (e.g. 'ABORTED'). */
function codeName(code) {
  return Object.keys(grpc.status).find((k) => grpc.status[k] === code) || String(code);
}

function bearer(token) {
  const md = new grpc.Metadata();
  if (token) md.set('authorization', `Bearer ${token}`);
  return md;
}

function newRequestId() {
  return crypto.randomUUID();
}

// The compact encoding (docs/core.md): two bytes per placement, the tile index 0..27
// ([0|0]=0, [0|1]=1 ... [6|6]=27) and the point code tile_index*6+side_index of the
// connection point it joins (255 for the lead).  Pure encoding, no rules.
const SIDES = ['SIDE_LOW', 'SIDE_HIGH', 'SIDE_CHAIN_A', 'SIDE_CHAIN_B', 'SIDE_BRANCH_A', 'SIDE_BRANCH_B'];
const LEAD_CODE = 255;

function tileIndex(tile) {
  const a = Math.min(tile.low, tile.high);
  const b = Math.max(tile.low, tile.high);
  let index = 0;
  for (let i = 0; i < a; i += 1) index += 7 - i;
  return index + (b - a);
}

/** The two bytes of a placement ({tile, on}). */
function placementBytes(placement) {
  const on = placement.on;
  if (!on) return [tileIndex(placement.tile), LEAD_CODE];
  const side = typeof on.side === 'number' ? on.side - 1 : SIDES.indexOf(on.side);
  if (side < 0) throw new Error(`unknown side ${on.side}`);
  return [tileIndex(placement.tile), tileIndex(on.tile) * 6 + side];
}

/** A list of placements in the compact encoding. */
function compactLayout(placements) {
  return Buffer.from(placements.flatMap(placementBytes));
}

/** The side of the score a seat plays for: partnerships 0+2 / 1+3 with four players. */
function sideOf(seat, nSeats) {
  return nSeats === 4 ? seat % 2 : seat;
}

function displayed(raw) {
  return Math.trunc(raw / 5) + 0; // no -0
}

/** A connection to a server: promisified unary calls of both services, and streams. */
class FiveUpClient {
  constructor(address, { deadlineMs = 10000, maxRetries = 50 } = {}) {
    const v1 = loadPackage();
    this.maxRetries = maxRetries;
    this.retried = 0; // calls retried after a rate limit
    const credentials = grpc.credentials.createInsecure();
    this.address = address;
    this.deadlineMs = deadlineMs;
    this.match = new v1.MatchService(address, credentials);
    this.rules = new v1.RulesService(address, credentials);
  }

  close() {
    this.match.close();
    this.rules.close();
  }

  deadline() {
    return new Date(Date.now() + this.deadlineMs);
  }

  unaryOnce(stub, method, request, token) {
    return new Promise((resolve, reject) => {
      stub[method](request, bearer(token), { deadline: this.deadline() }, (err, response) => {
        if (err) reject(annotate(err));
        else resolve(response);
      });
    });
  }

  /** A unary call; RESOURCE_EXHAUSTED with a RetryInfo (a rate limit: the call was not
   *  executed) is retried after the delay the server asks for, up to `maxRetries` times. */
  async unary(stub, method, request, token) {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.unaryOnce(stub, method, request, token);
      } catch (err) {
        if (err.code !== grpc.status.RESOURCE_EXHAUSTED || err.retryDelayMs === null || attempt >= this.maxRetries) {
          throw err;
        }
        this.retried += 1;
        await sleep(err.retryDelayMs);
      }
    }
  }

  // MatchService
  createMatch(seats, targetPoints = 0) {
    return this.unary(this.match, 'CreateMatch', { seats, target_points: targetPoints });
  }
  joinMatch(matchId, seat) {
    const request = { match_id: matchId };
    if (seat !== undefined && seat !== null) request.seat = seat;
    return this.unary(this.match, 'JoinMatch', request);
  }
  getMatch(matchId, token) {
    return this.unary(this.match, 'GetMatch', { match_id: matchId }, token).then((r) => r.view);
  }
  listLegalMoves(matchId, token) {
    return this.unary(this.match, 'ListLegalMoves', { match_id: matchId }, token);
  }
  submitMove(matchId, token, move, expectedVersion, requestId = newRequestId()) {
    return this.unary(this.match, 'SubmitMove', {
      match_id: matchId, move: cleanMove(move), expected_version: expectedVersion, request_id: requestId,
    }, token);
  }
  getMatchRecord(matchId) {
    return this.unary(this.match, 'GetMatchRecord', { match_id: matchId });
  }
  /** The raw server stream of WatchMatch (see MatchWatcher for the resuming watcher). */
  watchStream(matchId, afterVersion, token) {
    return this.match.WatchMatch({ match_id: matchId, after_version: afterVersion }, bearer(token));
  }

  // RulesService
  evaluateLayout(request) {
    return this.unary(this.rules, 'EvaluateLayout', request);
  }
  validateMove(request) {
    return this.unary(this.rules, 'ValidateMove', request);
  }
  /** Sends each batch ({layouts: [Buffer], placements: Buffer}) on one bidi stream and
   *  resolves with the answers ({verdicts: Buffer, points: Buffer}), in order. */
  validateMoves(batches) {
    return new Promise((resolve, reject) => {
      const answers = [];
      const call = this.rules.ValidateMoves(new grpc.Metadata(), { deadline: this.deadline() });
      call.on('data', (answer) => answers.push(answer));
      call.on('error', (err) => reject(annotate(err)));
      call.on('end', () => resolve(answers));
      for (const batch of batches) call.write(batch);
      call.end();
    });
  }
}

/** A Move message as the server expects it, from a move it listed (drops the virtual
 *  oneof field and the unset cases). */
function cleanMove(move) {
  const kind = move.kind || ['place', 'draw', 'pass'].find((k) => move[k]);
  if (kind === 'place') return { place: { tile: move.place.tile, on: move.place.on || undefined } };
  if (kind === 'draw') return { draw: {} };
  if (kind === 'pass') return { pass: {} };
  throw new Error(`not a move: ${JSON.stringify(move)}`);
}

/**
 * Watches a match and keeps every event, resuming where it stopped:
 *  - versions arrive 1..n without gaps (a gap or a repeat is an error);
 *  - the server ends the stream after match_ended;
 *  - on UNAVAILABLE (a draining server) it reconnects with after_version = last version;
 *  - on ResyncRequired it notes it, reads the match and watches again after its version
 *    (the events in between are then missing: `resyncs` counts such jumps).
 * Emits 'event' for each event; `waitBeyond(v)` resolves once an event after v arrived
 * or the match ended; `done` resolves when the match ended and the stream closed.
 */
class MatchWatcher extends EventEmitter {
  constructor(client, matchId, token, { afterVersion = 0, maxReconnects = 5 } = {}) {
    super();
    this.client = client;
    this.matchId = matchId;
    this.token = token;
    this.version = afterVersion;
    this.events = [];
    this.layout = []; // the current round's placements, from tile_placed events
    this.ended = false;
    this.reconnects = 0;
    this.resyncs = 0;
    this.maxReconnects = maxReconnects;
    this.streamEnds = 0;
    this.waiters = [];
    this.done = new Promise((resolve, reject) => {
      this.resolveDone = resolve;
      this.rejectDone = reject;
    });
    this.done.catch(() => {}); // callers await it; avoid unhandled-rejection noise meanwhile
    this.open();
  }

  open() {
    if (this.cancelled) return;
    const call = this.client.watchStream(this.matchId, this.version, this.token);
    this.call = call;
    let failed = false;
    call.on('data', (item) => {
      try {
        if (item.item === 'resync' || item.resync) {
          this.resyncs += 1;
          this.pendingResync = item.resync.version;
          return;
        }
        this.accept(item.event);
      } catch (err) {
        failed = true;
        call.cancel();
        this.fail(err);
      }
    });
    call.on('error', (err) => {
      if (failed || this.ended) return;
      if (this.cancelled) {
        failed = true;
        this.fail(new Error('watch cancelled'));
        return;
      }
      failed = true;
      annotate(err);
      if (err.code === grpc.status.UNAVAILABLE && this.reconnects < this.maxReconnects) {
        this.reconnects += 1; // e.g. SHUTTING_DOWN: resume after the last version seen
        setTimeout(() => this.open(), 100 * this.reconnects);
        return;
      }
      if (err.code === grpc.status.RESOURCE_EXHAUSTED && err.retryDelayMs !== null && this.reconnects < this.maxReconnects) {
        this.reconnects += 1; // TOO_MANY_STREAMS: try again when the server says
        setTimeout(() => this.open(), err.retryDelayMs);
        return;
      }
      this.fail(err);
    });
    call.on('end', () => {
      if (failed) return;
      this.streamEnds += 1;
      if (this.pendingResync !== undefined) {
        this.pendingResync = undefined;
        this.client.getMatch(this.matchId, this.token).then((view) => {
          this.version = view.version;
          this.open();
        }, (err) => this.fail(err));
        return;
      }
      if (this.ended) {
        this.wake();
        this.resolveDone(this.events);
      } else {
        this.fail(new Error(`WatchMatch ended at version ${this.version} before match_ended`));
      }
    });
  }

  accept(event) {
    if (event.version !== this.version + 1) {
      throw new Error(`event version ${event.version} after ${this.version}: the stream must be gap-free`);
    }
    this.version = event.version;
    this.events.push(event);
    if (event.kind === 'round_dealt') this.layout = [];
    else if (event.kind === 'tile_placed') this.layout.push(event.tile_placed.placement);
    if (event.kind === 'match_ended') this.ended = true;
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
    return this.waitBeyond(version - 1);
  }

  /** Resolves when an event after `version` has arrived, or the match ended, or the
   *  watch failed. */
  waitBeyond(version) {
    if (this.version > version || this.ended || this.error) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  cancel() {
    this.cancelled = true;
    if (this.call) this.call.cancel();
  }
}

/**
 * Folds events into per-side raw scores: TilePlaced points go to the placer's side,
 * RoundEnded deductions are subtracted from each seat's side.  Also checks that each
 * RoundEnded's scores equal the running totals.
 */
class ScoreKeeper {
  constructor(nSeats) {
    this.nSeats = nSeats;
    this.nSides = nSeats === 4 ? 2 : nSeats;
    this.raw = new Array(this.nSides).fill(0);
    this.placed = 0;
    this.rounds = 0;
    this.mismatches = [];
  }

  add(event) {
    switch (event.kind) {
      case 'tile_placed':
        this.raw[sideOf(event.tile_placed.seat, this.nSeats)] += event.tile_placed.points;
        this.placed += 1;
        break;
      case 'round_ended': {
        const ended = event.round_ended;
        ended.deductions.forEach((d, seat) => { this.raw[sideOf(seat, this.nSeats)] -= d; });
        this.rounds += 1;
        const theirs = scoresArray(ended.scores, this.nSides);
        if (JSON.stringify(theirs) !== JSON.stringify(this.raw)) {
          this.mismatches.push({ version: event.version, ours: [...this.raw], theirs });
        }
        break;
      }
      default:
        break;
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
function scoresArray(scores, nSides) {
  const out = new Array(nSides).fill(0);
  for (const s of scores) out[s.side] = s.raw_points;
  return out;
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Creates a match against bots, joins its human seats, watches it and plays until it
 * ends, using only moves the server listed (ListLegalMoves, or GetMatch's legal_moves on
 * every other turn), with expected_version and a fresh request id each time.
 *
 * options: seats (SeatSpec list), targetPoints, rng (() => [0,1)), policy ('greedy' or
 * 'random', see choose() below), staleProbe (submit one
 * move with a stale version first and expect ABORTED/STALE_VERSION), replayProbe (repeat
 * one request id and expect the original answer), log.
 * Returns a summary for the caller to check.
 */
async function playMatch(client, {
  seats, targetPoints = 0, rng = Math.random, policy = 'greedy', staleProbe = true, replayProbe = true,
  log = () => {}, timeoutMs = 60000,
}) {
  const created = await client.createMatch(seats, targetPoints);
  const matchId = created.match_id;
  const humans = seats.map((s, i) => (s.kind === 'SEAT_KIND_HUMAN' ? i : -1)).filter((i) => i >= 0);
  const tokens = {};
  for (const seat of humans) {
    const joined = await client.joinMatch(matchId, seat);
    if (joined.seat !== seat) throw new Error(`asked for seat ${seat}, got ${joined.seat}`);
    tokens[seat] = joined.seat_token;
  }
  const watcher = new MatchWatcher(client, matchId, tokens[humans[0]]);
  const stats = {
    matchId, created, humans, submitted: 0, fromList: 0, fromView: 0, aborted: 0, validated: 0,
    staleProbe: null, replayProbe: null, turns: 0,
  };
  const started = Date.now();

  // Picks a listed move.  'greedy': ask the RulesService (ValidateMoves, one batch in the
  // compact encoding, layout rebuilt from the stream) what each placement scores and take
  // the best; every listed placement must come back LEGAL.  'random': any listed move.
  async function choose(moves, version, view) {
    const places = moves.filter((m) => m.kind === 'place');
    if (policy === 'random' || places.length < 2) return moves[Math.floor(rng() * moves.length)];
    await watcher.waitFor(version);
    if (watcher.version !== version) return moves[Math.floor(rng() * moves.length)]; // moved on
    const layout = compactLayout(watcher.layout);
    if (view !== null && !Buffer.from(view.layout_compact).equals(layout)) {
      throw new Error(`layout from the stream ${layout.toString('hex')} != view's ${Buffer.from(view.layout_compact).toString('hex')} at v${version}`);
    }
    const [answer] = await client.validateMoves([{
      layouts: places.map(() => layout),
      placements: Buffer.from(places.flatMap((m) => placementBytes(m.place))),
    }]);
    stats.validated += places.length;
    const verdicts = [...answer.verdicts];
    if (verdicts.some((v) => v !== 1)) {
      throw new Error(`the server listed moves its RulesService calls illegal: ${verdicts} at v${version}`);
    }
    const points = [...answer.points];
    const best = Math.max(...points);
    const top = places.filter((_, i) => points[i] === best);
    return top[Math.floor(rng() * top.length)];
  }

  async function playSeat(seat) {
    const token = tokens[seat];
    let turn = 0;
    while (!watcher.ended && !watcher.error) {
      if (Date.now() - started > timeoutMs) throw new Error(`match ${matchId} took over ${timeoutMs} ms`);
      let moves;
      let version;
      let view = null;
      if (turn % 2 === 0) {
        const listed = await client.listLegalMoves(matchId, token);
        moves = listed.moves;
        version = listed.version;
      } else {
        view = await client.getMatch(matchId, token);
        moves = view.legal_moves;
        version = view.version;
        if (view.status === 'MATCH_STATUS_FINISHED') break;
      }
      if (moves.length === 0) {
        await watcher.waitBeyond(version); // not our turn: wait for someone to move
        continue;
      }
      const move = await choose(moves, version, view);
      if (staleProbe && stats.staleProbe === null) {
        try {
          await client.submitMove(matchId, token, move, version - 1);
          stats.staleProbe = { ok: false, why: 'accepted a stale expected_version' };
        } catch (err) {
          stats.staleProbe = { ok: err.code === grpc.status.ABORTED, code: err.codeName, reason: err.info && err.info.reason, metadata: err.info && err.info.metadata };
          stats.aborted += 1;
        }
        continue; // re-read and play on
      }
      const requestId = newRequestId();
      let answer;
      try {
        answer = await client.submitMove(matchId, token, move, version, requestId);
      } catch (err) {
        if (err.code === grpc.status.ABORTED) { // someone moved first: re-read and continue
          stats.aborted += 1;
          continue;
        }
        throw err;
      }
      stats.submitted += 1;
      if (turn % 2 === 0) stats.fromList += 1; else stats.fromView += 1;
      turn += 1;
      if (replayProbe && stats.replayProbe === null) {
        const again = await client.submitMove(matchId, token, move, version, requestId);
        stats.replayProbe = {
          ok: again.version === answer.version && again.events.length === answer.events.length,
          first: answer.version, again: again.version,
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

function tileText(t) {
  return `[${t.low}|${t.high}]`;
}

function describeMove(move) {
  const kind = move.kind || ['place', 'draw', 'pass'].find((k) => move[k]);
  if (kind !== 'place') return kind;
  const on = move.place.on;
  const side = on ? on.side.replace('SIDE_', '').toLowerCase() : '';
  return on ? `${tileText(move.place.tile)}@${tileText(on.tile)}:${side}` : tileText(move.place.tile);
}

module.exports = {
  PROTO_DIR,
  loadPackage,
  errorInfo,
  retryDelayMs,
  codeName,
  sideOf,
  displayed,
  SIDES,
  LEAD_CODE,
  tileIndex,
  placementBytes,
  compactLayout,
  newRequestId,
  FiveUpClient,
  MatchWatcher,
  ScoreKeeper,
  scoresArray,
  playMatch,
  describeMove,
  tileText,
  sleep,
};
