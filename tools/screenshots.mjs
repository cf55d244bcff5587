// Takes the screenshots in docs/screenshots/ from the release build in dist/.
// Usage: node tools/screenshots.mjs [online|bots]   (starts its own static server on
// port 4180, and for the online game the game server, target/debug/gambit-server, on
// port 4185 with a database of its own under target/; `online` takes only those,
// `bots` only the computer dialog with its bots)
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { withServedApp } from './browser.mjs';

const out = 'docs/screenshots';

await withServedApp(4180, async (browser, base) => {
  if (process.argv[2] === 'online') return onlineScreenshots(browser, clickMove);
  if (process.argv[2] === 'bots') return botScreenshots(page);

  async function page(viewport, colorScheme) {
    const context = await browser.newContext({ viewport, colorScheme, deviceScaleFactor: 1 });
    const p = await context.newPage();
    await p.goto(base + '/');
    await p.evaluate(() => localStorage.clear());
    return p;
  }

  async function clickMove(p, from, to) {
    await p.locator(`[data-square="${from}"]`).click();
    await p.locator(`[data-square="${to}"]`).click();
  }

  /** The computer dialog with a bot chosen, on a desktop and a phone (the whole dialog:
   * the phone is a tall one, so that nothing scrolls). */
  async function botScreenshots(page) {
    for (const [name, viewport] of [['desktop', { width: 1280, height: 1000 }], ['phone', { width: 390, height: 1200 }]]) {
      const p = await page(viewport, 'light');
      await p.goto(base + '/computer');
      await p.locator('[data-bot="huddle"]').click();
      await p.waitForFunction(() => [...document.images].every((image) => image.complete));
      await p.getByTestId('computer-dialog').screenshot({ path: `${out}/computer-bots-${name}.png` });
    }
  }

  async function friendGame(p) {
    await p.goto(base + '/friend');
    for (const [from, to] of [['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3'], ['b8', 'c6'], ['f1', 'b5'], ['a7', 'a6'], ['b5', 'c6'], ['d7', 'c6']]) {
      await clickMove(p, from, to);
    }
    // The last piece has slid onto its square.
    await p.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await p.locator('[data-square="f3"]').click(); // show the knight's targets
  }

  for (const scheme of ['light', 'dark']) {
    const desktop = await page({ width: 1280, height: 800 }, scheme);
    await friendGame(desktop);
    await desktop.screenshot({ path: `${out}/friend-desktop-${scheme}.png` });
    const phone = await page({ width: 390, height: 844 }, scheme);
    await friendGame(phone);
    await phone.screenshot({ path: `${out}/friend-phone-${scheme}.png`, fullPage: true });
  }

  await botScreenshots(page);
  const computer = await page({ width: 1280, height: 800 }, 'light');
  await computer.goto(base + '/computer');
  await computer.locator('[data-level="5"]').click();
  await computer.screenshot({ path: `${out}/computer-dialog.png` });
  await computer.locator('[data-color="white"]').click();
  await computer.locator('[data-engine="builtin"]').click();
  await computer.locator('[data-level="8"]').click();
  await computer.getByTestId('start-game').click();
  await computer.getByTestId('eval-toggle').check();
  await computer.locator('[data-testid="eval-bar"][data-eval]').waitFor();
  await clickMove(computer, 'e2', 'e4');
  await computer.locator('[data-testid="engine-status"][data-thinking="true"]').waitFor();
  await sleep(500);
  await computer.screenshot({ path: `${out}/computer-thinking.png` });

  // The analysis board: a game with a side line, the engine's lines, and circles and
  // arrows as a lichess study's PGN carries them.
  const analysis = await page({ width: 1280, height: 800 }, 'light');
  await analysis.goto(base + '/analysis');
  await analysis.getByTestId('import-pgn').click();
  await analysis.getByTestId('pgn-input').fill(
    '1. e4 c5 2. Nf3 d6 (2... Nc6 3. d4 cxd4 4. Nxd4) 3. d4 cxd4 4. Nxd4 ' +
      '{ The open Sicilian. [%csl Gd4] [%cal Gb1c3,Rf1b5] } 4... Nf6 *',
  );
  await analysis.getByTestId('pgn-submit').click();
  await analysis.locator('[data-testid="variation-list"] [data-ply="7"]').click();
  await analysis.locator('[data-testid="drawn-shapes"] [data-shape]').first().waitFor();
  await analysis.waitForFunction(() =>
    [...document.querySelectorAll('[data-testid="engine-lines"] li[data-depth]')].some(
      (line) => Number(line.getAttribute('data-depth')) >= 12,
    ),
  );
  await analysis.screenshot({ path: `${out}/analysis-desktop-light.png` });

  const rest = await page({ width: 1280, height: 800 }, 'light');
  await rest.goto(base + '/computer');
  await rest.locator('[data-color="black"]').click();
  await rest.locator('[data-engine="stockfish"]').click();
  await rest.getByTestId('rest-endpoint').fill('http://127.0.0.1:9');
  await rest.getByTestId('start-game').click();
  await rest.getByTestId('engine-error').waitFor();
  await rest.screenshot({ path: `${out}/computer-rest-error.png` });

  await onlineScreenshots(browser, clickMove);
});
console.log('screenshots written to', out);

/**
 * An online game between two browsers: the creator's page waiting for the friend, then
 * the game in progress as White sees it on a desktop and Black on a phone.
 */
async function onlineScreenshots(browser, clickMove) {
  const port = 4185;
  const database = 'target/screenshots/online.db';
  mkdirSync('target/screenshots', { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(database + suffix, { force: true });
  const server = spawn('target/debug/gambit-server', [
    '--bind', '127.0.0.1', '--port', String(port), '--dist', 'dist',
    '--database', `sqlite://${database}`,
  ], { stdio: 'inherit' });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let tries = 0; ; tries++) {
      const ready = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
      if (ready) break;
      if (tries > 100) throw new Error('the game server did not start');
      await sleep(100);
    }
    const player = async (viewport) => {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
      return context.newPage();
    };
    const settle = (p) =>
      p.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

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
    await settle(white);
    await white.screenshot({ path: `${out}/online-waiting-desktop.png` });
    // The same page on a phone (only the creator's browser holds the seat).
    await white.setViewportSize({ width: 390, height: 844 });
    await settle(white);
    await white.screenshot({ path: `${out}/online-waiting-phone.png`, fullPage: true });
    await white.setViewportSize({ width: 1280, height: 800 });

    const black = await player({ width: 390, height: 844 });
    await black.goto(invite);
    await black.locator('[data-testid="online-state"][data-state="playing"]').waitFor();
    await white.locator('[data-testid="online-state"][data-state="playing"]').waitFor();
    const line = [['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3'], ['b8', 'c6'], ['f1', 'c4'], ['g8', 'f6']];
    for (const [index, [from, to]] of line.entries()) {
      const mover = index % 2 === 0 ? white : black;
      await mover.waitForFunction(
        (count) => document.querySelectorAll('[data-testid="move-list"] [data-ply]').length === count,
        index,
      );
      await clickMove(mover, from, to);
    }
    for (const p of [white, black]) {
      await p.waitForFunction(
        (count) => document.querySelectorAll('[data-testid="move-list"] [data-ply]').length === count,
        line.length,
      );
      await settle(p);
    }
    await white.screenshot({ path: `${out}/online-game-desktop.png` });
    await black.screenshot({ path: `${out}/online-game-phone.png`, fullPage: true });
  } finally {
    server.kill();
  }
}
