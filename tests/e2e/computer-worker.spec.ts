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
