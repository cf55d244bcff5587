// The game around the board on /friend: history, controls, clocks, persistence,
// PGN/FEN tools, drag-and-drop.
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { expectSans, expectStatus, openFriend, piece, play, playAll, sanList, setupFen, square } from './helpers';

const current = (page: Page) => page.locator('[data-testid="move-list"] [aria-current="true"]');

test('history by click, buttons and arrow keys; the board is locked meanwhile', async ({ page }) => {
  await openFriend(page);
  await playAll(page, ['e2e4', 'e7e5', 'g1f3']);
  await expect(current(page)).toHaveAttribute('data-ply', '3');

  await page.locator('[data-ply="1"]').click();
  await expect(current(page)).toHaveAttribute('data-ply', '1');
  await expect(piece(page, 'e4')).toHaveAttribute('data-piece', 'wP');
  await expect(piece(page, 'e5')).toHaveCount(0);
  await expect(square(page, 'e2')).toHaveAttribute('data-last-move', '');
  await expect(page.getByTestId('back-to-game')).toBeVisible();
  // No moves while an earlier position is shown.
  await square(page, 'e7').click();
  await expect(page.locator('[data-selected]')).toHaveCount(0);

  await page.keyboard.press('ArrowRight');
  await expect(current(page)).toHaveAttribute('data-ply', '2');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(current(page)).toHaveCount(0); // the start position
  await expect(piece(page, 'e2')).toHaveAttribute('data-piece', 'wP');
  await page.keyboard.press('End');
  await expect(current(page)).toHaveAttribute('data-ply', '3');
  await page.keyboard.press('Home');
  await expect(piece(page, 'g1')).toHaveAttribute('data-piece', 'wN');

  await page.getByTestId('history-next').click();
  await expect(current(page)).toHaveAttribute('data-ply', '1');
  await page.getByTestId('history-last').click();
  await expect(current(page)).toHaveAttribute('data-ply', '3');
  await page.getByTestId('history-prev').click();
  await expect(current(page)).toHaveAttribute('data-ply', '2');
  await page.getByTestId('history-first').click();
  await expect(current(page)).toHaveCount(0);
  await page.getByTestId('back-to-game').click();
  await expect(current(page)).toHaveAttribute('data-ply', '3');
  await expect(page.getByTestId('back-to-game')).toHaveCount(0);
  // Playing on works again.
  await play(page, 'b8', 'c6');
});

test('f flips the board, so does the button', async ({ page }) => {
  await openFriend(page);
  const board = page.getByTestId('board');
  await expect(board).toHaveAttribute('data-orientation', 'white');
  await page.keyboard.press('f');
  await expect(board).toHaveAttribute('data-orientation', 'black');
  await page.getByTestId('flip-board').click();
  await expect(board).toHaveAttribute('data-orientation', 'white');
});

test('takeback removes one ply', async ({ page }) => {
  await openFriend(page);
  await playAll(page, ['e2e4', 'e7e5']);
  await page.getByTestId('takeback').click();
  await expectSans(page, ['e4']);
  await expect(piece(page, 'e7')).toHaveAttribute('data-piece', 'bP');
  await expectStatus(page, '*', 'Black to move');
});

test('resign asks to confirm', async ({ page }) => {
  await openFriend(page);
  await playAll(page, ['e2e4']);
  await page.getByTestId('resign').click();
  await expectStatus(page, '*', 'Black to move');
  await page.getByTestId('confirm').click();
  await expectStatus(page, '1-0', 'Black resigns — White wins');
});

test('a draw offer can be declined and accepted', async ({ page }) => {
  await openFriend(page);
  await playAll(page, ['e2e4', 'e7e5']);
  await page.getByTestId('offer-draw').click();
  await page.getByTestId('decline-draw').click();
  await expectStatus(page, '*', 'White to move');
  await page.getByTestId('offer-draw').click();
  await page.getByTestId('accept-draw').click();
  await expectStatus(page, '1/2-1/2', 'Draw by agreement');
});

test('new game asks to confirm while a game is in progress', async ({ page }) => {
  await openFriend(page);
  await playAll(page, ['e2e4']);
  await page.getByTestId('new-game').click();
  await page.getByTestId('cancel').click();
  await expectSans(page, ['e4']);
  await page.getByTestId('new-game').click();
  await page.getByTestId('confirm').click();
  await expectSans(page, []);
});

test('a clock runs for the side to move and a flag fall ends the game', async ({ page }) => {
  // `?test-clock-ms=N` offers a test-only time control of N ms (see README).
  await openFriend(page);
  await page.goto('/friend?test-clock-ms=2000');
  await page.getByTestId('new-game').click();
  await page.locator('[data-time-control="test"]').click();
  await page.getByTestId('confirm').click();
  await expect(page.getByTestId('clock-white')).toHaveText('2.0');
  await play(page, 'e2', 'e4');
  await expect(page.getByTestId('clock-black')).toHaveAttribute('data-running', '');
  await expect(page.getByTestId('clock-white')).not.toHaveAttribute('data-running', '');
  await expectStatus(page, '1-0', "Black's time is up — White wins");
  await expect(page.getByTestId('clock-black')).toHaveText('0.0');
});

test('a reload restores the game mid-way, with its clocks and orientation', async ({ page }) => {
  await openFriend(page);
  await page.getByTestId('new-game').click();
  await page.locator('[data-time-control="5+3"]').click();
  await page.getByTestId('confirm').click();
  await playAll(page, ['e2e4', 'e7e5', 'g1f3']);
  await page.getByTestId('flip-board').click();
  await page.reload();
  await expectSans(page, ['e4', 'e5', 'Nf3']);
  await expect(page.getByTestId('board')).toHaveAttribute('data-orientation', 'black');
  await expect(page.getByTestId('clock-black')).toHaveAttribute('data-running', '');
  // White moved twice with 3 s increment after its first (free) move.
  await expect(page.getByTestId('clock-white')).toHaveText(/^5:0[0-3]$/);
  await expect(page.getByTestId('clock-black')).toHaveText(/^(5:0[0-3]|4:5\d)$/);
  await play(page, 'b8', 'c6');
});

test('unreadable saved data is reported, set aside, and a fresh game starts', async ({ page }) => {
  await openFriend(page, { 'gambit.v1.friend': '{"version":1,"game":"garbage' });
  await expect(page.getByTestId('notice')).toContainText('could not be restored');
  await expectSans(page, []);
  // Kept under a key of its own (`gambit.v1.friend.unreadable.<time>`).
  const kept = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('gambit.v1.friend.unreadable.'))
      .map((key) => localStorage.getItem(key)),
  );
  expect(kept).toEqual(['{"version":1,"game":"garbage']);
  await play(page, 'e2', 'e4');
});

test('PGN export shows the game', async ({ page }) => {
  await openFriend(page);
  await playAll(page, ['e2e4', 'e7e5', 'f1c4', 'b8c6', 'd1h5', 'g8f6', 'h5f7']);
  await page.getByTestId('export-pgn').click();
  const pgn = await page.getByTestId('pgn-text').inputValue();
  const today = new Date();
  const date = `${today.getFullYear()}.${String(today.getMonth() + 1).padStart(2, '0')}.${String(today.getDate()).padStart(2, '0')}`;
  expect(pgn).toBe(
    [
      '[Event "Casual game"]',
      '[Site "Gambit"]',
      `[Date "${date}"]`,
      '[Round "-"]',
      '[White "White"]',
      '[Black "Black"]',
      '[Result "1-0"]',
      '[Termination "Normal"]',
      '',
      '1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0',
      '',
    ].join('\n'),
  );
});

test('PGN import of a real game reaches its final position', async ({ page }) => {
  await openFriend(page);
  // Morphy v Duke of Brunswick and Count Isouard, Paris opera, 1858.
  const opera = `[Event "Paris"]
[Site "Paris FRA"]
[Date "1858.??.??"]
[Round "?"]
[White "Paul Morphy"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 {a weak move} 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6
7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8
13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0`;
  await page.getByTestId('import-pgn').click();
  await page.getByTestId('pgn-input').fill(opera);
  await page.getByTestId('pgn-submit').click();
  await expectStatus(page, '1-0', 'Checkmate — White wins');
  await expect(page.getByTestId('fen-text')).toHaveValue(
    '1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17',
  );
  expect((await sanList(page)).length).toBe(33);
  // The list (longer than its box) is scrolled to the end: the last move and the result.
  await expect(page.getByTestId('move-list-result')).toBeInViewport({ ratio: 1 });
  await expect(page.locator('[data-testid="move-list"] [data-ply="33"]')).toBeInViewport({ ratio: 1 });
});

for (const [name, width, height] of [
  ['a phone on its side', 740, 360],
  ['a phone', 360, 740],
  ['a short laptop screen', 1366, 660],
] as const) {
  test(`on ${name} the whole board and both player bars are in view`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await openFriend(page);
    await expect(page.getByTestId('board')).toBeInViewport({ ratio: 1 });
    for (const bar of await page.locator('.player-bar').all()) {
      await expect(bar).toBeInViewport({ ratio: 1 });
    }
    // The board keeps its squares square.
    const board = await page.getByTestId('board').boundingBox();
    expect(board && Math.abs(board.width - board.height)).toBeLessThan(1);
  });
}

test('on a small phone a move scrolls the move list to it, never the page', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await openFriend(page);
  // The Opera game up to move 15 (30 plies: more than the list shows at once).
  await page.getByTestId('import-pgn').click();
  await page.getByTestId('pgn-input').fill(`1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5
6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7
12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 *`);
  await page.getByTestId('pgn-submit').click();
  await expect(page.locator('[data-testid="move-list"] [data-ply]')).toHaveCount(30);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await play(page, 'b3', 'b8');

  const list = page.getByTestId('move-list');
  const last = page.locator('[data-testid="move-list"] [data-ply="31"]');
  await expect(last).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => list.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  const [listBox, lastBox] = [await list.boundingBox(), await last.boundingBox()];
  expect(listBox && lastBox).toBeTruthy();
  if (listBox && lastBox) {
    expect(lastBox.y).toBeGreaterThanOrEqual(listBox.y);
    expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(listBox.y + listBox.height + 1);
  }
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('bad PGN and bad FEN show errors and keep the game', async ({ page }) => {
  await openFriend(page);
  await playAll(page, ['e2e4', 'e7e5']);
  await page.getByTestId('import-pgn').click();
  await page.getByTestId('pgn-input').fill('1. e4 e5 2. Ke3 Nc6');
  await page.getByTestId('pgn-submit').click();
  await expect(page.getByTestId('import-error')).toContainText('Ke3');
  await expect(page.getByTestId('import-error')).toContainText('2');
  await expectSans(page, ['e4', 'e5']);

  await page.getByTestId('setup-fen').click();
  await page.getByTestId('fen-input').fill('not a fen');
  await page.getByTestId('fen-submit').click();
  await expect(page.getByTestId('import-error')).toBeVisible();
  await expectSans(page, ['e4', 'e5']);
  await expectStatus(page, '*', 'White to move');
});

test('drag and drop with the mouse; a drop off target snaps back', async ({ page }) => {
  await openFriend(page);
  await square(page, 'e2').dragTo(square(page, 'e5'));
  await expect(piece(page, 'e2')).toHaveAttribute('data-piece', 'wP');
  await square(page, 'e2').dragTo(square(page, 'e4'));
  await expect(piece(page, 'e4')).toHaveAttribute('data-piece', 'wP');
  await expect(piece(page, 'e2')).toHaveCount(0);
  await expectSans(page, ['e4']);
});

test('drag and drop by touch', async ({ browser }) => {
  const context = await browser.newContext({ hasTouch: true });
  const page = await context.newPage();
  await openFriend(page);
  const from = await square(page, 'g1').boundingBox();
  const to = await square(page, 'f3').boundingBox();
  if (!from || !to) throw new Error('squares have no box');
  const client = await context.newCDPSession(page);
  const at = (box: { x: number; y: number; width: number; height: number }) => ({
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
  });
  const start = at(from);
  const end = at(to);
  await client.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [start] });
  for (let step = 1; step <= 5; step++) {
    const point = {
      x: start.x + ((end.x - start.x) * step) / 5,
      y: start.y + ((end.y - start.y) * step) / 5,
    };
    await client.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  await client.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect(piece(page, 'f3')).toHaveAttribute('data-piece', 'wN');
  await expectSans(page, ['Nf3']);
  await context.close();
});

test('each side\'s captures, the most valuable first, and the material lead', async ({ page }) => {
  await openFriend(page);
  const captures = (color: string) =>
    page.locator(`[data-testid="captured-${color}"] .captured-piece [data-piece]`);
  const codes = (color: string) =>
    captures(color).evaluateAll((pieces) => pieces.map((p) => p.getAttribute('data-piece')));
  // White takes three pawns; Black takes a pawn, then the queen.
  await playAll(page, ['e2e4', 'f7f5', 'e4f5', 'g7g6', 'f5g6', 'g8f6', 'g6h7', 'h8h7', 'd1h5', 'f6h5']);
  await expect(captures('black')).toHaveCount(2);
  expect(await codes('black')).toEqual(['wQ', 'wP']);
  expect(await codes('white')).toEqual(['bP', 'bP', 'bP']);
  await expect(page.locator('[data-testid="captured-black"] .material-lead')).toHaveText('+7');
  await expect(page.locator('[data-testid="captured-white"] .material-lead')).toHaveText('');

  // At an earlier ply, the captures then.
  await page.keyboard.press('ArrowLeft');
  await expect(captures('black')).toHaveCount(1);
  expect(await codes('black')).toEqual(['wP']);
});
