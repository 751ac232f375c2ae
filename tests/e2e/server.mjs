// A static server for the browser tests: serves the built site (dist/) under a sub-folder, as a
// course page's host would, with the strict Content-Security-Policy the page must work under, and
// the test fixtures beside it for ?scenario=URL.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

export const STRICT_CSP = "script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'";

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.csv': 'text/csv',
};

/** Serves `mounts` ({ '/prefix/': '/abs/dir' }) on 127.0.0.1; resolves to { url, close }. */
export function serve(mounts) {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    const prefix = Object.keys(mounts).find((p) => path.startsWith(p));
    if (!prefix) {
      response.writeHead(404).end('not found');
      return;
    }
    let file = normalize(join(mounts[prefix], path.slice(prefix.length)));
    if (!file.startsWith(mounts[prefix])) {
      response.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Security-Policy': STRICT_CSP,
      'Cache-Control': 'no-store',
    });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(done)) });
    });
  });
}
