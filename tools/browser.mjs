// Shared by the measurement and screenshot scripts: serves dist/ (the release build)
// with an SPA fallback and launches Debian's Chromium.
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

/** Runs `work(browser, baseUrl)` with dist/ served on `port`, then cleans up. */
export async function withServedApp(port, work) {
  const server = spawn('node_modules/.bin/sirv', [
    'dist', '--single', '--host', '127.0.0.1', '--port', String(port), '--quiet',
  ]);
  await sleep(800);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    await work(browser, `http://127.0.0.1:${port}`);
  } finally {
    await browser.close();
    server.kill();
  }
}
