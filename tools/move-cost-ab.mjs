// Which of two builds spends less main-thread time on a move: plays the first 40 moves of
// tools/moves50.txt on /friend by trusted clicks (click the piece, click the target) in
// build A and build B, in the order A B B A each round, and prints per round the mean
// main-thread time a move of each (Chrome's `TaskDuration`) and their ratio A / B, then
// the median ratio. A slow spell of the machine falls on both builds of a round, so
// paired ratios hold where single runs spread by a third.
// The same viewport and flags as tools/paint-per-move.mjs (1280×800, no GPU); the moves,
// clicks and timing of tools/move-cost.mjs.
//
//   node tools/move-cost-ab.mjs DIR_A DIR_B [ROUNDS]     # ROUNDS: 10 unless given
//   REDUCED_MOTION=B node tools/move-cost-ab.mjs dist dist # the slides' cost: B without
//   INIT_B=file.js node tools/move-cost-ab.mjs dist dist   # file.js runs in B's pages
//     before the app: a part's cost, e.g. `delete window.AudioContext;` (the move sounds)
//
// A reading of this machine's Chromium, not a test: docs/figures.md reports it.
import {
  MOVES as moves,
  launchChromium,
  mainThreadClock,
  movesShown,
  playMove,
  serveBuild,
} from './move-cost.mjs';

const [dirA, dirB, roundsArg = '10'] = process.argv.slice(2);
if (!dirA || !dirB) throw new Error('usage: node tools/move-cost-ab.mjs DIR_A DIR_B [ROUNDS]');
const rounds = Number(roundsArg);
const firstPort = Number(process.env.PORT ?? 4192);
const builds = [
  { name: 'A', dir: dirA, port: firstPort },
  { name: 'B', dir: dirB, port: firstPort + 1 },
];
const servers = await Promise.all(builds.map((build) => serveBuild(build.dir, build.port)));
const browser = await launchChromium();

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
  const elapsed = await mainThreadClock(page);
  const before = await elapsed();
  for (const move of moves) await playMove(page, move);
  await page.waitForTimeout(400);
  const after = await elapsed();
  const played = await movesShown(page);
  await context.close();
  if (played !== moves.length) throw new Error(`${build.name}: ${played} of ${moves.length} moves played`);
  return (after - before) / moves.length;
}

try {
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
