// How the move-cost scripts (move-cost-ab.mjs, move-cost-replay.mjs) play and time a
// move, in one place so that their figures stay comparable: the first 40 moves of
// moves50.txt, each a trusted click on the piece and one on the target, then a frame;
// Debian's Chromium without GPU; a build served as a static host serves it; Chrome's
// own account of main-thread time (`TaskDuration`).
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** The 40 moves played, in UCI. */
export const MOVES = readFileSync(new URL('./moves50.txt', import.meta.url), 'utf8')
  .trim()
  .split(/\s+/)
  .slice(0, 40);

/** Serves the build in `dir` on `port` (xtask/src/serve.mjs) once it answers; kill it after. */
export async function serveBuild(dir, port) {
  const server = spawn('node', ['xtask/src/serve.mjs', dir, String(port)], { stdio: 'ignore' });
  for (let attempt = 0; attempt < 50; attempt++) {
    if (await fetch(`http://127.0.0.1:${port}/`).then((r) => r.ok, () => false)) break;
    await sleep(100);
  }
  return server;
}

/** Debian's Chromium, without GPU, as every figure of these scripts was taken. */
export function launchChromium() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** A trusted click in the middle of `square`. */
export async function clickSquare(page, square) {
  const box = await page.locator(`[data-square="${square}"]`).boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** A frame after a move, as the board-cost comparison waits. */
export function nextFrame(page) {
  return page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
}

/** Plays `move` (UCI) by its two clicks, then waits a frame. */
export async function playMove(page, move) {
  await clickSquare(page, move.slice(0, 2));
  await clickSquare(page, move.slice(2, 4));
  await nextFrame(page);
}

/** A reader of the main-thread milliseconds `page` has spent so far. */
export async function mainThreadClock(page) {
  const client = await page.context().newCDPSession(page);
  await client.send('Performance.enable');
  return async () =>
    (await client.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')
      .value * 1000;
}

/** How many moves `page`'s move list shows. */
export function movesShown(page) {
  return page.locator('[data-testid="move-list"] [data-ply]').count();
}
