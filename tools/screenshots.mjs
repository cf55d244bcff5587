// Takes the screenshots in docs/screenshots/ from the release build in dist/.
// Usage: node tools/screenshots.mjs   (starts its own static server on port 4180)
import { setTimeout as sleep } from 'node:timers/promises';
import { withServedApp } from './browser.mjs';

const out = 'docs/screenshots';

await withServedApp(4180, async (browser, base) => {

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

});
console.log('screenshots written to', out);
