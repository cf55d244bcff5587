// deploy/nginx.conf as a host runs it: Debian's nginx serving the release build in dist/
// (started by playwright.config.ts through deploy/nginx-local.sh on port 4175).
import { test, expect } from './fixtures';
import { readFileSync, statSync } from 'node:fs';

// GAMBIT_NGINX_URL: another port, for a run beside another one.
const nginx = process.env.GAMBIT_NGINX_URL ?? 'http://127.0.0.1:4175';
// The build nginx serves (GAMBIT_DIST lets a run test a build made elsewhere).
const dist = process.env.GAMBIT_DIST ?? 'dist';
const yearLong = 'public, max-age=31536000, immutable';
// The online protocol's version, which a page's hello must carry.
const protocol =
  readFileSync('crates/online-protocol/Cargo.toml', 'utf8').match(/^version = "([^"]+)"/m)?.[1] ??
  '';

/** The build's directory (`page-<hash>`), as index.html names it when it loads the
 * start-up script from there; the app's wasm sits beside that script. */
function pageDir(html: string): string {
  const dir = html.match(/src="(page-[0-9a-f]{16})\/boot\.js"/)?.[1];
  expect(dir, 'index.html loads the start-up script').toBeTruthy();
  return dir ?? '';
}

test('a deep link to /computer loads the app', async ({ page }) => {
  const response = await page.goto(`${nginx}/computer`);
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('computer-dialog')).toBeVisible();
  await page.goto(`${nginx}/friend`);
  await expect(page.getByTestId('board')).toBeVisible();
});

test('the wasm comes precompressed and hashed files are cached for a year', async ({ request }) => {
  const html = await (await request.get(`${nginx}/`)).text();
  const wasm = `${pageDir(html)}/gambit_bg.wasm`;
  const response = await request.get(`${nginx}/${wasm}`, {
    headers: { 'Accept-Encoding': 'gzip' },
  });
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers['content-encoding']).toBe('gzip');
  expect(headers['content-type']).toBe('application/wasm');
  // The build's own .gz copy (gzip_static), not one compressed on the fly.
  expect(Number(headers['content-length'])).toBe(statSync(`${dist}/${wasm}.gz`).size);
  expect(headers['cache-control']).toBe(yearLong);

  const css = html.match(/(gambit-[0-9a-f]{8,16}\.css)/)?.[1];
  expect(css, 'index.html names the stylesheet').toBeTruthy();
  expect((await request.get(`${nginx}/${css}`)).headers()['cache-control']).toBe(yearLong);

  // The start-up script and the chunks, in the build's directory.
  for (const file of ['boot.js', 'gambit.js', 'split_analysis.wasm']) {
    const path = `${nginx}/${pageDir(html)}/${file}`;
    expect((await request.get(path)).headers()['cache-control'], file).toBe(yearLong);
  }
});

test('index.html, the service worker and the engine worker are revalidated on each load', async ({
  request,
}) => {
  for (const path of ['/', '/computer', '/index.html', '/sw.js', '/worker.js']) {
    const response = await request.get(`${nginx}${path}`);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['cache-control'], path).toBe('no-cache');
  }
  expect((await request.get(`${nginx}/missing-${Date.now()}.js`)).status()).toBe(404);
  const manifest = await request.get(`${nginx}/public/manifest.webmanifest`);
  expect(manifest.headers()['content-type']).toBe('application/manifest+json');
});

test('the Content-Security-Policy header is the one in index.html', async ({ request }) => {
  const response = await request.get(`${nginx}/friend`);
  const header = response.headers()['content-security-policy'];
  const meta = (await response.text()).match(
    /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/,
  )?.[1];
  expect(header).toBeTruthy();
  expect(header).toBe(meta);
});

test('the game server behind nginx: its routes and a game page\'s WebSocket', async ({
  page,
  request,
}) => {
  const health = await request.get(`${nginx}/api/health`);
  expect(health.status()).toBe(200);
  expect((await health.text()).trim()).toBe('ok');

  const created = await request.post(`${nginx}/api/games`, {
    data: { time_control: { initial_s: 300, increment_s: 3 }, color: 'white', name: null },
  });
  expect(created.status()).toBe(201);
  const { game_id: id } = (await created.json()) as { game_id: string };
  expect(id).toMatch(/^[A-Za-z0-9]+$/);

  // The page, from nginx's origin, keeps a socket open through nginx's upgrade.
  await page.goto(`${nginx}/play/${id}`);
  await expect(page.getByTestId('connection')).toHaveAttribute('data-connected', 'true');

  // And a socket of its own: the server's first answer to a watcher's hello.
  const first = await page.evaluate(async ({ id, protocol }) => {
    const socket = new WebSocket(`ws://${location.host}/api/games/${id}/socket`);
    return new Promise<string>((resolve, reject) => {
      socket.onopen = () =>
        socket.send(JSON.stringify({ t: 'hello', protocol, token: null, since: 0 }));
      socket.onmessage = (message) => {
        resolve(String(message.data));
        socket.close();
      };
      socket.onerror = () => reject(new Error('the WebSocket failed'));
    });
  }, { id, protocol });
  expect(JSON.parse(first)).toMatchObject({ t: 'welcome', seat: 'spectator' });
});
