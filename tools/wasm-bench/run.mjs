// node tools/wasm-bench/run.mjs <path to .wasm> [depth] [runs]: runs the bench `runs` times
// (default 1) in one instance and prints "N nodes N nps" (wasm) for each run. The first
// run includes V8's tiering up from its baseline compiler; later runs show the speed a
// long-lived worker searches at.
import { readFileSync } from "node:fs";
const [, , path, depthArg, runsArg] = process.argv;
const depth = Number(depthArg ?? 11);
const runs = Number(runsArg ?? 1);
const { instance } = await WebAssembly.instantiate(readFileSync(path), {});
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  const nodes = instance.exports.gambit_bench(depth);
  const ms = performance.now() - t0;
  console.log(`${nodes} nodes ${Math.round(Number(nodes) * 1000 / ms)} nps (wasm, ${Math.round(ms)} ms)`);
}
