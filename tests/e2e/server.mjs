// A static server for the browser tests: serves the built site (dist/) under a sub-folder, as a
// course page's host would, with the strict Content-Security-Policy the page must work under, and
// the test fixtures beside it for ?scenario=URL.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

// The header a strict host sends, with the page's own policy (web/index.html) beside it: both apply.
export const STRICT_CSP =
  "script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; base-uri 'none'; form-action 'none'; object-src 'none'; connect-src 'self'";

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

/** Course pages a test writes (path → HTML), served under /course-page/ with no policy of their own: a host of embeds. */
export const hostPages = new Map();

/**
 * Routes for the tests: course pages, a ?scenario= request that is never answered (the page's
 * timeout), and a scenario larger than the page's limit, sent in chunks without a Content-Length
 * (so only reading it as a stream can stop it in time).
 */

export const TEST_ROUTES = {
  '/course-page/': (request, response) => {
    const body = hostPages.get(new URL(request.url, 'http://x').pathname);
    if (body === undefined) return void response.writeHead(404).end('not found');
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(body);
  },
  '/never/': () => {
    // no answer at all: the page must give up by itself
  },
  '/huge/': (_request, response, csp) => {
    response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Security-Policy': csp, 'Cache-Control': 'no-store' });
    const chunk = Buffer.alloc(1 << 20, 0x20);
    let sent = 0;
    response.write('{"rankings":[{"docs":[]}],"description":"');
    const more = () => {
      while (sent < 64 && !response.destroyed) {
        sent++;
        if (!response.write(chunk)) return void response.once('drain', more);
      }
      response.end('"}');
    };
    response.on('close', () => (sent = Infinity));
    more();
  },
};

/**
 * Serves `mounts` ({ '/prefix/': '/abs/dir' }) and `routes` ({ '/prefix/': handler }) on
 * 127.0.0.1; resolves to { url, close }. `policy`: the Content-Security-Policy header of every
 * file (STRICT_CSP; null sends none, as a host that sets no headers).
 * @param {Record<string, string>} mounts
 * @param {Record<string, Function>} [routes]
 * @param {string | null} [policy]
 */
export function serve(mounts, routes = {}, policy = STRICT_CSP) {
  const open = new Set();
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    const route = Object.keys(routes).find((p) => path.startsWith(p));
    if (route) {
      routes[route](request, response, STRICT_CSP);
      return;
    }
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
      ...(policy ? { 'Content-Security-Policy': policy } : {}),
      'Cache-Control': 'no-store',
    });
    createReadStream(file).pipe(response);
  });
  // Unanswered requests keep their sockets open: close them with the server.
  server.on('connection', (socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      const close = () =>
        new Promise((done) => {
          server.close(done);
          for (const socket of open) socket.destroy();
        });
      resolve({ url: `http://127.0.0.1:${port}`, close });
    });
  });
}
