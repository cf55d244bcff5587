// The page's chunks (src/chunks.rs, xtask/src/page.rs): a route's chunk of the page's
// wasm is fetched the first time the route is shown and not before, and a chunk that
// cannot be fetched says so in its place, with a retry that brings the page, and
// nothing else on the page lost.
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { CHUNK_WASM, expectSans, framesDrawn, play, recordAtShellGone, sanList, square, storedAnalysisBoard } from './helpers';
import { openComputer, playAndAwaitReply, startGame, startRestGame } from './computer-helpers';

/** The names of the chunks the page has asked for so far, in order. */
function chunksAskedFor(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    const name = new URL(request.url()).pathname.match(CHUNK_WASM)?.[1];
    if (name) names.push(name);
  });
  return names;
}

/** Holds back the fetch of chunk `name` (`split_<name>.wasm`) until the function it
 * answers is called. */
async function holdChunk(page: Page, name: string): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/split_${name}\\.wasm$`), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Plays `from`→`to` on the analysis board and waits for the variation list to grow. */
async function playOnBoard(page: Page, from: string, to: string) {
  const plies = page.locator('[data-testid="variation-list"] [data-ply]');
  const before = await plies.count();
  await square(page, from).click();
  await square(page, to).click();
  await expect(plies).toHaveCount(before + 1);
}

/** `/friend` with 1. e4 played: the main module's page, used. */
async function friendAfterAMove(page: Page) {
  await page.goto('/friend');
  await expect(page.getByTestId('board')).toBeVisible();
  await play(page, 'e2', 'e4');
}

test("a route's chunk is fetched when the route is first shown, and not before", async ({ page }) => {
  const asked = chunksAskedFor(page);
  await friendAfterAMove(page);
  expect(asked).toEqual([]);

  await page.getByTestId('nav-analysis').click();
  await expect(page.getByTestId('analysis-page')).toBeVisible();
  // Its engine's arrow brings the board's overlays, and its engine the engine's client
  // (`xtask/src/sizes.rs` counts all three); its review's panel comes on first use (its
  // controls stand in its place meanwhile).
  await expect(page.getByTestId('hint-arrow')).toBeVisible();
  await expect(page.getByTestId('analyse')).toBeEnabled();
  const analysisChunks = ['analysis', 'board_overlays', 'engine_client', 'live_engine'];
  expect(asked.slice().sort()).toEqual(analysisChunks);

  // Back and forth: the chunks are in, and nothing is fetched again, not even the
  // reader of stored games: `/friend` takes back the game this tab saved as it was.
  await page.getByTestId('nav-friend').click();
  await expect(page.getByTestId('friend-page')).toBeVisible();
  await expectSans(page, ['e4']);
  await page.getByTestId('nav-analysis').click();
  await expect(page.getByTestId('analysis-page')).toBeVisible();
  await expect(page.getByTestId('hint-arrow')).toBeVisible();
  await expect(page.getByTestId('analyse')).toBeEnabled();
  expect(asked.slice().sort()).toEqual(analysisChunks);
  // A move on the analysis board, which is then saved (an untouched one is not), in
  // the chunk of the board's writer.
  await playOnBoard(page, 'd2', 'd4');
  await expect.poll(() => storedAnalysisBoard(page)).toContain('d2d4');
  expect(asked.slice().sort()).toEqual([...analysisChunks, 'saved_analysis']);

  // A deep link fetches its route's chunk with the page, and the readers of the game
  // `/friend` keeps and of the analysis board saved since, for when the player goes
  // there.
  const deep = chunksAskedFor(page);
  await page.goto('/computer');
  await expect(page.getByTestId('computer-dialog')).toBeVisible();
  await expect.poll(() => deep.length).toBe(3);
  expect(deep.slice().sort()).toEqual(['computer', 'saved_analysis', 'saved_game']);
});

test("a feature's chunk is fetched when the feature is first used, and not before", async ({ page }) => {
  const asked = chunksAskedFor(page);
  await friendAfterAMove(page);
  expect(asked).toEqual([]);

  // The board's overlays, with the first shape drawn (a right click rings a square).
  const e4 = await page.locator('[data-square="e4"]').boundingBox();
  if (!e4) throw new Error('no e4');
  await page.mouse.move(e4.x + e4.width / 2, e4.y + e4.height / 2);
  await page.mouse.down({ button: 'right' });
  await page.mouse.up({ button: 'right' });
  await expect(page.locator('[data-testid="drawn-shapes"] [data-shape="e4"]')).toBeVisible();
  expect(asked).toEqual(['board_overlays']);
  asked.length = 0;

  // The PGN and FEN panels.
  await page.getByTestId('export-pgn').click();
  await expect(page.getByTestId('pgn-text')).toHaveValue(/1\. e4/);
  expect(asked).toEqual(['pgn_fen']);
  await page.getByTestId('import-pgn').click();
  await expect(page.getByTestId('pgn-input')).toBeVisible();
  expect(asked).toEqual(['pgn_fen']);

  // The online game's dialog.
  await page.getByTestId('play-online').click();
  await expect(page.getByTestId('online-dialog')).toBeVisible();
  expect(asked).toEqual(['pgn_fen', 'online_dialog']);
  await page.getByTestId('cancel-dialog').click();
  await expect(page.getByTestId('online-dialog')).toHaveCount(0);

  // The controls' panels (here resigning's confirmation), then the review, once the
  // game is over (a live game has none).
  await page.getByTestId('resign').click();
  await expect(page.getByTestId('confirm')).toBeVisible();
  expect(asked).toEqual(['pgn_fen', 'online_dialog', 'controls']);
  await page.getByTestId('confirm').click();
  await expect(page.getByTestId('analyse')).toBeVisible();
  await expect(page.getByTestId('analyse-this-game')).toBeVisible();
  expect(asked).toEqual(['pgn_fen', 'online_dialog', 'controls', 'review']);
});

test("the home page fetches its list of online games only when this browser keeps seats", async ({ page }) => {
  const asked = chunksAskedFor(page);
  await page.goto('/');
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(page.getByTestId('play-online')).toBeVisible();
  expect(asked).toEqual([]);
  await expect(page.getByTestId('ongoing-games')).toHaveCount(0);

  // A seat in a game still going on (the stored format, docs/architecture.md "Storage").
  await page.evaluate(() =>
    localStorage.setItem('gambit.v1.online', JSON.stringify({
      version: 1,
      games: { abcdefgh: { token: 't', side: 'white', name: null, time_control: null, created_ms: 1, ongoing: true } },
    })),
  );
  await page.reload();
  await expect(page.getByTestId('ongoing-games').locator('a[data-game-id="abcdefgh"]')).toBeVisible();
  expect(asked).toEqual(['ongoing']);
});

test('/friend reads a stored game in its chunk, which a first visit does not fetch', async ({ page }) => {
  const asked = chunksAskedFor(page);
  await friendAfterAMove(page);
  expect(asked).toEqual([]);
  await page.reload();
  await expectSans(page, ['e4']);
  expect(asked).toEqual(['saved_game']);
});

test('/computer reads its stored game and settings in the same chunk, which a first visit does not fetch', async ({ page }) => {
  const asked = chunksAskedFor(page);
  await openComputer(page);
  expect(asked).toEqual(['computer']);
  // The engine's client comes with the engine's first move, and not before.
  await startGame(page, 1, 'white');
  await playAndAwaitReply(page, 'e2', 'e4');
  expect(asked).toEqual(['computer', 'engine_client']);
  const sans = await sanList(page);

  // The person to move in the stored game: nothing asks the engine yet.
  asked.length = 0;
  await page.reload();
  await expectSans(page, sans);
  await expect(page.getByTestId('computer-dialog')).toHaveCount(0);
  expect(asked.slice().sort()).toEqual(['computer', 'saved_game']);

  // The dialog's settings alone, as remembered from that game, read in the chunk too.
  await page.evaluate(() => localStorage.removeItem('gambit.v1.computer'));
  asked.length = 0;
  await page.reload();
  await expect(page.getByTestId('computer-dialog')).toBeVisible();
  await expect(page.locator('[data-level="1"]')).toHaveAttribute('aria-pressed', 'true');
  expect(asked.slice().sort()).toEqual(['computer', 'saved_game']);
});

test.describe("Stockfish's REST client", () => {
  // The browser logs the refused connection as a console error: expected here.
  test.use({ allowedConsoleErrors: [/Failed to load resource: net::ERR_/] });

  test('is fetched with the first move asked of Stockfish, and not before', async ({ page }) => {
    // No service there: the move's failure says so, which is enough here.
    const asked = chunksAskedFor(page);
    await startRestGame(page, 'white', 'http://127.0.0.1:9');
    await expect(page.getByTestId('computer-dialog')).toHaveCount(0);
    expect(asked).toEqual(['computer']);
    await play(page, 'e2', 'e4');
    await expect(page.getByTestId('engine-error')).toContainText('Stockfish could not be reached');
    expect(asked).toEqual(['computer', 'stockfish_rest']);
  });
});

test('the analysis board opens a stored game as this tab saved it, or through the chunk', async ({ page }) => {
  const plies = page.locator('[data-testid="variation-list"] [data-ply]');
  // From the game's page, in the tab that played it: the game as that page saved it,
  // with no chunk to read it.
  const asked = chunksAskedFor(page);
  await friendAfterAMove(page);
  await play(page, 'e7', 'e5');
  await page.getByTestId('resign').click();
  await page.getByTestId('confirm').click();
  await page.getByTestId('analyse-this-game').click();
  await expect(page.getByTestId('analysis-page')).toBeVisible();
  await expect(plies).toHaveCount(2);
  // Its engine's arrow, and so the board's overlays, are in before the next visit.
  await expect(page.getByTestId('hint-arrow')).toBeVisible();
  expect(asked).not.toContain('saved_game');

  // A deep link: a new document, which reads the stored game in its chunk (and the
  // board saved since in its own).
  asked.length = 0;
  await page.goto('/analysis?game=friend');
  await expect(plies).toHaveCount(2);
  await expect(page).toHaveURL(/\/analysis$/);
  await expect(page.getByTestId('hint-arrow')).toBeVisible();
  await expect(page.getByTestId('analyse')).toBeEnabled();
  expect(asked.slice().sort()).toEqual([
    'analysis',
    'board_overlays',
    'engine_client',
    'live_engine',
    'saved_analysis',
    'saved_game',
  ]);
});

test("/analysis fetches its review's chunk on first use, when the pointer comes over the controls holding its place, and the panel takes that place", async ({ page }) => {
  const asked = chunksAskedFor(page);
  await page.goto('/analysis');
  await expect(page.locator('#shell')).toHaveCount(0);
  await playOnBoard(page, 'e2', 'e4');
  // What comes once the first view is in has come (the engine's arrow), not the review.
  await expect(page.getByTestId('hint-arrow')).toBeVisible();
  const pending = page.getByTestId('review-pending');
  await expect(pending.getByTestId('analyse')).toBeEnabled();
  expect(asked).not.toContain('review');
  const place = await pending.boundingBox();
  await pending.locator('legend').hover();
  await expect(pending).toHaveCount(0);
  expect(asked).toContain('review');
  const panel = page.locator('.review-panel');
  await expect(panel.getByTestId('analyse')).toBeEnabled();
  // The panel takes the place held for it.
  expect(await panel.boundingBox()).toEqual(place);
});

test("a budget picked and \"Analyse\" pressed before the review's chunk is in start that analysis once it is", async ({ page }) => {
  const release = await holdChunk(page, 'review');
  await page.goto('/analysis');
  await expect(page.locator('#shell')).toHaveCount(0);
  await playOnBoard(page, 'e2', 'e4');
  await playOnBoard(page, 'e7', 'e5');
  const pending = page.getByTestId('review-pending');
  await pending.locator('[data-analysis-budget="standard"]').click();
  await expect(pending.locator('[data-analysis-budget="standard"]')).toBeChecked();
  await pending.getByTestId('analyse').click();
  // It waits for the chunk, asked for and held back.
  await expect(pending.getByTestId('analyse')).toBeDisabled();
  release();
  await expect(pending).toHaveCount(0);
  await expect(page.locator('[data-analysis-budget="standard"]')).toBeChecked();
  const progress = page.getByTestId('analysis-progress');
  await expect(progress).toHaveAttribute('data-total', '3');
  await expect(progress).toHaveAttribute('data-done', '3', { timeout: 30_000 });
  await expect(page.locator('[data-testid="variation-list"] [data-ply="2"]')).toHaveAttribute('data-eval', /./);
});

/** Records when the page shell (index.html's #shell) is removed (`shellGone`) and when
 * each chunk is first asked for, by name; `chunkTimes` reads them. */
async function recordChunkTimes(page: Page) {
  await page.addInitScript(() => {
    const times: Record<string, number> = {};
    (window as unknown as { chunkTimes: Record<string, number> }).chunkTimes = times;
    const observer = new MutationObserver(() => {
      if (document.getElementById('shell')) return;
      times.shellGone = performance.now();
      observer.disconnect();
    });
    document.addEventListener('DOMContentLoaded', () =>
      observer.observe(document.body, { childList: true, subtree: true }),
    );
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const name = entry.name.match(/\/split_(\w+)\.wasm$/)?.[1];
        if (name && !(name in times)) times[name] = entry.startTime;
      }
    }).observe({ type: 'resource', buffered: true });
  });
}

/** What `recordChunkTimes` has recorded so far. */
function chunkTimes(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => ({ ...(window as unknown as { chunkTimes: Record<string, number> }).chunkTimes }));
}

test("/analysis's engine, with its client and its arrow, starts once the first view is in", async ({ page }) => {
  await recordChunkTimes(page);
  await page.goto('/analysis');
  await expect(page.getByTestId('hint-arrow')).toBeVisible();
  const times = await chunkTimes(page);
  expect(times.analysis).toBeLessThan(times.shellGone);
  expect(times.live_engine).toBeGreaterThanOrEqual(times.shellGone);
  expect(times.engine_client).toBeGreaterThanOrEqual(times.shellGone);
  expect(times.board_overlays).toBeGreaterThanOrEqual(times.shellGone);
});

test("/analysis's engine fetches its arrow's chunk with its own, not in the task that draws its first lines", async ({ page }) => {
  const asked = chunksAskedFor(page);
  // No line can come while the engine's client is held back.
  const release = await holdChunk(page, 'engine_client');
  await page.goto('/analysis');
  await expect.poll(() => asked).toContain('board_overlays');
  await expect(page.getByTestId('engine-lines').locator('li')).toHaveCount(0);
  release();
  await expect(page.getByTestId('hint-arrow')).toBeVisible();
});

test('/analysis with reviews stored shows its review with its first view', async ({ page }) => {
  await page.goto('/analysis');
  await expect(page.getByTestId('analysis-page')).toBeVisible();
  await playOnBoard(page, 'e2', 'e4');
  await page.getByTestId('analyse').click();
  await expect(page.locator('[data-testid="variation-list"] [data-ply="1"]')).toHaveAttribute('data-eval', /./, {
    timeout: 30_000,
  });
  // What the move shows at the moment the page shell is removed.
  await recordAtShellGone(page, '[data-testid="variation-list"] [data-ply="1"]', 'data-eval');
  const eval_ = await page.locator('[data-testid="variation-list"] [data-ply="1"]').getAttribute('data-eval');
  for (let visit = 0; visit < 3; visit++) {
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-at-shell-gone', eval_ ?? '');
  }
});

test('/analysis reads and writes its board in a chunk of its own, which a first visit fetches once its first view is in', async ({ page }) => {
  const plies = page.locator('[data-testid="variation-list"] [data-ply]');
  const release = await holdChunk(page, 'saved_analysis');
  await page.goto('/analysis');
  // The first view does not wait for it; moves wait for it to be written.
  await expect(page.locator('#shell')).toHaveCount(0);
  await playOnBoard(page, 'e2', 'e4');
  await playOnBoard(page, 'e7', 'e5');
  expect(await storedAnalysisBoard(page)).toBeNull();

  // Shown again in this tab meanwhile: the board waiting to be written.
  await page.getByTestId('nav-friend').click();
  await expect(page.getByTestId('friend-page')).toBeVisible();
  await page.getByTestId('nav-analysis').click();
  await expect(plies).toHaveCount(2);

  release();
  await expect.poll(() => storedAnalysisBoard(page)).toContain('e7e5');

  // A new document reads it in the chunk, before the shell goes.
  const asked = chunksAskedFor(page);
  await page.reload();
  await expect(page.locator('#shell')).toHaveCount(0);
  await expect(plies).toHaveCount(2);
  expect(asked).toContain('saved_analysis');
});

test("a first visit to /analysis writes no board, and fetches no writer until the person comes to the board", async ({ page }) => {
  const asked = chunksAskedFor(page);
  await page.goto('/analysis');
  // What comes once the first view is in has come (the engine, with its arrow).
  await expect(page.getByTestId('hint-arrow')).toBeVisible();
  expect(asked).not.toContain('saved_analysis');
  expect(await storedAnalysisBoard(page)).toBeNull();
  // The pointer over the board fetches the writer, before any change; nothing is written.
  await page.getByTestId('board').hover();
  await expect.poll(() => asked).toContain('saved_analysis');
  expect(await storedAnalysisBoard(page)).toBeNull();
  await playOnBoard(page, 'e2', 'e4');
  await expect.poll(() => storedAnalysisBoard(page)).toContain('e2e4');
});

test('a page left while its stored game is still being read is left in peace', async ({ page }) => {
  await openComputer(page);
  await startGame(page, 1, 'white');
  await playAndAwaitReply(page, 'e2', 'e4');

  // A new document, whose reader of stored games is held back.
  const release = await holdChunk(page, 'saved_game');
  await page.goto('/');
  await expect(page.getByTestId('home')).toBeVisible();
  await page.getByTestId('nav-computer').click();
  await expect(page.getByTestId('computer-page')).toBeVisible();
  // Left before its game is read; the read ends on a page that is gone.
  await page.getByTestId('nav-friend').click();
  await expect(page.getByTestId('friend-page')).toBeVisible();
  const read = page.waitForResponse(/\/split_saved_game\.wasm$/);
  release();
  await read;
  await framesDrawn(page, 3);
  await expect(page.getByTestId('friend-page')).toBeVisible();
  await expect(page.getByTestId('panic-banner')).toHaveCount(0);
});

test("a page left while the engine's client is still being fetched starts no worker", async ({ page }) => {
  await openComputer(page);
  const release = await holdChunk(page, 'engine_client');
  // The computer plays White: its engine is asked at once, and waits for the chunk.
  await startGame(page, 1, 'black');
  await page.getByTestId('nav-friend').click();
  await expect(page.getByTestId('friend-page')).toBeVisible();
  const fetched = page.waitForResponse(/\/split_engine_client\.wasm$/);
  release();
  await fetched;
  await framesDrawn(page, 3);
  expect(page.workers()).toHaveLength(0);
  await expect(page.getByTestId('panic-banner')).toHaveCount(0);
});

test.describe('a chunk that cannot be fetched', () => {
  // The loader logs the failed fetch, and the browser the refused request.
  test.use({ allowedConsoleErrors: [/Failed to fetch|net::ERR_FAILED/] });

  test('says so in its place, and its retry brings the page', async ({ page }) => {
    let refuse = true;
    await page.route(CHUNK_WASM, async (route) => {
      if (refuse) await route.abort('failed');
      else await route.continue();
    });
    await friendAfterAMove(page);

    await page.getByTestId('nav-analysis').click();
    const failed = page.getByTestId('chunk-failed');
    await expect(failed).toBeVisible();
    await expect(failed).toContainText('could not be loaded');
    // The rest of the app goes on: the nav bar works, the game is kept.
    await page.getByTestId('nav-friend').click();
    await expect(page.getByTestId('friend-page')).toBeVisible();
    await expect(page.locator('[data-square="e4"] .piece')).toHaveCount(1);

    await page.getByTestId('nav-analysis').click();
    await expect(failed).toBeVisible();
    refuse = false;
    await failed.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('analysis-page')).toBeVisible();
    await expect(failed).toHaveCount(0);
  });

  test('the chunk that reads a stored game: the page says so, and the stored game is kept', async ({ page }) => {
    await friendAfterAMove(page);
    await expectSans(page, ['e4']);
    const stored = await page.evaluate(() => localStorage.getItem('gambit.v1.friend'));
    let refuse = true;
    await page.route(CHUNK_WASM, async (route) => {
      if (refuse) await route.abort('failed');
      else await route.continue();
    });
    await page.reload();
    await expect(page.getByTestId('notice')).toContainText('could not be loaded');
    // A move here is not saved over the stored game.
    await play(page, 'd2', 'd4');
    await expectSans(page, ['d4']);
    expect(await page.evaluate(() => localStorage.getItem('gambit.v1.friend'))).toBe(stored);

    refuse = false;
    await page.reload();
    await expectSans(page, ['e4']);
    await expect(page.getByTestId('notice')).toHaveCount(0);
  });

  test("the engine's client: the computer says so, and restarting the engine brings it", async ({ page }) => {
    await openComputer(page);
    let refuse = true;
    await page.route(/\/split_engine_client\.wasm$/, async (route) => {
      if (refuse) await route.abort('failed');
      else await route.continue();
    });
    // The computer plays White: it is asked for a move at once.
    await startGame(page, 1, 'black');
    const error = page.getByTestId('engine-error');
    await expect(error).toContainText('the engine stopped (its code could not be loaded; check the connection)');
    await expect(error).toContainText('Your game is kept.');
    refuse = false;
    await page.getByTestId('restart-engine').click();
    await expect(error).toHaveCount(0);
    await expect(page.locator('[data-testid="move-list"] [data-ply]')).toHaveCount(1);
  });

  test("the analysis board's engine: the panel says so, and switching it off and on tries again", async ({ page }) => {
    let refuse = true;
    await page.route(/\/split_live_engine\.wasm$/, async (route) => {
      if (refuse) await route.abort('failed');
      else await route.continue();
    });
    await page.goto('/analysis');
    await expect(page.getByTestId('analysis-page')).toBeVisible();
    const panel = page.locator('.engine-panel');
    await expect(panel).toContainText(
      'The engine stopped: its code could not be loaded (check the connection, then switch it off and on).',
    );
    // The board is kept and usable meanwhile.
    await playOnBoard(page, 'e2', 'e4');
    refuse = false;
    await page.getByTestId('engine-toggle').click();
    await expect(page.getByTestId('engine-toggle')).not.toBeChecked();
    await page.getByTestId('engine-toggle').click();
    await expect(page.getByTestId('engine-lines').locator('li')).toHaveCount(3);
    await expect(panel).not.toContainText('stopped');
  });

  test('the chunk that reads the saved analysis board: the board says so, and keeps it', async ({ page }) => {
    await page.goto('/analysis');
    await expect(page.getByTestId('analysis-page')).toBeVisible();
    await playOnBoard(page, 'd2', 'd4');
    await expect(page.locator('[data-testid="variation-list"] [data-ply]')).toHaveCount(1);
    // Written in the chunk, a moment after the move.
    await expect.poll(() => storedAnalysisBoard(page)).toContain('d2d4');
    const stored = await storedAnalysisBoard(page);
    let refuse = true;
    await page.route(/\/split_saved_analysis\.wasm$/, async (route) => {
      if (refuse) await route.abort('failed');
      else await route.continue();
    });
    await page.reload();
    await expect(page.getByTestId('notice')).toContainText('could not be loaded');
    // A move here is not saved over the stored board.
    await playOnBoard(page, 'e2', 'e4');
    await expect(page.locator('[data-testid="variation-list"] [data-ply]')).toHaveCount(1);
    expect(await storedAnalysisBoard(page)).toBe(stored);

    refuse = false;
    await page.reload();
    await expect(page.getByTestId('notice')).toHaveCount(0);
    await expect(page.locator('[data-testid="variation-list"] [data-ply="1"]')).toHaveText(/d4/);
  });

  test('on a deep link, the shell gives way to the message', async ({ page }) => {
    await page.route(CHUNK_WASM, (route) => route.abort('failed'));
    await page.goto('/analysis');
    await expect(page.getByTestId('chunk-failed')).toBeVisible();
    await expect(page.locator('#shell')).toHaveCount(0);
    await expect(page.getByTestId('nav-friend')).toBeVisible();
  });
});
