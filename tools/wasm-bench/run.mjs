// node tools/wasm-bench/run.mjs <path to .wasm> [depth]: prints "N nodes N nps" (wasm).
import { readFileSync } from "node:fs";
const [, , path, depthArg] = process.argv;
const depth = Number(depthArg ?? 11);
const { instance } = await WebAssembly.instantiate(readFileSync(path), {});
const t0 = performance.now();
const nodes = instance.exports.gambit_bench(depth);
const ms = performance.now() - t0;
console.log(`${nodes} nodes ${Math.round(Number(nodes) * 1000 / ms)} nps (wasm, ${Math.round(ms)} ms)`);
