// The browser runner of the conformance cases: the SDK over gRPC-Web in Debian's
// Chromium (headless, driven by playwright-core as tests/web does), calling the Envoy
// gateway from a page on another local origin (so CORS is exercised too).  It bundles
// page.mjs with esbuild, serves it, loads it and relays the page's lines.
//
//   node clients/conformance/web/run.mjs clients/conformance/cases.json http://127.0.0.1:8080
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { createServer } from 'node:http';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SUMMARY = /^\d+ passed, \d+ failed$/;
const TIMEOUT_MS = 240_000;
const [cases, target, ...only] = process.argv.slice(2);
if (!cases || !target) {
  console.error('usage: node run.mjs CASES http://GATEWAY [CASE_NAME...]');
  process.exit(2);
}
const artifacts = process.env.FIVEUP_ARTIFACTS || path.join(HERE, '../../../build/test-artifacts/conformance');
await mkdir(artifacts, { recursive: true });

const folder = await mkdtemp(path.join(tmpdir(), 'fiveup-conformance-web-'));
await build({
  entryPoints: [path.join(HERE, 'page.mjs')], bundle: true, format: 'esm', target: ['es2022'],
  outfile: path.join(folder, 'page.js'), logLevel: 'warning',
});
const files = {
  '/': [path.join(HERE, 'index.html'), 'text/html'],
  '/page.js': [path.join(folder, 'page.js'), 'text/javascript'],
  '/cases.json': [path.resolve(cases), 'application/json'],
};
const server = createServer(async (request, response) => {
  const found = files[new URL(request.url, 'http://page').pathname];
  if (!found) return response.writeHead(404).end();
  response.writeHead(200, { 'content-type': found[1], 'cache-control': 'no-store' });
  response.end(await readFile(found[0]));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const pageUrl = new URL(`http://127.0.0.1:${server.address().port}/`);
pageUrl.searchParams.set('target', target);
for (const name of only) pageUrl.searchParams.append('case', name);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--no-proxy-server',
  ], // playwright gives every launch a fresh temporary profile (--user-data-dir)
});
let summary = null;
try {
  const page = await browser.newPage();
  page.on('pageerror', (err) => console.error(`page error: ${err.message}`));
  const done = new Promise((resolve) => {
    page.exposeFunction('reportLine', (line) => {
      console.log(line);
      if (SUMMARY.test(line)) resolve(line);
    });
  });
  await page.goto(pageUrl.href);
  summary = await Promise.race([done, new Promise((resolve) => setTimeout(() => resolve(null), TIMEOUT_MS))]);
  await page.screenshot({ path: path.join(artifacts, 'browser.png'), fullPage: true });
} finally {
  await browser.close();
  server.close();
  await rm(folder, { recursive: true, force: true });
}
if (summary === null) {
  console.log(`0 passed, 1 failed`);
  console.error(`the page gave no summary within ${TIMEOUT_MS / 1000}s`);
}
process.exit(summary && summary.endsWith(' 0 failed') ? 0 : 1);
