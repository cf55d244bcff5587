// Hostile input: a paste of any size never freezes the page (it is refused beyond a size
// no real game reaches, with a clear message), and pasted text is never read as HTML.
import { test, expect } from './fixtures';
import { expectSans, openFriend, playAll } from './helpers';

test('a huge PGN paste is refused with a clear message and the game is kept', async ({ page }) => {
  await openFriend(page);
  await playAll(page, ['e2e4', 'e7e5']);
  await page.getByTestId('import-pgn').click();
  // 2 MB of plausible moves: far beyond any real game.
  const huge = '1. e4 e5 2. Nf3 Nc6 '.repeat(100_000);
  await page.getByTestId('pgn-input').fill(huge);
  await page.getByTestId('pgn-submit').click();
  await expect(page.getByTestId('import-error')).toContainText('reads up to 512 KB');
  await expectSans(page, ['e4', 'e5']);
  // The page still answers.
  await page.getByTestId('history-first').click();
  await expect(page.getByTestId('back-to-game')).toBeVisible();
});

test('pasted markup is shown as text, never interpreted', async ({ page }) => {
  await openFriend(page);
  await page.getByTestId('setup-fen').click();
  const markup = '<img src=x data-injected onerror="window.__injected = 1">';
  await page.getByTestId('fen-input').fill(markup);
  await page.getByTestId('fen-submit').click();
  await expect(page.getByTestId('import-error')).toBeVisible();
  await expect(page.locator('[data-injected]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();

  await page.getByTestId('import-pgn').click();
  await page.getByTestId('pgn-input').fill(`[Event "${markup}"]\n\n1. e4 <b data-injected>e5</b> *`);
  await page.getByTestId('pgn-submit').click();
  await expect(page.locator('[data-injected]')).toHaveCount(0);
});
