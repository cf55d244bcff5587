// How much of a move's main-thread time is the app's own work, and how much the page's
// DOM changes cost by themselves. Plays the first 40 moves of tools/moves50.txt on
// /friend by trusted clicks (click the piece, click the target), recording after every
// click what changed in the page (`<main>`'s elements, attributes, texts, the FEN
// field's value and the move list's scroll), the slides started and the storage written. Then, in rounds, plays the
// same 40 moves on the app and on a replay: the same page, as the app drew it, without
// the app's scripts, where every click makes exactly the recorded changes (attribute by
// attribute, text by text), starts the same slides and writes the same storage. Prints
// per round the mean main-thread time a move (Chrome's `TaskDuration`) of each, over all
// 40 moves and over moves 3–40, and the medians of the ratio app / replay.
// The same viewport and flags as tools/move-cost-ab.mjs, and the moves, clicks and timing
// of tools/move-cost.mjs.
//
//   node tools/move-cost-replay.mjs DIST [ROUNDS]     # ROUNDS: 8 unless given; ports 4194–4195
//   APP_INIT=file.js node tools/move-cost-replay.mjs dist   # file.js runs in the app's
//     measured pages before the app does: to take a part of the app away and see what it
//     cost, e.g. `delete window.AudioContext;` for the move sounds
//   SITE=dir node tools/move-cost-replay.mjs dist   # copies the build into dir, writes
//     its replay page there (/replay.html) and keeps both, to be measured against others
//   TRACE=dir node tools/move-cost-replay.mjs dist 1   # also writes Chromium's trace of
//     the first round's app and replay (dir/app.json, dir/replay.json)
//
// A reading of this machine's Chromium, not a test: docs/figures.md reports it.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  MOVES as moves,
  clickSquare,
  launchChromium,
  mainThreadClock,
  movesShown,
  nextFrame,
  playMove,
  serveBuild,
} from './move-cost.mjs';

const [dist, roundsArg = '8'] = process.argv.slice(2);
if (!dist) throw new Error('usage: node tools/move-cost-replay.mjs DIST [ROUNDS]');
const rounds = Number(roundsArg);
const clicks = moves.flatMap((move) => [move.slice(0, 2), move.slice(2, 4)]);
const port = Number(process.env.PORT ?? 4194);
// The recording's server, then (the server reads its folder once) the measuring one's,
// which also has the replay page.
const recordingBase = `http://127.0.0.1:${port}`;
const base = `http://127.0.0.1:${port + 1}`;

// The build and the replay page beside it, served as the app is.
const site = process.env.SITE ?? mkdtempSync(join(tmpdir(), 'move-cost-replay-'));
cpSync(dist, site, { recursive: true });

/**
 * `<main>` as a tree: elements with their attributes (and a field's value and a scrolled
 * box's scroll, as `.value` and `.scrollTop`), texts, comments.
 */
function readTree() {
  const read = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return { text: node.nodeValue };
    if (node.nodeType !== Node.ELEMENT_NODE) return { comment: node.nodeValue ?? '' };
    const attributes = Object.fromEntries([...node.attributes].map((a) => [a.name, a.value]));
    if (node instanceof HTMLInputElement) attributes['.value'] = node.value;
    if (node.scrollTop) attributes['.scrollTop'] = String(node.scrollTop);
    return { tag: node.localName, attributes, children: [...node.childNodes].map(read) };
  };
  return read(document.querySelector('main'));
}

/**
 * The DOM operations that turn tree `a` into tree `b`, finest first: attributes and
 * texts where the nodes match, whole nodes (as trees, built node by node, since HTML
 * would join adjacent texts) only where they do not. Paths are child
 * indexes from `<main>`; a parent's removals and appends come after its children's
 * changes, removals from the end, so every path holds when its operation runs.
 */
function diff(a, b, path = [], ops = []) {
  const kind = (n) => ('text' in n ? 'text' : 'comment' in n ? 'comment' : n.tag);
  if (kind(a) !== kind(b)) {
    ops.push(['replace', path, b]);
    return ops;
  }
  if ('text' in a) {
    if (a.text !== b.text) ops.push(['text', path, b.text]);
    return ops;
  }
  if ('comment' in a) return ops;
  for (const name of new Set([...Object.keys(a.attributes), ...Object.keys(b.attributes)])) {
    if (a.attributes[name] !== b.attributes[name]) ops.push(['attribute', path, name, b.attributes[name] ?? null]);
  }
  const common = Math.min(a.children.length, b.children.length);
  for (let i = 0; i < common; i++) diff(a.children[i], b.children[i], [...path, i], ops);
  for (let i = a.children.length - 1; i >= common; i--) ops.push(['remove', [...path, i]]);
  for (let i = common; i < b.children.length; i++) ops.push(['append', path, b.children[i]]);
  return ops;
}

/** The fields' values in `tree` (which its HTML does not carry), as [path, value]. */
function fieldValues(tree, path = [], found = []) {
  if (tree.attributes?.['.value'] !== undefined) found.push([path, tree.attributes['.value']]);
  tree.children?.forEach((child, i) => fieldValues(child, [...path, i], found));
  return found;
}

/**
 * The replay's script: gives the fields their first values (`fields`), then applies
 * click k's recorded changes on the k-th press on the board.
 */
function replayScript(fields, steps) {
  return `(() => {
  const steps = ${JSON.stringify(steps)};
  const root = document.querySelector('main');
  const at = (path) => path.reduce((node, i) => node.childNodes[i], root);
  for (const [path, value] of ${JSON.stringify(fields)}) at(path).value = value;
  const build = (tree) => {
    if ('text' in tree) return document.createTextNode(tree.text);
    if ('comment' in tree) return document.createComment(tree.comment);
    const element = document.createElement(tree.tag);
    for (const [name, value] of Object.entries(tree.attributes)) {
      if (name === '.value') element.value = value;
      else if (name !== '.scrollTop') element.setAttribute(name, value);
    }
    for (const child of tree.children) element.append(build(child));
    return element;
  };
  let click = 0;
  document.querySelector('[data-testid="board"]').addEventListener('pointerdown', (event) => {
    event.preventDefault();
    const step = steps[click++];
    if (!step) return;
    for (const [op, path, a, b] of step.ops) {
      const node = at(path);
      if (op === 'attribute') {
        if (a === '.value') node.value = b ?? '';
        else if (a === '.scrollTop') node.scrollTop = Number(b ?? 0);
        else if (b === null) node.removeAttribute(a);
        else node.setAttribute(a, b);
      } else if (op === 'text') node.nodeValue = a;
      else if (op === 'remove') node.remove();
      else if (op === 'append') node.append(build(a));
      else if (op === 'replace') node.replaceWith(build(a));
    }
    for (const [square, keyframes, options] of step.slides) {
      document.querySelector('[data-square="' + square + '"] > .piece')?.animate(keyframes, options);
    }
    for (const [key, value] of step.writes) localStorage.setItem(key, value);
  });
  window.replayReady = true;
})();`;
}

const servers = [];
const browser = await launchChromium();

/** `<main>` when the first move is played, which the replay page must show as it loads. */
let initialTree = '';

/** Plays the 40 moves on the app once, recording each click's changes; writes the replay page. */
async function record() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const log = { slides: [], writes: [] };
    window.recorded = log;
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (keyframes, options) {
      const square = this.closest('[data-square]')?.getAttribute('data-square');
      if (square) log.slides.push([square, keyframes, options]);
      return animate.call(this, keyframes, options);
    };
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (this === window.localStorage) log.writes.push([key, String(value)]);
      return setItem.call(this, key, value);
    };
  });
  await page.goto(`${recordingBase}/`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${recordingBase}/friend`);
  await page.getByTestId('board').waitFor();
  await page.waitForTimeout(500);
  const take = () =>
    page.evaluate(() => {
      const taken = { slides: window.recorded.slides, writes: window.recorded.writes };
      window.recorded.slides = [];
      window.recorded.writes = [];
      return taken;
    });
  await take();
  const page0 = await page.evaluate(() => {
    for (const element of document.querySelectorAll('script, link[rel="modulepreload"], link[rel="preload"]')) element.remove();
    return `<!doctype html>${document.documentElement.outerHTML}`;
  });
  let before = await page.evaluate(readTree);
  initialTree = JSON.stringify(before);
  const steps = [];
  for (const square of clicks) {
    await clickSquare(page, square);
    await nextFrame(page);
    await page.waitForTimeout(30);
    const after = await page.evaluate(readTree);
    steps.push({ ops: diff(before, after), ...(await take()) });
    before = after;
  }
  await context.close();
  writeFileSync(join(site, 'replay.js'), replayScript(fieldValues(JSON.parse(initialTree)), steps));
  writeFileSync(join(site, 'replay.html'), page0.replace('</body>', '<script src="/replay.js"></script></body>'));
  const ops = steps.reduce((n, step) => n + step.ops.length, 0);
  console.log(`recorded ${steps.length} clicks: ${ops} DOM changes, ${steps.reduce((n, s) => n + s.slides.length, 0)} slides, ${steps.reduce((n, s) => n + s.writes.length, 0)} storage writes`);
}

/** Main-thread milliseconds a move on the app (`replay` false) or the replay: all 40 moves, and moves 3–40. */
async function perMove(replay, round = 0) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  if (!replay && process.env.APP_INIT) await page.addInitScript({ path: process.env.APP_INIT });
  await page.goto(`${base}/`);
  await page.evaluate(() => localStorage.clear());
  if (replay) {
    await page.goto(`${base}/replay.html`);
    await page.waitForFunction(() => window.replayReady);
    const shown = JSON.stringify(await page.evaluate(readTree));
    if (shown !== initialTree) {
      const at = [...shown].findIndex((c, i) => c !== initialTree[i]);
      throw new Error(`the replay page differs from the app's: ${shown.slice(at - 200, at + 100)}\n  app: ${initialTree.slice(at - 200, at + 100)}`);
    }
  } else {
    await page.goto(`${base}/friend`);
    await page.getByTestId('board').waitFor();
  }
  await page.waitForTimeout(500);
  const elapsed = await mainThreadClock(page);
  const trace = process.env.TRACE && round === 1 ? join(process.env.TRACE, replay ? 'replay.json' : 'app.json') : null;
  if (trace) {
    await browser.startTracing(page, {
      path: trace,
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc', 'v8', 'toplevel', 'input', 'benchmark'],
    });
  }
  const start = await elapsed();
  let third = start;
  for (const [index, move] of moves.entries()) {
    if (index === 2) third = await elapsed();
    await playMove(page, move);
  }
  await page.waitForTimeout(400);
  const end = await elapsed();
  if (trace) await browser.stopTracing();
  const played = await movesShown(page);
  await context.close();
  if (played !== moves.length || errors.length > 0) {
    throw new Error(`${replay ? 'replay' : 'app'}: ${played} of ${moves.length} moves shown; ${errors.join('; ')}`);
  }
  return {
    all: (end - start) / moves.length,
    later: (end - third) / (moves.length - 2),
  };
}

const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
try {
  servers.push(await serveBuild(site, port));
  await record();
  servers.push(await serveBuild(site, port + 1));
  // The browser's first page makes its first audio context, which costs tens of
  // milliseconds once: not part of the figures.
  await perMove(false);
  const all = [];
  const later = [];
  for (let round = 1; round <= rounds; round++) {
    const app = await perMove(false, round);
    const replay = await perMove(true, round);
    all.push(app.all / replay.all);
    later.push(app.later / replay.later);
    console.log(
      `round ${round}: app ${app.all.toFixed(1)} ms a move (moves 3–40: ${app.later.toFixed(1)}), replay ${replay.all.toFixed(1)} (${replay.later.toFixed(1)}), app / replay ${all.at(-1).toFixed(2)} (${later.at(-1).toFixed(2)})`,
    );
  }
  console.log(
    `app / replay: median ${median(all).toFixed(2)} over all 40 moves, ${median(later).toFixed(2)} over moves 3–40, ${rounds} rounds`,
  );
} finally {
  await browser.close();
  for (const server of servers) server.kill();
  if (!process.env.SITE) rmSync(site, { recursive: true, force: true });
}
