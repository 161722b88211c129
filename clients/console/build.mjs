// Builds the operators' console into dist/ (served at /console/ beside the players' app,
// never inside its bundle): console.js (esbuild, from src/main.ts and @fiveup/sdk/admin),
// index.html, styles.css and the players' app's Devanagari faces (the same files, cut by
// scripts/subset-devanagari.sh to the Hindi text of both apps).  The gateway's address is
// the players' app's config.json, one folder up: one setting for both pages.  Every text
// asset gets its .br and .gz twins, as the players' app's do (../web/precompress.mjs).
import { build } from 'esbuild';
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import { precompress } from '../web/precompress.mjs';

const out = 'dist';
await rm(out, { recursive: true, force: true });
await mkdir(`${out}/fonts`, { recursive: true });
await build({
  entryPoints: ['src/main.ts'],
  bundle: true,
  format: 'esm',
  target: ['es2022'],
  minify: true,
  sourcemap: true,
  outfile: `${out}/console.js`,
  logLevel: 'warning',
});
await copyFile('index.html', `${out}/index.html`);
await copyFile('src/styles.css', `${out}/styles.css`);
for (const name of await readdir('../web/fonts')) {
  if (name.endsWith('.woff2') || name === 'LICENSE') await copyFile(`../web/fonts/${name}`, `${out}/fonts/${name}`);
}
const compressed = await precompress(out);
console.log(`built console ${out}/ (${compressed} files precompressed)`);
