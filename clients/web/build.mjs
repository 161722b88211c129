// Builds the static bundle into dist/: app.js (esbuild, from src/main.ts and the SDK),
// index.html, styles.css and config.json (where the gRPC-Web gateway is; empty = the
// page's own origin).  `node build.mjs --gateway http://127.0.0.1:8080` sets it.
import { build } from 'esbuild';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    gateway: { type: 'string', default: process.env.FIVEUP_GATEWAY_URL || '' },
    out: { type: 'string', default: 'dist' },
  },
});
const out = values.out;
await mkdir(out, { recursive: true });
await build({
  entryPoints: ['src/main.ts'],
  bundle: true,
  format: 'esm',
  target: ['es2022'],
  minify: true,
  sourcemap: true,
  outfile: `${out}/app.js`,
  logLevel: 'warning',
});
await copyFile('index.html', `${out}/index.html`);
await copyFile('src/styles.css', `${out}/styles.css`);
await writeFile(`${out}/config.json`, `${JSON.stringify({ gateway: values.gateway })}\n`);
console.log(`built ${out}/ (gateway: ${values.gateway || 'same origin'})`);
