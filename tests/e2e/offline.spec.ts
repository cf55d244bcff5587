// The release build's service worker (sw.js, xtask/src/finish-build.mjs): after one
// visit the app works offline on every route, and a new build served over the old one
// is offered as "a new version is ready", then taken by the reload. The page's chunks
// are precached too: `/computer`'s, and the engine's client it needs for the computer's
// first move, are first fetched here offline.
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sirv from 'sirv';
import { play } from './helpers';
import { moves, playAnyMove, startGame } from './computer-helpers';

/** The release build (GAMBIT_DIST: one made elsewhere). */
const build = process.env.GAMBIT_DIST ?? 'dist';

// The other specs block service workers (playwright.config.ts); these are about them.
test.use({ serviceWorkers: 'allow' });

/** Waits until the service worker has precached the build and controls the page. */
async function waitUntilControlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

test('after one visit the app works offline: the board, a friend game, the built-in engine', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  // A server of this test's own, stopped once the app is installed: nothing can come
  // from the network after that, whatever the browser's offline emulation covers.
  const { server, base } = await serveLive(build);
  await page.goto(`${base}/friend`);
  await waitUntilControlled(page);
  await context.setOffline(true);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));

  await page.reload();
  await expect(page.getByTestId('board')).toBeVisible();
  await play(page, 'e2', 'e4');
  await play(page, 'e7', 'e5');

  await page.goto(`${base}/`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${base}/computer`);
  await expect(page.getByTestId('computer-dialog')).toBeVisible();
  await startGame(page, 1, 'black');
  await expect(moves(page)).toHaveCount(1, { timeout: 30_000 });
  await playAnyMove(page);
  await expect(moves(page)).toHaveCount(3, { timeout: 30_000 });
  await expect(page.getByTestId('engine-error')).toHaveCount(0);
});

/** Serves `dir` as it is at each request (a deployment can change it underneath). */
async function serveLive(dir: string): Promise<{ server: Server; base: string }> {
  const server = createServer(sirv(dir, { dev: true, single: true }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, base: `http://127.0.0.1:${port}` };
}

test('a new build served over the old one is offered, and the reload brings it to every tab', async ({
  page,
  context,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'gambit-deploy-'));
  cpSync(build, dir, { recursive: true });
  const { server, base } = await serveLive(dir);
  try {
    await page.goto(`${base}/friend`);
    await waitUntilControlled(page);
    await page.reload();
    await expect(page.getByTestId('board')).toBeVisible();
    await expect(page.getByTestId('update-ready')).toHaveCount(0);
    // A second tab of the old build, which must not go on with the new one's files.
    const other = await context.newPage();
    await other.goto(`${base}/computer`);
    await expect(other.getByTestId('computer-dialog')).toBeVisible();

    // The next build: another index.html, and the service worker that lists its revision.
    const index = join(dir, 'index.html');
    writeFileSync(
      index,
      readFileSync(index, 'utf8').replace('</head>', '<meta name="gambit-build" content="next"></head>'),
    );
    const sw = join(dir, 'sw.js');
    const old = readFileSync(sw, 'utf8');
    const next = old.replace(/(url:"index\.html",revision:")[0-9a-f]+"/, `$1${'0'.repeat(32)}"`);
    expect(next, 'sw.js lists index.html with a revision').not.toBe(old);
    writeFileSync(sw, next);

    await page.reload();
    await expect(page.getByTestId('update-ready')).toBeVisible();
    await expect(page.getByTestId('update-ready')).toContainText('A new version');
    // Until the player reloads, the page stays the old build.
    await expect(page.locator('meta[name="gambit-build"]')).toHaveCount(0);

    await page.getByTestId('update-reload').click();
    await expect(page.locator('meta[name="gambit-build"]')).toHaveCount(1);
    await expect(page.getByTestId('board')).toBeVisible();
    await expect(page.getByTestId('update-ready')).toHaveCount(0);
    // The other tab reloaded into the new build too.
    await expect(other.locator('meta[name="gambit-build"]')).toHaveCount(1);
    await expect(other.getByTestId('computer-dialog')).toBeVisible();
  } finally {
    await page.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the app is installable: Chromium accepts its manifest, icons and service worker', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await waitUntilControlled(page);
  const cdp = await context.newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.errors).toEqual([]);
  expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({
    short_name: 'Gambit',
    display: 'standalone',
    start_url: '/',
  });
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // Playwright's contexts are incognito ones, where Chromium installs nothing; any
  // other objection (manifest, icons, service worker, offline page) would be listed.
  const objections = installabilityErrors.map((error) => error.errorId);
  expect(objections).toContain('in-incognito');
  expect(objections.filter((id) => id !== 'in-incognito')).toEqual([]);
});
