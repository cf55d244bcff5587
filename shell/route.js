// Gambit's page shell, part 1 of 2 (index.html loads it before the shell's markup):
// names the route on <html> (data-shell-route) so that style/gambit.css shows the
// shell that looks like the page the app is about to draw: the home page's heading and
// choices on /, an empty board and the side panel's frame on /friend, /computer and
// /analysis, only the nav bar elsewhere. A file of its own, not an inline script: the
// Content-Security-Policy allows no inline script.
// SPDX-License-Identifier: GPL-3.0-or-later
(function markShellRoute() {
  var path = location.pathname.replace(/\/+$/, '') || '/';
  var routes = { '/': 'home', '/friend': 'friend', '/computer': 'computer', '/analysis': 'analysis' };
  document.documentElement.setAttribute('data-shell-route', routes[path] || 'other');
})();
