// The circles and arrows a player draws with the right mouse button (as on lichess).
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectSans, openFriend, play, square } from './helpers';

/** The centre of a square, in page pixels. */
async function centre(page: Page, name: string) {
  const box = await square(page, name).boundingBox();
  if (!box) throw new Error(`no square ${name}`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A right-button drag from one square to another (the same square: a right click). */
async function draw(page: Page, from: string, to: string, modifier?: 'Shift' | 'Alt') {
  const start = await centre(page, from);
  const end = await centre(page, to);
  if (modifier) await page.keyboard.down(modifier);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(end.x, end.y, { steps: 4 });
  await page.mouse.up({ button: 'right' });
  if (modifier) await page.keyboard.up(modifier);
}

const shapes = (page: Page) => page.getByTestId('drawn-shapes').locator('[data-shape]');

test('a right click rings a square, opens no menu, and a second one takes the ring away', async ({ page }) => {
  await openFriend(page);
  await page.evaluate(() => {
    window.addEventListener('contextmenu', (event) => {
      (window as unknown as { menuAllowed: boolean }).menuAllowed = !event.defaultPrevented;
    });
  });
  await draw(page, 'e4', 'e4');
  await expect(shapes(page)).toHaveCount(1);
  await expect(shapes(page)).toHaveAttribute('data-shape', 'e4');
  await expect(shapes(page)).toHaveAttribute('data-brush', 'green');
  expect(await page.evaluate(() => (window as unknown as { menuAllowed?: boolean }).menuAllowed)).toBe(false);
  // The ring sits on e4.
  const ring = await shapes(page).boundingBox();
  const e4 = await square(page, 'e4').boundingBox();
  expect(ring && e4).toBeTruthy();
  if (ring && e4) {
    expect(Math.abs(ring.x + ring.width / 2 - (e4.x + e4.width / 2))).toBeLessThan(2);
    expect(Math.abs(ring.y + ring.height / 2 - (e4.y + e4.height / 2))).toBeLessThan(2);
  }

  await draw(page, 'e4', 'e4');
  await expect(shapes(page)).toHaveCount(0);
  // Drawing is not playing: no piece moved, nothing was selected.
  await expectSans(page, []);
  await expect(page.locator('[data-square][data-selected]')).toHaveCount(0);
});

test('a right drag draws an arrow; with Shift the same arrow turns red, with Alt blue', async ({ page }) => {
  await openFriend(page);
  await draw(page, 'g1', 'f3');
  await expect(shapes(page)).toHaveCount(1);
  await expect(shapes(page)).toHaveAttribute('data-shape', 'g1f3');
  await expect(shapes(page)).toHaveAttribute('data-brush', 'green');

  await draw(page, 'g1', 'f3', 'Shift');
  await expect(shapes(page)).toHaveCount(1);
  await expect(shapes(page)).toHaveAttribute('data-brush', 'red');

  await draw(page, 'd7', 'd5', 'Alt');
  await expect(shapes(page)).toHaveCount(2);
  await expect(page.locator('[data-shape="d7d5"]')).toHaveAttribute('data-brush', 'blue');
  // The arrow's head points at the square it was drawn to.
  const arrow = await page.locator('[data-shape="d7d5"]').boundingBox();
  const d5 = await square(page, 'd5').boundingBox();
  const d7 = await square(page, 'd7').boundingBox();
  expect(arrow && d5 && d7).toBeTruthy();
  if (arrow && d5 && d7) {
    expect(arrow.y).toBeGreaterThan(d7.y);
    expect(arrow.y + arrow.height).toBeLessThan(d5.y + d5.height);
  }
});

test('a left press on the board wipes the shapes, and so does a move', async ({ page }) => {
  await openFriend(page);
  await draw(page, 'e2', 'e4');
  await draw(page, 'c6', 'c6');
  await expect(shapes(page)).toHaveCount(2);
  // A left click on an empty square: the shapes go, the board stays as it was.
  await square(page, 'e5').click();
  await expect(shapes(page)).toHaveCount(0);
  await expectSans(page, []);

  await draw(page, 'e2', 'e4');
  await expect(shapes(page)).toHaveCount(1);
  // The press that picks up the pawn wipes the arrow, and the move is played as always.
  await play(page, 'e2', 'e4');
  await expect(shapes(page)).toHaveCount(0);
  await expectSans(page, ['e4']);

  // A move by the other side (here from the keyboard, no press on the board) wipes them too.
  await draw(page, 'e7', 'e5');
  await expect(shapes(page)).toHaveCount(1);
  await square(page, 'e7').focus();
  await page.keyboard.press('Enter');
  await square(page, 'e5').focus();
  await page.keyboard.press('Enter');
  await expectSans(page, ['e4', 'e5']);
  await expect(shapes(page)).toHaveCount(0);
});

test('on a flipped board the arrow is drawn between the squares pressed', async ({ page }) => {
  await openFriend(page);
  await page.getByTestId('flip-board').click();
  await expect(page.getByTestId('board')).toHaveAttribute('data-orientation', 'black');
  await draw(page, 'b1', 'c3');
  await expect(shapes(page)).toHaveAttribute('data-shape', 'b1c3');
  const arrow = await shapes(page).boundingBox();
  const b1 = await square(page, 'b1').boundingBox();
  const c3 = await square(page, 'c3').boundingBox();
  expect(arrow && b1 && c3).toBeTruthy();
  if (arrow && b1 && c3) {
    // Black at the bottom: b1 is at the top, towards the right; c3 below it, to its left.
    const tail = { x: b1.x + b1.width / 2, y: b1.y + b1.height / 2 };
    expect(Math.abs(arrow.x + arrow.width - tail.x)).toBeLessThan(b1.width * 0.1);
    expect(Math.abs(arrow.y - tail.y)).toBeLessThan(b1.height * 0.1);
    expect(arrow.x).toBeGreaterThan(c3.x);
    expect(arrow.y + arrow.height).toBeLessThan(c3.y + c3.height);
  }
});
