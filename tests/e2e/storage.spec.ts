// Nothing is lost in storage: two tabs of the same game follow each other instead of
// overwriting each other's moves, and unreadable data set aside is never destroyed,
// even when storage is full.
import { test, expect } from './fixtures';
import { expectSans, openFriend, playAll, sanList } from './helpers';
import { openComputer, playAndAwaitReply, startGame } from './computer-helpers';

test('a move made in one tab is followed by the other tab', async ({ page, context }) => {
  await openFriend(page);
  const other = await context.newPage();
  await other.goto('/friend');
  await expect(other.getByTestId('board')).toBeVisible();

  await playAll(page, ['e2e4']);
  await expect(other.locator('[data-testid="move-list"] [data-ply]')).toHaveCount(1);
  await expect(other.getByTestId('notice')).toContainText('another tab');

  // The other tab plays on from there, and the first tab follows in turn.
  await playAll(other, ['e7e5']);
  await expect(page.locator('[data-testid="move-list"] [data-ply]')).toHaveCount(2);
  await expectSans(page, ['e4', 'e5']);
  await page.reload();
  await expectSans(page, ['e4', 'e5']);
});

test('unreadable data is kept aside, or left in place when storage is full', async ({ page }) => {
  await page.goto('/');
  // Unreadable data and a full storage: setting it aside cannot work.
  const garbage = '{"version":1,"game":"not a game"';
  await page.evaluate((garbage) => {
    localStorage.clear();
    localStorage.setItem('gambit.v1.friend', garbage);
    // Fill it to the last few bytes: big blocks first, then ever smaller ones.
    let i = 0;
    for (const size of [256 * 1024, 16 * 1024, 1024, 64, 1]) {
      const block = 'x'.repeat(size);
      try {
        for (;;) localStorage.setItem(`filler.${i++}`, block);
      } catch {
        // Full at this size.
      }
    }
  }, garbage);
  await page.goto('/friend');
  await expect(page.getByTestId('notice')).toContainText('could not be kept aside');
  await playAll(page, ['e2e4']);
  expect(await page.evaluate(() => localStorage.getItem('gambit.v1.friend'))).toBe(garbage);

  // With room again, the data is set aside under a key of its own and a game starts.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith('filler.')) localStorage.removeItem(key);
    }
  });
  await page.reload();
  await expect(page.getByTestId('notice')).toContainText('kept aside');
  const kept = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('gambit.v1.friend.unreadable.')),
  );
  expect(kept).toHaveLength(1);
  // Under the time it was set aside, in milliseconds (docs/architecture.md, "Storage").
  expect(kept[0]).toMatch(/^gambit\.v1\.friend\.unreadable\.\d{13}$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), kept[0])).toBe(garbage);
});

test('the sound setting is kept across visits; unreadable preferences give the defaults', async ({ page }) => {
  const toggle = page.getByTestId('sound-toggle');
  await page.goto('/friend');
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('gambit.v1.prefs'))).toBe('{"sound":false}');
  await page.reload();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');

  await page.evaluate(() => localStorage.setItem('gambit.v1.prefs', '{"sound":'));
  await page.reload();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
});

test("a computer game saved before its opponent was kept in its record takes the opponent from the old key", async ({ page }) => {
  await openComputer(page);
  await startGame(page, 2, 'white');
  await playAndAwaitReply(page, 'e2', 'e4');
  const sans = await sanList(page);
  // The record as it was then: no attachment; the opponent under a key of its own.
  await page.evaluate(() => {
    const record = JSON.parse(localStorage.getItem('gambit.v1.computer') ?? '{}');
    localStorage.setItem('gambit.v1.computer.opponent', JSON.stringify(record.attachment));
    delete record.attachment;
    localStorage.setItem('gambit.v1.computer', JSON.stringify(record));
    localStorage.removeItem('gambit.v1.computer.settings');
  });
  await page.reload();
  await expectSans(page, sans);
  await expect(page.getByTestId('engine-status')).toContainText('Level 2');
  await expect(page.getByTestId('computer-dialog')).toHaveCount(0);
  // Moved into the game's record, and the old key emptied.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('gambit.v1.computer.opponent')))
    .toBeNull();
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('gambit.v1.computer') ?? '{}').attachment);
  expect(kept).toMatchObject({ level: 2, human: 'white', engine: 'builtin' });

  // An unreadable old opponent is kept aside, and the page asks for an opponent.
  await page.evaluate(() => {
    const record = JSON.parse(localStorage.getItem('gambit.v1.computer') ?? '{}');
    delete record.attachment;
    localStorage.setItem('gambit.v1.computer', JSON.stringify(record));
    localStorage.setItem('gambit.v1.computer.opponent', '{"level":"two"}');
  });
  await page.reload();
  await expect(page.getByTestId('notice')).toContainText("opponent could not be restored");
  await expect(page.getByTestId('computer-dialog')).toBeVisible();
  const aside = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('gambit.v1.computer.opponent.unreadable.')),
  );
  expect(aside).toHaveLength(1);
});
