// Finishes a release build made by Trunk (`node xtask/src/finish-build.mjs <dir>`):
// 1. sw.js, a service worker (Workbox's generateSW) that precaches every file of the
//    build with its revision, answers every navigation with index.html, and waits to
//    take over until the page asks it to (the "new version" notice), so that a page and
//    its engine worker always come from one build;
// 2. .br and .gz copies of every compressible file, for servers that send precompressed
//    files (`cargo xtask serve`, nginx's gzip_static).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { generateSW } from 'workbox-build';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node xtask/src/finish-build.mjs <dir>');
  process.exit(2);
}

const { count, size, warnings } = await generateSW({
  globDirectory: dir,
  globPatterns: ['**/*.{html,js,wasm,css,svg,png,webmanifest}'],
  globIgnores: ['sw.js', '**/*.br', '**/*.gz'],
  swDest: join(dir, 'sw.js'),
  // Trunk's hashed names, the page's build directory and wasm-bindgen's snippets need
  // no revision of their own.
  dontCacheBustURLsMatching:
    /-[0-9a-f]{8,16}(_bg)?\.(js|wasm|css)$|^page-[0-9a-f]{16}\/|^snippets\/[^/]+-[0-9a-f]{8,16}\//,
  // The app's wasm is above Workbox's 2 MiB default.
  maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
  navigateFallback: 'index.html',
  // A stockfish-rest proxied under the site (deploy/nginx.conf) is not a page of the app.
  navigateFallbackDenylist: [/^\/api\//],
  inlineWorkboxRuntime: true,
  clientsClaim: true,
  skipWaiting: false,
  cleanupOutdatedCaches: true,
  sourcemap: false,
  mode: 'production',
});
for (const warning of warnings) console.warn(`service worker: ${warning}`);
console.log(`service worker: ${count} files precached, ${(size / 1024).toFixed(0)} KiB`);

const compressible = /\.(html|js|mjs|wasm|css|svg|webmanifest|json|txt)$/;
let compressed = 0;
for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !compressible.test(entry.name)) continue;
  const path = join(entry.parentPath ?? entry.path, entry.name);
  const bytes = readFileSync(path);
  const brotli = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gzip = gzipSync(bytes, { level: 9 });
  // A copy that saves nothing would only cost the server a lookup.
  if (brotli.length < bytes.length) writeFileSync(`${path}.br`, brotli);
  if (gzip.length < bytes.length) writeFileSync(`${path}.gz`, gzip);
  compressed += 1;
}
console.log(`precompressed: ${compressed} files (.br and .gz)`);
