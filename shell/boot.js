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

/** The routes whose page is a chunk (src/lib.rs), by path or path prefix, with the
 * chunks their first view shows (the analysis board starts its engine, and so fetches
 * the engine's client, once its first view is in: src/analysis_board/live_engine.rs). */
const ROUTE_CHUNKS = [
  ['/computer', ['computer']],
  ['/analysis', ['analysis']],
  ['/play/', ['online']],
];

/** What the game pages keep that the app reads in the `saved_game` chunk
 * (src/game/persistence.rs): `/friend`'s game, `/computer`'s game and the settings of its
 * dialog (src/game/saved.rs, src/opponent/settings.rs); `/analysis?game=friend` or
 * `?game=computer` opens one of the games. */
const STORED_KEYS = {
  friend: ['gambit.v1.friend'],
  computer: ['gambit.v1.computer', 'gambit.v1.computer.settings'],
};

/** What the analysis board keeps, and the reviews of games, which the app reads in the
 * `saved_analysis` chunk (src/analysis_board/persistence.rs, src/review/shelf.rs). */
const ANALYSIS_KEYS = ['gambit.v1.analysis', 'gambit.v1.analyses'];

/** The reviews of games: with some stored, the analysis board's first view shows its
 * line's review, in the `review` chunk (src/analysis_board/line_review.rs). */
const REVIEWS_KEY = 'gambit.v1.analyses';

/** Whether any of `keys` holds something in this browser. */
function stored(keys) {
  try {
    return keys.some((key) => localStorage.getItem(key) !== null);
  } catch {
    return false;
  }
}

/** The chunks that read what this route's first view shows of the data this browser
 * keeps: a game page's game (and the computer dialog's settings), the analysis board
 * and its reviews (with the review's own chunk), and the game the analysis board is
 * asked to open (`?game=`). */
function storedDataChunks(path) {
  if (path === '/analysis') {
    const page = new URLSearchParams(location.search).get('game');
    const game = Object.hasOwn(STORED_KEYS, page) && stored(STORED_KEYS[page].slice(0, 1));
    return [
      ...(stored(ANALYSIS_KEYS) ? ['saved_analysis'] : []),
      ...(stored([REVIEWS_KEY]) ? ['review'] : []),
      ...(game ? ['saved_game'] : []),
    ];
  }
  const page = path.slice(1);
  return Object.hasOwn(STORED_KEYS, page) && stored(STORED_KEYS[page]) ? ['saved_game'] : [];
}

/** How many files `preloadFiles` asks for in one task: each request started costs the
 * main thread about half a millisecond, and a route's chunks are some forty files. */
const PRELOADS_PER_TASK = 8;

/** Whether the app has started: it then fetches what it needs itself, and a preload
 * asked for after its own fetch would fetch the file a second time. */
let appStarted = false;

/** Preloads `files` (beside this one) as the app will fetch them (a same-origin
 * `fetch`, which a `crossorigin` preload of type fetch matches), `PRELOADS_PER_TASK` in
 * each task, so that asking for them is no long task; those not asked for by the time
 * the app starts (on a visit served from the caches) are left to the app. */
function preloadFiles(files) {
  if (appStarted) {
    return;
  }
  for (const file of files.slice(0, PRELOADS_PER_TASK)) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    link.crossOrigin = 'anonymous';
    link.href = new URL(file, import.meta.url).href;
    document.head.append(link);
  }
  if (files.length > PRELOADS_PER_TASK) {
    setTimeout(() => preloadFiles(files.slice(PRELOADS_PER_TASK)), 0);
  }
}

/** The files of the route's chunks, and of the chunks that read stored data when its
 * first view shows some. */
function routeChunkFiles() {
  const path = location.pathname.replace(/\/+$/, '') || '/';
  const route = ROUTE_CHUNKS.find(([prefix]) =>
    prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix,
  );
  const chunks = route ? [...route[1]] : [];
  chunks.push(...storedDataChunks(path));
  return [...new Set(chunks.flatMap((chunk) => CHUNK_FILES[chunk] || []))];
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
// The bindings and the main module beside this file (the bindings' default), asked for
// only now: nothing of the app's competes with the shell's paint. The main module first,
// then the route's chunks.
const bindings = import('./gambit.js');
preloadFiles(['gambit_bg.wasm', ...routeChunkFiles()]);
try {
  const { default: init } = await bindings;
  await init();
  appStarted = true;
} catch (reason) {
  document.documentElement.setAttribute('data-shell-failed', '');
  reportError(reason);
}
