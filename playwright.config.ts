// Playwright end-to-end tests against the release build in dist/ (built by
// `cargo xtask test` before this runs), in Debian's Chromium — never a downloaded one.
import { defineConfig } from '@playwright/test';

const port = 4173;
// The game server of the online specs: the app and online play on one origin, with a
// database of this run's own (removed and made anew at each start, never the one of
// `cargo xtask serve`, which uses port 8080 and target/gambit.db).
const gameServerPort = 4180;
const gameDatabase = 'target/e2e/online.db';

export default defineConfig({
  testDir: 'tests/e2e',
  // Two spec files at a time, one per core: many specs mostly wait (a watchdog, a
  // timeout, timers outlived), so two overlap those waits. The tests of one file run in
  // order in one worker; no spec asserts a timing. Specs share only stateless servers,
  // apart from the Stockfish REST fault control: each file that sets faults has a server
  // of its own (below), and the game server, where each test plays games of its own.
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
      // deploy/nginx.conf in Debian's nginx, as the current user (nginx.spec.ts), in
      // front of the game server below.
      command: `deploy/nginx-local.sh dist 4175 ${gameServerPort}`,
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
    {
      // The game server (built by `cargo xtask test` before this runs), serving dist/
      // and online play (online*.spec.ts, nginx.spec.ts): its sockets accept pages of
      // its own origin and of nginx's (4175, in front of it), and since every test
      // creates games from the same address, its limit on games created a minute is
      // raised above what one run creates.
      command:
        `mkdir -p target/e2e && rm -f ${gameDatabase} ${gameDatabase}-wal ${gameDatabase}-shm` +
        ` && exec target/debug/gambit-server --bind 127.0.0.1 --port ${gameServerPort}` +
        ` --dist dist --database sqlite://${gameDatabase}` +
        ` --origin http://127.0.0.1:${gameServerPort} --origin http://127.0.0.1:4175` +
        ' --create-per-minute 200 --create-burst 200',
      url: `http://127.0.0.1:${gameServerPort}/api/health`,
      // Warnings and errors only: a line per request would bury the test report.
      env: { RUST_LOG: 'warn' },
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
