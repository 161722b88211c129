#!/usr/bin/env node
// Plays one match against server bots and prints what happened:
//   node src/play.js [--server 127.0.0.1:50051 | --gateway http://127.0.0.1:8080]
//                    [--players 2] [--humans 1] [--target 61]
//                    [--bot greedy|random|expert] [--random] [--verbose]

import { parseArgs } from 'node:util';
import { BotKind, FiveUpClient, ScoreKeeper, SeatKind, playMatch, scoresArray } from './client.js';

async function main() {
  const { values } = parseArgs({
    options: {
      server: { type: 'string', default: process.env.FIVEUP_SERVER || '127.0.0.1:50051' },
      gateway: { type: 'string', default: process.env.FIVEUP_GATEWAY || '' },
      players: { type: 'string', default: '2' },
      humans: { type: 'string', default: '1' },
      target: { type: 'string', default: '0' },
      bot: { type: 'string', default: 'greedy' },
      random: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
    },
  });
  const n = Number(values.players);
  const h = Number(values.humans);
  const seats = [...Array(n).keys()].map((i) => (i < h
    ? { kind: SeatKind.HUMAN }
    : { kind: SeatKind.BOT, bot: BotKind[values.bot.toUpperCase()] }));
  const client = values.gateway
    ? new FiveUpClient(values.gateway, { web: true })
    : new FiveUpClient(values.server);
  try {
    const result = await playMatch(client, {
      seats,
      targetPoints: Number(values.target),
      policy: values.random ? 'random' : 'greedy',
      log: values.verbose ? (line) => console.log(line) : () => {},
    });
    const nSides = n === 4 ? 2 : n;
    const folded = ScoreKeeper.fold(n, result.events).raw;
    const ended = result.events.at(-1).kind.value;
    const final = scoresArray(ended.scores, nSides);
    const agree = JSON.stringify(folded) === JSON.stringify(final)
      && JSON.stringify(ScoreKeeper.fold(n, result.record.events).raw) === JSON.stringify(final);
    console.log(`match ${result.matchId}: ${result.events.length} events, ${result.stats.submitted} moves by this client`);
    console.log(`final raw scores by side: ${final.join(' / ')}; winner: side ${ended.winnerSide}`);
    console.log(`scores folded from the stream ${agree ? 'agree' : 'DISAGREE'} with MatchEnded and the record`);
    process.exitCode = agree ? 0 : 1;
  } finally {
    client.close();
  }
}

main().catch((err) => {
  console.error(err.info ? `${err.message} (${err.info.reason})` : err);
  process.exitCode = 1;
});
