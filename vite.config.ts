import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The origins besides its own that the page may fetch ?scenario= files from: the host's choice,
 * made at build time, e.g. `SCENARIO_ORIGINS=https://a.example,https://b.example npm run build`.
 * Each must be a bare origin (scheme, host, optional port); anything else stops the build.
 */
export function scenarioOrigins(setting = process.env.SCENARIO_ORIGINS ?? ''): string[] {
  return setting
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) => {
      let origin = '';
      try {
        origin = new URL(entry).origin;
      } catch {
        // reported below
      }
      // Only scheme, host and port: nothing that could end the CSP directive it is written into.
      if (origin !== entry.replace(/\/$/, '') || !/^https?:\/\/(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i.test(origin))
        throw new Error(`SCENARIO_ORIGINS: "${entry}" is not an origin such as https://courses.example.org`);
      return origin;
    });
}

const origins = scenarioOrigins();

/** Writes the allowed origins into the page's Content-Security-Policy (connect-src). */
export function withConnectSrc(html: string, allowed: string[]): string {
  if (!html.includes("connect-src 'self'"))
    throw new Error("web/index.html: the Content-Security-Policy has no connect-src 'self' to extend");
  return html.replace("connect-src 'self'", ["connect-src 'self'", ...allowed].join(' '));
}

/** The page's policy as web/index.html's <meta> states it, with the allowed origins. */
export function pagePolicy(html: string, allowed: string[]): string {
  const policy = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(withConnectSrc(html, allowed))?.[1];
  if (!policy) throw new Error('web/index.html: no Content-Security-Policy <meta> to copy into _headers');
  return policy;
}

/**
 * Writes the allowed origins into the page's policy, and the same policy as a header for every
 * file (dist/_headers, the format of Netlify and Cloudflare Pages): a <meta> policy binds the page
 * only, while a worker takes its policy from the response that serves its script.
 */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'content-security-policy',
    transformIndexHtml: (html) => withConnectSrc(html, origins),
    generateBundle() {
      const policy = pagePolicy(readFileSync(`${root}web/index.html`, 'utf8'), origins);
      this.emitFile({ type: 'asset', fileName: '_headers', source: `/*\n  Content-Security-Policy: ${policy}\n` });
    },
  };
}

/**
 * Copies web/boot-check.js beside index.html as it is, and loads it at the end of the body: a
 * classic script (Vite bundles modules only), deferred, so it runs after the page's module and
 * never holds up the parsing the module waits for.
 */
function bootCheck(): Plugin {
  return {
    name: 'boot-check',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'script', attrs: { src: './boot-check.js', defer: true }, injectTo: 'body' }],
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'boot-check.js', source: readFileSync(`${root}web/boot-check.js`, 'utf8') });
    },
  };
}

// The page lives in web/ and imports the engine from wasm/, presets from examples/ and the word
// list from data/. `base: './'` makes every asset path relative, so dist/ works from any folder
// of any static host.
export default defineConfig({
  root: `${root}web`,
  base: './',
  publicDir: false,
  plugins: [contentSecurityPolicy(), bootCheck()],
  define: { __SCENARIO_ORIGINS__: JSON.stringify(origins) },
  oxc: {
    jsx: { runtime: 'automatic', importSource: 'preact' },
  },
  worker: { format: 'es' },
  build: {
    outDir: `${root}dist`,
    emptyOutDir: true,
    target: 'es2022',
    // The .wasm is fetched by the worker; never inline it.
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
  },
  server: { fs: { allow: [root] } },
  preview: { host: '127.0.0.1' },
});
