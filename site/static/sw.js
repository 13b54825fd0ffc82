// Offline support: the page, its scripts and the core are stored on first
// load; afterwards every request goes to the network first (so a running
// server always serves the current version) and falls back to the stored
// copy when the network fails.
const CACHE = 'dmelab-playground-v3';
const FILES = ['./', 'index.html', 'style.css', 'app.js', 'core.js', 'diagram.js', 'diff.js', 'editor.js', 'explore.js',
  'gallery.js', 'listing.js', 'listingview.js', 'settings.js', 'share.js', 'views.js', 'worker.js', 'wasm_exec.js', 'dmelab.wasm', 'favicon.svg',
  'examples/index.json'];

// The examples too: every file the index names.
async function store(c) {
  await c.addAll(FILES);
  const index = await (await c.match('examples/index.json'))?.json().catch(() => []) ?? [];
  await c.addAll(index.map((e) => `examples/${encodeURIComponent(e.file)}`));
}

self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(CACHE).then(store).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (e) => {
  e.waitUntil((async () => {
    for (const k of await caches.keys()) if (k !== CACHE) await caches.delete(k);
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== location.origin) return;
  e.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const res = await fetch(req);
      if (res.ok) {
        // Stored again only when it changed: the server's ETag says so
        // without reading the body (the core alone is 6 MB a page load).
        const tag = res.headers.get('ETag');
        const old = tag && await cache.match(req);
        if (!old || old.headers.get('ETag') !== tag) cache.put(req, res.clone());
      }
      return res;
    } catch (err) {
      const hit = await cache.match(req, { ignoreSearch: true });
      if (hit) return hit;
      throw err;
    }
  })());
});
