// The page shell of index.html (issue #54, "first paint without waiting for wasm"): the
// nav bar and the route's frame are painted before the app's WebAssembly arrives, the
// app's download waits for that paint (shell/boot.js), and the app takes the shell's
// place in one step: the same boxes, no layout shift, one nav and one main; the shell's
// board is the page's largest contentful paint. The app's
// wasm is held back with page.route to look at the page in between.
import { test, expect } from './fixtures';
import type { Page, Route } from '@playwright/test';
import { APP_WASM, CHUNK_WASM, expectSans, framesDrawn, play } from './helpers';

/** A viewport of a phone (Lighthouse's mobile one) and of a laptop. */
const VIEWPORTS = [
  { name: 'phone', width: 412, height: 823 },
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone on its side', width: 740, height: 360 },
];

/** Holds the app's wasm request until `release()`; `requested` resolves when it comes. */
async function holdAppWasm(page: Page) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested: (at: number) => void = () => {};
  const requestedAt = new Promise<number>((resolve) => (requested = resolve));
  await page.route(APP_WASM, async (route: Route) => {
    requested(Date.now());
    await released;
    await route.continue();
  });
  return { requestedAt, release };
}

/** The box of the first element `selector` matches, rounded to a tenth of a pixel. */
async function box(page: Page, selector: string) {
  const found = await page.locator(selector).first().boundingBox();
  expect(found, `${selector} has a box`).not.toBeNull();
  const round = (value: number) => Math.round(value * 10) / 10;
  return found && { x: round(found.x), y: round(found.y), width: round(found.width), height: round(found.height) };
}

/** Sums the page's layout shifts from its first moment on (read by `layoutShift`). */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const page = window as unknown as { layoutShift: number };
    page.layoutShift = 0;
    new PerformanceObserver((entries) => {
      for (const shift of entries.getEntries() as (PerformanceEntry & { value: number })[]) {
        page.layoutShift += shift.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Records the page's largest-contentful-paint candidates from its first moment on, each
 * as "shell" or "app" and the element's tag and classes (read by `largestPaint`). */
async function watchLargestPaints(page: Page) {
  await page.addInitScript(() => {
    const page = window as unknown as { largestPaints: string[] };
    page.largestPaints = [];
    new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
        const element = entry.element;
        const place = element?.closest('#shell') ? 'shell' : 'app';
        page.largestPaints.push(`${place} ${element?.tagName.toLowerCase()}.${element?.className}`);
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/** The page's largest contentful paint so far. */
function largestPaint(page: Page) {
  return page.evaluate(() => (window as unknown as { largestPaints: string[] }).largestPaints.at(-1));
}

/** The page's layout shifts so far, summed (the CLS of this load). */
function layoutShift(page: Page) {
  return page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
}

for (const viewport of VIEWPORTS) {
  test.describe(`on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const route of ['/friend', '/computer', '/analysis']) {
      test(`${route}: the board's frame is painted before the wasm arrives, and the app's board takes its box`, async ({
        page,
      }) => {
        await watchLayoutShifts(page);
        await watchLargestPaints(page);
        const wasm = await holdAppWasm(page);
        await page.goto(route, { waitUntil: 'domcontentloaded' });
        await wasm.requestedAt;

        // The shell is on screen, painted, and the app is not there yet.
        const shellBoard = page.locator('#shell .board');
        await expect(shellBoard).toBeVisible();
        const painted = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length);
        expect(painted, 'a contentful paint before the wasm is fetched').toBe(1);
        await expect(page.getByTestId('board')).toHaveCount(0);
        // Hidden from assistive technology: no second nav or main, not even for a moment.
        await expect(page.getByRole('navigation')).toHaveCount(0);
        await expect(page.getByRole('main')).toHaveCount(0);
        const shellBoardBox = await box(page, '#shell .board');
        const shellPanelBox = await box(page, '#shell .side-panel');
        const shellNavBox = await box(page, '#shell .nav');
        // A square board of a real size (200px on a phone on its side, the smallest here).
        expect(shellBoardBox?.width).toBeGreaterThanOrEqual(200);
        expect(shellBoardBox?.height).toBe(shellBoardBox?.width);
        // A first visit: the start position, where the app will draw it.
        await expect(page.locator('#shell .piece:visible')).toHaveCount(32);
        const shellKingBox = await box(page, '#shell .piece[data-piece="wK"]');
        // The board (its squares an image) is the page's largest contentful paint, so that
        // paint does not wait for the wasm.
        await expect.poll(() => largestPaint(page)).toBe('shell div.board shell-board');

        wasm.release();
        await expect(page.getByTestId('board')).toBeVisible();
        await expect(page.locator('#shell')).toHaveCount(0);
        await expect(page.getByRole('navigation')).toHaveCount(1);
        await expect(page.getByRole('main')).toHaveCount(1);
        expect(await box(page, '[data-testid="board"]')).toEqual(shellBoardBox);
        expect(await box(page, '[data-square="e1"] .piece')).toEqual(shellKingBox);
        expect(await box(page, 'nav.nav')).toEqual(shellNavBox);
        const panel = await box(page, '.side-panel');
        expect({ x: panel?.x, y: panel?.y, width: panel?.width }).toEqual({
          x: shellPanelBox?.x,
          y: shellPanelBox?.y,
          width: shellPanelBox?.width,
        });
        if (route === '/analysis') {
          // The engine's lines arrive into room kept for them.
          await expect(page.getByTestId('engine-lines').locator('li')).toHaveCount(3);
        }
        expect(await layoutShift(page)).toBe(0);
        // Nothing the app draws is larger: the largest paint stays the shell's.
        await framesDrawn(page, 3);
        expect(await largestPaint(page)).toBe('shell div.board shell-board');
      });
    }

    test('/: the home page is painted before the wasm arrives, where the app draws it', async ({ page }) => {
      await watchLayoutShifts(page);
      const wasm = await holdAppWasm(page);
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      await wasm.requestedAt;

      await expect(page.locator('#shell h1')).toHaveText('Gambit');
      await expect(page.locator('#shell .choice').first()).toBeVisible();
      await expect(page.getByRole('heading')).toHaveCount(0);
      const shellHeading = await box(page, '#shell h1');
      const shellChoices = await box(page, '#shell .home-choices');
      const shellBrand = await box(page, '#shell .nav-brand');

      wasm.release();
      await expect(page.getByTestId('home')).toBeVisible();
      await expect(page.locator('#shell')).toHaveCount(0);
      await expect(page.getByRole('navigation')).toHaveCount(1);
      await expect(page.getByRole('main')).toHaveCount(1);
      expect(await box(page, '[data-testid="home"] h1')).toEqual(shellHeading);
      expect(await box(page, '.home-choices')).toEqual(shellChoices);
      expect(await box(page, '[data-testid="nav-home"]')).toEqual(shellBrand);
      expect(await layoutShift(page)).toBe(0);
    });
  });
}

test('/friend with a saved game: the shell draws no pieces, which only the app knows', async ({ page }) => {
  await page.goto('/friend');
  await play(page, 'e2', 'e4');
  await expectSans(page, ['e4']);
  const wasm = await holdAppWasm(page);
  await page.reload({ waitUntil: 'domcontentloaded' });
  await wasm.requestedAt;
  await expect(page.locator('#shell .board')).toBeVisible();
  await expect(page.locator('#shell .piece:visible')).toHaveCount(0);
  wasm.release();
  await expectSans(page, ['e4']);
});

/** What one animation frame of the start showed: the shell, and whether the app's board
 * and side panel were in (hidden while the shell stands in for them). */
type StartFrame = { shell: boolean; board: boolean; panel: boolean };

/** Records every animation frame from the first with the shell (before it, the page may
 * not be parsed yet) until the first without it (read by `startFrames`). */
async function watchStartFrames(page: Page) {
  await page.addInitScript(() => {
    const page = window as unknown as { startFrames: StartFrame[] };
    page.startFrames = [];
    let shellSeen = false;
    const record = () => {
      const shell = document.getElementById('shell') !== null;
      shellSeen ||= shell;
      const app = document.querySelector('body > main.page');
      if (shellSeen) {
        page.startFrames.push({
          shell,
          board: app?.querySelector('[data-testid="board"]') != null,
          panel: app?.querySelector('.side-panel .move-list') != null,
        });
      }
      if (shell || !shellSeen) requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
  });
}

/** The frames of the start so far. */
function startFrames(page: Page) {
  return page.evaluate(() => (window as unknown as { startFrames: StartFrame[] }).startFrames);
}

test.describe('the start in pieces (src/ui/start.rs)', () => {
  test('/friend: the shell goes in the frame the board and the side panel are in, not before', async ({ page }) => {
    await watchStartFrames(page);
    await page.goto('/friend');
    await expect(page.locator('#shell')).toHaveCount(0);
    await expect(page.getByTestId('board')).toBeVisible();
    const frames = await startFrames(page);
    expect(frames.length, 'frames with the shell, then one without').toBeGreaterThan(1);
    expect(frames.filter((frame) => !frame.shell)).toEqual([{ shell: false, board: true, panel: true }]);
  });

  test("/computer: the shell stays until the route's chunk is in and its page is whole", async ({ page }) => {
    await watchStartFrames(page);
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(CHUNK_WASM, async (route: Route) => {
      await released;
      await route.continue();
    });
    await page.goto('/computer');
    // The app has started (its nav bar is in, hidden), its page's chunk held back.
    await page.waitForFunction(() => [...document.querySelectorAll('nav')].some((nav) => !nav.closest('#shell')));
    await framesDrawn(page, 3);
    expect(await page.locator('#shell').count()).toBe(1);
    release();
    await expect(page.getByTestId('computer-dialog')).toBeVisible();
    await expect(page.locator('#shell')).toHaveCount(0);
    const frames = await startFrames(page);
    expect(frames.filter((frame) => frame.shell).length).toBeGreaterThan(3);
    expect(frames.filter((frame) => !frame.shell)).toEqual([{ shell: false, board: true, panel: true }]);
  });
});

test.describe('when the app cannot start', () => {
  // The broken download is provoked here: the browser's and the loader's reports of it
  // are expected.
  test.use({
    allowedConsoleErrors: [/Failed to load resource/],
    allowedPageErrors: [/failed to fetch Wasm: 404/],
  });

  test('the shell says so instead of looking ready', async ({ page }) => {
    await page.route(APP_WASM, (route) => route.fulfill({ status: 404, body: 'not found' }));
    await page.goto('/friend');
    await expect(page.getByRole('alert')).toHaveText(/Gambit could not start/);
    await expect(page.getByRole('alert')).toBeVisible();
  });
});
