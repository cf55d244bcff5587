// The engine worker failing: the page says so, keeps the game and restarts the worker
// on request, after which the computer answers again.
import { test, expect } from './fixtures';
import { square } from './helpers';
import { moves, openComputer, playAndAwaitReply, startGame } from './computer-helpers';

test('a worker that dies mid-game: a message, the game kept, restart resumes', async ({ page }) => {
  test.setTimeout(90_000);
  await openComputer(page);
  await startGame(page, 1, 'white');
  await playAndAwaitReply(page, 'e2', 'e4');

  // Kill the engine from the inside, as a crash would.
  const workers = page.workers();
  expect(workers.length).toBeGreaterThan(0);
  for (const worker of workers) await worker.evaluate(() => self.close());

  await square(page, 'd2').click();
  await square(page, 'd4').click();
  const error = page.getByTestId('engine-error');
  await expect(error).toContainText('the engine stopped responding', { timeout: 30_000 });
  await expect(error).toContainText('Your game is kept');
  await expect(moves(page)).toHaveCount(3);
  // The page stays usable: history browsing works while the engine is down.
  await page.getByTestId('history-first').click();
  await page.getByTestId('history-last').click();

  await page.getByTestId('restart-engine').click();
  await expect(error).toHaveCount(0);
  await expect(moves(page)).toHaveCount(4, { timeout: 15_000 });
  await expect(page.getByTestId('engine-status')).toHaveAttribute('data-thinking', 'false');
});

test('a worker that cannot start: a message, then restart works once it can', async ({ page, context }) => {
  test.setTimeout(90_000);
  await openComputer(page);
  await context.route('**/worker*', (route) => route.abort());
  await startGame(page, 1, 'black');
  const error = page.getByTestId('engine-error');
  await expect(error).toContainText(/the engine (stopped|could not)/, { timeout: 30_000 });
  await expect(moves(page)).toHaveCount(0);

  await context.unroute('**/worker*');
  await page.getByTestId('restart-engine').click();
  await expect(error).toHaveCount(0);
  await expect(moves(page)).toHaveCount(1, { timeout: 15_000 });
});

test('restarting a worker that keeps failing leaves exactly one worker', async ({ page, context }) => {
  test.setTimeout(90_000);
  await openComputer(page);
  await context.route('**/worker*', (route) => route.abort());
  await startGame(page, 1, 'black');
  const error = page.getByTestId('engine-error');
  for (let attempt = 0; attempt < 5; attempt++) {
    await expect(error).toContainText(/the engine (stopped|could not)/, { timeout: 30_000 });
    await page.getByTestId('restart-engine').click();
  }
  await expect(error).toContainText(/the engine (stopped|could not)/, { timeout: 30_000 });
  await context.unroute('**/worker*');
  await page.getByTestId('restart-engine').click();
  await expect(moves(page)).toHaveCount(1, { timeout: 15_000 });
  // Every failed worker was terminated: only the one that answered is left.
  await expect.poll(() => page.workers().length).toBe(1);
});

test('a hung worker is terminated by the watchdog, not abandoned', async ({ page }) => {
  test.setTimeout(90_000);
  await openComputer(page);
  await startGame(page, 1, 'white');
  await playAndAwaitReply(page, 'e2', 'e4');
  const [worker] = page.workers();
  // Make the worker hang for a minute, as a search stuck in a loop would.
  await worker.evaluate(() => {
    setTimeout(() => {
      const end = Date.now() + 60_000;
      while (Date.now() < end) {
        // Busy.
      }
    }, 0);
  });
  await square(page, 'd2').click();
  await square(page, 'd4').click();
  const error = page.getByTestId('engine-error');
  await expect(error).toContainText('the engine stopped responding', { timeout: 30_000 });
  // The stuck worker is gone at once, long before its loop would have ended.
  await expect.poll(() => page.workers().length).toBe(0);
  await page.getByTestId('restart-engine').click();
  await expect(moves(page)).toHaveCount(4, { timeout: 15_000 });
  expect(page.workers().length).toBe(1);
});
