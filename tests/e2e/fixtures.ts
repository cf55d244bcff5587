// The page-health fixture every spec uses: `test` and `expect` from here instead of
// '@playwright/test'. Any uncaught page error (a wasm panic or trap included) and any
// console error, in any page or worker of the test's context, fails the test at
// teardown, with the messages. A spec that expects a particular console error declares
// it: `test.use({ allowedConsoleErrors: [/pattern/] })`, and one that provokes a page
// error on purpose (the panic banner's spec) declares that with `allowedPageErrors`.
// A spec that needs more browsers than the test's own context (two players and a
// spectator of an online game) takes them from `newContext()`: they are watched the
// same way and closed at the end of the test.
import {
  test as base,
  expect,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
} from '@playwright/test';

type HealthOptions = {
  /** Console errors this spec expects (matched against the message text). */
  allowedConsoleErrors: RegExp[];
  /** Uncaught page errors this spec provokes on purpose. */
  allowedPageErrors: RegExp[];
};

type HealthFixtures = {
  /** What the page reported so far (read by specs that want to assert on it). */
  pageHealth: { errors: string[]; watch: (context: BrowserContext) => void };
  /**
   * Another browser context (`browser.newContext()`, with the project's options), its
   * pages watched like the test's own; closed when the test ends.
   */
  newContext: () => Promise<BrowserContext>;
};

export const test = base.extend<HealthOptions & HealthFixtures>({
  allowedConsoleErrors: [[], { option: true }],
  allowedPageErrors: [[], { option: true }],
  pageHealth: [
    async ({ context, allowedConsoleErrors, allowedPageErrors }, use) => {
      const errors: string[] = [];
      const watchPage = (page: Page) => {
        page.on('pageerror', (error) => {
          if (allowedPageErrors.some((pattern) => pattern.test(error.message))) return;
          errors.push(`pageerror: ${error.message}`);
        });
        page.on('console', (message: ConsoleMessage) => {
          if (message.type() !== 'error') return;
          const text = message.text();
          if (allowedConsoleErrors.some((pattern) => pattern.test(text))) return;
          const where = message.location().url;
          errors.push(`console.error: ${text}${where ? ` (${where})` : ''}`);
        });
        page.on('worker', (worker) => {
          worker.on('console', (message) => {
            if (message.type() !== 'error') return;
            const text = message.text();
            if (allowedConsoleErrors.some((pattern) => pattern.test(text))) return;
            errors.push(`worker console.error: ${text}`);
          });
        });
      };
      const watch = (watched: BrowserContext) => {
        watched.pages().forEach(watchPage);
        watched.on('page', watchPage);
      };
      watch(context);
      const health = { errors, watch };
      await use(health);
      expect(errors, 'the page reported errors').toEqual([]);
    },
    { auto: true },
  ],
  newContext: async ({ browser, pageHealth }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext();
      pageHealth.watch(context);
      contexts.push(context);
      return context;
    });
    // Before pageHealth checks the errors: a page closing now reports nothing new.
    await Promise.all(contexts.map((context) => context.close()));
  },
});

export { expect };
