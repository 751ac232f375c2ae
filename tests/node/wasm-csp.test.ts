// The engine in a real browser under the strict Content-Security-Policy the page promises:
// a tiny page (tests/node/csp-page/) is bundled by Vite, served with the policy as an HTTP header,
// and opened in Chromium; its module worker must load the WebAssembly module and answer. Without
// 'wasm-unsafe-eval' the same page must fail, which shows the policy is really enforced.
// Skipped when Chromium or playwright-core is not installed.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { ScenarioError } from '../../wasm/engine';
import { loadEngineNode } from '../../wasm/node';

const root = fileURLToPath(new URL('../../', import.meta.url));
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
const havePlaywright = existsSync(join(root, 'node_modules/playwright-core/package.json'));
const strictPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'";

describe.skipIf(!existsSync(chromiumPath) || !havePlaywright || !existsSync(join(root, 'wasm/dist/fairness-core.wasm')))(
  'the engine under a strict CSP in Chromium',
  () => {
    let outDir: string;
    let server: Server;
    let policy = strictPolicy;
    let refusal = '';

    beforeAll(async () => {
      // What the page should show for its refused scenario: the core's message, as in Node.
      try {
        (await loadEngineNode()).evaluate({ params: { k: 0 }, rankings: [{ docs: [{}] }] });
      } catch (error) {
        refusal = `ScenarioError params.k: ${(error as ScenarioError).message}`;
      }
      outDir = mkdtempSync(join(tmpdir(), 'fairness-csp-'));
      const { build } = await import('vite');
      await build({
        configFile: false,
        root: join(root, 'tests/node/csp-page'),
        base: './',
        logLevel: 'silent',
        worker: { format: 'es' },
        build: {
          outDir,
          emptyOutDir: true,
          target: 'es2022',
          assetsInlineLimit: (file: string) => (file.endsWith('.wasm') ? false : undefined),
        },
      });
      const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
      server = createServer((request, response) => {
        const path = normalize(join(outDir, request.url === '/' ? 'index.html' : (request.url ?? '').split('?')[0]!));
        if (!path.startsWith(outDir) || !existsSync(path)) {
          response.writeHead(404).end();
          return;
        }
        response.writeHead(200, { 'Content-Type': types[extname(path)] ?? 'application/octet-stream', 'Content-Security-Policy': policy });
        response.end(readFileSync(path));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    }, 60_000);

    afterAll(() => {
      server?.close();
      if (outDir) rmSync(outDir, { recursive: true, force: true });
    });

    async function visit(): Promise<{ title: string; out: string; headers: string | null }> {
      const { chromium } = await import('playwright-core');
      const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
      try {
        const page = await browser.newPage();
        const { port } = server.address() as AddressInfo;
        const response = await page.goto(`http://127.0.0.1:${port}/`);
        await page.waitForFunction(() => document.title !== 'pending', null, { timeout: 30_000 });
        return {
          title: await page.title(),
          out: (await page.textContent('#out')) ?? '',
          headers: (await response?.headerValue('content-security-policy')) ?? null,
        };
      } finally {
        await browser.close();
      }
    }

    test('loads and answers in its module worker', async () => {
      policy = strictPolicy;
      const { title, out, headers } = await visit();
      expect(headers).toBe(strictPolicy);
      expect(out.split('\n')).toEqual([
        'older: superseded',
        'newer: newer nfairr=1',
        `refusal: ${refusal}`,
        'describe: 14',
        'findTerms: [{"begin":4,"end":7,"group":"female","term":"she"}]',
      ]);
      expect(title).toBe('done');
    }, 60_000);

    test("fails without 'wasm-unsafe-eval' (the policy is enforced)", async () => {
      policy = "default-src 'self'; script-src 'self'; worker-src 'self'";
      const { title, out } = await visit();
      expect(title).toBe('failed');
      expect(out).toMatch(/the engine did not load/);
    }, 60_000);
  },
);
