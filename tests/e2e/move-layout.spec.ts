// What a move lays out. A move changes the board, the status line, the move list, the
// FEN field and the announcer; each of them is a box Chromium can lay out alone
// (docs/architecture.md, "What a move lays out"), so no move lays out the whole page.
// Chromium's own trace names the root of every layout it does.
import { test, expect } from './fixtures';
import { expectSans, openFriend, playAll } from './helpers';

type TraceEvent = {
  name: string;
  ph: string;
  args?: { endData?: { layoutRoots?: { nodeName: string }[] } };
};

test('a move beside the board lays out the boxes it changes, never the whole page', async ({ page }) => {
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser to trace');
  await openFriend(page);
  // The first move shows the move list and the announcer's first words: the page
  // grows once, as it should.
  await playAll(page, ['e2e4']);
  await expectSans(page, ['e4']);

  await browser.startTracing(page, { categories: ['devtools.timeline'] });
  // No capture (the captured pieces beside the board would appear), no result.
  await playAll(page, ['e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6']);
  await expectSans(page, ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Nf6']);
  await expect(page.getByTestId('fen-text')).toHaveValue(/^r1bqkb1r\/pppp1ppp\/2n2n2\//);
  // A frame after the last change, so that its layout is in the trace.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };

  const roots = trace.traceEvents
    .filter((event) => event.name === 'Layout' && event.ph === 'X')
    .flatMap((event) => event.args?.endData?.layoutRoots ?? [])
    .map((root) => root.nodeName);
  // Five moves were laid out: the board each time.
  expect(roots.filter((name) => name.startsWith("DIV class='board'")).length).toBeGreaterThanOrEqual(5);
  expect(roots.filter((name) => name === '#document')).toEqual([]);
});
