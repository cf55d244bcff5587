// Gambit's page shell, part 1 of 2 (index.html loads it before the shell's markup):
// names the route on <html> (data-shell-route) so that style/gambit.css shows the
// shell that looks like the page the app is about to draw: the home page's heading and
// choices on /, the board and the side panel's frame on /friend, /computer and
// /analysis, only the nav bar elsewhere. The shell's board shows the start position,
// which is what a first visit gets; when the route has a saved game or board, which
// only the app can draw, data-shell-saved hides those pieces. A file of its own, not
// an inline script: the Content-Security-Policy allows no inline script.
// SPDX-License-Identifier: GPL-3.0-or-later
(function markShellRoute() {
  var root = document.documentElement;
  var path = location.pathname.replace(/\/+$/, '') || '/';
  var routes = { '/': 'home', '/friend': 'friend', '/computer': 'computer', '/analysis': 'analysis' };
  var route = routes[path] || 'other';
  root.setAttribute('data-shell-route', route);
  // The storage keys of docs/architecture.md.
  var savedKeys = { friend: 'gambit.v1.friend', computer: 'gambit.v1.computer', analysis: 'gambit.v1.analysis' };
  var saved = true;
  try {
    saved = !savedKeys[route] || window.localStorage.getItem(savedKeys[route]) !== null;
  } catch (unreadable) {
    // Storage refused: the app will say so; the shell does not guess the position.
  }
  if (saved) {
    root.setAttribute('data-shell-saved', '');
  }
})();
