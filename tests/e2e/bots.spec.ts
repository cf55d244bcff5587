// The weak bots on /computer: chosen in the dialog beside the levels, played by the
// engine worker.
import { test, expect } from './fixtures';
import { moves, openComputer, playAnyMove } from './computer-helpers';

const bot = (name: string) => `[data-bot="${name}"]`;

test('a bot answers five moves with legal moves, and its bar shows its name and rating', async ({ page }) => {
  await openComputer(page);
  // Worstfish: the one bot that searches (each reply, in the worker).
  const chip = page.locator(bot('worstfish'));
  const rating = await chip.getAttribute('data-rating');
  expect(rating).toMatch(/^-?\d+$/);
  await chip.click();
  await page.locator('[data-color="white"]').click();
  await page.locator('[data-time-control="none"]').click();
  await page.getByTestId('start-game').click();
  await expect(page.getByTestId('computer-dialog')).toHaveCount(0);

  await expect(page.locator('.player-bar:not(.bottom) .player-name')).toHaveText(
    `Worstfish · ≈${rating}`,
  );
  for (let move = 0; move < 5; move++) {
    const before = await moves(page).count();
    await playAnyMove(page);
    // The page plays only a legal answer (anything else is an engine error).
    await expect(moves(page)).toHaveCount(before + 2);
    await expect(page.getByTestId('engine-status')).toHaveAttribute('data-thinking', 'false');
  }
  await expect(page.getByTestId('engine-error')).toHaveCount(0);
  await expect(page.getByTestId('engine-status')).toHaveText('Worstfish (a bot of the built-in engine)');
});

test('choosing a bot deselects the level and the reverse, and the dialog remembers it', async ({ page }) => {
  await openComputer(page);
  const pressed = page.locator('.computer-dialog [aria-pressed="true"][data-level], .computer-dialog [aria-pressed="true"][data-bot]');
  await page.locator('[data-level="2"]').click();
  await expect(pressed).toHaveCount(1);
  await page.locator(bot('huddle')).click();
  await expect(page.locator(bot('huddle'))).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-level="2"]')).toHaveAttribute('aria-pressed', 'false');
  await expect(pressed).toHaveCount(1);
  await expect(page.getByTestId('bot-description')).toContainText('its own king');
  // Bots are the built-in engine's: no engine to choose.
  await expect(page.locator('[data-engine="stockfish"]')).toBeHidden();
  await page.locator('[data-level="5"]').click();
  await expect(page.locator(bot('huddle'))).toHaveAttribute('aria-pressed', 'false');
  await expect(pressed).toHaveCount(1);
  await expect(page.locator('[data-engine="stockfish"]')).toBeVisible();

  await page.locator(bot('cccp')).click();
  await page.locator('[data-color="black"]').click();
  await page.getByTestId('start-game').click();
  // The bot moves first as White, then the next dialog opens on the same choice.
  await expect(moves(page)).toHaveCount(1);
  await page.goto('/computer?setup');
  await expect(page.locator(bot('cccp'))).toHaveAttribute('aria-pressed', 'true');
  await expect(pressed).toHaveCount(1);
});
