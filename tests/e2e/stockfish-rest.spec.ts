// Playing Stockfish over REST against our stockfish-rest server (started by the
// Playwright config on port 8092, with fault control, in front of Debian's Stockfish),
// and every failure: each shows its message, keeps the game, and the built-in engine
// can take over.
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { square } from './helpers';
import { startRestGame } from './computer-helpers';

const endpoint = 'http://127.0.0.1:8092';
const moves = (page: Page) => page.locator('[data-testid="move-list"] [data-ply]');

async function setFault(page: Page, mode: string) {
  const response = await page.request.post(`${endpoint}/__fault/${mode}`);
  expect(response.ok()).toBe(true);
}

test.afterEach(async ({ page }) => {
  await setFault(page, 'none');
});

test('a game of several moves against Stockfish over REST', async ({ page }) => {
  await startRestGame(page, 'white', endpoint);
  for (const [index, [from, to]] of [['e2', 'e4'], ['g1', 'f3'], ['f1', 'c4']].entries()) {
    await square(page, from).click();
    if ((await square(page, to).getAttribute('data-legal')) === null) {
      // Stockfish's reply blocked the planned square: any legal target will do.
      await page.locator('[data-legal]').first().click();
    } else {
      await square(page, to).click();
    }
    await expect(moves(page)).toHaveCount(2 * (index + 1), { timeout: 15_000 });
  }
  await expect(page.getByTestId('engine-error')).toHaveCount(0);
  await expect(page.getByTestId('engine-status')).toContainText('Stockfish');
});

const faults: [string, RegExp][] = [
  ['http500', /HTTP error 500/],
  ['bad-json', /unreadable/],
  ['failure', /refused the position: injected failure/],
  ['illegal-move', /impossible move/],
];

for (const [mode, message] of faults) {
  test.describe(`fault "${mode}"`, () => {
    // The browser itself logs an HTTP error status as a console error: expected here.
    if (mode === 'http500') {
      test.use({ allowedConsoleErrors: [/Failed to load resource: .*status of 500/] });
    }
    test('a clear message, the game kept, the built-in engine continues', async ({ page }) => {
      await setFault(page, mode);
      await startRestGame(page, 'black', endpoint);
      const error = page.getByTestId('engine-error');
      await expect(error).toContainText(message);
      await expect(error).toContainText('Your game is kept');
      await expect(moves(page)).toHaveCount(0);
      await page.getByTestId('use-builtin').click();
      await expect(moves(page)).toHaveCount(1);
      await expect(page.getByTestId('engine-status')).toContainText('built-in engine');
    });
  });
}

test('a reply slower than the timeout is reported and the game goes on', async ({ page }) => {
  test.setTimeout(60_000);
  await startRestGame(page, 'white', endpoint);
  await square(page, 'e2').click();
  await square(page, 'e4').click();
  await expect(moves(page)).toHaveCount(2, { timeout: 15_000 });
  await setFault(page, 'slow');
  await square(page, 'd2').click();
  await square(page, 'd4').click();
  await expect(page.getByTestId('engine-error')).toContainText('did not answer within 10 seconds', {
    timeout: 20_000,
  });
  await expect(moves(page)).toHaveCount(3);
  await setFault(page, 'none');
  await page.getByTestId('use-builtin').click();
  await expect(moves(page)).toHaveCount(4);
});

test.describe('an unreachable server', () => {
  // The browser itself logs the refused connection as a console error: expected here.
  test.use({ allowedConsoleErrors: [/Failed to load resource: net::ERR_/] });

  test('a server that is not running is reported', async ({ page }) => {
    await startRestGame(page, 'black', 'http://127.0.0.1:9');
    await expect(page.getByTestId('engine-error')).toContainText('could not be reached');
    await page.getByTestId('use-builtin').click();
    await expect(moves(page)).toHaveCount(1);
  });
});
