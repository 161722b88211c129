// Builds the static bundle into dist/: app.js (esbuild, from src/main.ts and the SDK; the
// table in its own chunk-*.js),
// index.html, styles.css and config.json (where the gRPC-Web gateway is; empty = the
// page's own origin).  `node build.mjs --gateway http://127.0.0.1:8080` sets it.
import { build } from 'esbuild';
import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    gateway: { type: 'string', default: process.env.FIVEUP_GATEWAY_URL || '' },
    out: { type: 'string', default: 'dist' },
  },
});
const out = values.out;
await mkdir(out, { recursive: true });
// chunks are named by their content: the last build's would pile up
for (const name of await readdir(out)) if (name.startsWith('chunk-')) await rm(`${out}/${name}`);
await build({
  entryPoints: ['src/main.ts'],
  bundle: true,
  format: 'esm',
  target: ['es2022'],
  minify: true,
  sourcemap: true,
  // The table is a chunk of its own, loaded when a table opens: the landing page does
  // not download or parse it (main.ts imports it dynamically).
  splitting: true,
  outdir: out,
  entryNames: 'app',
  chunkNames: 'chunk-[hash]',
  logLevel: 'warning',
});
await copyFile('index.html', `${out}/index.html`);
await copyFile('src/styles.css', `${out}/styles.css`);
await writeFile(`${out}/config.json`, `${JSON.stringify({ gateway: values.gateway })}\n`);
console.log(`built ${out}/ (gateway: ${values.gateway || 'same origin'})`);
