// What the browser paints for a move on /friend: plays the first 40 moves of
// tools/moves50.txt by trusted clicks (click the piece, click the target) on a release
// build, with a trace of Chromium's main-thread rendering and its invalidation events,
// and prints per move Chrome's main-thread task and script time, the time of paint,
// pre-paint, layerization, style and layout, the elements painted, and the
// invalidations Chromium records most often, with reasons.
// The same viewport and flags as the board-cost comparison (1280×800, no GPU).
//
//   node tools/paint-per-move.mjs            # dist/
//   node tools/paint-per-move.mjs some/dir
//
// A reading of this machine's Chromium, not a test: docs/figures.md reports it.
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const [dir = 'dist'] = process.argv.slice(2);
const port = Number(process.env.PORT ?? 4191);
const moves = readFileSync(new URL('./moves50.txt', import.meta.url), 'utf8')
  .trim()
  .split(/\s+/)
  .slice(0, 40);

const server = spawn('node', ['xtask/src/serve.mjs', dir, String(port)], { stdio: 'ignore' });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const traceDir = mkdtempSync(join(tmpdir(), 'paint-'));
try {
  for (let attempt = 0; attempt < 50; attempt++) {
    if (await fetch(`http://127.0.0.1:${port}/`).then((r) => r.ok, () => false)) break;
    await sleep(100);
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${port}/friend`);
  await page.locator('[data-testid=board]').waitFor();
  await page.waitForFunction(() => !document.getElementById('shell'));
  await page.waitForTimeout(500);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const metrics = async () =>
    Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const path = join(traceDir, 'trace.json');
  const before = await metrics();
  await browser.startTracing(page, {
    path,
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-devtools.timeline.invalidationTracking',
    ],
  });
  const center = async (square) => {
    const box = await page.locator(`[data-square="${square}"]`).boundingBox();
    return [box.x + box.width / 2, box.y + box.height / 2];
  };
  for (const move of moves) {
    for (const square of [move.slice(0, 2), move.slice(2, 4)]) {
      const [x, y] = await center(square);
      await page.mouse.click(x, y);
    }
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  }
  await page.waitForTimeout(400);
  const after = await metrics();
  await browser.stopTracing();
  const played = await page.locator('[data-testid="move-list"] [data-ply]').count();
  if (played !== moves.length) throw new Error(`${played} of ${moves.length} moves played`);
  const events = JSON.parse(readFileSync(path, 'utf8')).traceEvents;
  const perMove = (n) => (n / moves.length).toFixed(2);
  const sum = (list) => list.reduce((total, e) => total + (e.dur ?? 0), 0) / 1000;
  const main = (name) => events.filter((e) => e.name === name && e.ph === 'X');
  const paints = main('Paint');
  const metric = (name) => perMove((after[name] - before[name]) * 1000);
  console.log(
    `main-thread task ${metric('TaskDuration')} ms a move (script ${metric('ScriptDuration')}, ` +
      `style ${metric('RecalcStyleDuration')}, layout ${metric('LayoutDuration')}; Chrome's own accounting, with tracing on)`,
  );
  console.log(
    `${moves.length} moves, a move: ${perMove(paints.length)} paint events, ` +
      `paint ${perMove(sum(paints))} ms, pre-paint ${perMove(sum(main('PrePaint')))} ms, ` +
      `layerize ${perMove(sum(main('Layerize')))} ms, style ${perMove(sum(main('UpdateLayoutTree')))} ms, ` +
      `layout ${perMove(sum(main('Layout')))} ms`,
  );
  const byNode = new Map();
  for (const paint of paints) {
    const key = paint.args?.data?.nodeName ?? '?';
    const entry = byNode.get(key) ?? { count: 0, ms: 0 };
    entry.count += 1;
    entry.ms += (paint.dur ?? 0) / 1000;
    byNode.set(key, entry);
  }
  console.log('paint events by element (a move):');
  for (const [key, entry] of [...byNode].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12)) {
    console.log(`  ${perMove(entry.count).padStart(6)} × ${perMove(entry.ms)} ms  ${key}`);
  }
  const invalidations = new Map();
  for (const event of events) {
    if (!event.name?.includes('Invalidation')) continue;
    const data = event.args?.data ?? {};
    const key = `${event.name}: ${data.nodeName ?? '?'} (${data.reason ?? data.invalidationSet ?? ''})`;
    invalidations.set(key, (invalidations.get(key) ?? 0) + 1);
  }
  console.log('invalidations, most frequent (per move):');
  for (const [key, count] of [...invalidations].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`  ${(count / moves.length).toFixed(1).padStart(5)}  ${key}`);
  }
} finally {
  await browser.close();
  server.kill();
  rmSync(traceDir, { recursive: true, force: true });
}
