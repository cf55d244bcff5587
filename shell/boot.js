// Gambit's page shell, part 2 of 2: starts the app. `cargo xtask page` copies it into
// the build's directory (`page-<hash>/`, beside the app's bindings and chunks) and
// index.html loads it as a module. The app's WebAssembly download starts once the shell
// is on screen, so the shell's paint does not share the network with it. If the app
// cannot start, the shell says so instead of looking ready.
// SPDX-License-Identifier: GPL-3.0-or-later
import init from './gambit.js';

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
try {
  // The main module, beside this file (the bindings' default).
  await init();
} catch (reason) {
  document.documentElement.setAttribute('data-shell-failed', '');
  reportError(reason);
}
