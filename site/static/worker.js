// The explorer's Web Worker: its own instance of the core, so that a long
// search never freezes the page. Messages in: {params} (see
// play.CheckParams), or {scenario, maxStates, listing, order} to explore
// a scenario, on an edited listing if given, with Order too if order (see
// play.ScenarioCheck; its progress says states and depth only).
// Messages out: {type: 'progress', states, transitions, depth, liveness,
// shortening, ms} at most every 100 ms (liveness: {node, checked} once the
// liveness check after the search has begun; shortening: true during the
// full search for a shorter counterexample that follows a reduced search's
// violation), then {type: 'done', result, ms} or {type: 'error', message}.
// Cancelling is the page's Worker.terminate(): the search runs to
// completion inside one call, so nothing could read a cancel message.
importScripts('wasm_exec.js');

const ready = (async () => {
  const go = new Go();
  const { instance } = await WebAssembly.instantiateStreaming(fetch('dmelab.wasm'), go.importObject);
  go.run(instance);
  if (!self.dmelabCore) throw new Error('the core did not start');
})();

self.onmessage = async (e) => {
  try {
    await ready;
  } catch (err) {
    self.postMessage({ type: 'error', message: 'could not load the core: ' + err.message });
    return;
  }
  const t0 = performance.now();
  if (e.data.scenario !== undefined) {
    let last = 0;
    const r = self.dmelabCore.exploreScenario(e.data.scenario, e.data.maxStates || 0, e.data.listing || '', !!e.data.order, (states, depth) => {
      const now = performance.now();
      if (now - last >= 100) {
        last = now;
        self.postMessage({ type: 'progress', states, transitions: 0, depth, ms: now - t0 });
      }
    });
    const ms = performance.now() - t0;
    if (r.error !== undefined) self.postMessage({ type: 'error', message: r.error, ms });
    else if (r.value.errors) self.postMessage({ type: 'error', message: `line ${r.value.errors[0].line}: ${r.value.errors[0].message}`, ms });
    else self.postMessage({ type: 'done', result: r.value, ms });
    return;
  }
  let last = 0;
  // A report every 16384 states: about ten a second at the usual speed.
  // After the search, the liveness check reports too (node >= 0: whose
  // waiting states it goes through), and so does the full search for a
  // shorter counterexample (shortening); the first report of each always
  // goes out, so the page says what the wait is for.
  let inLiveness = false, inShortening = false;
  const r = self.dmelabCore.check({ progressEvery: 16384, ...e.data.params }, (states, transitions, depth, node, checked, shortening) => {
    const now = performance.now();
    const liveness = node >= 0 ? { node, checked } : undefined;
    if (now - last >= 100 || (liveness && !inLiveness) || (shortening && !inShortening)) {
      last = now;
      inLiveness = inLiveness || !!liveness;
      inShortening = inShortening || shortening;
      self.postMessage({ type: 'progress', states, transitions, depth, liveness, shortening, ms: now - t0 });
    }
    return false;
  });
  const ms = performance.now() - t0;
  if (r.error !== undefined) self.postMessage({ type: 'error', message: r.error, ms });
  else self.postMessage({ type: 'done', result: r.value, ms });
};
