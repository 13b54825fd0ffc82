// The URL hash holds a whole run: the configuration, the events taken (in
// the simulator's canonical form, so a link replays exactly) and the step
// shown, e.g. #algo=ra-v1&n=2&r=1&app=1&at=4&ev=request+N1%0Arequest+N2...
// (c=K: crashes allowed, when not 0).
// It is rewritten (without a history entry) after every change, so the
// address bar is always a link to what is on the screen.

export function writeHash(p, at, events) {
  const q = new URLSearchParams();
  q.set('algo', p.algo);
  q.set('n', p.nodes);
  q.set('r', p.requests);
  q.set('app', p.appMessages);
  if (p.crashes) q.set('c', p.crashes);
  if (events.length) {
    q.set('at', at);
    q.set('ev', events.join('\n'));
  }
  const hash = '#' + q.toString();
  if (location.hash !== hash) history.replaceState(null, '', hash);
}

// readHash returns {params, events, at} or null if the hash names no run.
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
    params: { algo, nodes: int('n', 3), requests: int('r', 1), appMessages: int('app', 1), crashes: int('c', 0) },
    events,
    at: int('at', events.length),
  };
}
