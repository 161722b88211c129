// The compressed twins of the bundle's text assets, written at build time: <file>.br
// (Brotli, quality 11) and <file>.gz (gzip -9) beside each .js, .css, .html and .json of
// 1 KiB or more (smaller ones gain less than a response's headers cost).  The servers
// send a twin as it is, with Content-Encoding, to a browser that accepts it: `make run`'s
// (fiveup.devstack.webstack) and the nginx image's (gzip_static).  Compressing once here,
// at the strongest settings, costs the build a second and the servers nothing per request.
// Source maps are left out: only developer tools fetch them.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|css|html|json|svg)$/;
const MIN_BYTES = 1024;

/** Writes the twins of every text asset in `folder`; answers how many assets got them. */
export async function precompress(folder) {
  let count = 0;
  for (const name of (await readdir(folder)).sort()) {
    if (!TEXT.test(name)) continue;
    const body = await readFile(`${folder}/${name}`);
    if (body.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    await writeFile(`${folder}/${name}.br`, brotli);
    await writeFile(`${folder}/${name}.gz`, gzipSync(body, { level: 9 }));
    count += 1;
  }
  return count;
}
