// Which of two builds spends less main-thread time on a move: plays the first 40 moves of
// tools/moves50.txt on /friend by trusted clicks (click the piece, click the target) in
// build A and build B, in the order A B B A each round, and prints per round the mean
// main-thread time a move of each (Chrome's `TaskDuration`) and their ratio A / B, then
// the median ratio. A slow spell of the machine falls on both builds of a round, so
// paired ratios hold where single runs spread by a third.
// The same viewport and flags as tools/paint-per-move.mjs (1280×800, no GPU).
//
//   node tools/move-cost-ab.mjs DIR_A DIR_B [ROUNDS]     # ROUNDS: 10 unless given
//   REDUCED_MOTION=B node tools/move-cost-ab.mjs dist dist # the slides' cost: B without
//   INIT_B=file.js node tools/move-cost-ab.mjs dist dist   # file.js runs in B's pages
//     before the app: a part's cost, e.g. `delete window.AudioContext;` (the move sounds)
//
// A reading of this machine's Chromium, not a test: docs/figures.md reports it.
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const [dirA, dirB, roundsArg = '10'] = process.argv.slice(2);
if (!dirA || !dirB) throw new Error('usage: node tools/move-cost-ab.mjs DIR_A DIR_B [ROUNDS]');
const rounds = Number(roundsArg);
const moves = readFileSync(new URL('./moves50.txt', import.meta.url), 'utf8')
  .trim()
  .split(/\s+/)
  .slice(0, 40);
const firstPort = Number(process.env.PORT ?? 4192);
const builds = [
  { name: 'A', dir: dirA, port: firstPort },
  { name: 'B', dir: dirB, port: firstPort + 1 },
];
const servers = builds.map((build) =>
  spawn('node', ['xtask/src/serve.mjs', build.dir, String(build.port)], { stdio: 'ignore' }),
);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

/** Mean main-thread milliseconds a move on `build`'s /friend, in a page of its own. */
async function perMove(build) {
  const reduced = (process.env.REDUCED_MOTION ?? '') === build.name;
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    reducedMotion: reduced ? 'reduce' : 'no-preference',
  });
  const page = await context.newPage();
  const init = process.env[`INIT_${build.name}`];
  if (init) await page.addInitScript({ path: init });
  const base = `http://127.0.0.1:${build.port}`;
  await page.goto(`${base}/`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${base}/friend`);
  await page.getByTestId('board').waitFor();
  await page.waitForTimeout(500);
  const client = await context.newCDPSession(page);
  await client.send('Performance.enable');
  const taskSeconds = async () =>
    (await client.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')
      .value;
  const before = await taskSeconds();
  for (const move of moves) {
    for (const square of [move.slice(0, 2), move.slice(2, 4)]) {
      const box = await page.locator(`[data-square="${square}"]`).boundingBox();
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    }
    // A frame after the move, as the board-cost comparison waits.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
  }
  await page.waitForTimeout(400);
  const after = await taskSeconds();
  const played = await page.locator('[data-testid="move-list"] [data-ply]').count();
  await context.close();
  if (played !== moves.length) throw new Error(`${build.name}: ${played} of ${moves.length} moves played`);
  return ((after - before) * 1000) / moves.length;
}

try {
  for (const build of builds) {
    for (let attempt = 0; attempt < 50; attempt++) {
      if (await fetch(`http://127.0.0.1:${build.port}/`).then((r) => r.ok, () => false)) break;
      await sleep(100);
    }
  }
  // The browser's first page makes its first audio context, which costs tens of
  // milliseconds once: not part of either build's figure.
  await perMove(builds[0]);
  const ratios = [];
  for (let round = 1; round <= rounds; round++) {
    const a1 = await perMove(builds[0]);
    const b1 = await perMove(builds[1]);
    const b2 = await perMove(builds[1]);
    const a2 = await perMove(builds[0]);
    ratios.push((a1 + a2) / (b1 + b2));
    console.log(
      `round ${round}: A ${((a1 + a2) / 2).toFixed(1)} ms, B ${((b1 + b2) / 2).toFixed(1)} ms a move, A / B ${ratios.at(-1).toFixed(3)}`,
    );
  }
  const sorted = [...ratios].sort((x, y) => x - y);
  console.log(
    `A / B: median ${sorted[Math.floor(sorted.length / 2)].toFixed(3)}, from ${sorted[0].toFixed(3)} to ${sorted.at(-1).toFixed(3)} over ${rounds} rounds`,
  );
} finally {
  await browser.close();
  for (const server of servers) server.kill();
}
