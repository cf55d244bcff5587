// Shared steps of the specs that play the built-in engine on /computer.
import { expect, type Page } from '@playwright/test';
import { square } from './helpers';

export async function openComputer(page: Page) {
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/computer');
  await expect(page.getByTestId('computer-dialog')).toBeVisible();
}

export async function startGame(page: Page, level: number, color: 'white' | 'black') {
  await page.locator(`[data-level="${level}"]`).click();
  await page.locator(`[data-color="${color}"]`).click();
  await page.locator('[data-engine="builtin"]').click();
  await page.locator('[data-time-control="none"]').click();
  await page.getByTestId('start-game').click();
  await expect(page.getByTestId('computer-dialog')).toHaveCount(0);
}

/** Starts a game against Stockfish over REST at `endpoint`, level 1, without a clock. */
export async function startRestGame(page: Page, color: 'white' | 'black', endpoint: string) {
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/computer');
  await page.locator('[data-level="1"]').click();
  await page.locator(`[data-color="${color}"]`).click();
  await page.locator('[data-engine="stockfish"]').click();
  await page.getByTestId('rest-endpoint').fill(endpoint);
  await page.locator('[data-time-control="none"]').click();
  await page.getByTestId('start-game').click();
}

export const moves = (page: Page) => page.locator('[data-testid="move-list"] [data-ply]');

/** Plays the first legal move of the first own piece (in board order) that has one. */
export async function playAnyMove(page: Page) {
  const before = await moves(page).count();
  const orientation = await page.getByTestId('board').getAttribute('data-orientation');
  const mine = orientation === 'white' ? 'w' : 'b';
  const candidates = await page
    .locator(`[data-square]:has([data-piece^="${mine}"])`)
    .evaluateAll((squares) => squares.map((s) => (s as HTMLElement).dataset.square ?? ''));
  for (const from of candidates) {
    await square(page, from).click();
    await expect(square(page, from)).toHaveAttribute('data-selected', '');
    const targets = page.locator('[data-legal]');
    if ((await targets.count()) === 0) continue;
    await targets.first().click();
    const dialog = page.getByTestId('promotion-dialog');
    await expect(moves(page).nth(before).or(dialog)).toBeVisible();
    if (await dialog.isVisible()) await page.locator('[data-promote="q"]').click();
    // The engine may answer at once: at least the player's move is in the list.
    await expect(moves(page).nth(before)).toBeVisible();
    return;
  }
  throw new Error('no legal move offered');
}

/** Plays `from`→`to` and waits until the engine has answered and stopped thinking. */
export async function playAndAwaitReply(page: Page, from: string, to: string) {
  const before = await moves(page).count();
  await square(page, from).click();
  await square(page, to).click();
  await expect(moves(page)).toHaveCount(before + 2);
  await expect(page.getByTestId('engine-status')).toHaveAttribute('data-thinking', 'false');
}
