import { defineConfig } from 'vitest/config';

// Node-side tests: the reference implementation, the native CLI and the WASM module against it.
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
    ],
  },
});
