// Gambit's page shell, part 2 of 2: Trunk's initializer of the app (index.html,
// `data-initializer`). Trunk's loader imports this module before it fetches the app's
// WebAssembly, and a module's top-level await holds its importers: so the download
// starts once the shell is on screen, and the shell's paint does not share the network
// with it. If the app cannot start, the shell says so instead of looking ready.
// SPDX-License-Identifier: GPL-3.0-or-later

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

/** The hooks Trunk's loader calls; only a failure needs one. */
export default function start() {
  return {
    onFailure(reason) {
      document.documentElement.setAttribute('data-shell-failed', '');
      reportError(reason);
    },
  };
}
