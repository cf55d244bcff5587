// While the built-in engine thinks at level 8 in its Web Worker, records the page's
// long main-thread tasks (PerformanceObserver "longtask", tasks ≥ 50 ms) and reports
// the longest task seen. Release build in dist/. Usage: node tools/measure-longtask.mjs
import { withServedApp } from './browser.mjs';

await withServedApp(4182, async (browser, base) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`${base}/`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${base}/computer`);
  await page.locator('[data-level="8"]').click();
  await page.locator('[data-color="black"]').click();
  await page.locator('[data-engine="builtin"]').click();
  await page.locator('[data-time-control="none"]').click();
  const startedAt = await page.evaluate(() => performance.now());
  await page.getByTestId('start-game').click();

  // Let the engine play 6 moves; the person answers with the first legal move each time,
  // and browses the history while the engine thinks.
  const moves = page.locator('[data-testid="move-list"] [data-ply]');
  let thinkingMs = 0;
  for (let reply = 1; reply <= 6; reply++) {
    const t0 = Date.now();
    await page.locator(`[data-testid="move-list"] [data-ply="${2 * reply - 1}"]`).waitFor({ timeout: 30_000 });
    thinkingMs += Date.now() - t0;
    const squares = page.locator('[data-square]:has([data-piece^="b"])');
    for (let i = 0; i < (await squares.count()); i++) {
      await squares.nth(i).click();
      if (await page.locator('[data-legal]').count()) {
        await page.locator('[data-legal]').first().click();
        break;
      }
    }
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowRight');
  }
  const all = await page.evaluate(() => window.__longTasks);
  const before = all.filter(([start]) => start < startedAt).map(([, d]) => d);
  const tasks = all.filter(([start]) => start >= startedAt).map(([, d]) => d);
  console.log(`long tasks before the game (page load): ${before.length}${before.length ? ', longest ' + Math.max(...before).toFixed(0) + ' ms' : ''}`);
  console.log(`engine moves: ${Math.floor(((await moves.count()) + 1) / 2)}, time waiting for them ${(thinkingMs / 1000).toFixed(1)} s`);
  console.log(`long tasks after the start (ms after start: duration): ${all.filter(([s]) => s >= startedAt).map(([s, d]) => `${(s - startedAt).toFixed(0)}: ${d.toFixed(0)}`).join(", ")}`);
  console.log(`long tasks (≥ 50 ms) while playing level 8: ${tasks.length}; longest: ${tasks.length ? Math.max(...tasks).toFixed(0) + ' ms' : 'none'}`);
});
