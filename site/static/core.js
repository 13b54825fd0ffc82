// The core compiled to WebAssembly (../../wasm), wrapped so that errors are
// exceptions and a run is an object. wasm_exec.js (the Go toolchain's
// loader, copied at build time) must be loaded first: it defines Go.

function unwrap(r) {
  if (r && r.error !== undefined) throw new Error(r.error);
  return r ? r.value : undefined;
}

// loadCore instantiates the wasm and starts its main, which registers
// globalThis.dmelabCore and then waits for calls.
export async function loadCore(url = 'dmelab.wasm') {
  const go = new Go();
  const { instance } = await WebAssembly.instantiateStreaming(fetch(url), go.importObject);
  go.run(instance); // never resolves: main blocks, serving calls
  if (!globalThis.dmelabCore) throw new Error('the core did not start');
  return new Core(globalThis.dmelabCore);
}

export class Core {
  constructor(raw) { this.raw = raw; }
  list() { return unwrap(this.raw.list()); }
  newRun(params) {
    const v = unwrap(this.raw.newRun(params));
    return new Run(this.raw, v.id, v.state);
  }
  // The scenario language. parse → [{line, col, message}] (empty: none);
  // format → {text} or {errors}; scenario → {run} or {errors}. parse and
  // scenario take an edited listing (optional), which a scenario naming
  // its algorithm runs on.
  parse(text, listing = '') { return unwrap(this.raw.parse(text, listing)); }
  format(text) { return unwrap(this.raw.format(text)); }
  // counterexample writes a counterexample of check (over params) as a
  // scenario that replays it.
  counterexample(params, trace) { return unwrap(this.raw.counterexample(params, trace)); }
  // Listings (docs/listings.md): listing(name) → {text} (the algorithm's
  // shipped listing, "" if none); parseListing → [{line, col, message}];
  // formatListing → {text} or {errors}. Params' listing runs an edited one.
  listing(name) { return unwrap(this.raw.listing(name)); }
  // starter(algo, nodes) → {text}: the algorithm's starter scenario for
  // that many nodes (site/starter).
  starter(algo, nodes) { return unwrap(this.raw.starter(algo, nodes)); }
  parseListing(text) { return unwrap(this.raw.parseListing(text)); }
  formatListing(text) { return unwrap(this.raw.formatListing(text)); }
  scenario(text, listing = '') {
    const v = unwrap(this.raw.scenario(text, listing));
    return v.errors ? { errors: v.errors } : { run: new Run(this.raw, v.id, v.state) };
  }
}

// Run is one timeline; every call returns (and keeps) the new state.
export class Run {
  constructor(raw, id, state) { this.raw = raw; this.id = id; this.state = state; }
  #do(name, ...args) { this.state = unwrap(this.raw[name](this.id, ...args)); return this.state; }
  refresh() { return this.#do('state'); }
  apply(event) { return this.#do('apply', event); } // canonical string or enabled index
  back() { return this.#do('back'); }
  forward() { return this.#do('forward'); }
  seek(k) { return this.#do('seek', k); }
  load(events) { return this.#do('load', events); }
  step() { return this.#do('step'); }
  run(limit) { return this.#do('run', limit); }
  events() { return this.state.steps.map((s) => s.event); }
  // cycle(from) → {start, end} where the run, from step from on, comes
  // back to a state it was in by the default policy's events (it would
  // go round forever: play.Run.Cycle), or null. The state is unchanged.
  cycle(from) { return unwrap(this.raw.cycle(this.id, from)); }
  // emit writes the whole timeline as a scenario file that replays it.
  emit() { return unwrap(this.raw.emit(this.id)); }
  free() { this.raw.free(this.id); }
}
