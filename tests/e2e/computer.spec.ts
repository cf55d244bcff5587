// Playing the built-in engine on /computer.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { piece, sanList, square } from './helpers';
import { moves, openComputer, playAndAwaitReply, playAnyMove, startGame } from './computer-helpers';

test('level 1 as White: the engine answers every move until the game ends or 40 moves', async ({ page }) => {
  test.setTimeout(240_000);
  await openComputer(page);
  await startGame(page, 1, 'white');
  await expect(page.getByTestId('board')).toHaveAttribute('data-orientation', 'white');
  for (let move = 0; move < 40; move++) {
    const result = await page.getByTestId('game-status').getAttribute('data-result');
    if (result !== '*') break;
    const before = await moves(page).count();
    await playAnyMove(page);
    const status = await page.getByTestId('game-status').getAttribute('data-result');
    if (status !== '*') break;
    // The history stays usable while the engine thinks, and its reply does not take
    // the player away from the position they are looking at.
    if (move === 3) {
      await page.getByTestId('history-first').click();
      await expect(moves(page)).toHaveCount(before + 2, { timeout: 15_000 });
      await expect(page.getByTestId('back-to-game')).toBeVisible();
      await page.getByTestId('history-last').click();
    }
    await expect(moves(page)).toHaveCount(before + 2, { timeout: 15_000 });
    await expect(page.getByTestId('engine-status')).toHaveAttribute('data-thinking', 'false');
  }
  await expect(page.getByTestId('engine-error')).toHaveCount(0);
});

test('as Black the board is flipped and the engine moves first', async ({ page }) => {
  await openComputer(page);
  await startGame(page, 2, 'black');
  await expect(page.getByTestId('board')).toHaveAttribute('data-orientation', 'black');
  await expect(moves(page)).toHaveCount(1);
  expect((await sanList(page))[0]).toMatch(/^[a-hNBRQK]/);
});

test('takeback undoes the engine reply and the player move', async ({ page }) => {
  await openComputer(page);
  await startGame(page, 1, 'white');
  await playAndAwaitReply(page, 'e2', 'e4');
  await page.getByTestId('takeback').click();
  await expect(moves(page)).toHaveCount(0);
  await expect(piece(page, 'e2')).toHaveAttribute('data-piece', 'wP');
  // No reply comes: it is the player's turn again and no search runs.
  await expect(page.getByTestId('engine-status')).toHaveAttribute('data-thinking', 'false');
  await square(page, 'e2').click();
  await expect(square(page, 'e2')).toHaveAttribute('data-selected', '');
  await expect(moves(page)).toHaveCount(0);
});

/**
 * Holds every message the engine's workers send until the returned function lets them
 * go, so that "while the engine thinks" lasts as long as a test needs, on any machine.
 */
async function holdEngineReplies(page: Page): Promise<() => Promise<void>> {
  const workers = page.workers();
  expect(workers.length).toBeGreaterThan(0);
  for (const worker of workers) {
    await worker.evaluate(() => {
      const scope = self as unknown as {
        postMessage: (message: unknown, transfer?: Transferable[]) => void;
        releaseHeld?: () => void;
      };
      const post = scope.postMessage.bind(scope);
      const held: [unknown, Transferable[] | undefined][] = [];
      scope.postMessage = (message, transfer) => {
        held.push([message, transfer]);
      };
      scope.releaseHeld = () => {
        scope.postMessage = post;
        for (const [message, transfer] of held) post(message, transfer);
      };
    });
  }
  return async () => {
    for (const worker of workers) {
      await worker.evaluate(() => (self as unknown as { releaseHeld: () => void }).releaseHeld());
    }
  };
}

/**
 * As Black against level 8: once the engine has opened with 1. e4 (its worker is up),
 * holds its answers, plays 1... e5 and premoves Nf6 while the engine thinks; returns
 * what lets the answer go.
 */
async function premoveWhileEngineThinks(page: Page): Promise<() => Promise<void>> {
  await openComputer(page);
  await startGame(page, 8, 'black');
  await expect(moves(page)).toHaveCount(1);
  const release = await holdEngineReplies(page);
  await square(page, 'e7').click();
  await square(page, 'e5').click();
  await expect(page.getByTestId('engine-status')).toHaveAttribute('data-thinking', 'true');
  await square(page, 'g8').click();
  await square(page, 'f6').click();
  await expect(square(page, 'g8')).toHaveAttribute('data-premove');
  await expect(square(page, 'f6')).toHaveAttribute('data-premove');
  return release;
}

test('a premove made while the engine thinks is played the moment it answers', async ({ page }) => {
  const release = await premoveWhileEngineThinks(page);
  await expect(moves(page)).toHaveCount(2);
  await release();
  // No second move of White's can make Nf6 illegal: it is played on the reply, and the
  // engine answers it. (Its search may be over before a check of "thinking" comes, on
  // a busy machine: its answer is what shows it was asked.)
  await expect(moves(page)).toHaveCount(5, { timeout: 15_000 });
  expect((await sanList(page))[3]).toBe('Nf6');
  await expect(page.locator('[data-premove]')).toHaveCount(0);
});

test('a right click takes a premove back before the engine answers', async ({ page }) => {
  const release = await premoveWhileEngineThinks(page);
  await square(page, 'a3').click({ button: 'right' });
  await expect(page.locator('[data-premove]')).toHaveCount(0);
  await release();
  // The reply comes and nothing is played after it: the player's turn, no search.
  await expect(moves(page)).toHaveCount(3);
  await expect(page.getByTestId('engine-status')).toHaveAttribute('data-thinking', 'false');
});

test('a reload mid-game restores it and the engine resumes on its turn', async ({ page }) => {
  await openComputer(page);
  await startGame(page, 1, 'black');
  await expect(moves(page)).toHaveCount(1);
  await page.reload();
  await expect(page.getByTestId('computer-dialog')).toHaveCount(0);
  await expect(moves(page)).toHaveCount(1);
  await expect(page.getByTestId('board')).toHaveAttribute('data-orientation', 'black');
  await playAnyMove(page);
  await expect(moves(page)).toHaveCount(3);
  // Reload while it is the engine's turn: it answers after the reload.
  await playAnyMove(page);
  await page.reload();
  await expect(moves(page)).toHaveCount(5, { timeout: 15_000 });
});

test('resign ends the game for the player', async ({ page }) => {
  await openComputer(page);
  await startGame(page, 1, 'white');
  await playAndAwaitReply(page, 'e2', 'e4');
  await page.getByTestId('resign').click();
  await page.getByTestId('confirm').click();
  await expect(page.getByTestId('game-status')).toHaveAttribute('data-result', '0-1');
  await expect(page.getByTestId('game-status')).toHaveText('White resigns — Black wins');
  await expect(page.getByTestId('offer-draw')).toHaveCount(0);
});

test('each strength shows its measured Elo, rising with the level', async ({ page }) => {
  await openComputer(page);
  const elos: number[] = [];
  for (let level = 1; level <= 8; level++) {
    const label = page.locator(`[data-level="${level}"] .level-label`);
    await expect(label).toHaveText(/^≈\d{3,4}$/);
    elos.push(Number(((await label.textContent()) ?? '').slice(1)));
    await expect(page.locator(`[data-level="${level}"]`)).toHaveAttribute('data-rating', String(elos.at(-1)));
  }
  expect(elos).toEqual([...elos].sort((a, b) => a - b));
  expect(new Set(elos).size).toBe(8);
});

test('on a small phone every strength fits in the dialog, the strongest too', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await openComputer(page);
  const dialog = await page.getByTestId('computer-dialog').boundingBox();
  expect(dialog).not.toBeNull();
  for (let level = 1; level <= 8; level++) {
    const chip = page.locator(`[data-level="${level}"]`);
    await expect(chip).toBeInViewport({ ratio: 1 });
    const box = await chip.boundingBox();
    expect(box, `level ${level} has a box`).not.toBeNull();
    if (dialog && box) {
      expect(box.x, `level ${level}'s left edge`).toBeGreaterThanOrEqual(dialog.x);
      expect(box.x + box.width, `level ${level}'s right edge`).toBeLessThanOrEqual(dialog.x + dialog.width);
    }
  }
  // The bots' chips too (the dialog scrolls down to them).
  for (const chip of await page.locator('[data-bot]').all()) {
    const box = await chip.boundingBox();
    const name = await chip.getAttribute('data-bot');
    expect(box, `${name} has a box`).not.toBeNull();
    if (dialog && box) {
      expect(box.x, `${name}'s left edge`).toBeGreaterThanOrEqual(dialog.x);
      expect(box.x + box.width, `${name}'s right edge`).toBeLessThanOrEqual(dialog.x + dialog.width);
    }
  }
  // Nothing in the page scrolls sideways.
  const sideways = await page.evaluate(() =>
    [...document.querySelectorAll('*')]
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .filter((element) => /auto|scroll/.test(getComputedStyle(element).overflowX))
      .map((element) => element.className),
  );
  expect(sideways).toEqual([]);
  await page.locator('[data-level="8"]').click();
  await expect(page.locator('[data-level="8"]')).toHaveAttribute('aria-pressed', 'true');
});

test('cancel on a fresh page returns home; the nav reopens the dialog over a game', async ({ page }) => {
  await openComputer(page);
  await page.getByTestId('cancel-dialog').click();
  await expect(page.getByTestId('home')).toBeVisible();
  await page.getByTestId('nav-computer').click();
  await startGame(page, 3, 'white');
  await page.getByTestId('nav-computer').click();
  await expect(page.getByTestId('computer-dialog')).toBeVisible();
  await expect(page.locator('[data-level="3"]')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('cancel-dialog').click();
  await expect(page.getByTestId('computer-dialog')).toHaveCount(0);
  await expect(page.getByTestId('board')).toBeVisible();
});

test('hint marks the piece, then shows the move; the evaluation bar is off until asked', async ({ page }) => {
  await openComputer(page);
  await startGame(page, 3, 'white');
  await expect(page.getByTestId('eval-bar')).toHaveCount(0);

  await page.getByTestId('hint').click();
  const marked = page.locator('[data-hint]');
  await expect(marked).toHaveCount(1);
  await expect(marked.locator('[data-piece^="w"]')).toHaveCount(1);
  await expect(page.getByTestId('hint-arrow')).toHaveCount(0);
  const from = (await marked.getAttribute('data-square')) ?? '';

  await page.getByTestId('hint').click();
  const arrow = page.getByTestId('hint-arrow');
  await expect(arrow).toHaveAttribute('data-from', from);
  const to = (await arrow.getAttribute('data-to')) ?? '';
  await square(page, from).click();
  await expect(square(page, to)).toHaveAttribute('data-legal', '');

  await page.getByTestId('eval-toggle').check();
  await expect(page.getByTestId('eval-bar')).toHaveAttribute('data-eval', /^([+−]\d+\.\d\d|#-?\d+)$/);
  // Playing the hinted move hides the hint.
  await square(page, to).click();
  await expect(page.locator('[data-hint]')).toHaveCount(0);
  await expect(moves(page)).toHaveCount(2);
});
