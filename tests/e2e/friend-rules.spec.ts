// Every rule of chess on /friend, through clicks on the board.
import { test, expect } from './fixtures';
import { expectSans, expectStatus, openFriend, piece, play, playAll, sanList, setupFen, square } from './helpers';

test.beforeEach(async ({ page }) => {
  await openFriend(page);
});

test("scholar's mate ends the game and locks the board", async ({ page }) => {
  await expectStatus(page, '*', 'White to move');
  await playAll(page, ['e2e4', 'e7e5', 'f1c4', 'b8c6', 'd1h5', 'g8f6', 'h5f7']);
  await expectStatus(page, '1-0', 'Checkmate — White wins');
  await expectSans(page, ['e4', 'e5', 'Bc4', 'Nc6', 'Qh5', 'Nf6', 'Qxf7#']);
  await expect(square(page, 'e8')).toHaveAttribute('data-check', '');
  await expect(page.getByTestId('move-list-result')).toHaveText('1-0');
  // The board accepts no move: Black's pieces cannot even be selected.
  await square(page, 'a7').click();
  await expect(square(page, 'a7')).not.toHaveAttribute('data-selected', '');
  await expect(page.locator('[data-legal]')).toHaveCount(0);
});

test('legal targets show as dots; clicking again or elsewhere deselects', async ({ page }) => {
  await square(page, 'g1').click();
  await expect(square(page, 'g1')).toHaveAttribute('data-selected', '');
  await expect(page.locator('[data-legal]')).toHaveCount(2);
  await expect(square(page, 'f3')).toHaveAttribute('data-legal', '');
  await expect(square(page, 'h3')).toHaveAttribute('data-legal', '');
  await square(page, 'g1').click();
  await expect(page.locator('[data-selected]')).toHaveCount(0);
  await square(page, 'b1').click();
  await square(page, 'e2').click(); // another own piece reselects
  await expect(square(page, 'e2')).toHaveAttribute('data-selected', '');
  await square(page, 'e5').click(); // an empty non-target deselects
  await expect(page.locator('[data-selected]')).toHaveCount(0);
  await square(page, 'e7').click(); // Black's piece while White is to move: nothing
  await expect(page.locator('[data-selected]')).toHaveCount(0);
});

test('castling both ways, and refused through check', async ({ page }) => {
  // The black bishop on f3 attacks d1, so White may castle short but not long.
  await setupFen(page, 'r3k2r/pppq1ppp/8/8/8/5b2/PPP2PPP/R3K2R w KQkq - 0 1');
  await square(page, 'e1').click();
  // The bishop on f3 attacks d1: no castling to c1; g1 is free of attack.
  await expect(square(page, 'c1')).not.toHaveAttribute('data-legal', '');
  await expect(square(page, 'g1')).toHaveAttribute('data-legal', '');
  await square(page, 'g1').click();
  await expect(piece(page, 'g1')).toHaveAttribute('data-piece', 'wK');
  await expect(piece(page, 'f1')).toHaveAttribute('data-piece', 'wR');
  await play(page, 'e8', 'c8');
  await expect(piece(page, 'c8')).toHaveAttribute('data-piece', 'bK');
  await expect(piece(page, 'd8')).toHaveAttribute('data-piece', 'bR');
  await expectSans(page, ['O-O', 'O-O-O']);
});

test('castling by moving the king onto its rook', async ({ page }) => {
  await setupFen(page, 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
  await play(page, 'e1', 'h1');
  await expect(piece(page, 'g1')).toHaveAttribute('data-piece', 'wK');
  await expectSans(page, ['O-O']);
});

test('en passant right after the double step', async ({ page }) => {
  await playAll(page, ['e2e4', 'a7a6', 'e4e5', 'd7d5']);
  await square(page, 'e5').click();
  await expect(square(page, 'd6')).toHaveAttribute('data-legal', '');
  await square(page, 'd6').click();
  await expect(piece(page, 'd6')).toHaveAttribute('data-piece', 'wP');
  await expect(piece(page, 'd5')).toHaveCount(0);
  expect((await sanList(page)).at(-1)).toBe('exd6');
});

test('promotion via the dialog, cancel, and under-promotion', async ({ page }) => {
  await setupFen(page, '8/4P1k1/8/8/8/8/8/4K3 w - - 0 1');
  await square(page, 'e7').click();
  await square(page, 'e8').click();
  await expect(page.getByTestId('promotion-dialog')).toBeVisible();
  await page.getByTestId('promotion-cancel').click();
  await expect(page.getByTestId('promotion-dialog')).toHaveCount(0);
  await expect(piece(page, 'e7')).toHaveAttribute('data-piece', 'wP');
  await expectSans(page, []);

  await square(page, 'e7').click();
  await square(page, 'e8').click();
  await page.locator('[data-promote="n"]').click();
  await expect(piece(page, 'e8')).toHaveAttribute('data-piece', 'wN');
  await expectSans(page, ['e8=N+']);
});

test('promotion to a queen', async ({ page }) => {
  await setupFen(page, '8/4P3/8/8/8/8/6k1/4K3 w - - 0 1');
  await playAll(page, ['e7e8q']);
  await expect(piece(page, 'e8')).toHaveAttribute('data-piece', 'wQ');
  await expectSans(page, ['e8=Q']);
});

test('stalemate from a set-up position', async ({ page }) => {
  await setupFen(page, 'k7/3Q4/8/8/8/8/8/4K3 w - - 0 1');
  await play(page, 'd7', 'c7');
  await expectStatus(page, '1/2-1/2', /Stalemate/);
});

test('insufficient material ends the game', async ({ page }) => {
  // King takes the last rook: king against king.
  await setupFen(page, '8/8/8/4k3/8/8/3r4/4K3 w - - 0 1');
  await play(page, 'e1', 'd2');
  await expectStatus(page, '1/2-1/2', /insufficient material/);
});

test('threefold repetition by knight moves', async ({ page }) => {
  await playAll(page, [
    'g1f3', 'g8f6', 'f3g1', 'f6g8',
    'g1f3', 'g8f6', 'f3g1', 'f6g8',
  ]);
  await expectStatus(page, '1/2-1/2', /threefold repetition/);
});

test('the fifty-move rule at the hundredth half-move', async ({ page }) => {
  await setupFen(page, '8/8/8/4k3/8/8/8/R3K3 w - - 99 80');
  await play(page, 'a1', 'a2');
  await expectStatus(page, '1/2-1/2', /fifty-move rule/);
});

test('SAN disambiguation is shown in the move list', async ({ page }) => {
  await setupFen(page, '1k6/8/8/8/8/8/4K3/R6R w - - 0 1');
  await play(page, 'a1', 'd1');
  await expectSans(page, ['Rad1']);
  await setupFen(page, '7k/8/8/R7/8/8/8/R3K3 w - - 0 1');
  await play(page, 'a1', 'a3');
  await expectSans(page, ['R1a3']);
});
