// Measures the board on /friend over 50 moves (release build in dist/):
//  - the time from the click on a target square to the next painted frame
//    (pointer events dispatched in the page; "painted" = after the next animation frame),
//    and the part of it that is the app's own work (until the next task runs);
//  - how many squares had their piece re-rendered (child nodes replaced) per move, and
//    how many squares changed any attribute (highlights).
// Usage: node tools/measure-board.mjs
import { readFileSync } from 'node:fs';
import { withServedApp } from './browser.mjs';

const moves = readFileSync(new URL('./moves50.txt', import.meta.url), 'utf8').trim().split(/\s+/);
await withServedApp(4181, async (browser, base) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${base}/`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${base}/friend`);
  await page.locator('[data-testid=board]').waitFor();

  const results = await page.evaluate(async (moves) => {
    const board = document.querySelector('[data-testid=board]');
    const press = (name) => {
      const square = document.querySelector(`[data-square="${name}"]`);
      const box = square.getBoundingClientRect();
      const init = { bubbles: true, button: 0, isPrimary: true, pointerId: 1, pointerType: 'mouse',
        clientX: box.x + box.width / 2, clientY: box.y + box.height / 2 };
      square.dispatchEvent(new PointerEvent('pointerdown', init));
      square.dispatchEvent(new PointerEvent('pointerup', init));
    };
    const painted = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const out = [];
    for (const move of moves) {
      press(move.slice(0, 2));
      await painted();
      const pieceSquares = new Set();
      const attributeSquares = new Set();
      const observer = new MutationObserver((records) => {
        for (const record of records) {
          const square = (record.target.closest ? record.target : record.target.parentElement)?.closest('[data-square]');
          if (!square) continue;
          if (record.type === 'childList' && (record.target === square || record.target.classList?.contains('piece'))) {
            pieceSquares.add(square.dataset.square);
          } else if (record.type === 'attributes' && record.target === square) {
            attributeSquares.add(square.dataset.square);
          }
        }
      });
      observer.observe(board, { subtree: true, childList: true, attributes: true });
      const start = performance.now();
      press(move.slice(2, 4));
      // The app's own work: the click handler and every reactive update it queued
      // (microtasks) are done when the next task runs.
      await new Promise((resolve) => setTimeout(resolve, 0));
      const work = performance.now() - start;
      await painted();
      const elapsed = performance.now() - start;
      await new Promise((resolve) => setTimeout(resolve, 20));
      observer.disconnect();
      out.push({ move, elapsed, work, pieces: pieceSquares.size, attributes: attributeSquares.size });
    }
    return out;
  }, moves);

  const plies = await page.locator('[data-testid=move-list] [data-ply]').count();
  const times = results.map((r) => r.elapsed).sort((a, b) => a - b);
  const median = (xs) => xs[Math.floor(xs.length / 2)];
  const works = results.map((r) => r.work).sort((a, b) => a - b);
  const pieces = results.map((r) => r.pieces).sort((a, b) => a - b);
  const attributes = results.map((r) => r.attributes).sort((a, b) => a - b);
  console.log(`moves played: ${plies} of ${moves.length}`);
  console.log(`click → painted frame: median ${median(times).toFixed(1)} ms, p90 ${times[Math.floor(times.length * 0.9)].toFixed(1)} ms, max ${times.at(-1).toFixed(1)} ms`);
  console.log(`click → app work done (next task): median ${median(works).toFixed(1)} ms, p90 ${works[Math.floor(works.length * 0.9)].toFixed(1)} ms, max ${works.at(-1).toFixed(1)} ms`);
  console.log(`squares whose piece was re-rendered per move: median ${median(pieces)}, min ${pieces[0]}, max ${pieces.at(-1)}`);
  console.log(`squares with any attribute change per move (highlights): median ${median(attributes)}, max ${attributes.at(-1)}`);
});
