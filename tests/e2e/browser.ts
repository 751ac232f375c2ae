// What the browser tests share: the built site served under a sub-folder with the strict CSP,
// Debian's Chromium driven by playwright-core, the metric values as the page shows them, and the
// same values from the native CLI for comparison.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';

import { TEST_ROUTES, serve } from './server.mjs';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const PAGE = '/course/playground/';
export const artifacts = `${root}test-results/`;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface Site {
  url: string;
  browser: Browser;
  close: () => Promise<void>;
}

/** Serves dist/ at /course/playground/ (and the fixtures and examples beside it), starts Chromium. */
export async function openSite(): Promise<Site> {
  if (!existsSync(`${root}dist/index.html`)) throw new Error('dist/ is missing: run `npm run build` first');
  mkdirSync(artifacts, { recursive: true });
  const server = (await serve(
    {
      [PAGE]: `${root}dist/`,
      '/fixtures/': `${root}tests/node/fixtures/`,
      '/examples/': `${root}examples/`,
    },
    TEST_ROUTES,
  )) as { url: string; close: () => Promise<void> };
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  return {
    url: server.url,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * The site for one test file: opened before its tests and closed after them; each test's browser
 * contexts are closed after it, so no test runs beside the pages (and workers) of the ones before.
 */
export function siteForTests(): Site {
  const site = {} as Site;
  beforeAll(async () => {
    Object.assign(site, await openSite());
  });
  afterEach(async () => {
    await Promise.all(site.browser?.contexts().map((context) => context.close()) ?? []);
  });
  afterAll(async () => {
    await site.close?.();
  });
  return site;
}

/**
 * E2E_CPU_THROTTLE=n slows the page's CPU n times (Chromium's throttling, workers included): a
 * slow host, to reproduce a race before a test is changed.
 */
export async function throttle(page: Page, rate = Number(process.env.E2E_CPU_THROTTLE ?? 1)): Promise<void> {
  await delayChunks(page);
  if (rate <= 1) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/**
 * E2E_CHUNK_DELAY=ms holds each script the page loads after its entry (the lazy parts, the
 * workers) that long: a slow network, to find a test that reads a part before it has come.
 */
async function delayChunks(page: Page, ms = Number(process.env.E2E_CHUNK_DELAY ?? 0)): Promise<void> {
  if (ms <= 0) return;
  await page.route(/\/assets\/(?!index-)[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

export interface Watched {
  page: Page;
  /** Console errors, page errors and CSP violations seen so far. */
  problems: string[];
}

export async function newPage(site: Site, { width = 1400, height = 1000 } = {}): Promise<Watched> {
  const context = await site.browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  await throttle(page);
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  return { page, problems };
}

/** Waits until the metrics on screen are the results of the scenario on screen. */
export async function waitCurrent(page: Page): Promise<void> {
  await page.waitForSelector('section[aria-label="Metrics"][data-state="current"]', { timeout: 15_000 });
}

/** Every displayed value: "ranking/metric" → number, or null when undefined. */
export async function shownValues(page: Page): Promise<Record<string, number | null>> {
  const cells = await page.$$eval('[data-metric][data-ranking]', (els) =>
    els.map((e) => [`${(e as HTMLElement).dataset.ranking}/${(e as HTMLElement).dataset.metric}`, (e as HTMLElement).dataset.value ?? '']),
  );
  return Object.fromEntries(cells.map(([key, value]) => [key, value === '' ? null : Number(value)]));
}

/** The same values from build/fairness-eval for `scenario` (text). */
export function cliValues(scenario: string): Record<string, number | null> {
  const out = spawnSync(`${root}build/fairness-eval`, ['-'], { input: scenario, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (out.status !== 0) throw new Error(`fairness-eval refused the scenario: ${out.stderr}`);
  const results = JSON.parse(out.stdout) as { rankings: Record<string, unknown>[] };
  const values: Record<string, number | null> = {};
  for (const ranking of results.rankings)
    for (const [id, metric] of Object.entries(ranking))
      if (metric && typeof metric === 'object' && 'value' in metric)
        values[`${ranking.name}/${id}`] = (metric as { value: number | null }).value;
  return values;
}

/** Differences between what the page shows and what the CLI computes, at most 1e-9 apart. */
export function mismatches(shown: Record<string, number | null>, expected: Record<string, number | null>): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(expected)) {
    const got = shown[key];
    if (got === undefined) out.push(`${key}: not shown`);
    else if (value === null || got === null) {
      if (value !== got) out.push(`${key}: page ${got}, CLI ${value}`);
    } else if (Math.abs(got - value) > 1e-9) out.push(`${key}: page ${got}, CLI ${value}`);
  }
  return out;
}

/**
 * Opens Grep-BiasIR… and builds the male-first / female-first comparison of the Career query on
 * team work (the filter leaves it alone), then closes the dialog. `opened` runs once it is open.
 */
export async function compareGrepTeamWork(page: Page, opened: () => Promise<unknown> = async () => {}): Promise<void> {
  await page.getByRole('button', { name: 'Grep-BiasIR…' }).click();
  await opened();
  await page.getByLabel('Category').selectOption('Career');
  await page.getByLabel('Filter').fill('team work');
  await page.getByRole('heading', { name: /communication strategies for team work/ }).waitFor();
  await page.getByRole('button', { name: 'Compare: male wording first vs female wording first' }).click();
  await page.keyboard.press('Escape');
}

/** The scenario the page holds, as its autosave wrote it (after `previous`, when given). */
export async function savedScenario(page: Page, previous: string | null = null): Promise<string> {
  const handle = await page.waitForFunction(
    (before) => {
      const now = localStorage.getItem('fairness-playground:scenario');
      return now !== null && now !== before ? now : null;
    },
    previous,
    { timeout: 5_000 },
  );
  return (await handle.jsonValue()) as string;
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${artifacts}${name}.png`, fullPage: true });
}

const axeSource = readFileSync(`${root}node_modules/axe-core/axe.min.js`, 'utf8');

/** Every axe violation (any impact), as "rule: targets". */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, so the page's CSP does not apply to it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }
    ).axe;
    const result = await axe.run({ resultTypes: ['violations'] });
    return result.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
  });
}

/** Two rankings named like run files and a group named at length: what widens or cuts names. */
export const LONG_NAMES = {
  name: 'run.msmarco-passage.dev.bm25-default+monot5-3b-rerank.trec',
  group: 'women-and-girls-of-all-ages-everywhere-in-the-world',
  /** The scenario as a `#s=` link's hash. */
  get hash() {
    const docs = [
      { text: 'She said yes.', label: this.group, relevance: 1 },
      { text: 'He said no.', label: 'men', relevance: 0 },
    ];
    const scenario = {
      groups: [this.group, 'men'],
      lexicon: { [this.group]: ['she', 'her'], men: ['he', 'his'] },
      rankings: [
        { name: this.name, docs },
        { name: `${this.name}.baseline`, docs: [...docs].reverse() },
      ],
    };
    return `#s=${deflateRawSync(JSON.stringify(scenario)).toString('base64url')}`;
  },
};

/** A canvas's coloured pixels (greys left out), as coarse colours seen on more than 50 pixels. */
export function canvasHues(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const canvas = document.querySelector<HTMLCanvasElement>(selector)!;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    const seen = new Map<string, number>();
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
      if (a < 200 || Math.max(r, g, b) - Math.min(r, g, b) < 40) continue;
      const key = `${r >> 5},${g >> 5},${b >> 5}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    return [...seen].filter(([, n]) => n > 50).map(([key]) => key);
  }, selector);
}
