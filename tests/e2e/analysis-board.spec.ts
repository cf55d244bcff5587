// The analysis board (/analysis): free moves, side lines that leave the main line
// intact, the engine's live lines, another page's game, PGN with variations and
// evaluations, and the board kept across a reload.
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { openFriend, playAll as playOnGamePage, square, storedAnalysisBoard } from './helpers';

const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** A fresh /analysis page with empty storage (or the storage given). */
async function openBoard(page: Page, storage: Record<string, string> = {}) {
  await page.goto('/');
  await page.evaluate((entries) => {
    localStorage.clear();
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storage);
  await page.goto('/analysis');
  await expect(page.getByTestId('analysis-page')).toBeVisible();
  await expect(page.getByTestId('board')).toBeVisible();
}

/** Plays `from`→`to` by two clicks and waits for the board's position to change. */
async function move(page: Page, uci: string) {
  const fen = page.getByTestId('fen-text');
  const before = await fen.inputValue();
  await square(page, uci.slice(0, 2)).click();
  await square(page, uci.slice(2, 4)).click();
  await expect(fen).not.toHaveValue(before);
}

async function moves(page: Page, list: string[]) {
  for (const uci of list) await move(page, uci);
}

/** The text of moves without the review's symbol (`Nf6??` → `Nf6`). */
const bare = (texts: string[]) => texts.map((text) => text.trim().replace(/[?!]+$/, ''));

const mainLine = async (page: Page) =>
  bare(await page.locator('[data-testid="variation-list"] [data-ply]').allTextContents());

const sideMoves = async (page: Page) =>
  bare(await page.locator('[data-testid="variation-list"] .side-move').allTextContents());

/** The main-line move reaching ply `n` in the list (the graph has `data-ply` too). */
const ply = (page: Page, n: number) =>
  page.locator(`[data-testid="variation-list"] [data-ply="${n}"]`);

const current = (page: Page) => page.locator('[data-testid="variation-list"] [aria-current="true"]');

test('a move from an earlier position starts a side line and keeps the main line', async ({ page }) => {
  await openBoard(page);
  await expect(page.getByTestId('fen-text')).toHaveValue(START_FEN);
  await moves(page, ['e2e4', 'e7e5', 'g1f3', 'b8c6']);
  expect(await mainLine(page)).toEqual(['e4', 'e5', 'Nf3', 'Nc6']);

  // Back to the position after 1... e5, then another second move for White.
  await ply(page, 2).click();
  await expect(current(page)).toHaveAttribute('data-ply', '2');
  await move(page, 'b1c3');
  expect(await mainLine(page)).toEqual(['e4', 'e5', 'Nf3', 'Nc6']);
  expect(await sideMoves(page)).toEqual(['Nc3']);
  await expect(page.getByTestId('variation')).toHaveCount(1);
  await expect(current(page)).toHaveText('Nc3');
  await expect(current(page)).not.toHaveAttribute('data-ply');
  await expect(current(page)).toHaveAttribute('data-node', /^\d+$/);
  const afterNc3 = await page.getByTestId('fen-text').inputValue();
  expect(afterNc3).toBe('rnbqkbnr/pppp1ppp/8/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 1 2');

  // The side line goes on from its own position.
  await move(page, 'g8f6');
  expect(await sideMoves(page)).toEqual(['Nc3', 'Nf6']);
  expect(await mainLine(page)).toEqual(['e4', 'e5', 'Nf3', 'Nc6']);

  // Clicking moves shows their positions.
  await ply(page, 4).click();
  await expect(page.getByTestId('fen-text')).toHaveValue(
    'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3',
  );
  await page.locator('.side-move', { hasText: 'Nc3' }).click();
  await expect(page.getByTestId('fen-text')).toHaveValue(afterNc3);

  // ← and → step along the line shown: back to 1... e5, on to its main continuation.
  await page.keyboard.press('ArrowLeft');
  await expect(current(page)).toHaveAttribute('data-ply', '2');
  await page.keyboard.press('ArrowRight');
  await expect(current(page)).toHaveAttribute('data-ply', '3');

  // Playing the move that already follows goes there: nothing is added.
  const nodes = await page.locator('[data-node]').count();
  await page.keyboard.press('ArrowLeft');
  await move(page, 'g1f3');
  await expect(current(page)).toHaveAttribute('data-ply', '3');
  await expect(page.locator('[data-node]')).toHaveCount(nodes);
});

test('the engine shows three distinct lines of the position shown and can be switched off', async ({ page }) => {
  await openBoard(page);
  const lines = page.locator('[data-testid="engine-lines"] [data-multipv]');
  await expect(lines).toHaveCount(3, { timeout: 30_000 });
  await expect(lines.nth(0)).toHaveAttribute('data-multipv', '1');
  await expect(lines.nth(1)).toHaveAttribute('data-multipv', '2');
  await expect(lines.nth(2)).toHaveAttribute('data-multipv', '3');
  const firstMoves = await lines.evaluateAll((items) => items.map((item) => item.getAttribute('data-uci')));
  expect(new Set(firstMoves).size).toBe(3);
  for (const uci of firstMoves) expect(uci).toMatch(/^[a-h][12][a-h][34]$/);
  // The best line's first move is drawn on the board (read together: deeper iterations
  // may change the best move at any time).
  await expect(async () => {
    const [best, from, to] = await page.evaluate(() => [
      document.querySelector('[data-testid="engine-lines"] [data-multipv="1"]')?.getAttribute('data-uci'),
      document.querySelector('[data-testid="hint-arrow"]')?.getAttribute('data-from'),
      document.querySelector('[data-testid="hint-arrow"]')?.getAttribute('data-to'),
    ]);
    expect(best).toBeTruthy();
    expect(`${from}${to}`).toBe(best?.slice(0, 4));
  }).toPass({ timeout: 10_000 });

  // A new position: lines for Black.
  await move(page, 'e2e4');
  await expect(lines).toHaveCount(3, { timeout: 30_000 });
  await expect(async () => {
    const black = await lines.evaluateAll((items) => items.map((item) => item.getAttribute('data-uci')));
    expect(new Set(black).size).toBe(3);
    for (const uci of black) expect(uci).toMatch(/^[a-h][78][a-h][1-8]$/);
  }).toPass({ timeout: 30_000 });

  await page.getByTestId('engine-toggle').click();
  await expect(page.getByTestId('engine-lines')).toHaveCount(0);
  await expect(page.getByTestId('hint-arrow')).toHaveCount(0);
  await page.getByTestId('engine-toggle').click();
  await expect(lines).toHaveCount(3, { timeout: 30_000 });

  // Clicking a line plays its first move.
  await lines.first().getByRole('button').click();
  await expect(page.locator('[data-testid="variation-list"] [data-ply]')).toHaveCount(2);
  await expect(current(page)).toHaveAttribute('data-ply', '2');
});

test('"analyse this game" opens the game of /friend as the main line', async ({ page }) => {
  await openFriend(page);
  // The link is offered once the game is over: the fool's mate.
  await playOnGamePage(page, ['f2f3', 'e7e5', 'g2g4', 'd8h4']);
  await page.getByTestId('analyse-this-game').click();
  await expect(page.getByTestId('analysis-page')).toBeVisible();
  expect(await mainLine(page)).toEqual(['f3', 'e5', 'g4', 'Qh4#']);
  await expect(page.getByTestId('tree-result')).toHaveText('0-1');
  // The last position is shown, and the address no longer asks for the game.
  await expect(current(page)).toHaveAttribute('data-ply', '4');
  await expect(page).toHaveURL(/\/analysis$/);

  // A side line added here stays when the same game is opened again.
  await ply(page, 1).click();
  await move(page, 'd7d5');
  await page.goto('/analysis?game=friend');
  await expect(page).toHaveURL(/\/analysis$/);
  expect(await mainLine(page)).toEqual(['f3', 'e5', 'g4', 'Qh4#']);
  expect(await sideMoves(page)).toEqual(['d5']);
});

test('a game that is not there is reported and the board is kept', async ({ page }) => {
  await openBoard(page);
  await moves(page, ['e2e4']);
  // The board is kept once written (its writer comes as the pointer comes to the board).
  await expect.poll(() => storedAnalysisBoard(page)).toContain('e2e4');
  await page.goto('/analysis?game=computer');
  await expect(page.getByTestId('notice')).toContainText('No game against the computer is saved');
  expect(await mainLine(page)).toEqual(['e4']);
  await expect(page).toHaveURL(/\/analysis$/);
});

test('a PGN with variations, evaluations and tags is imported and exported again', async ({ page }) => {
  await openBoard(page);
  const pgn = `[Event "Test"]
[Date "2024.03.01"]
[White "Anna"]
[Black "Boris"]
[ECO "C60"]

1. e4 { [%eval 0.3] } 1... e5 { [%eval 0.35] } (1... c5 { [%eval 0.4] } 2. Nf3 (2. c3 d5)) 2. Nf3 { [%eval 0.25] } 2... Nc6 $6 { [%eval 3.5] } 3. Bb5 { a comment } *`;
  await page.getByTestId('import-pgn').click();
  await page.getByTestId('pgn-input').fill(pgn);
  await page.getByTestId('pgn-submit').click();
  await expect(page.getByTestId('pgn-input')).toHaveCount(0);
  expect(await mainLine(page)).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']);
  expect(await sideMoves(page)).toEqual(['c5', 'Nf3', 'c3', 'd5']);
  // The main line's evaluations are its review: the drop from +0.25 to +3.50 after
  // 2... Nc6 is a blunder, which replaces the PGN's own "?!".
  await expect(ply(page, 1)).toHaveAttribute('data-eval', '0.30');
  await expect(ply(page, 4)).toHaveAttribute('data-eval', '3.50');
  await expect(ply(page, 4)).toHaveAttribute('data-judgement', 'blunder');
  await expect(ply(page, 2)).not.toHaveAttribute('data-judgement');

  await page.getByTestId('export-pgn').click();
  const exported = await page.getByTestId('pgn-text').inputValue();
  // Lines are wrapped at 80 characters: compared with single spaces.
  const flat = exported.replace(/\s+/g, ' ');
  expect(flat).toContain('(1... c5 { [%eval 0.40] } 2. Nf3 (2. c3 d5))');
  expect(flat).toContain('1. e4 { [%eval 0.30] }');
  expect(flat).toContain('2. Nf3 { [%eval 0.25] }');
  expect(flat).toContain('Nc6 $4 { [%eval 3.50] }');
  expect(flat).toContain('Bb5 { a comment }');
  // The game's own tags, not Gambit's.
  for (const tag of ['[Event "Test"]', '[Date "2024.03.01"]', '[White "Anna"]', '[Black "Boris"]', '[ECO "C60"]']) {
    expect(exported).toContain(tag);
  }

  // The export reads back as the same tree.
  await page.getByTestId('import-pgn').click();
  await page.getByTestId('pgn-input').fill(exported);
  await page.getByTestId('pgn-submit').click();
  await expect(page.getByTestId('pgn-input')).toHaveCount(0);
  expect(await mainLine(page)).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']);
  expect(await sideMoves(page)).toEqual(['c5', 'Nf3', 'c3', 'd5']);
  await expect(ply(page, 4)).toHaveAttribute('data-judgement', 'blunder');
  await page.getByTestId('export-pgn').click();
  await expect(page.getByTestId('pgn-text')).toHaveValue(exported);

  // Kept across a reload, tags included.
  await page.reload();
  await expect.poll(() => mainLine(page)).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']);
  await page.getByTestId('export-pgn').click();
  await expect(page.getByTestId('pgn-text')).toHaveValue(exported);
});

test('a reload shows the same tree and position; unreadable data is set aside', async ({ page }) => {
  await openBoard(page);
  await moves(page, ['d2d4', 'd7d5', 'c2c4']);
  await ply(page, 2).click();
  await move(page, 'g1f3');
  const fen = await page.getByTestId('fen-text').inputValue();
  await page.reload();
  await expect(page.getByTestId('board')).toBeVisible();
  expect(await mainLine(page)).toEqual(['d4', 'd5', 'c4']);
  expect(await sideMoves(page)).toEqual(['Nf3']);
  await expect(page.getByTestId('fen-text')).toHaveValue(fen);

  await openBoard(page, { 'gambit.v1.analysis': '{"version":1,"tree":"broken"' });
  await expect(page.getByTestId('notice')).toContainText('could not be restored');
  await expect(page.getByTestId('fen-text')).toHaveValue(START_FEN);
  const keys = await page.evaluate(() => Object.keys(localStorage));
  expect(keys.some((key) => key.startsWith('gambit.v1.analysis.unreadable.'))).toBe(true);
});

/** Longer than the live search's watchdog (6 s search + 10 s grace). */
const PAST_EVERY_TIMER_MS = 17_000;

test('leaving the page mid-search gives no error', async ({ page }) => {
  await openBoard(page);
  await expect(page.locator('[data-testid="engine-lines"] [data-multipv]').first()).toBeVisible({
    timeout: 30_000,
  });
  await page.getByTestId('nav-friend').click();
  await expect(page.getByTestId('friend-page')).toBeVisible();
  await expect.poll(() => page.workers().length).toBe(0);
  // Nothing to await: a timer that finds its page gone does nothing visible.
  await page.waitForTimeout(PAST_EVERY_TIMER_MS);
  await square(page, 'e2').click();
  await square(page, 'e4').click();
  await expect(page.locator('[data-testid="move-list"] [data-ply]').first()).toBeVisible();
});

test('a FEN sets up the board and the side to move plays', async ({ page }) => {
  await openBoard(page);
  const fen = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';
  await page.getByTestId('setup-fen').click();
  await page.getByTestId('fen-input').fill(fen);
  await page.getByTestId('fen-submit').click();
  await expect(page.getByTestId('fen-text')).toHaveValue(fen);
  await expect(page.getByTestId('board')).toHaveAttribute('data-movable', 'w');
  await move(page, 'f1b5');
  await expect(page.getByTestId('board')).toHaveAttribute('data-movable', 'b');
  await move(page, 'a7a6');
  // The list numbers the moves from the position's own move number.
  await expect(page.getByTestId('variation-list')).toContainText('3.');
  expect(await mainLine(page)).toEqual(['Bb5', 'a6']);
  // The engine's best line starts with a move of White's, whose turn it is.
  const best = page.locator('[data-testid="engine-lines"] [data-multipv="1"]');
  await expect(async () => {
    const from = ((await best.getAttribute('data-uci', { timeout: 1_000 })) ?? '').slice(0, 2);
    expect(await square(page, from).locator('[data-piece^="w"]').count()).toBe(1);
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press('ArrowLeft');
  await expect(current(page)).toHaveText('Bb5');
  await expect(page.getByTestId('board')).toHaveAttribute('data-movable', 'b');
});

test('a side line can become the main line, and moves can be deleted', async ({ page }) => {
  await openBoard(page);
  await moves(page, ['e2e4', 'e7e5', 'g1f3']);
  await ply(page, 1).click();
  await moves(page, ['c7c5', 'g1f3']);
  expect(await sideMoves(page)).toEqual(['c5', 'Nf3']);
  await expect(page.getByTestId('promote-line')).toBeEnabled();

  await page.getByTestId('promote-line').click();
  expect(await mainLine(page)).toEqual(['e4', 'c5', 'Nf3']);
  expect(await sideMoves(page)).toEqual(['e5', 'Nf3']);
  await expect(current(page)).toHaveAttribute('data-ply', '3');
  await expect(page.getByTestId('promote-line')).toBeDisabled();

  // Deleting a move takes the moves after it and shows the position before it.
  await page.locator('.side-move', { hasText: 'e5' }).click();
  await page.getByTestId('delete-move').click();
  expect(await sideMoves(page)).toEqual([]);
  expect(await mainLine(page)).toEqual(['e4', 'c5', 'Nf3']);
  await expect(current(page)).toHaveAttribute('data-ply', '1');
});
