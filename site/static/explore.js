// Runs the model checker in a Web Worker (worker.js) with live progress.
// cancel() terminates the worker; the next search starts a fresh one.

export class Explorer {
  #worker = null;
  #pending = null;

  get running() { return this.#pending !== null; }

  // check resolves with the result (the shape of `dmelab check --json`) and
  // rejects with an Error; onProgress({states, transitions, depth, liveness, shortening, ms}) is
  // called while it runs.
  check(params, onProgress) { return this.#ask({ params }, onProgress); }

  // checkScenario explores a scenario's completions (play.ScenarioCheck),
  // on the edited listing if one is given, for Order too if order.
  checkScenario(text, maxStates, listing = '', order = false, onProgress) { return this.#ask({ scenario: text, maxStates, listing, order }, onProgress); }

  #ask(msg, onProgress) {
    if (this.#pending) return Promise.reject(new Error('an exploration is already running'));
    if (!this.#worker) this.#worker = new Worker('worker.js');
    return new Promise((resolve, reject) => {
      this.#pending = { reject };
      this.#worker.onmessage = (e) => {
        const m = e.data;
        if (m.type === 'progress') { onProgress?.(m); return; }
        this.#pending = null;
        if (m.type === 'done') resolve({ ...m.result, browser_ms: m.ms });
        else reject(new Error(m.message));
      };
      this.#worker.onerror = (e) => {
        this.#pending = null;
        this.#drop();
        reject(new Error(e.message || 'the explorer stopped'));
      };
      this.#worker.postMessage(msg);
    });
  }

  cancel() {
    if (!this.#pending) return;
    const { reject } = this.#pending;
    this.#pending = null;
    this.#drop();
    const err = new Error('cancelled');
    err.cancelled = true;
    reject(err);
  }

  #drop() {
    this.#worker?.terminate();
    this.#worker = null;
  }
}
