// The interpreter of clients/conformance/cases.json for JavaScript clients (README.md
// beside it says what each step means), shared by the Node runner (native gRPC) and the
// browser runner (gRPC-Web in Chromium).  It runs the cases over the TypeScript SDK
// (@fiveup/sdk: Connect clients of the generated services); a runner brings only the
// transport.  Requests and answers are handled as proto3 JSON, as the case file writes
// them (protobuf-es fromJson / toJson).
import { createClient, ConnectError } from '@connectrpc/connect';
import { create, fromJson, toBinary, toJson } from '@bufbuild/protobuf';
import {
  MatchService, PlayerService, LobbyService, RatingsService, RulesService,
  HandSchema, MatchViewSchema, TileSchema, codeName, errorReason,
} from '@fiveup/sdk';

export const FORMAT = 1;
const SERVICES = { MatchService, PlayerService, LobbyService, RatingsService, RulesService };
const WATCH_DEADLINE_MS = 30_000;
const ABSENT = Symbol('absent');

class CaseFailed extends Error {}

// --- values and paths ------------------------------------------------------------------

function lookup(variables, name) {
  if (!(name in variables)) throw new CaseFailed(`variable \${${name}} was never saved`);
  return variables[name];
}

export function substitute(value, variables) {
  if (typeof value === 'string') {
    const whole = /^\$\{(\w+)\}$/.exec(value);
    if (whole) return structuredClone(lookup(variables, whole[1]));
    return value.replace(/\$\{(\w+)\}/g, (_, name) => {
      const found = lookup(variables, name);
      return typeof found === 'string' ? found : JSON.stringify(found);
    });
  }
  if (Array.isArray(value)) return value.map((v) => substitute(v, variables));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, variables)]));
  }
  return value;
}

export function getPath(answer, path) {
  if (path === '$') return answer;
  let value = answer;
  const parts = path.split('.');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (part === 'length' && i === parts.length - 1) {
      return Array.isArray(value) ? value.length : value === ABSENT ? 0 : ABSENT;
    }
    for (const [, name, index] of part.matchAll(/([A-Za-z_]\w*)|\[(\d+)\]/g)) {
      if (value === ABSENT || value === null || value === undefined) return ABSENT;
      if (name !== undefined) {
        value = typeof value === 'object' && name in value ? value[name] : ABSENT;
      } else {
        value = Array.isArray(value) && Number(index) < value.length ? value[Number(index)] : ABSENT;
      }
    }
  }
  return value === undefined ? ABSENT : value;
}

function isDefault(value) {
  return value === ABSENT || value === 0 || value === '' || value === false || value === '0'
    || (Array.isArray(value) && value.length === 0)
    || (typeof value === 'string' && value.endsWith('_UNSPECIFIED'))
    || (value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);
}

/** Numbers as numbers (int64 comes as a string in proto3 JSON), keys in one order. */
export function normalise(value) {
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(normalise);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, normalise(value[k])]));
  }
  return value;
}

const equal = (a, b) => JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));
const same = (actual, expected) => (actual === ABSENT ? isDefault(expected) : equal(actual, expected));
const show = (value) => (value === ABSENT ? 'absent' : JSON.stringify(value));

function check(expect, code, reason, message, answer, variables) {
  const wanted = expect.code ?? 'OK';
  if (code !== wanted) {
    throw new CaseFailed(`code ${code}${code !== 'OK' ? ` (${reason}: ${message})` : ''}, expected ${wanted}`);
  }
  if (code !== 'OK') {
    if ('reason' in expect && reason !== expect.reason) {
      throw new CaseFailed(`reason ${reason || '(none)'}, expected ${expect.reason}`);
    }
    if (!reason) throw new CaseFailed(`${code} carries no ErrorInfo reason`);
    return;
  }
  for (const [path, value] of Object.entries(expect.fields ?? {})) {
    const actual = getPath(answer, path);
    if (!same(actual, value)) throw new CaseFailed(`${path} is ${show(actual)}, expected ${JSON.stringify(value)}`);
  }
  for (const path of expect.present ?? []) {
    const actual = getPath(answer, path);
    if (actual === ABSENT || actual === null || actual === '' || (Array.isArray(actual) && actual.length === 0)) {
      throw new CaseFailed(`${path} is not set`);
    }
  }
  if ('same_as' in expect && !equal(lookup(variables, expect.same_as), answer)) {
    throw new CaseFailed(`answer differs from ${expect.same_as}`);
  }
}

// --- the transport: Connect clients of the SDK ------------------------------------------

function method(name) {
  const [serviceName, methodName] = name.split('.');
  const service = SERVICES[serviceName];
  const found = service?.methods.find((m) => m.name === methodName);
  if (!found) throw new CaseFailed(`no method ${name}`);
  return { service, method: found };
}

const options = (auth, signal) => ({
  headers: auth === undefined || auth === null ? {} : { authorization: `Bearer ${auth}` },
  timeoutMs: WATCH_DEADLINE_MS, signal,
});

function failure(err) {
  const error = ConnectError.from(err);
  return { code: codeName(error.code), reason: errorReason(error), message: error.rawMessage };
}

/** Calls over a Connect transport; answers carry proto3 JSON and the message's bytes. */
export class SdkTransport {
  constructor(transport) {
    this.transport = transport;
    this.clients = new Map();
  }

  client(service) {
    if (!this.clients.has(service)) this.clients.set(service, createClient(service, this.transport));
    return this.clients.get(service);
  }

  async call(name, request, auth) {
    const { service, method: m } = method(name);
    const outgoing = fromJson(m.input, request);
    try {
      const answer = await this.client(service)[m.localName](outgoing, options(auth));
      return { code: 'OK', body: toJson(m.output, answer), raw: toBinary(m.output, answer) };
    } catch (err) {
      return { ...failure(err), body: {} };
    }
  }

  async watch(request, auth, take) {
    const { service, method: m } = method('MatchService.WatchMatch');
    const aborter = new AbortController();
    const seen = { messages: [], raws: [], ended: false, code: 'OK', reason: '' };
    try {
      const stream = this.client(service)[m.localName](fromJson(m.input, request), options(auth, aborter.signal));
      for await (const message of stream) {
        seen.raws.push(toBinary(m.output, message));
        seen.messages.push(toJson(m.output, message));
        if (take !== undefined && seen.messages.length >= take) {
          aborter.abort(); // drop the stream: the client goes away mid-match
          return seen;
        }
      }
      seen.ended = true;
    } catch (err) {
      const failed = failure(err);
      if (failed.code !== 'DEADLINE_EXCEEDED' && failed.code !== 'CANCELED') {
        seen.code = failed.code;
        seen.reason = failed.reason;
      }
    }
    return seen;
  }

  /** A leaked deal (Hand) or view (MatchView.hand) would carry these exact bytes. */
  leaks(hand, raw) {
    const tiles = hand.map((t) => fromJson(TileSchema, t));
    const shapes = [
      toBinary(HandSchema, create(HandSchema, { tiles })),
      toBinary(MatchViewSchema, create(MatchViewSchema, { hand: tiles })),
    ];
    return shapes.some((shape) => indexOf(raw, shape) >= 0);
  }
}

function indexOf(haystack, needle) {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

// --- the procedures ----------------------------------------------------------------------

export class Runner {
  constructor(transport, out = (line) => console.log(line)) {
    this.transport = transport;
    this.out = out;
    this.counter = 0;
  }

  async ok(name, request, auth) {
    const answer = await this.transport.call(name, request, auth);
    if (answer.code !== 'OK') throw new CaseFailed(`${name}: ${answer.code} ${answer.reason}: ${answer.message}`);
    return answer.body;
  }

  async view(match, auth) {
    return (await this.ok('MatchService.GetMatch', { matchId: match }, auth)).view;
  }

  async turn(step) {
    const seat = (await this.view(step.match)).turnSeat;
    if (seat === undefined) throw new CaseFailed('nobody is to move (view.turnSeat unset)');
    return { seat, token: step.tokens[seat], other: step.tokens[(seat + 1) % step.tokens.length] };
  }

  async playToEnd(step, run) {
    let moves = 0;
    for (;;) {
      const view = await this.view(step.match);
      if (view.status !== 'MATCH_STATUS_IN_PROGRESS') return { moves, view };
      if (moves >= Number(step.maxMoves ?? 2000)) throw new CaseFailed(`no end after ${moves} moves`);
      const token = step.tokens[view.turnSeat];
      const legal = await this.ok('MatchService.ListLegalMoves', { matchId: step.match }, token);
      if (!legal.moves?.length) throw new CaseFailed(`seat ${view.turnSeat} is to move but has no legal move`);
      const expected = Number(legal.version);
      this.counter += 1;
      const done = await this.ok('MatchService.SubmitMove', {
        matchId: step.match, move: legal.moves[0], expectedVersion: expected,
        requestId: `conformance-${run}-${this.counter}`,
      }, token);
      if (Number(done.version) <= expected) throw new CaseFailed(`SubmitMove answered version ${done.version} <= ${expected}`);
      moves += 1;
    }
  }

  async watch(step) {
    const after = Number(step.afterVersion);
    const take = step.take === undefined ? undefined : Number(step.take);
    const seen = await this.transport.watch({ matchId: step.match, afterVersion: after }, step.auth, take);
    if (seen.code !== 'OK') throw new CaseFailed(`WatchMatch ended with ${seen.code} ${seen.reason}`);
    if (take !== undefined && seen.messages.length < take) {
      throw new CaseFailed(`WatchMatch gave ${seen.messages.length} events, ${take} wanted`);
    }
    if (take === undefined && !seen.ended) throw new CaseFailed('WatchMatch did not end within the deadline');
    const events = seen.messages.map((message) => {
      if (!message.event) throw new CaseFailed(`WatchMatch sent ${JSON.stringify(message)} instead of an event`);
      return message.event;
    });
    const versions = events.map((e) => Number(e.version));
    if (!versions.every((v, i) => v === after + 1 + i)) {
      throw new CaseFailed(`versions ${after + 1}.. expected, got ${versions.join(', ')}`);
    }
    return {
      count: events.length, events, ended: seen.ended,
      firstVersion: versions.length ? versions[0] : null,
      lastVersion: versions.length ? versions.at(-1) : null,
    };
  }

  async hiddenHands(step) {
    const hands = [];
    for (const [seat, token] of step.tokens.entries()) {
      const hand = (await this.view(step.match, token)).hand ?? [];
      if (!hand.length) throw new CaseFailed(`seat ${seat} sees no hand of its own`);
      hands.push(hand);
    }
    const spectator = await this.transport.call('MatchService.GetMatch', { matchId: step.match });
    if (spectator.code !== 'OK') throw new CaseFailed(`spectator GetMatch: ${spectator.code} ${spectator.reason}`);
    const view = spectator.body.view;
    for (const name of ['hand', 'legalMoves', 'mustPlay', 'viewerSeat']) {
      if (view[name] !== undefined && !(Array.isArray(view[name]) && !view[name].length)) {
        throw new CaseFailed(`the spectator's view has ${name}`);
      }
    }
    const take = Number(view.version);
    const seen = await this.transport.watch({ matchId: step.match, afterVersion: 0 }, undefined, take);
    if (seen.messages.length < take) throw new CaseFailed(`the spectator's stream gave ${seen.messages.length} of ${take}`);
    for (const message of seen.messages) {
      for (const hand of message.event?.roundDealt?.hands ?? []) {
        if (hand.tiles?.length) throw new CaseFailed(`the spectator was dealt ${JSON.stringify(hand.tiles)}`);
      }
    }
    const raws = [spectator.raw, ...seen.raws];
    for (const [seat, hand] of hands.entries()) {
      if (raws.some((raw) => this.transport.leaks(hand, raw))) {
        throw new CaseFailed(`seat ${seat}'s hidden tiles are in a spectator's bytes`);
      }
    }
    return { hiddenTiles: hands.reduce((n, h) => n + h.length, 0), spectatorAnswers: raws.length };
  }

  // --- cases ---------------------------------------------------------------------

  async step(step, variables, run) {
    const { expect: rawExpect = {}, save = {}, ...rest } = step;
    const expanded = substitute(rest, variables);
    const expect = substitute(rawExpect, variables);
    let result;
    if (expanded.call) {
      const answer = await this.transport.call(expanded.call, expanded.request ?? {}, expanded.auth);
      check(expect, answer.code, answer.reason, answer.message, answer.body, variables);
      result = answer.body;
    } else {
      const procedures = {
        turn: () => this.turn(expanded), play_to_end: () => this.playToEnd(expanded, run),
        watch: () => this.watch(expanded), hidden_hands: () => this.hiddenHands(expanded),
      };
      if (!procedures[expanded.do]) throw new CaseFailed(`unknown procedure ${expanded.do}`);
      result = await procedures[expanded.do]();
      check(expect, 'OK', '', '', result, variables);
    }
    for (const [name, path] of Object.entries(save)) {
      const value = getPath(result, path);
      if (value === ABSENT) throw new CaseFailed(`nothing at ${path} to save as ${name}`);
      variables[name] = value;
    }
  }

  /** null when the case passed, else why it failed. */
  async case(testCase) {
    const run = Array.from(globalThis.crypto.getRandomValues(new Uint8Array(6)), (b) => b.toString(16).padStart(2, '0')).join('');
    const variables = { run };
    for (const [index, step] of testCase.steps.entries()) {
      try {
        await this.step(step, variables, run);
      } catch (err) {
        const why = err instanceof CaseFailed ? err.message : `${err?.name}: ${err?.message}`;
        return `step ${index + 1} (${step.call ?? step.do}): ${why}`;
      }
    }
    return null;
  }

  /** Runs the suite, prints a line per case and the summary; answers the failure count. */
  async run(suite, only = []) {
    if (suite.format !== FORMAT) throw new Error(`case file format ${suite.format}, this runner reads ${FORMAT}`);
    let passed = 0;
    let failed = 0;
    for (const testCase of suite.cases.filter((c) => !only.length || only.includes(c.name))) {
      const started = Date.now();
      const why = await this.case(testCase);
      if (why === null) {
        passed += 1;
        this.out(`PASS ${testCase.name} (${((Date.now() - started) / 1000).toFixed(2)}s)`);
      } else {
        failed += 1;
        this.out(`FAIL ${testCase.name}: ${why}`);
      }
    }
    this.out(`${passed} passed, ${failed} failed`);
    return passed > 0 ? failed : 1;
  }
}
