// The game review's figures (#55) from a release build: the time to analyse the Opera
// game (17 moves) and a 60-move game (review-60-moves.pgn) at each budget, with the
// longest main-thread task during each analysis (PerformanceObserver "longtask",
// registered before the page loads); then the screenshots of an analysed game in
// docs/screenshots/review-{desktop,phone}-{light,dark}.png.
//
//   node tools/review-timing.mjs [dist-dir] [--only timing|screenshots] [--runs N]
//                                [--budgets quick,standard,deep]
//
// Serves dist-dir (default dist/) on port 4473 (PORT= overrides) and drives Debian's
// Chromium. Each analysis runs in a fresh browser context, so nothing analysed before
// is reused from local storage. Run from the repository's root.
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const only = option('--only');
const runs = Number(option('--runs') ?? 1);
const budgets = (option('--budgets') ?? 'quick,standard,deep').split(',');
const dist = args[0] ?? 'dist';
const port = Number(process.env.PORT ?? 4473);
const base = `http://127.0.0.1:${port}`;

/** Morphy v Duke Karl of Brunswick and Count Isouard, Paris Opera, 1858. */
const OPERA = `[Event "Paris Opera"]
[Site "Paris"]
[Date "1858.??.??"]
[White "Paul Morphy"]
[Black "Duke Karl of Brunswick and Count Isouard"]
[Result "1-0"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7
8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7
14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0
`;
const GAMES = [
  { name: 'Opera game', moves: 17, pgn: OPERA },
  { name: '60-move game', moves: 60, pgn: readFileSync('tools/review-60-moves.pgn', 'utf8') },
];

/** A fresh context at `viewport` and colour scheme, with the long-task observer. */
async function freshPage(browser, { viewport = { width: 1280, height: 800 }, colorScheme = 'light', storageState } = {}) {
  const context = await browser.newContext({
    viewport, colorScheme, deviceScaleFactor: 1, storageState,
    // As in the end-to-end tests: the release build's service worker stays out of the way.
    serviceWorkers: 'block',
  });
  await context.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  return { context, page, problems };
}

/** Imports `pgn` on /friend: a finished game, so "Analyse" is offered. */
async function importGame(page, pgn) {
  await page.goto(`${base}/friend`);
  await page.getByTestId('import-pgn').click();
  await page.getByTestId('pgn-input').fill(pgn);
  await page.getByTestId('pgn-submit').click();
  await page.getByTestId('move-list-result').waitFor();
}

/**
 * Analyses the imported game at `budget`; returns the time from the click to the last
 * position's evaluation (ms, measured in the page) and the long tasks in between.
 */
async function analyse(page, budget) {
  await page.locator(`[data-analysis-budget="${budget}"]`).check();
  await page.evaluate(() => { window.__sawProgress = false; });
  const started = await page.evaluate(() => performance.now());
  await page.getByTestId('analyse').click();
  const finished = await page.waitForFunction(
    () => {
      // Done when the progress shows every position, or when it has gone again.
      const progress = document.querySelector('[data-testid="analysis-progress"]');
      if (!progress) return window.__sawProgress === true && performance.now();
      window.__sawProgress = true;
      const complete = !progress.hasAttribute('data-running') &&
        progress.getAttribute('data-done') === progress.getAttribute('data-total');
      return complete && performance.now();
    },
    null,
    { polling: 'raf', timeout: 15 * 60_000 },
  );
  const ended = await finished.jsonValue();
  const tasks = (await page.evaluate(() => window.__longTasks))
    .filter(([start]) => start >= started && start <= ended)
    .map(([, duration]) => duration);
  const total = Number(await page.getByTestId('analysis-progress').getAttribute('data-total'));
  return { ms: ended - started, positions: total, tasks };
}

async function timing(browser) {
  const rows = [];
  for (const game of GAMES) {
    for (const budget of budgets) {
      for (let run = 1; run <= runs; run++) {
        const { context, page, problems } = await freshPage(browser);
        await importGame(page, game.pgn);
        const result = await analyse(page, budget);
        await context.close();
        rows.push({ game: game.name, budget, run, ...result, problems });
        const longest = result.tasks.length ? `${Math.max(...result.tasks).toFixed(0)} ms` : 'none';
        console.error(`${game.name}, ${budget}, run ${run}: ${(result.ms / 1000).toFixed(1)} s, longest task ${longest}`);
      }
    }
  }
  console.log(`\nGame review timings (${dist}, Chromium ${browser.version()}, load average before: ${loadavg().map((l) => l.toFixed(1)).join(' ')})\n`);
  console.log('| game | positions | budget | run | time (s) | ms per position | long tasks (≥ 50 ms) | longest task |');
  console.log('|---|---:|---|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    const longest = row.tasks.length ? `${Math.max(...row.tasks).toFixed(0)} ms` : 'none';
    console.log(`| ${row.game} | ${row.positions} | ${row.budget} | ${row.run} | ${(row.ms / 1000).toFixed(1)} | ${(row.ms / row.positions).toFixed(0)} | ${row.tasks.length} | ${longest} |`);
  }
  const problems = rows.flatMap((row) => row.problems);
  if (problems.length) {
    console.log(`\nThe page reported:\n${problems.join('\n')}`);
    process.exitCode = 1;
  }
}

/** The Opera game analysed (standard), its first marked move viewed: the graph, the
 *  marks, the summary and the better move's line in view. */
async function screenshots(browser) {
  const { context, page, problems } = await freshPage(browser);
  await importGame(page, OPERA);
  await analyse(page, 'standard');
  const storageState = await context.storageState();
  await context.close();
  const views = [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ];
  for (const [device, viewport] of views) {
    for (const colorScheme of ['light', 'dark']) {
      const shot = await freshPage(browser, { viewport, colorScheme, storageState });
      await shot.page.goto(`${base}/friend`);
      const marked = shot.page.locator('[data-testid="move-list"] [data-judgement]').first();
      await marked.click();
      await shot.page.getByTestId('best-move-line').waitFor();
      await shot.page.getByTestId('analysis-summary').waitFor();
      if (device === 'desktop') {
        // The graph's hover: the blunder's move and evaluation.
        await shot.page.locator('[data-testid="eval-graph"] [data-judgement="blunder"]').first().hover();
        await shot.page.locator('.eval-graph-tooltip').waitFor();
      }
      const path = `docs/screenshots/review-${device}-${colorScheme}.png`;
      await shot.page.screenshot({ path, fullPage: true });
      console.log(`wrote ${path}`);
      problems.push(...shot.problems);
      await shot.context.close();
    }
  }
  if (problems.length) {
    console.log(`\nThe page reported:\n${problems.join('\n')}`);
    process.exitCode = 1;
  }
}

const server = spawn('node_modules/.bin/sirv', [dist, '--single', '--host', '127.0.0.1', '--port', String(port), '--quiet']);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (let tries = 0; ; tries++) {
    try {
      await fetch(`${base}/`);
      break;
    } catch (error) {
      if (tries > 50) throw error;
      await sleep(100);
    }
  }
  if (only !== 'screenshots') await timing(browser);
  if (only !== 'timing') await screenshots(browser);
} finally {
  await browser.close();
  server.kill();
}
