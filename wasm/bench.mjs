// make bench-wasm: the page's search (wasm/play's BenchmarkCheck) run
// natively on one core and compiled for js/wasm in Node.js, whose V8 is
// the engine of Chromium's workers; prints both and their ratio (issue
// 17's goal 2). Faster and steadier than make bench-site, which measures
// the page itself, and it can be profiled: with BENCH_WASM_PROF=DIR, V8
// writes a CPU profile of the wasm run there (node --cpu-prof; open it in
// Chromium's DevTools, whose frames carry the Go functions' names).
//
// V8 is told to compile every function optimized from the start
// (--no-wasm-dynamic-tiering): otherwise it starts them in its baseline
// compiler and optimizes the hot ones as it goes, in an order that varies,
// and the same binary's run took anywhere from 2.1 to 3.6 s on the
// project's VM; this measures the code's steady state.
//
// Extra arguments go to both runs (default: -benchtime 2x -count 3,
// and the median of the three is reported).

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const go = process.env.GO || 'go';
const goroot = execFileSync(go, ['env', 'GOROOT'], { encoding: 'utf8' }).trim();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dmelab-bench-wasm-'));
const args = ['-test.run', '^$', '-test.bench', 'Check', ...(process.argv.length > 2 ? process.argv.slice(2) : ['-test.benchtime', '2x', '-test.count', '3'])];

function build(out, env) {
  execFileSync(go, ['test', '-c', '-o', out, './wasm/play'], { env: { ...process.env, ...env }, stdio: 'inherit' });
}

// rates reads "BenchmarkCheck/NAME  N  NS ns/op  R states/s" lines: the
// median of each benchmark's runs (-test.count; now and then a run on the
// project's VM is half again as slow as the others).
function rates(out) {
  const r = {};
  for (const m of out.matchAll(/^BenchmarkCheck\/(\S+?)(?:-\d+)?\s+\d+\s+\d+ ns\/op\s+([\d.]+) states\/s/gm)) (r[m[1]] ||= []).push(+m[2]);
  for (const k of Object.keys(r)) r[k] = r[k].sort((a, b) => a - b)[(r[k].length - 1) >> 1];
  return r;
}

try {
  const native = path.join(tmp, 'play.test');
  const wasm = path.join(tmp, 'play.wasm');
  build(native, {});
  build(wasm, { GOOS: 'js', GOARCH: 'wasm' });
  const cwd = path.join('wasm', 'play');
  const n = rates(execFileSync(native, [...args, '-test.cpu', '1'], { cwd, encoding: 'utf8' }));
  const prof = process.env.BENCH_WASM_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_WASM_PROF)] : [];
  const w = rates(execFileSync('node', [...prof, '--no-wasm-dynamic-tiering', '--stack-size=8192', path.join(goroot, 'lib', 'wasm', 'wasm_exec_node.js'), wasm, ...args],
    { cwd, encoding: 'utf8' }));
  if (Object.keys(n).length === 0 || Object.keys(w).length === 0) {
    throw new Error('no BenchmarkCheck figures in the benchmarks\' output (has its format changed?)');
  }
  console.log('| search | native, one core | js/wasm in V8 | ratio |\n|---|---:|---:|---:|');
  for (const name of Object.keys(n)) {
    const ratio = w[name] ? (w[name] / n[name]).toFixed(3) : '—';
    console.log(`| ${name} | ${Math.round(n[name]).toLocaleString('en')} states/s | ${Math.round(w[name] || 0).toLocaleString('en')} states/s | ${ratio} |`);
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
