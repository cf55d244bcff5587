// Playwright end-to-end tests against the release build in dist/ (built by
// `cargo xtask test` before this runs), in Debian's Chromium — never a downloaded one.
import { defineConfig } from '@playwright/test';

const port = 4173;

export default defineConfig({
  testDir: 'tests/e2e',
  // Two spec files at a time, one per core: many specs mostly wait (a watchdog, a
  // timeout, timers outlived), so two overlap those waits. The tests of one file run in
  // order in one worker; no spec asserts a timing. Specs share only stateless servers,
  // apart from the Stockfish REST fault control: each file that sets faults has a server
  // of its own (below).
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    // The release build registers a service worker; only offline.spec.ts, which is
    // about it, lets it run, so that every other spec sees the network and its routes.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      // deploy/nginx.conf in Debian's nginx, as the current user (nginx.spec.ts).
      command: 'deploy/nginx-local.sh dist 4175',
      url: 'http://127.0.0.1:4175/',
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // A static server with an SPA fallback (unknown paths get index.html).
      command: `sirv dist --single --host 127.0.0.1 --port ${port} --quiet`,
      url: `http://127.0.0.1:${port}/`,
      // Always a fresh server: sirv indexes dist/ at start and would miss a new build.
      reuseExistingServer: false,
      timeout: 30_000,
    },
    // Our Stockfish REST server (built by `cargo xtask test` before this runs): 8091 as
    // a user runs it; 8092 (stockfish-rest.spec.ts) and 8093 (lifetimes.spec.ts) with
    // test-only fault control, one per spec file, since a fault holds for every request
    // to its server. The slow fault outlasts the app's 10 s timeout.
    ...[
      ['8091', ''],
      ['8092', ' --allow-fault-control --fault-delay-ms 12000'],
      ['8093', ' --allow-fault-control --fault-delay-ms 12000'],
    ].map(([port, faults]) => ({
      command: `target/debug/stockfish-rest --port ${port} --pool 2${faults}`,
      url: `http://127.0.0.1:${port}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    })),
  ],
});
