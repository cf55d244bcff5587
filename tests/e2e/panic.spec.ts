// A panic is not the end: the banner says the game is saved and offers a reload, and
// the game saved before the panic is there after it. `?test-panic` (test only) makes
// the page panic shortly after it starts.
import { test, expect } from './fixtures';
import { expectSans, openFriend, playAll } from './helpers';

// The panic is provoked: its log line and the trap that follows are expected here.
test.use({
  allowedConsoleErrors: [/a panic asked for by \?test-panic/],
  allowedPageErrors: [/unreachable|a panic asked for/],
});

test('a panic shows the banner, and the reload finds the game intact', async ({ page }) => {
  await openFriend(page);
  await playAll(page, ['e2e4', 'e7e5', 'g1f3']);
  await page.goto('/friend?test-panic');
  await expect(page.getByTestId('panic-banner')).toBeVisible();
  await expect(page.getByTestId('panic-banner')).toContainText('your game is saved');
  await page.getByTestId('panic-reload').click();
  await expect(page).toHaveURL(/\/friend$/);
  await expect(page.getByTestId('panic-banner')).toHaveCount(0);
  await expectSans(page, ['e4', 'e5', 'Nf3']);
});
