import { defineConfig } from 'vitest/config';

const preactJsx = { jsx: { runtime: 'automatic' as const, importSource: 'preact' } };

// Three layers: Node tests of the reference, the CLI and the WASM module (node); component tests
// of the page in a simulated DOM (web); the built site in Debian's Chromium (browser).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/node/**/*.test.{ts,mjs}'],
          testTimeout: 60_000,
        },
      },
      {
        oxc: preactJsx,
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/web/standards-mode.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'browser',
          environment: 'node',
          include: ['tests/e2e/**/*.test.{ts,mjs}'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // A poll waits on the page's own asynchronous work (a worker's first load, a lazy part) on
          // a busy host: vitest's 1 s default made a race of it.
          expect: { poll: { timeout: 15_000 } },
          // One Chromium at a time on a 2-core machine.
          fileParallelism: false,
        },
      },
    ],
  },
});
