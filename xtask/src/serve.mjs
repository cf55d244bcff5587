// Serves a finished release build (`node xtask/src/serve.mjs <dir> <port>`) the way a
// static host should: the .br/.gz files made after the build, sent with their
// Content-Encoding; every unknown path answered with index.html (the app routes
// itself); hashed files cached for a year, everything else revalidated on each load.
// The directory is read once at start (sirv without its dev mode): nothing watches it.
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import sirv from 'sirv';

const [dir, port = '8080', host = '127.0.0.1'] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node xtask/src/serve.mjs <dir> [port] [host]');
  process.exit(2);
}

// Trunk's file names end in a content hash (`gambit-40273f1faa86cba.css`: up to 16 hex
// digits), the page's wasm, chunks and scripts sit in a directory named with one
// (`page-<hash>/`, xtask/src/page.rs), and so do wasm-bindgen's snippets.
const hashed =
  /-[0-9a-f]{8,16}(_bg)?\.(js|wasm|css)$|^\/page-[0-9a-f]{16}\/|\/snippets\/[^/]+-[0-9a-f]{8,16}\//;

const serve = sirv(resolve(dir), {
  single: true,
  brotli: true,
  gzip: true,
  etag: true,
  setHeaders(res, pathname) {
    res.setHeader(
      'Cache-Control',
      hashed.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
  },
});

createServer(serve).listen(Number(port), host, () => {
  console.log(`Serving ${dir} at http://${host}:${port}/ (Ctrl-C stops)`);
});
