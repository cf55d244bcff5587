// Online play between two browsers: two players (the test's own context and one from
// `newContext()`) and a spectator, on the game server that playwright.config.ts starts
// (target/debug/gambit-server serving dist/ on port 4180, with a fresh database each
// run). Every test plays games of its own, so tests in other workers never meet them.
import { test, expect } from './fixtures';
import { type BrowserContext, type Page } from '@playwright/test';
import { play, sanList, square } from './helpers';

// GAMBIT_SERVER_URL: another game server, for a run beside another one.
const server = process.env.GAMBIT_SERVER_URL ?? 'http://127.0.0.1:4180';

const moves = (page: Page) => page.locator('[data-testid="move-list"] [data-ply]');
const onlineState = (page: Page) => page.getByTestId('online-state');
const connection = (page: Page) => page.getByTestId('connection');
const board = (page: Page) => page.getByTestId('board');
const gameId = (url: string) => new URL(url).pathname.match(/^\/play\/([A-Za-z0-9]+)$/)?.[1];

type Color = 'white' | 'black';

type CreateOptions = {
  /** A `data-time-control` choice of the dialog (`"none"`, `"5+3"`…). */
  time?: string;
  color?: Color | 'random';
  name?: string;
};

/** Opens the online dialog on the home page, creates a game and returns the invite. */
async function createGame(page: Page, options: CreateOptions = {}): Promise<string> {
  const { time = '5+3', color = 'white', name } = options;
  await page.goto(`${server}/`);
  await page.getByTestId('play-online').click();
  const dialog = page.getByTestId('online-dialog');
  await expect(dialog).toBeVisible();
  await dialog.locator(`[data-time-control="${time}"]`).click();
  await dialog.locator(`[data-color="${color}"]`).click();
  if (name !== undefined) await dialog.getByTestId('online-name').fill(name);
  await dialog.getByTestId('online-create').click();
  await expect(page).toHaveURL(/\/play\/[A-Za-z0-9]+$/);
  await expect(onlineState(page)).toHaveAttribute('data-state', 'waiting');
  const invite = await page.getByTestId('invite-link').inputValue();
  // The whole address to send, on the server's own origin.
  expect(invite).toBe(page.url());
  expect(invite.startsWith(`${server}/play/`)).toBe(true);
  return invite;
}

/** Opens the invite in `context` (the friend's browser): the free seat is theirs. */
async function openInvite(context: BrowserContext, invite: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(invite);
  await expect(onlineState(page)).toHaveAttribute('data-state', 'playing');
  return page;
}

type Players = { white: Page; black: Page; invite: string };

/**
 * A game between `page` (the creator, playing `color`) and a friend in a new context,
 * both pages `playing`.
 */
async function startGame(
  page: Page,
  newContext: () => Promise<BrowserContext>,
  options: CreateOptions & { color?: Color } = {},
): Promise<Players> {
  const color = options.color ?? 'white';
  const invite = await createGame(page, { ...options, color });
  const friend = await openInvite(await newContext(), invite);
  await expect(onlineState(page)).toHaveAttribute('data-state', 'playing');
  await expect(onlineState(page)).toHaveAttribute('data-seat', color);
  await expect(onlineState(friend)).toHaveAttribute('data-seat', color === 'white' ? 'black' : 'white');
  return color === 'white'
    ? { white: page, black: friend, invite }
    : { white: friend, black: page, invite };
}

/** Plays `uci` on `page` once its move list has `ply` moves (the opponent's arrived). */
async function moveAt(page: Page, ply: number, uci: string) {
  await expect(moves(page)).toHaveCount(ply);
  await play(page, uci.slice(0, 2), uci.slice(2, 4));
}

/** Plays `ucis` from ply `from` on, each by the side to move. */
async function playLine({ white, black }: Players, ucis: string[], from = 0) {
  for (const [index, uci] of ucis.entries()) {
    const ply = from + index;
    await moveAt(ply % 2 === 0 ? white : black, ply, uci);
  }
}

/** Both pages (and any watchers) show the same `count` moves. */
async function expectSameMoves(count: number, ...pages: Page[]) {
  for (const page of pages) await expect(moves(page)).toHaveCount(count);
  const [first, ...others] = await Promise.all(pages.map(sanList));
  for (const list of others) expect(list).toEqual(first);
}

async function expectResult(result: string, ...pages: Page[]) {
  for (const page of pages) {
    await expect(page.getByTestId('game-status')).toHaveAttribute('data-result', result);
    await expect(onlineState(page)).toHaveAttribute('data-state', 'finished');
  }
}

const foolsMate = ['f2f3', 'e7e5', 'g2g4', 'd8h4'];

test('a game by invite: create, join, clocks, and fool\'s mate ends it for both', async ({
  page,
  newContext,
}) => {
  const invite = await createGame(page, { time: '5+3', color: 'white', name: 'Ada' });
  await expect(onlineState(page)).toHaveAttribute('data-seat', 'white');
  await expect(page.getByTestId('copy-invite')).toBeVisible();
  expect(gameId(invite)).toMatch(/^[A-Za-z0-9]{8}$/);

  const friend = await openInvite(await newContext(), invite);
  const players = { white: page, black: friend, invite };
  await expect(onlineState(friend)).toHaveAttribute('data-seat', 'black');
  await expect(onlineState(page)).toHaveAttribute('data-state', 'playing');
  await expect(page.getByTestId('opponent-presence')).toHaveAttribute('data-present', 'true');
  await expect(friend.getByTestId('opponent-presence')).toHaveAttribute('data-present', 'true');
  await expect(friend.getByText('Ada', { exact: true })).toBeVisible();
  for (const player of [page, friend]) {
    await expect(connection(player)).toHaveAttribute('data-connected', 'true');
    // 5+3: five minutes each, untouched before the first moves.
    await expect(player.getByTestId('clock-white')).toHaveAttribute('data-ms', '300000');
    await expect(player.getByTestId('clock-black')).toHaveAttribute('data-ms', '300000');
  }
  await expect(board(friend)).toHaveAttribute('data-orientation', 'black');

  await playLine(players, foolsMate);
  await expectSameMoves(4, page, friend);
  await expectResult('0-1', page, friend);
});

test.describe('watching', () => {
  // Opening the link of a game whose seats are taken may ask for a seat first; the
  // server's 409 is then in the browser's console (Chromium logs every failed response).
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test('a spectator sees every move live and cannot move', async ({ page, newContext }) => {
    const players = await startGame(page, newContext);
    const spectator = await (await newContext()).newPage();
    await spectator.goto(players.invite);
    await expect(onlineState(spectator)).toHaveAttribute('data-seat', 'spectator');
    await expect(onlineState(spectator)).toHaveAttribute('data-state', 'playing');
    await expect(connection(spectator)).toHaveAttribute('data-connected', 'true');
    await expect(board(spectator)).toBeVisible();
    await expect(board(spectator)).not.toHaveAttribute('data-movable');
    for (const player of [players.white, players.black]) {
      await expect(player.getByTestId('spectators')).toHaveAttribute('data-count', '1');
    }

    // A spectator's clicks move nothing.
    await square(spectator, 'e2').click();
    await square(spectator, 'e4').click();

    for (const [index, uci] of foolsMate.entries()) {
      await playLine(players, [uci], index);
      await expect(moves(spectator)).toHaveCount(index + 1);
    }
    await expectSameMoves(4, players.white, players.black, spectator);
    await expectResult('0-1', players.white, players.black, spectator);
    await expect(board(spectator)).not.toHaveAttribute('data-movable');
  });
});

test.describe('a lost connection', () => {
  // Offline, the page's reconnection attempts fail, and Chromium logs each failure. (One
  // pattern: a two-element array here would read as Playwright's [value, options].)
  test.use({ allowedConsoleErrors: [/WebSocket connection to .* failed|ERR_INTERNET_DISCONNECTED/] });
  // Chromium's offline mode fails new requests but keeps an open WebSocket open (its
  // frames stop): the page notices through the window's `offline` event at once, well
  // before its ping would go unanswered (9 s).

  test('the opponent\'s move made while a player is offline arrives when it is back', async ({
    page,
    newContext,
  }) => {
    const players = await startGame(page, newContext);
    await playLine(players, ['e2e4', 'e7e5']);
    // Both have the moves before one goes offline (`playLine` waits for the mover's
    // own list only; the other's copy may still be on its way).
    await expectSameMoves(2, players.white, players.black);

    await players.black.context().setOffline(true);
    await expect(connection(players.black)).toHaveAttribute('data-connected', 'false');
    await moveAt(players.white, 2, 'g1f3');

    await players.black.context().setOffline(false);
    await expect(connection(players.black)).toHaveAttribute('data-connected', 'true');
    await expect(moves(players.black)).toHaveCount(3);
    await moveAt(players.black, 3, 'b8c6');
    await expectSameMoves(4, players.white, players.black);
  });

  test('a move made offline is shown at once and sent when back online', async ({
    page,
    newContext,
  }) => {
    const players = await startGame(page, newContext);
    await playLine(players, ['e2e4', 'e7e5']);
    // Both have the moves before one goes offline (`playLine` waits for the mover's
    // own list only; the other's copy may still be on its way).
    await expectSameMoves(2, players.white, players.black);

    await players.white.context().setOffline(true);
    await expect(connection(players.white)).toHaveAttribute('data-connected', 'false');
    // `play` waits for the move in White's own list: shown while offline.
    await moveAt(players.white, 2, 'g1f3');

    await players.white.context().setOffline(false);
    await expect(connection(players.white)).toHaveAttribute('data-connected', 'true');
    await expect(moves(players.black)).toHaveCount(3);
    await moveAt(players.black, 3, 'b8c6');
    await expectSameMoves(4, players.white, players.black);
  });
});

test('a reload in the middle of a game restores it, seat included', async ({
  page,
  newContext,
}) => {
  const players = await startGame(page, newContext);
  await playLine(players, ['e2e4', 'e7e5', 'g1f3']);
  // The server has every move (Black's page shows the last one).
  await expectSameMoves(3, players.white, players.black);
  const before = await sanList(players.white);

  await players.white.reload();
  await expect(onlineState(players.white)).toHaveAttribute('data-state', 'playing');
  await expect(onlineState(players.white)).toHaveAttribute('data-seat', 'white');
  await expect(connection(players.white)).toHaveAttribute('data-connected', 'true');
  await expect(moves(players.white)).toHaveText(before);

  await players.black.reload();
  await expect(onlineState(players.black)).toHaveAttribute('data-seat', 'black');
  await expect(moves(players.black)).toHaveText(before);
  await playLine(players, ['b8c6', 'f1c4'], 3);
  await expectSameMoves(5, players.white, players.black);
});

test('a draw offer can be declined, then accepted', async ({ page, newContext }) => {
  const players = await startGame(page, newContext);
  await playLine(players, ['e2e4', 'e7e5']);

  await players.white.getByTestId('offer-draw').click();
  await players.black.getByTestId('decline-draw').click();
  await expect(players.black.getByTestId('accept-draw')).toHaveCount(0);
  await expect(players.white.getByTestId('game-status')).toHaveAttribute('data-result', '*');

  await players.white.getByTestId('offer-draw').click();
  await players.black.getByTestId('accept-draw').click();
  await expectResult('1/2-1/2', players.white, players.black);
});

test('a takeback proposed by one player and accepted by the other', async ({
  page,
  newContext,
}) => {
  const players = await startGame(page, newContext);
  await playLine(players, ['e2e4', 'e7e5', 'g1f3']);

  await players.white.getByTestId('takeback').click();
  await players.black.getByTestId('decline-takeback').click();
  await expect(players.black.getByTestId('accept-takeback')).toHaveCount(0);
  await expectSameMoves(3, players.white, players.black);

  await players.white.getByTestId('takeback').click();
  await players.black.getByTestId('accept-takeback').click();
  await expectSameMoves(2, players.white, players.black);
  await moveAt(players.white, 2, 'd2d4');
  await expectSameMoves(3, players.white, players.black);
  expect(await sanList(players.black)).toEqual(['e4', 'e5', 'd4']);
});

test('resigning ends the game for both, and a rematch swaps the colours', async ({
  page,
  newContext,
}) => {
  const players = await startGame(page, newContext);
  const first = gameId(players.invite);
  await playLine(players, ['e2e4', 'e7e5']);

  await players.white.getByTestId('resign').click();
  await players.white.getByTestId('confirm').click();
  await expectResult('0-1', players.white, players.black);

  await players.white.getByTestId('rematch').click();
  await players.black.getByTestId('accept-rematch').click();
  for (const player of [players.white, players.black]) {
    await expect(player).toHaveURL(/\/play\/[A-Za-z0-9]+$/);
    await expect.poll(() => gameId(player.url())).not.toBe(first);
    await expect(onlineState(player)).toHaveAttribute('data-state', 'playing');
  }
  expect(gameId(players.white.url())).toBe(gameId(players.black.url()));
  // The creator had White: Black now, and the friend White.
  await expect(onlineState(players.white)).toHaveAttribute('data-seat', 'black');
  await expect(onlineState(players.black)).toHaveAttribute('data-seat', 'white');
  await moveAt(players.black, 0, 'd2d4');
  await expect(moves(players.white)).toHaveCount(1);
});

test('a game can be called off before it starts', async ({ page, newContext }) => {
  const players = await startGame(page, newContext);
  await players.white.getByTestId('abort').click();
  for (const player of [players.white, players.black]) {
    await expect(onlineState(player)).toHaveAttribute('data-state', 'aborted');
  }
});

test('names are shown as text, never as markup', async ({ page, newContext }) => {
  const name = '<b>x</b>';
  const players = await startGame(page, newContext, { name });
  for (const player of [players.white, players.black]) {
    // The creator's own bar says "<b>x</b> (you)".
    await expect(player.getByText(name).first()).toBeVisible();
    await expect(player.locator('b', { hasText: /^x$/ })).toHaveCount(0);
  }
});

test('the friend joins with the name their browser last used online', async ({ page, newContext }) => {
  const invite = await createGame(page, { name: 'Ada' });
  // The friend gave a name once, for a game of their own that nobody joined.
  const friendContext = await newContext();
  const friend = await friendContext.newPage();
  await createGame(friend, { name: 'Grace' });
  await friend.goto(`${server}/`);
  await friend.getByTestId('play-online').click();
  await expect(friend.getByTestId('online-name')).toHaveValue('Grace');
  await friend.goto(invite);
  await expect(onlineState(friend)).toHaveAttribute('data-state', 'playing');
  const names = (p: Page) => p.locator('.player-name');
  await expect(names(page)).toContainText(['Grace', 'Ada (you)']);
  await expect(names(friend)).toContainText(['Ada', 'Grace (you)']);
});

test('the home page lists the games in progress', async ({ page, newContext }) => {
  const players = await startGame(page, newContext);
  const id = gameId(players.invite) ?? '';
  await playLine(players, ['e2e4']);

  await page.goto(`${server}/`);
  const ongoing = page.getByTestId('ongoing-games');
  await expect(ongoing).toBeVisible();
  const link = ongoing.locator(`a[data-game-id="${id}"]`);
  await expect(link).toHaveCount(1);
  await link.click();
  await expect(page).toHaveURL(players.invite);
  await expect(onlineState(page)).toHaveAttribute('data-seat', 'white');
  await expect(moves(page)).toHaveCount(1);
});

test('a premove is played as soon as the opponent\'s move arrives', async ({
  page,
  newContext,
}) => {
  const players = await startGame(page, newContext);
  await playLine(players, ['e2e4']);

  // White's turn is over: g1→f3 is kept as a premove.
  await square(players.white, 'g1').click();
  await square(players.white, 'f3').click();
  await expect(square(players.white, 'g1')).toHaveAttribute('data-premove');
  await expect(square(players.white, 'f3')).toHaveAttribute('data-premove');
  await expect(moves(players.white)).toHaveCount(1);

  // Black's reply by two clicks: `moveAt` would wait for Black's list to show two
  // moves, and the premove makes it three within the same round trip.
  await expect(moves(players.black)).toHaveCount(1);
  await square(players.black, 'e7').click();
  await square(players.black, 'e5').click();
  await expectSameMoves(3, players.white, players.black);
  expect(await sanList(players.black)).toEqual(['e4', 'e5', 'Nf3']);
  await expect(players.white.locator('[data-premove]')).toHaveCount(0);
});
