// Shared by the exercise-list, accessibility and screenshot scripts:
// start `bin/dmelab serve` (built by `make build`, with the site embedded
// by `make site`) on a free port with a fresh data directory.

import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, fixture } from './harness.mjs';

// startServe resolves with {url, stop}; stop ends the server and removes
// its data directory.
export function startServe() {
  const bin = path.join(ROOT, 'bin', 'dmelab');
  if (!fs.existsSync(bin)) throw new Error(`${bin} is missing: run make site build first`);
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'dmelab-serve-'));
  const proc = spawn(bin, ['serve', '--addr', '127.0.0.1:0', '--data', data, '--exercises', path.join(ROOT, 'exercises')],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const stop = () => new Promise((done) => {
    if (proc.exitCode !== null) { fs.rmSync(data, { recursive: true, force: true }); done(); return; }
    proc.once('exit', () => { fs.rmSync(data, { recursive: true, force: true }); done(); });
    proc.kill('SIGTERM');
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => { proc.kill(); reject(new Error('dmelab serve did not start')); }, 30000);
    proc.once('exit', (code) => { clearTimeout(timer); reject(new Error(`dmelab serve exited (${code})`)); });
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/(http:\/\/\S+\/)/);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], stop });
      }
    });
  });
}

// submit puts text in the exercise page's editor, submits it and waits
// until it is graded (or not graded); it resolves with the status line.
export async function submit(page, text, timeout = 300000) {
  await page.evaluate((t) => {
    const src = document.getElementById('source');
    src.value = t;
    src.dispatchEvent(new Event('input'));
  }, text);
  await page.click('#submit');
  await page.waitForFunction(() => /^(not )?graded:/.test(document.getElementById('status').textContent), null, { timeout });
  return page.textContent('#status');
}

// frontTitle is the title: of a Markdown file's front matter.
export function frontTitle(md) {
  const m = /^---\r?\n[\s\S]*?^title:\s*(.*)$/m.exec(md);
  if (!m) return '';
  const t = m[1].trim();
  return /^(["']).*\1$/.test(t) ? t.slice(1, -1) : t;
}

// mutant is the source of one of an exercise's mutants, whole: the named
// one (or the first), a patch against the solution applied by
// dmelab validate --show-mutant, or a whole .go file.
export function mutant(exercise, name) {
  const dir = path.join(ROOT, 'exercises', exercise, 'mutants');
  const file = name ? [`${name}.patch`, `${name}.go`].find((f) => fs.existsSync(path.join(dir, f)))
    : fs.readdirSync(dir).filter((f) => /\.(patch|go)$/.test(f)).sort()[0];
  if (!file) throw new Error(`${dir}: no mutant ${name || ''}`);
  if (file.endsWith('.go')) return fs.readFileSync(path.join(dir, file), 'utf8');
  return execFileSync(path.join(ROOT, 'bin', 'dmelab'), ['validate', '--show-mutant', path.join(dir, file)], { encoding: 'utf8' });
}

// served is the browser tests' fixture (harness.fixture) on dmelab serve.
export const served = () => fixture(startServe);
