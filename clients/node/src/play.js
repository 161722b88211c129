#!/usr/bin/env node
'use strict';
// Plays one match against server bots and prints what happened:
//   node src/play.js [--server 127.0.0.1:50051] [--players 2] [--humans 1] [--target 61]
//                    [--bot greedy|random|expert] [--random] [--verbose]

const { parseArgs } = require('node:util');
const { FiveUpClient, ScoreKeeper, playMatch, scoresArray } = require('./client');

async function main() {
  const { values } = parseArgs({
    options: {
      server: { type: 'string', default: process.env.FIVEUP_SERVER || '127.0.0.1:50051' },
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
    ? { kind: 'SEAT_KIND_HUMAN' }
    : { kind: 'SEAT_KIND_BOT', bot: `BOT_KIND_${values.bot.toUpperCase()}` }));
  const client = new FiveUpClient(values.server);
  try {
    const result = await playMatch(client, {
      seats,
      targetPoints: Number(values.target),
      policy: values.random ? 'random' : 'greedy',
      log: values.verbose ? (line) => console.log(line) : () => {},
    });
    const nSides = n === 4 ? 2 : n;
    const folded = ScoreKeeper.fold(n, result.events).raw;
    const ended = result.events.at(-1).match_ended;
    const final = scoresArray(ended.scores, nSides);
    const agree = JSON.stringify(folded) === JSON.stringify(final)
      && JSON.stringify(ScoreKeeper.fold(n, result.record.events).raw) === JSON.stringify(final);
    console.log(`match ${result.matchId}: ${result.events.length} events, ${result.stats.submitted} moves by this client`);
    console.log(`final raw scores by side: ${final.join(' / ')}; winner: side ${ended.winner_side}`);
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
