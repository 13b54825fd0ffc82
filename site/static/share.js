// The URL hash holds a whole run: the configuration, the events taken (in
// the simulator's canonical form, so a link replays exactly) and the step
// shown, e.g. #algo=ra-v1&n=2&r=1&app=1&at=4&ev=request+N1%0Arequest+N2...
// (c=K: crashes allowed, rc=K: recoveries, when not 0; lst=...: the
// edited listing the run is of, compressed as a scenario link's text).
// It is rewritten (without a history entry) after every change, so the
// address bar is always a link to what is on the screen.

export function writeHash(p, at, events, lst = '') {
  const q = new URLSearchParams();
  q.set('algo', p.algo);
  q.set('n', p.nodes);
  q.set('r', p.requests);
  q.set('app', p.appMessages);
  if (p.crashes) q.set('c', p.crashes);
  if (p.recoveries) q.set('rc', p.recoveries);
  if (events.length) {
    q.set('at', at);
    q.set('ev', events.join('\n'));
  }
  if (lst) q.set('lst', lst);
  const hash = '#' + q.toString();
  if (location.hash !== hash) history.replaceState(null, '', hash);
}

// readHash returns {params, events, at, lst} or null if the hash names no
// run; lst is the compressed listing (inflate it), or null.
export function readHash(hash) {
  const q = new URLSearchParams(hash.replace(/^#/, ''));
  const algo = q.get('algo');
  if (!algo) return null;
  const int = (k, d) => {
    const v = Number.parseInt(q.get(k) ?? '', 10);
    return Number.isFinite(v) ? v : d;
  };
  const ev = q.get('ev');
  const events = ev ? ev.split('\n').filter((s) => s.trim() !== '') : [];
  return {
    params: { algo, nodes: int('n', 3), requests: int('r', 1), appMessages: int('app', 1), crashes: int('c', 0), recoveries: int('rc', 0) },
    events,
    at: int('at', events.length),
    lst: q.get('lst'),
  };
}

// Scenario links: #scenario=<the text, deflate-raw compressed, base64url
// without padding>&at=K&lst=<an edited listing the scenario runs on,
// compressed the same way>, the format of the scenario package's
// ShareFragment and ShareFragmentWith, which the grader's feedback links
// with (a listing exercise's links carry the student's listing). The browser's own
// CompressionStream and DecompressionStream do the work, which keeps a
// compressor out of the core's WebAssembly.

// MAX_SHARED bounds what a link may expand to (as the Go reader does).
const MAX_SHARED = 1 << 20;

// isScenarioHash reports whether hash is a scenario link.
export function isScenarioHash(hash) {
  return new URLSearchParams(hash.replace(/^#/, '')).has('scenario');
}

// readScenarioHash resolves with {text, at, listing, ex} (at: -1 when the
// link names no step; listing: the edited listing, or null; ex: the Go
// exercise whose feedback the link comes from, or ''), or rejects with
// an Error saying what is wrong with the link.
export async function readScenarioHash(hash) {
  const q = new URLSearchParams(hash.replace(/^#/, ''));
  const text = await inflate(q.get('scenario') || '', 'scenario');
  const listing = q.has('lst') ? await inflate(q.get('lst'), 'listing') : null;
  const atRaw = q.get('at');
  let at = -1;
  if (atRaw !== null) {
    at = Number.parseInt(atRaw, 10);
    if (!(at >= 0)) throw new Error(`the link names a bad step "${atRaw}"`);
  }
  // ex=NAME: a Go exercise's feedback replays its schedule on the
  // exercise's own algorithm (see the playground's replay note).
  const ex = /^[a-z0-9][a-z0-9_-]{0,63}$/.test(q.get('ex') || '') ? q.get('ex') : '';
  return { text, at, listing, ex };
}

// inflate resolves with the text a link's compressed field holds (what
// the link calls it: what), or rejects saying what is wrong with it.
export async function inflate(enc, what) {
  if (!/^[A-Za-z0-9_-]+$/.test(enc)) throw new Error(`the link holds no ${what}`);
  const b64 = enc.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (enc.length % 4)) % 4);
  let bytes;
  try {
    bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  } catch {
    throw new Error('the link is damaged (not base64url)');
  }
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const parts = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > MAX_SHARED) throw new Error(`the linked ${what} is longer than ${MAX_SHARED} bytes`);
      parts.push(value);
    }
  } catch (err) {
    reader.cancel().catch(() => {});
    throw err.message?.startsWith('the linked') ? err : new Error('the link is damaged (it does not decompress)');
  }
  return new TextDecoder().decode(await new Blob(parts).arrayBuffer());
}

// deflate resolves with text compressed for a link (inflate's inverse).
export async function deflate(text) {
  const stream = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

// scenarioFragment resolves with the fragment (without '#') that opens
// text at step at (at < 0: no step), on the listing lst if given (already
// compressed: see deflate). The compressed text of the last call is kept:
// stepping through a run only changes the step.
let last = { text: null, enc: '' };
export async function scenarioFragment(text, at, lst = '') {
  if (last.text !== text) last = { text, enc: await deflate(text) };
  return `scenario=${last.enc}${at >= 0 ? `&at=${at}` : ''}${lst ? `&lst=${lst}` : ''}`;
}
