// Prints the medians of Lighthouse JSON reports: `node summary.mjs <route=report.json…>`,
// one line per route with performance, accessibility, best practices, SEO, LCP, total
// blocking time and CLS.
import { readFileSync } from 'node:fs';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const byRoute = new Map();
for (const argument of process.argv.slice(2)) {
  const at = argument.indexOf('=');
  const route = argument.slice(0, at);
  const report = JSON.parse(readFileSync(argument.slice(at + 1), 'utf8'));
  const score = (name) => Math.round(report.categories[name].score * 100);
  const run = {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: report.audits['largest-contentful-paint'].numericValue / 1000,
    tbt: report.audits['total-blocking-time'].numericValue,
    cls: report.audits['cumulative-layout-shift'].numericValue,
  };
  byRoute.set(route, [...(byRoute.get(route) ?? []), run]);
}

console.log('route        runs  perf  a11y  best   seo   LCP s  TBT ms    CLS');
for (const [route, runs] of byRoute) {
  const m = (key) => median(runs.map((run) => run[key]));
  console.log(
    `${route.padEnd(12)} ${String(runs.length).padStart(4)}  ${String(m('performance')).padStart(4)}` +
      `  ${String(m('accessibility')).padStart(4)}  ${String(m('bestPractices')).padStart(4)}` +
      `  ${String(m('seo')).padStart(4)}  ${m('lcp').toFixed(2).padStart(6)}  ${String(Math.round(m('tbt'))).padStart(6)}` +
      `  ${m('cls').toFixed(3).padStart(5)}`,
  );
}
