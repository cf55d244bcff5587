// An online game between two browsers through the local cluster (`cargo xtask cluster`
// running, nginx at http://127.0.0.1:8080), with the node that runs the game's clock
// killed (SIGKILL) mid-game: both pages go on, and the screenshots after the kill go to
// docs/screenshots/cluster-*.png. Any page error or console error fails it.
// Usage: node tools/cluster-demo.mjs REDIS_URL   (the URL `cargo xtask cluster` prints)
import { chromium } from '@playwright/test';
import { execFileSync } from 'node:child_process';

const base = 'http://127.0.0.1:8080';
const redis = process.argv[2];
if (!redis) throw new Error('usage: node tools/cluster-demo.mjs REDIS_URL');
const out = 'docs/screenshots';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const problems = [];
try {
  const player = async (viewport) => {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    const p = await context.newPage();
    p.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    p.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
    return p;
  };
  const moves = (p, count) =>
    p.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="move-list"] [data-ply]').length === n,
      count,
      { timeout: 20000 },
    );
  const play = async (p, from, to) => {
    await p.locator(`[data-square="${from}"]`).click();
    await p.locator(`[data-square="${to}"]`).click();
  };
  const white = await player({ width: 1280, height: 800 });
  await white.goto(`${base}/`);
  await white.getByTestId('play-online').click();
  const dialog = white.getByTestId('online-dialog');
  await dialog.locator('[data-time-control="5+3"]').click();
  await dialog.locator('[data-color="white"]').click();
  await dialog.getByTestId('online-name').fill('Ada');
  await dialog.getByTestId('online-create').click();
  await white.locator('[data-testid="online-state"][data-state="waiting"]').waitFor();
  const invite = await white.getByTestId('invite-link').inputValue();
  const game = new URL(invite).pathname.split('/').filter(Boolean).pop();
  const black = await player({ width: 390, height: 844 });
  await black.goto(invite);
  for (const p of [white, black]) {
    await p.locator('[data-testid="online-state"][data-state="playing"]').waitFor();
  }
  const line = [['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3'], ['b8', 'c6'], ['f1', 'c4'], ['g8', 'f6']];
  for (const [index, [from, to]] of line.entries()) {
    const mover = index % 2 === 0 ? white : black;
    if (index === 3) {
      const holder = execFileSync('redis-cli', ['-u', redis, 'HGET', 'gambit:clock', game])
        .toString().trim();
      const node = execFileSync('pgrep', ['-f', `gambit-server.*`]).toString().trim().split('\n')
        .find((pid) => execFileSync('cat', [`/proc/${pid}/environ`]).toString()
          .split('\0').includes(`GAMBIT_NODE=${holder}`));
      if (!node) throw new Error(`no process for ${holder}`);
      console.log(`game ${game}: killing ${holder} (pid ${node}), which runs its clock`);
      execFileSync('kill', ['-9', node]);
    }
    await moves(mover, index);
    await play(mover, from, to);
  }
  for (const p of [white, black]) await moves(p, line.length);
  for (const p of [white, black]) {
    await p.locator('[data-testid="online-state"][data-state="playing"]').waitFor();
  }
  for (const p of [white, black]) {
    await p.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  }
  await white.screenshot({ path: `${out}/cluster-after-kill-desktop.png` });
  await black.screenshot({ path: `${out}/cluster-after-kill-phone.png`, fullPage: true });
  console.log('six moves played, three of them after the kill; screenshots in docs/screenshots');
} finally {
  await browser.close();
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
