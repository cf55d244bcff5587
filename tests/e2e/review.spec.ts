// The review of a finished game on /friend (#55): "Analyse" only once the game is over,
// the engine's evaluations streaming into the move list, the graph and the summary,
// the better move, cancelling, and the analysis kept across a reload or a visit
// elsewhere (local storage key gambit.v1.analyses).
import { test, expect } from './fixtures';
import { type Page } from '@playwright/test';
import { openFriend, playAll, recordAtShellGone } from './helpers';

/** 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7#: ply 6 walks into mate in one. */
const SCHOLARS_MATE = '1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0';

/** Defences of f7 after 3. Qh5 (each keeps the mate away). */
const DEFENCES = ['g7g6', 'd8e7', 'd8f6', 'd8h4'];

/** Morphy's Opera game (33 moves, ends in mate): long enough to stop half-way. */
const OPERA_GAME =
  '1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 ' +
  '8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 ' +
  '14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0';

async function importPgn(page: Page, pgn: string) {
  await page.getByTestId('import-pgn').click();
  await page.getByTestId('pgn-input').fill(pgn);
  await page.getByTestId('pgn-submit').click();
  await expect(page.getByTestId('move-list-result')).toBeVisible();
}

async function analyse(page: Page, budget: 'quick' | 'standard' | 'deep') {
  await page.locator(`[data-analysis-budget="${budget}"]`).click();
  await expect(page.locator(`[data-analysis-budget="${budget}"]`)).toBeChecked();
  await page.getByTestId('analyse').click();
}

const progress = (page: Page) => page.getByTestId('analysis-progress');
const done = async (page: Page) => Number(await progress(page).getAttribute('data-done'));
const move = (page: Page, ply: number) => page.locator(`[data-testid="move-list"] [data-ply="${ply}"]`);

test('nothing is offered while the game is live; the finished game offers analysis', async ({ page }) => {
  await openFriend(page);
  await playAll(page, ['f2f3', 'e7e5', 'g2g4']);
  await expect(page.getByTestId('analyse')).toHaveCount(0);
  await expect(page.getByTestId('analyse-this-game')).toHaveCount(0);
  await expect(page.locator('[data-analysis-budget]')).toHaveCount(0);
  await playAll(page, ['d8h4']);
  await expect(page.getByTestId('analyse')).toBeVisible();
  await expect(page.locator('[data-analysis-budget]')).toHaveCount(3);
  await expect(page.getByTestId('analyse-this-game')).toHaveAttribute('href', '/analysis?game=friend');
  // No graph before there is an evaluation to draw.
  await expect(page.getByTestId('eval-graph')).toHaveCount(0);
});

test('a quick analysis marks the blunder, its better move, the graph and the summary', async ({ page }) => {
  await openFriend(page);
  await importPgn(page, SCHOLARS_MATE);
  await analyse(page, 'quick');
  await expect(progress(page)).toHaveAttribute('data-total', '8');
  await expect(progress(page)).toHaveAttribute('data-done', '8', { timeout: 30_000 });
  await expect(progress(page)).not.toHaveAttribute('data-running', /.*/);

  // Every position evaluated; the mate at the end is White's.
  for (let ply = 1; ply <= 7; ply++) {
    await expect(move(page, ply)).toHaveAttribute('data-eval', /^(-?\d+\.\d\d|#-?\d+)$/);
  }
  await expect(move(page, 6)).toHaveAttribute('data-eval', '#1');
  await expect(move(page, 7)).toHaveAttribute('data-eval', '#0');

  // 3… Nf6?? is the blunder, and the engine preferred a defence of f7.
  await expect(move(page, 6)).toHaveAttribute('data-judgement', 'blunder');
  const best = await move(page, 6).getAttribute('data-best');
  expect(DEFENCES).toContain(best);
  await expect(move(page, 6)).toContainText('??');
  await expect(move(page, 7)).not.toHaveAttribute('data-judgement', /.*/);
  await expect(move(page, 7)).not.toHaveAttribute('data-best', /.*/);
  await expect(page.locator('[data-testid="move-list"] [data-judgement="blunder"]')).toHaveCount(1);

  // The summary: Black's one blunder, White none; the count steps to the move.
  const summary = page.getByTestId('analysis-summary');
  await expect(summary.locator('[data-color="black"]')).toHaveAttribute('data-blunders', '1');
  await expect(summary.locator('[data-color="white"]')).toHaveAttribute('data-blunders', '0');
  await expect(summary.locator('[data-color="white"]')).toHaveAttribute('data-accuracy', /^\d+\.\d$/);
  await summary.locator('[data-color="black"] [data-judgement="blunder"]').click();
  await expect(move(page, 6)).toHaveAttribute('aria-current', 'true');

  // Under the board: the verdict and "best was", the engine's line to step through.
  const line = page.getByTestId('best-move-line');
  await expect(line).toHaveAttribute('data-judgement', 'blunder');
  await page.getByTestId('best-line-step').first().click();
  await expect(page.locator('.board-column')).toHaveAttribute('data-preview', '');
  const [from, to] = [best!.slice(0, 2), best!.slice(2, 4)];
  await expect(page.locator(`[data-square="${to}"] [data-piece]`)).toHaveCount(1);
  await expect(page.locator(`[data-square="${from}"] [data-piece]`)).toHaveCount(0);
  await page.getByTestId('best-line-exit').click();
  await expect(page.locator('.board-column')).not.toHaveAttribute('data-preview', /.*/);
  // The game is untouched: Nf6 stands on f6.
  await expect(page.locator('[data-square="f6"] [data-piece]')).toHaveCount(1);

  // The position the blunder was played in shows the better move as an arrow.
  await move(page, 5).click();
  const arrow = page.getByTestId('hint-arrow');
  await expect(arrow).toHaveAttribute('data-from', from);
  await expect(arrow).toHaveAttribute('data-to', to);

  // The graph: one point per ply; clicking one views that ply.
  const graph = page.getByTestId('eval-graph');
  await expect(graph.locator('[data-ply]')).toHaveCount(7);
  await graph.locator('[data-ply="3"]').click();
  await expect(move(page, 3)).toHaveAttribute('aria-current', 'true');

  // Kept with the game: a reload shows it at once, without analysing again.
  await page.reload();
  await expect(move(page, 6)).toHaveAttribute('data-judgement', 'blunder');
  await expect(move(page, 6)).toHaveAttribute('data-best', best!);
  await expect(page.getByTestId('analyse')).toBeDisabled();
  const stored = await page.evaluate(() => localStorage.getItem('gambit.v1.analyses'));
  expect(stored).toContain('e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7');
});

test('the export carries the analysis, and importing it brings the marks back', async ({ page }) => {
  await openFriend(page);
  await importPgn(page, SCHOLARS_MATE);
  await analyse(page, 'quick');
  await expect(progress(page)).toHaveAttribute('data-done', '8', { timeout: 30_000 });
  await page.getByTestId('export-pgn').click();
  const pgn = await page.getByTestId('pgn-text').inputValue();
  expect(pgn).toContain('[%eval #1]');
  expect(pgn).toMatch(/Nf6 \$4/);

  // Another device: no stored analysis, the annotated PGN pasted.
  await page.evaluate(() => localStorage.removeItem('gambit.v1.analyses'));
  await page.reload();
  await expect(move(page, 6)).not.toHaveAttribute('data-judgement', /.*/);
  await importPgn(page, pgn);
  await expect(move(page, 6)).toHaveAttribute('data-judgement', 'blunder');
  await expect(move(page, 6)).toHaveAttribute('data-eval', '#1');
  await expect(page.getByTestId('analysis-summary').locator('[data-color="black"]')).toHaveAttribute(
    'data-blunders',
    '1',
  );
});

test("a finished game's list keeps its end in view while the marks arrive, unless scrolled away", async ({
  page,
}) => {
  const list = page.getByTestId('move-list');
  const result = page.getByTestId('move-list-result');
  await openFriend(page);
  await importPgn(page, OPERA_GAME);
  await expect(result).toBeInViewport({ ratio: 1 });
  await analyse(page, 'quick');
  await expect(progress(page)).toHaveAttribute('data-done', '34', { timeout: 60_000 });
  // The marks added lines ("best was …") above the end: the list followed.
  expect(await list.locator('.move-best').count()).toBeGreaterThan(0);
  await expect(result).toBeInViewport({ ratio: 1 });

  // Another analysis first clears those lines (the list shrinks), then brings its own:
  // the list still follows.
  await analyse(page, 'standard');
  await expect(progress(page)).toHaveAttribute('data-running', '');
  await expect(progress(page)).not.toHaveAttribute('data-running', /.*/, { timeout: 120_000 });
  expect(await done(page)).toBe(34);
  expect(await list.locator('.move-best').count()).toBeGreaterThan(0);
  await expect(result).toBeInViewport({ ratio: 1 });

  // Scrolled away by the player during an analysis, the list stays where it was put.
  await analyse(page, 'deep');
  await expect(progress(page)).toHaveAttribute('data-running', '');
  await list.evaluate((element) => element.scrollTo({ top: 0 }));
  const scrolledAt = await done(page);
  expect(scrolledAt).toBeLessThan(30);
  await expect.poll(() => done(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(scrolledAt + 3);
  await page.getByTestId('analysis-cancel').click();
  await expect(progress(page)).not.toHaveAttribute('data-running', /.*/);
  expect(await list.evaluate((element) => element.scrollTop)).toBe(0);
});

test('cancelling stops the progress and keeps what was done', async ({ page }) => {
  await openFriend(page);
  await importPgn(page, OPERA_GAME);
  await analyse(page, 'deep');
  await expect(progress(page)).toHaveAttribute('data-total', '34');
  await expect.poll(() => done(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  await page.getByTestId('analysis-cancel').click();
  await expect(page.getByTestId('analysis-cancel')).toHaveCount(0);
  await expect(progress(page)).not.toHaveAttribute('data-running', /.*/);
  const stopped = await done(page);
  expect(stopped).toBeLessThan(34);
  // Nothing can be awaited for "no more progress": give a late result time to show.
  await page.waitForTimeout(2_000);
  expect(await done(page)).toBe(stopped);
  await expect(move(page, 1)).toHaveAttribute('data-eval', /./);
  // Asked again, it resumes where it stopped (the same budget).
  await page.getByTestId('analyse').click();
  await expect.poll(() => done(page), { timeout: 30_000 }).toBeGreaterThan(stopped);
  await page.getByTestId('analysis-cancel').click();
});

test('a reload mid-analysis keeps what was done and resumes', async ({ page }) => {
  await openFriend(page);
  await importPgn(page, OPERA_GAME);
  await analyse(page, 'standard');
  await expect.poll(() => done(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
  const before = await done(page);
  expect(before).toBeLessThan(34);
  await page.reload();
  await expect(progress(page)).toBeVisible();
  expect(await done(page)).toBeGreaterThanOrEqual(before);
  await expect(progress(page)).toHaveAttribute('data-running', '');
  await expect(progress(page)).toHaveAttribute('data-done', '34', { timeout: 120_000 });
  await expect(move(page, 33)).toHaveAttribute('data-eval', '#0');
  // Once done, a reload shows its budget as chosen, with nothing left to run.
  await page.reload();
  await expect(page.locator('[data-analysis-budget="standard"]')).toBeChecked();
  await expect(page.getByTestId('analyse')).toBeDisabled();
});

test('leaving the page mid-analysis is clean, and the analysis goes on when back', async ({ page }) => {
  await openFriend(page);
  await importPgn(page, OPERA_GAME);
  await analyse(page, 'deep');
  await expect.poll(() => done(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  await page.getByTestId('nav-home').click();
  await expect(page.getByTestId('friend-page')).toHaveCount(0);
  await page.getByTestId('nav-friend').click();
  await expect(progress(page)).toHaveAttribute('data-running', '');
  await page.getByTestId('analysis-cancel').click();
  await expect(progress(page)).not.toHaveAttribute('data-running', /.*/);
});

test('unreadable stored analyses are set aside and the game is kept', async ({ page }) => {
  await openFriend(page);
  await importPgn(page, SCHOLARS_MATE);
  await page.evaluate(() => localStorage.setItem('gambit.v1.analyses', '{"entries":[{"line":'));
  await page.reload();
  await expect(move(page, 7)).toBeVisible();
  await expect(page.getByTestId('analyse')).toBeEnabled();
  const kept = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('gambit.v1.analyses.unreadable')),
  );
  expect(kept).toHaveLength(1);
});

test('"Analyse" waits until the stored analyses are read, then shows the one kept', async ({ page }) => {
  await openFriend(page);
  await importPgn(page, SCHOLARS_MATE);
  await analyse(page, 'quick');
  await expect(progress(page)).toHaveAttribute('data-done', '8', { timeout: 30_000 });
  // A new document reads the stored analyses in the `saved_analysis` chunk: held back,
  // the game is in, and an analysis cannot start yet (it would be stopped and replaced
  // once the stored one is read), although nothing of the chosen budget is done.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/split_saved_analysis\.wasm$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.reload();
  await expect(move(page, 7)).toBeAttached();
  await expect(page.locator('[data-analysis-budget="quick"]')).toBeChecked();
  await expect(page.getByTestId('analyse')).toBeDisabled();
  release();
  await expect(move(page, 6)).toHaveAttribute('data-judgement', 'blunder');
  await expect(page.locator('[data-analysis-budget="quick"]')).toBeChecked();
  await page.locator('[data-analysis-budget="standard"]').click();
  await expect(page.getByTestId('analyse')).toBeEnabled();
});

test('a stored review shows with the page: its marks are in when the shell goes', async ({ page }) => {
  await openFriend(page);
  await importPgn(page, SCHOLARS_MATE);
  await analyse(page, 'quick');
  await expect(progress(page)).toHaveAttribute('data-done', '8', { timeout: 30_000 });
  // What ply 6 shows at the moment the page shell is removed.
  await recordAtShellGone(page, '[data-testid="move-list"] [data-ply="6"]', 'data-judgement');
  for (let visit = 0; visit < 3; visit++) {
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-at-shell-gone', 'blunder');
  }
});

test('a full storage loses only the analysis, never the game', async ({ page }) => {
  await openFriend(page);
  await importPgn(page, SCHOLARS_MATE);
  // Fill local storage to its quota (the game is already saved).
  const filled = await page.evaluate(() => {
    let n = 0;
    for (const size of [256 * 1024, 4096, 64, 1]) {
      try {
        for (;;) localStorage.setItem(`filler-${n++}`, 'x'.repeat(size));
      } catch {
        // Full at this size: go on with smaller pieces.
      }
    }
    return n;
  });
  expect(filled).toBeGreaterThan(0);
  await analyse(page, 'quick');
  await expect(progress(page)).toHaveAttribute('data-done', '8', { timeout: 30_000 });
  await expect(move(page, 6)).toHaveAttribute('data-judgement', 'blunder');
  expect(await page.evaluate(() => localStorage.getItem('gambit.v1.analyses'))).toBeNull();
  await page.reload();
  await expect(move(page, 7)).toBeVisible();
  await expect(move(page, 6)).not.toHaveAttribute('data-judgement', /.*/);
});
