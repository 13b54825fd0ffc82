// Precompresses the playground's largest files with brotli (quality 11)
// at build time: make site runs it on the wasm and the editor bundle.
// For each FILE it writes FILE.br and FILE.br.sha256 (the SHA-256 of
// FILE), which the Go server checks before sending FILE.br to a browser
// that accepts br, so that a stale .br is never sent for a rebuilt file.
// Usage: node site/build/brotli.mjs FILE...

import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';

for (const file of process.argv.slice(2)) {
  const data = fs.readFileSync(file);
  const br = zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
    },
  });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.br.sha256`, crypto.createHash('sha256').update(data).digest('hex') + '\n');
  console.log(`brotli: ${file} ${data.length} → ${br.length} bytes`);
}
