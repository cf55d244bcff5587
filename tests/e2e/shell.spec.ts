// The app shell: routes, the nav bar, deep links (SPA fallback) and the engine worker.
import type { Locator } from '@playwright/test';
import { test, expect } from './fixtures';
import { APP_WASM } from './helpers';

test('home offers the two ways to play and the analysis board, and each leads there', async ({ page }) => {
  for (const [choice, text, path, pageId] of [
    ['choose-friend', /Play a friend/, /\/friend$/, 'friend-page'],
    ['choose-computer', /Play the computer/, /\/computer(\?setup)?$/, 'computer-page'],
    ['choose-analysis', /Analysis board/, /\/analysis$/, 'analysis-page'],
  ] as const) {
    await page.goto('/');
    await expect(page.getByTestId('home')).toBeVisible();
    await expect(page.getByTestId(choice)).toHaveText(text);
    await page.getByTestId(choice).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByTestId(pageId)).toBeVisible();
  }
});

test('the nav bar leads to every page and back home', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('nav-friend').click();
  await expect(page).toHaveURL(/\/friend$/);
  await expect(page.getByTestId('friend-page')).toBeVisible();

  await page.getByTestId('nav-computer').click();
  await expect(page).toHaveURL(/\/computer(\?setup)?$/);
  await expect(page.getByTestId('computer-page')).toBeVisible();

  await page.getByTestId('nav-home').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('home')).toBeVisible();
});

/** Expects the items to stand in one row: each starts within the tallest's height of the first. */
async function expectOneRow(items: Locator) {
  const boxes = await items.evaluateAll((elements) =>
    elements.map((element) => {
      const { top, height } = element.getBoundingClientRect();
      return { top, height };
    }),
  );
  expect(boxes).toHaveLength(5);
  const tallest = Math.max(...boxes.map((box) => box.height));
  for (const box of boxes) expect(Math.abs(box.top - boxes[0].top)).toBeLessThan(tallest);
}

test('on the narrowest phone (320px) the nav bar is one row, in the shell and in the app', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(APP_WASM, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/friend', { waitUntil: 'domcontentloaded' });
  await expectOneRow(page.locator('#shell .nav > *'));
  release();
  await expect(page.getByTestId('friend-page')).toBeVisible();
  await expectOneRow(page.locator('nav.nav > *'));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test('a deep link loads its page directly', async ({ page }) => {
  await page.goto('/friend');
  await expect(page.getByTestId('friend-page')).toBeVisible();
  await page.goto('/computer');
  await expect(page.getByTestId('computer-page')).toBeVisible();
});

test('an unknown address shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByTestId('nav-home')).toBeVisible();
});

test('the engine worker answers a ping and a search', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/computer');
  await page.locator('[data-level="1"]').click();
  await page.locator('[data-color="black"]').click();
  await page.locator('[data-engine="builtin"]').click();
  await page.getByTestId('start-game').click();
  const status = page.getByTestId('engine-status');
  // The worker reports its version when it starts, then plays White's first move.
  await expect(status).toHaveAttribute('data-worker-version', /^\d+\.\d+\.\d+$/);
  await expect(page.locator('[data-testid="move-list"] [data-ply="1"]')).toBeVisible();
  await expect(status).toHaveAttribute('data-thinking', 'false');
});
