// Premoves on /computer: while the engine thinks, the player queues one move, played
// as soon as the engine's reply is on the board, or cancelled before.
import { test, expect } from './fixtures';
import { piece, sanList, square } from './helpers';
import { moves, openComputer, startGame } from './computer-helpers';

// Level 8 thinks for its whole second, time enough to queue the premove meanwhile.
async function startAndOpen(page: import('@playwright/test').Page) {
  await openComputer(page);
  await startGame(page, 8, 'white');
  await square(page, 'e2').click();
  await square(page, 'e4').click();
  await expect(moves(page)).toHaveCount(1);
  await expect(page.getByTestId('board')).not.toHaveAttribute('data-movable', /./);
}

test('a premove made while the computer thinks is played right after its reply', async ({ page }) => {
  await startAndOpen(page);
  await square(page, 'g1').click();
  await expect(square(page, 'g1')).toHaveAttribute('data-selected', '');
  await expect(square(page, 'f3')).toHaveAttribute('data-legal', '');
  await square(page, 'f3').click();
  await expect(square(page, 'g1')).toHaveAttribute('data-premove', '');
  await expect(square(page, 'f3')).toHaveAttribute('data-premove', '');

  // The reply, then the premove at once: the computer is asked about the third move.
  await expect(moves(page)).toHaveCount(3);
  expect((await sanList(page))[2]).toBe('Nf3');
  await expect(page.locator('[data-premove]')).toHaveCount(0);
  await expect(piece(page, 'f3')).toHaveAttribute('data-piece', 'wN');
  await expect(moves(page)).toHaveCount(4);
});

test('a click elsewhere cancels the premove', async ({ page }) => {
  await startAndOpen(page);
  await square(page, 'g1').click();
  await square(page, 'f3').click();
  await expect(square(page, 'f3')).toHaveAttribute('data-premove', '');
  await square(page, 'a5').click();
  await expect(page.locator('[data-premove]')).toHaveCount(0);

  // The reply comes and nothing more is played: the player is to move.
  await expect(moves(page)).toHaveCount(2);
  await expect(page.getByTestId('board')).toHaveAttribute('data-movable', 'w');
  await expect(moves(page)).toHaveCount(2);
  await expect(piece(page, 'g1')).toHaveAttribute('data-piece', 'wN');
});

test('a right click on the board cancels the premove', async ({ page }) => {
  await startAndOpen(page);
  await square(page, 'g1').click();
  await square(page, 'f3').click();
  await expect(square(page, 'g1')).toHaveAttribute('data-premove', '');
  await square(page, 'd4').click({ button: 'right' });
  await expect(page.locator('[data-premove]')).toHaveCount(0);
  await expect(page.getByTestId('board')).toHaveAttribute('data-movable', 'w');
  await expect(moves(page)).toHaveCount(2);
});
