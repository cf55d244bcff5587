// The Content-Security-Policy of the release build (xtask/src/csp.rs) allows all the
// app does: a short game against each engine, from the first move to the result, and
// not one `securitypolicyviolation` event (nor, through the fixture, any console error).
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { moves, openComputer, playAnyMove, startGame, startRestGame } from './computer-helpers';

// The stockfish-rest of playwright.config.ts (GAMBIT_REST_URL: another one).
const restEndpoint = process.env.GAMBIT_REST_URL ?? 'http://127.0.0.1:8091';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
});

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

/** Plays `count` moves, each answered by the engine, then resigns. */
async function playShortGameAndResign(page: Page, count: number) {
  for (let move = 1; move <= count; move += 1) {
    await playAnyMove(page);
    await expect(moves(page)).toHaveCount(2 * move, { timeout: 20_000 });
  }
  await page.getByTestId('resign').click();
  await page.getByTestId('confirm').click();
  await expect(page.getByTestId('game-status')).toHaveAttribute('data-result', '0-1');
}

test('the page carries the policy', async ({ page }) => {
  await page.goto('/');
  const policy = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content');
  expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(policy).not.toContain("'unsafe-eval'");
  expect(await violations(page)).toEqual([]);
});

test('a game against the built-in engine breaks no rule of the policy', async ({ page }) => {
  test.setTimeout(90_000);
  await openComputer(page);
  await startGame(page, 1, 'white');
  await playShortGameAndResign(page, 4);
  expect(await violations(page)).toEqual([]);
});

test('a game against Stockfish over REST breaks no rule of the policy', async ({ page }) => {
  test.setTimeout(90_000);
  await startRestGame(page, 'white', restEndpoint);
  await playShortGameAndResign(page, 4);
  await expect(page.getByTestId('engine-error')).toHaveCount(0);
  await expect(page.getByTestId('engine-status')).toContainText('Stockfish');
  expect(await violations(page)).toEqual([]);
});
