// Gambit's page shell, part 2 of 2: starts the app. `cargo xtask page` copies it into
// the build's directory (`page-<hash>/`, beside the app's bindings and chunks) and
// index.html loads it as a module. The app's WebAssembly download starts once the shell
// is on screen, so the shell's paint does not share the network with it. If the app
// cannot start, the shell says so instead of looking ready. A deep link to a route
// whose page is a chunk (src/chunks.rs) has that chunk's files fetched beside the main
// module, not after it has started, and so has the chunk that reads a stored game when
// there is one.
// SPDX-License-Identifier: GPL-3.0-or-later
import { CHUNK_FILES } from './chunks.js';

/** The routes whose page is a chunk (src/lib.rs), by path or path prefix. */
const ROUTE_CHUNKS = [
  ['/computer', 'computer'],
  ['/analysis', 'analysis'],
  ['/play/', 'online'],
];

/** Where the game pages keep their games (src/game/saved.rs), which the app reads in
 * the `saved_game` chunk (src/game/persistence.rs): `/friend`'s and `/computer`'s, and
 * `/analysis?game=friend` or `?game=computer` opens one of them. */
const GAME_KEYS = { friend: 'gambit.v1.friend', computer: 'gambit.v1.computer' };

/** Whether this route's first view reads a stored game that this browser keeps. */
function readsStoredGame(path) {
  const page = path === '/analysis' ? new URLSearchParams(location.search).get('game') : path.slice(1);
  const key = Object.hasOwn(GAME_KEYS, page) ? GAME_KEYS[page] : undefined;
  if (key === undefined) return false;
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

/** Preloads the files of the route's chunk, and of the `saved_game` chunk when its first
 * view reads a stored game, as the chunk loader will fetch them (a same-origin
 * `fetch`, which a `crossorigin` preload of type fetch matches). */
function preloadChunks() {
  const path = location.pathname.replace(/\/+$/, '') || '/';
  const route = ROUTE_CHUNKS.find(([prefix]) =>
    prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix,
  );
  const chunks = route ? [route[1]] : [];
  if (readsStoredGame(path)) chunks.push('saved_game');
  const files = new Set(chunks.flatMap((chunk) => CHUNK_FILES[chunk] || []));
  for (const file of files) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    link.crossOrigin = 'anonymous';
    link.href = new URL(file, import.meta.url).href;
    document.head.append(link);
  }
}


/** Resolves once the browser has painted content (the shell), or at once when it will
 * not paint soon (a hidden tab), and at the latest after `limitMs`. */
function shellPainted(limitMs) {
  return new Promise((resolve) => {
    if (document.visibilityState !== 'visible' || typeof PerformanceObserver !== 'function') {
      resolve();
      return;
    }
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) {
        observer.disconnect();
        resolve();
      }
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(() => {
      observer.disconnect();
      resolve();
    }, limitMs);
  });
}

await shellPainted(500);
preloadChunks();
try {
  // The bindings and the main module beside this file (the bindings' default), asked
  // for only now: nothing of the app's competes with the shell's paint.
  const { default: init } = await import('./gambit.js');
  await init();
} catch (reason) {
  document.documentElement.setAttribute('data-shell-failed', '');
  reportError(reason);
}
