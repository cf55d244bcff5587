// The app's start-up on the main thread: loads a route of a release build RUNS times
// (default 5) in Debian's Chromium with a trace, and prints for each load the task that
// starts the app (the one in which the browser compiles its WebAssembly functions on
// their first call), how much of it was that compiling, and in how many functions, and
// every task of at least 1 ms that compiled some (the start's pieces, src/ui/start.rs).
// Prints the median task last. The build is served as xtask/src/serve.mjs serves it.
//
//   node tools/start-task.mjs                  # dist/, /friend
//   node tools/start-task.mjs dist /computer
//   RUNS=9 node tools/start-task.mjs some/dir /
//
// A timing of this machine, not a test: docs/figures.md reports it.
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const [dir = 'dist', route = '/friend'] = process.argv.slice(2);
const runs = Number(process.env.RUNS ?? 5);
const port = Number(process.env.PORT ?? 4190);

/** The longest task that compiled wasm functions lazily, and that compiling. */
function startTask(events) {
  const compiles = events.filter((event) => event.name === 'wasm.CompileLazy' && event.ph === 'X');
  if (compiles.length === 0) return null;
  const { pid, tid } = compiles[0];
  const tasks = events.filter(
    (event) => event.name === 'RunTask' && event.ph === 'X' && event.pid === pid && event.tid === tid,
  );
  const inside = (task) => (event) => event.ts >= task.ts && event.ts < task.ts + task.dur;
  const withCompiles = tasks
    .map((task) => ({ task, compiles: compiles.filter(inside(task)) }))
    .filter(({ compiles }) => compiles.length > 0)
    .sort((a, b) => b.task.dur - a.task.dur);
  if (withCompiles.length === 0) return null;
  const [{ task, compiles: own }] = withCompiles;
  return {
    ms: task.dur / 1000,
    compileMs: own.reduce((sum, event) => sum + event.dur, 0) / 1000,
    functions: own.length,
    // Every task that compiled functions, in the order they ran: the start's pieces.
    pieces: withCompiles
      .filter(({ task: piece }) => piece.dur >= 1000)
      .sort((a, b) => a.task.ts - b.task.ts)
      .map(({ task: piece }) => (piece.dur / 1000).toFixed(1)),
  };
}

const server = spawn('node', ['xtask/src/serve.mjs', dir, String(port)], { stdio: 'ignore' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const traceDir = mkdtempSync(join(tmpdir(), 'start-task-'));
try {
  for (let attempt = 0; attempt < 50; attempt++) {
    if (await fetch(`http://127.0.0.1:${port}/`).then((r) => r.ok, () => false)) break;
    await sleep(100);
  }
  const found = [];
  for (let run = 1; run <= runs; run++) {
    // A new context each time: nothing cached, no service worker.
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const path = join(traceDir, `trace-${run}.json`);
    await browser.startTracing(page, {
      path,
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.wasm', 'toplevel'],
    });
    await page.goto(`http://127.0.0.1:${port}${route}`);
    await page.waitForFunction(() => !document.getElementById('shell'));
    await page.waitForTimeout(500);
    await browser.stopTracing();
    await context.close();
    const task = startTask(JSON.parse(readFileSync(path, 'utf8')).traceEvents);
    if (task === null) throw new Error(`run ${run}: no task compiled wasm functions`);
    found.push(task);
    console.log(
      `run ${run}: start task ${task.ms.toFixed(1)} ms, of which compiling ${task.compileMs.toFixed(1)} ms in ${task.functions} functions; tasks that compiled, in order: ${task.pieces.join(', ')} ms`,
    );
  }
  const sorted = found.map((task) => task.ms).sort((a, b) => a - b);
  console.log(`${route}: median start task ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms over ${runs} loads`);
} finally {
  await browser.close();
  server.kill();
  rmSync(traceDir, { recursive: true, force: true });
}
