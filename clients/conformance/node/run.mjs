// The Node.js runner of the conformance cases: the TypeScript SDK (@fiveup/sdk, Connect
// clients of the generated services) over native gRPC (HTTP/2, connect-node) straight to
// the server.
//
//   node clients/conformance/node/run.mjs clients/conformance/cases.json 127.0.0.1:50051
import { readFile } from 'node:fs/promises';
import { grpcTransport } from '@fiveup/sdk/node';
import { Runner, SdkTransport } from '../js/engine.mjs';

const [cases, target, ...only] = process.argv.slice(2);
if (!cases || !target) {
  console.error('usage: node run.mjs CASES HOST:PORT [CASE_NAME...]');
  process.exit(2);
}
const suite = JSON.parse(await readFile(cases, 'utf8'));
const failed = await new Runner(new SdkTransport(grpcTransport(target))).run(suite, only);
process.exit(failed === 0 ? 0 : 1);
