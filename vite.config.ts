import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

// The page lives in web/ and imports the engine from wasm/, presets from examples/ and the word
// list from data/. `base: './'` makes every asset path relative, so dist/ works from any folder
// of any static host.
export default defineConfig({
  root: `${root}web`,
  base: './',
  publicDir: false,
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
