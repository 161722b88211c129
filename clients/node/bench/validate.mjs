// Load for `python -m bench.web`: ValidateMove calls from one Connect client, either over
// native gRPC (HTTP/2, straight to the server) or over gRPC-Web (through Envoy), with
// `concurrency` calls in flight, for `seconds`.  Prints one JSON line: calls, seconds,
// and every call's latency quantiles.
//   node bench/validate.mjs <grpc|grpcweb> <target> <checks.json> <seconds> <concurrency>
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { FiveUpClient } from '../src/client.js';

const [mode, target, file, seconds, concurrency] = process.argv.slice(2);
const checks = JSON.parse(await readFile(file, 'utf8')).map((c) => ({
  layout: { encoding: { case: 'compact', value: Uint8Array.from(Buffer.from(c.layout, 'hex')) } },
  placementCompact: Uint8Array.of(c.tile, c.code),
}));
const client = new FiveUpClient(target, { web: mode === 'grpcweb' });
// warm the connections up
await Promise.all(Array.from({ length: Number(concurrency) }, (_, i) => client.rules.validateMove(checks[i % checks.length])));
const latencies = [];
const end = performance.now() + Number(seconds) * 1000;
let next = 0;
const started = performance.now();
async function loop() {
  while (performance.now() < end) {
    const request = checks[next % checks.length];
    next += 1;
    const t0 = performance.now();
    await client.rules.validateMove(request);
    latencies.push(performance.now() - t0);
  }
}
await Promise.all(Array.from({ length: Number(concurrency) }, loop));
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
console.log(JSON.stringify({ mode, calls: latencies.length, seconds: elapsed, p50_ms: q(0.5), p99_ms: q(0.99) }));
