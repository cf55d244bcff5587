// Shared steps for the game specs: they drive the page only through the test
// attributes of docs/architecture.md.
import { expect, type Page } from '@playwright/test';

/** A fresh /friend page with empty storage (or the storage given). */
/** The page's main WebAssembly module, in the build's directory (`page-<hash>/`,
 * xtask/src/page.rs); not the engine worker's. */
export const APP_WASM = /\/page-[0-9a-f]{16}\/gambit_bg\.wasm$/;
/** A chunk of the page's wasm that a feature loads on first use (src/chunks.rs); the
 * first group is its name (`analysis`, `computer`, `online`). */
export const CHUNK_WASM = /\/page-[0-9a-f]{16}\/split_([a-z_]+)\.wasm$/;

export async function openFriend(page: Page, storage: Record<string, string> = {}) {
  await page.goto('/');
  await page.evaluate((entries) => {
    localStorage.clear();
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storage);
  await page.goto('/friend');
  await expect(page.getByTestId('board')).toBeVisible();
}

/** The analysis board as stored (its storage key's text), `null` when none is. */
export const storedAnalysisBoard = (page: Page) =>
  page.evaluate(() => localStorage.getItem('gambit.v1.analysis'));

export const square = (page: Page, name: string) => page.locator(`[data-square="${name}"]`);

/** Plays `from`→`to` by two clicks and waits for the move to appear in the list. */
export async function play(page: Page, from: string, to: string) {
  const before = await page.locator('[data-testid="move-list"] [data-ply]').count();
  await square(page, from).click();
  await square(page, to).click();
  await expect(page.locator('[data-testid="move-list"] [data-ply]')).toHaveCount(before + 1);
}

/** Plays a list of moves written as "e2e4" (promotion letter allowed: "e7e8q"). */
export async function playAll(page: Page, moves: string[]) {
  for (const move of moves) {
    const from = move.slice(0, 2);
    const to = move.slice(2, 4);
    const promotion = move.slice(4);
    if (promotion) {
      await square(page, from).click();
      await square(page, to).click();
      await page.locator(`[data-promote="${promotion}"]`).click();
    } else {
      await play(page, from, to);
    }
  }
}

/** The SAN list of the game, in order. */
export async function sanList(page: Page): Promise<string[]> {
  return page.locator('[data-testid="move-list"] [data-ply]').allTextContents();
}

/**
 * Awaits the move list showing exactly `sans`, in order (it retries: after a load or a
 * reload the list appears once the app has started).
 */
export async function expectSans(page: Page, sans: string[]) {
  const moves = page.locator('[data-testid="move-list"] [data-ply]');
  // The app's board (the page shell has none): the game is restored by then. An empty
  // move list is not displayed, so it cannot be awaited itself.
  await expect(page.getByTestId('board')).toBeVisible();
  if (sans.length === 0) {
    await expect(moves).toHaveCount(0);
  } else {
    await expect(moves).toHaveText(sans);
  }
}

/** Resolves once the browser has drawn `count` more frames. */
export async function framesDrawn(page: Page, count: number) {
  await page.evaluate(async (count) => {
    for (let frame = 0; frame < count; frame++) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  }, count);
}

/** Starts a game from `fen` through the "set up from FEN" tool. */
export async function setupFen(page: Page, fen: string) {
  await page.getByTestId('setup-fen').click();
  await page.getByTestId('fen-input').fill(fen);
  await page.getByTestId('fen-submit').click();
  await expect(page.getByTestId('fen-text')).toHaveValue(fen);
}

export async function expectStatus(page: Page, result: string, text: RegExp | string) {
  const status = page.getByTestId('game-status');
  await expect(status).toHaveAttribute('data-result', result);
  await expect(status).toHaveText(text);
}

export const piece = (page: Page, name: string) =>
  square(page, name).locator('[data-piece]');

/** From the next load on, records on `<html data-at-shell-gone>` what the element
 * `selector` holds in `attribute` at the moment the page shell (index.html's `#shell`)
 * is removed (`none` when it has no such attribute or is not there). */
export async function recordAtShellGone(page: Page, selector: string, attribute: string) {
  await page.addInitScript(
    ({ selector, attribute }) => {
      const observer = new MutationObserver(() => {
        if (document.getElementById('shell')) return;
        const element = document.querySelector(selector);
        document.documentElement.dataset.atShellGone = element?.getAttribute(attribute) ?? 'none';
        observer.disconnect();
      });
      document.addEventListener('DOMContentLoaded', () =>
        observer.observe(document.body, { childList: true, subtree: true }),
      );
    },
    { selector, attribute },
  );
}
