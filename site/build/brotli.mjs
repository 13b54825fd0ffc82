// Precompresses the playground's largest files with brotli (quality 11)
// at build time: make site runs it on the wasm and the editor bundle.
// For each FILE it writes FILE.br and FILE.br.sha256 (the SHA-256 of
// FILE), which the Go server checks before sending FILE.br to a browser
// that accepts br, so that a stale .br is never sent for a rebuilt file.
//
// Quality 11 takes about 12 s for the 6 MB wasm, and the wasm is the same
// bytes until the core changes (it is built with -trimpath), so the
// compressed files are kept in a cache by the SHA-256 of what they
// compress: $DMELAB_BROTLI_CACHE, or dmelab/brotli in the user's cache
// directory ($XDG_CACHE_HOME or ~/.cache), its 16 most recently used
// entries. A cache that cannot be written is only slower.
// Usage: node site/build/brotli.mjs FILE...

import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

const params = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
  [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
};
const keep = 16;
const cacheDir = process.env.DMELAB_BROTLI_CACHE ||
  path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'dmelab', 'brotli');

// cached returns the compressed bytes kept for key, or null.
function cached(key) {
  const file = path.join(cacheDir, `${key}.br`);
  try {
    const br = fs.readFileSync(file);
    const now = new Date();
    fs.utimesSync(file, now, now); // recently used
    return br;
  } catch {
    return null;
  }
}

// store keeps br under key (written whole, then renamed into place) and
// drops the least recently used entries beyond keep.
function store(key, br) {
  try {
    fs.mkdirSync(cacheDir, { recursive: true });
    const tmp = path.join(cacheDir, `.${key}.${process.pid}.tmp`);
    fs.writeFileSync(tmp, br);
    fs.renameSync(tmp, path.join(cacheDir, `${key}.br`));
    const entries = fs.readdirSync(cacheDir)
      .filter((n) => n.endsWith('.br'))
      .map((n) => ({ n, t: fs.statSync(path.join(cacheDir, n)).mtimeMs }))
      .sort((a, b) => b.t - a.t);
    for (const e of entries.slice(keep)) fs.rmSync(path.join(cacheDir, e.n), { force: true });
  } catch {
    // no cache, only slower
  }
}

for (const file of process.argv.slice(2)) {
  const data = fs.readFileSync(file);
  const sum = crypto.createHash('sha256').update(data).digest('hex');
  const key = `${sum}-q11-w24`;
  let br = cached(key);
  const from = br ? ' (cached)' : '';
  if (!br) {
    br = zlib.brotliCompressSync(data, { params: { ...params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
    store(key, br);
  }
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.br.sha256`, sum + '\n');
  console.log(`brotli: ${file} ${data.length} → ${br.length} bytes${from}`);
}
