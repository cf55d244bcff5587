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

test.describe('on the analysis board', () => {
  /** A fresh /analysis page with empty storage. */
  async function openBoard(page: Page) {
    await page.goto('/');
    await page.evaluate(() => localStorage.clear());
    await page.goto('/analysis');
    await expect(page.getByTestId('board')).toBeVisible();
  }

  async function move(page: Page, from: string, to: string) {
    const fen = page.getByTestId('fen-text');
    const before = await fen.inputValue();
    await square(page, from).click();
    await square(page, to).click();
    await expect(fen).not.toHaveValue(before);
  }

  const codes = async (page: Page) =>
    (await shapes(page).evaluateAll((all) => all.map((shape) => shape.getAttribute('data-shape')))).sort();

  test('shapes belong to the position they were drawn on, and survive a reload', async ({ page }) => {
    await openBoard(page);
    await move(page, 'e2', 'e4');
    await move(page, 'e7', 'e5');
    await draw(page, 'g1', 'f3');
    await expect(shapes(page)).toHaveCount(1);

    await page.keyboard.press('ArrowLeft');
    await expect(shapes(page)).toHaveCount(0);
    await draw(page, 'd7', 'd5', 'Alt');
    await expect(shapes(page)).toHaveCount(1);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => codes(page)).toEqual(['g1f3']);

    await page.reload();
    await expect(page.getByTestId('board')).toBeVisible();
    await expect.poll(() => codes(page)).toEqual(['g1f3']);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => codes(page)).toEqual(['d7d5']);
    await expect(shapes(page)).toHaveAttribute('data-brush', 'blue');

    // Playing 1... e5 again: the press wipes this position's arrow, and the position
    // reached keeps its own.
    await move(page, 'e7', 'e5');
    await expect.poll(() => codes(page)).toEqual(['g1f3']);
    await page.keyboard.press('ArrowLeft');
    await expect(shapes(page)).toHaveCount(0);
  });

  test("a PGN's [%csl] and [%cal] show on their positions and go out again with the export", async ({ page }) => {
    await openBoard(page);
    await page.getByTestId('import-pgn').click();
    await page.getByTestId('pgn-input').fill('1. e4 { [%cal Gg1f3,Rd7d5] } 1... e5 { Open. [%csl Yf7] } 2. Nf3 *');
    await page.getByTestId('pgn-submit').click();
    await expect(page.getByTestId('pgn-input')).toHaveCount(0);
    const ply = (n: number) => page.locator(`[data-testid="variation-list"] [data-ply="${n}"]`);

    await ply(1).click();
    await expect.poll(() => codes(page)).toEqual(['d7d5', 'g1f3']);
    await expect(page.locator('[data-shape="g1f3"]')).toHaveAttribute('data-brush', 'green');
    await expect(page.locator('[data-shape="d7d5"]')).toHaveAttribute('data-brush', 'red');
    await ply(2).click();
    await expect.poll(() => codes(page)).toEqual(['f7']);
    await expect(shapes(page)).toHaveAttribute('data-brush', 'yellow');
    await ply(3).click();
    await expect(shapes(page)).toHaveCount(0);

    await page.getByTestId('export-pgn').click();
    const flat = (await page.getByTestId('pgn-text').inputValue()).replace(/\s+/g, ' ');
    expect(flat).toContain('1. e4 { [%cal Gg1f3,Rd7d5] }');
    expect(flat).toContain('1... e5 { Open. } { [%csl Yf7] }');
  });
});
