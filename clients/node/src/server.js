// The server the tests talk to: FIVEUP_SERVER (host:port) when set, else a `fiveup serve`
// started here on a free port with a temporary SQLite file, stopped afterwards.  With
// FIVEUP_GATEWAY (the Envoy gateway's URL, e.g. http://127.0.0.1:8080) the tests call
// through it with gRPC-Web instead, as a browser does.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_BIN = path.resolve(HERE, '..', '..', '..', '.venv', 'bin', 'fiveup');
const READY = /fiveup: gRPC listening on (\S+):(\d+)/;

/** Starts `fiveup serve` and resolves with {address, stop()} once it listens. */
export function startServer({ bin = process.env.FIVEUP_BIN || DEFAULT_BIN, timeoutMs = 30000 } = {}) {
  if (!fs.existsSync(bin)) {
    return Promise.reject(new Error(`no fiveup executable at ${bin}: set FIVEUP_SERVER or FIVEUP_BIN (or run make install)`));
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fiveup-node-'));
  const db = path.join(dir, 'fiveup.sqlite3');
  const child = spawn(bin, ['serve', '--address', '127.0.0.1:0', '--db', db, '--metrics-port', '-1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PYTHONUNBUFFERED: '1' },
  });
  let output = '';
  const stop = () => new Promise((resolve) => {
    const cleanup = () => {
      fs.rmSync(dir, { recursive: true, force: true });
      resolve();
    };
    if (child.exitCode !== null || child.signalCode !== null) return cleanup();
    const killer = setTimeout(() => child.kill('SIGKILL'), 10000);
    child.once('exit', () => {
      clearTimeout(killer);
      cleanup();
    });
    child.kill('SIGTERM');
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`fiveup serve did not report its port within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk) => {
      output += chunk.toString();
      const found = READY.exec(output);
      if (found) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        child.stdout.resume(); // keep draining
        resolve({ address: `${found[1]}:${found[2]}`, stop, child });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => { output = (output + chunk.toString()).slice(-20000); });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`fiveup serve exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
}

/** The server to test against: {address, web, stop()}; `address` is the gateway's URL
 *  when `web` (stop does nothing for FIVEUP_SERVER / FIVEUP_GATEWAY). */
export async function testServer() {
  if (process.env.FIVEUP_GATEWAY) return { address: process.env.FIVEUP_GATEWAY, web: true, stop: async () => {} };
  if (process.env.FIVEUP_SERVER) return { address: process.env.FIVEUP_SERVER, web: false, stop: async () => {} };
  return { ...(await startServer()), web: false };
}
