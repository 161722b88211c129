// Builds the static bundle into dist/: app.js (esbuild, from src/main.ts and the SDK; the
// table in its own chunk-*.js), sw.js (the service worker, src/notify/sw.ts),
// index.html, styles.css and config.json (where the gRPC-Web gateway is; empty = the
// page's own origin).  `node build.mjs --gateway http://127.0.0.1:8080` sets it.
// Every text asset also gets its compressed twins, <file>.br and <file>.gz (precompress.mjs):
// the servers send those as they are (fiveup.devstack.webstack; nginx's gzip_static).
import { build } from 'esbuild';
import { readFile, copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { precompress } from './precompress.mjs';

const { values } = parseArgs({
  options: {
    gateway: { type: 'string', default: process.env.FIVEUP_GATEWAY_URL || '' },
    out: { type: 'string', default: 'dist' },
  },
});
const out = values.out;
await mkdir(out, { recursive: true });
// chunks are named by their content: the last build's would pile up
for (const name of await readdir(out)) {
  if (name.startsWith('chunk-') || /\.(br|gz)$/.test(name)) await rm(`${out}/${name}`);
}
const built = await build({
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
  metafile: true,
});
// The service worker: one classic script at the site's root (dist/sw.js), so its scope
// is the whole app without a Service-Worker-Allowed header.
await build({
  entryPoints: ['src/notify/sw.ts'],
  bundle: true,
  format: 'iife',
  target: ['es2022'],
  minify: true,
  sourcemap: true,
  outfile: `${out}/sw.js`,
  logLevel: 'warning',
});
// The chunks app.js imports statically (the SDK and what every page shares) are
// announced in index.html, so the browser fetches them beside app.js instead of after
// parsing it: one round trip less before the first page shows (a phone's slow network).
const entry = Object.entries(built.metafile.outputs).find(([, o]) => o.entryPoint === 'src/main.ts');
const preloads = entry[1].imports
  .filter((i) => i.kind === 'import-statement')
  .map((i) => `  <link rel="modulepreload" href="${i.path.split('/').pop()}">\n`)
  .join('');
const html = await readFile('index.html', 'utf8');
if (!html.includes('<!-- modulepreload -->')) throw new Error('index.html: no <!-- modulepreload --> marker');
await writeFile(`${out}/index.html`, html.replace('  <!-- modulepreload -->\n', preloads));
await copyFile('src/styles.css', `${out}/styles.css`);
// the Devanagari faces styles.css names (fonts/LICENSE: SIL Open Font License 1.1)
await mkdir(`${out}/fonts`, { recursive: true });
for (const name of await readdir('fonts')) await copyFile(`fonts/${name}`, `${out}/fonts/${name}`);
await writeFile(`${out}/config.json`, `${JSON.stringify({ gateway: values.gateway })}\n`);
const compressed = await precompress(out);
console.log(`built ${out}/ (gateway: ${values.gateway || 'same origin'}; ${compressed} files precompressed)`);
