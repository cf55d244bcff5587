// Nothing outlives its page: a search, a hint, the evaluation bar or a REST call that is
// still running when the player leaves /computer must never touch the page it came from,
// nor may a move list's scroll at the next frame after its page is gone.
// Leaving terminates the engine worker at once (awaited below); the timers the page had
// started (the engine's watchdog: the search's budget + 10 s; the REST timeout: 10 s)
// leave no trace when they do their job, so the spec waits past the longest of them,
// then checks the page still works. Any page error fails the spec (fixtures.ts).
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { openComputer, startGame, startRestGame } from './computer-helpers';
import { framesDrawn, openFriend, square } from './helpers';

/** Longer than the longest timer a computer page starts (1 s search + 10 s watchdog). */
const PAST_EVERY_TIMER_MS = 12_000;

/** Leaves /computer for /friend and awaits the end of the engine worker. */
async function leave(page: Page) {
  await page.getByTestId('nav-friend').click();
  await expect(page.getByTestId('board')).toBeVisible();
  // The worker is terminated, not abandoned.
  await expect.poll(() => page.workers().length).toBe(0);
}

/** Back to /computer through the nav bar (no new document), with no game saved. */
async function returnToNewComputerGame(page: Page) {
  await page.evaluate(() => localStorage.clear());
  await page.getByTestId('nav-computer').click();
  await expect(page.getByTestId('computer-dialog')).toBeVisible();
}

/** Waits past every timer the left pages started, then plays on /friend. */
async function outwaitTimers(page: Page) {
  // Nothing to await: a timer that finds its page gone does nothing visible.
  await page.waitForTimeout(PAST_EVERY_TIMER_MS);
  // The friend page still works after every timer has fired.
  await square(page, 'e2').click();
  await square(page, 'e4').click();
  await expect(page.locator('[data-testid="move-list"] [data-ply]').first()).toBeVisible();
}

test('leaving /computer while the engine thinks, a hint is searched or the evaluation bar searches', async ({
  page,
}) => {
  // The three ways one after the other in the same document (so that every page's
  // timers are still there to fire), then one wait past all their timers.
  await openComputer(page);
  await startGame(page, 8, 'black');
  await expect(page.getByTestId('engine-status')).toHaveAttribute('data-thinking', 'true');
  await leave(page);

  await returnToNewComputerGame(page);
  await startGame(page, 1, 'white');
  await page.getByTestId('hint').click();
  await leave(page);

  await returnToNewComputerGame(page);
  await startGame(page, 1, 'white');
  await page.getByTestId('eval-toggle').check();
  await leave(page);

  await outwaitTimers(page);
});

test.describe('Stockfish over REST', () => {
  const endpoint = 'http://127.0.0.1:8093';
  // The slow fault's request is cut off when the page goes: the browser reports it.
  test.use({ allowedConsoleErrors: [/Failed to load resource|net::ERR_/] });

  test.afterEach(async ({ page }) => {
    await page.request.post(`${endpoint}/__fault/none`);
  });

  test('leaving /computer while a REST call is pending', async ({ page }) => {
    expect((await page.request.post(`${endpoint}/__fault/slow`)).ok()).toBe(true);
    await startRestGame(page, 'black', endpoint);
    await expect(page.getByTestId('engine-status')).toHaveAttribute('data-thinking', 'true');
    await leave(page);
    await outwaitTimers(page);
  });
});

// The move lists keep the viewed move in view at the next frame; by then the page (and
// its list) may be gone.
for (const [route, pageId, list, other] of [
  ['/friend', 'friend-page', 'move-list', 'nav-computer'],
  ['/analysis', 'analysis-page', 'variation-list', 'nav-friend'],
]) {
  test(`leaving ${route} in the same task as a step through the moves`, async ({ page }) => {
    await openFriend(page);
    await page.goto(route);
    const plies = page.locator(`[data-testid="${list}"] [data-ply]`);
    for (const [from, to, count] of [['e2', 'e4', 1], ['e7', 'e5', 2]] as const) {
      await square(page, from).click();
      await square(page, to).click();
      await expect(plies).toHaveCount(count);
    }
    await page.evaluate((other) => {
      const click = (id: string) => (document.querySelector(`[data-testid="${id}"]`) as HTMLElement).click();
      click('history-prev');
      click(other);
    }, other);
    await expect(page.getByTestId(pageId)).toHaveCount(0);
    // Two frames: the one the step asked for has run.
    await framesDrawn(page, 2);
    await page.goBack();
    await expect(plies).toHaveCount(2);
  });
}
