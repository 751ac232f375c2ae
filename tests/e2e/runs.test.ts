// The Runs view in Chromium: files chosen in the data-input inputs (generated here, a gzip
// collection among them) give a summary equal to `fairness-eval runs --format json` on the same
// files; a malformed file of each kind is refused with its file and line while the last results
// stay; Cancel stops at once; a query opens in the playground with the CLI's scenario-mode
// values; the sample runs load with one click.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';

import { writeMirroredRuns, writeRunsFiles } from '../node/runs-files.mjs';
import {
  axeViolations,
  canvasHues,
  cliValues,
  compareGrepTeamWork,
  mismatches,
  newPage,
  PAGE,
  root,
  savedScenario,
  shot,
  shownValues,
  siteForTests,
  waitCurrent,
} from './browser';

const site = siteForTests();

const cli = `${root}build/fairness-eval`;

type Pair = [number, number] | null;
interface CliJson {
  queries: string[];
  runs: { name: string; summary: Record<string, { mean: number | null; n: number; ci95: Pair; ci95Bootstrap?: Pair }> }[];
  comparisons: {
    run: string;
    metric: string;
    difference: string;
    n: number;
    runMean: number | null;
    baselineMean: number | null;
    meanDiff: number | null;
    ci95: Pair;
    ci95Bootstrap?: Pair;
    pTTest: number | null;
    pRandomization: number | null;
    fairer: string;
  }[];
}

/** What the summary and comparisons should show, "run/metric[/difference]/stat" → value, from the CLI's JSON. */
function expectedCells(json: CliJson): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const run of json.runs)
    for (const [metric, s] of Object.entries(run.summary)) {
      out[`${run.name}/${metric}/mean`] = s.mean;
      out[`${run.name}/${metric}/ci-low`] = s.ci95?.[0] ?? null;
      out[`${run.name}/${metric}/ci-high`] = s.ci95?.[1] ?? null;
      if (s.ci95Bootstrap !== undefined) {
        out[`${run.name}/${metric}/boot-low`] = s.ci95Bootstrap?.[0] ?? null;
        out[`${run.name}/${metric}/boot-high`] = s.ci95Bootstrap?.[1] ?? null;
      }
      if (s.n !== json.queries.length) out[`${run.name}/${metric}/n`] = s.n;
    }
  for (const c of json.comparisons) {
    const key = `${c.run}/${c.metric}/${c.difference}`;
    out[`${key}/n`] = c.n;
    out[`${key}/run-mean`] = c.runMean;
    out[`${key}/baseline-mean`] = c.baselineMean;
    out[`${key}/mean-diff`] = c.meanDiff;
    out[`${key}/ci-low`] = c.ci95?.[0] ?? null;
    out[`${key}/ci-high`] = c.ci95?.[1] ?? null;
    out[`${key}/p-ttest`] = c.pTTest;
    out[`${key}/p-randomization`] = c.pRandomization;
  }
  return out;
}

async function shownCells(page: Page): Promise<Record<string, number | null>> {
  const cells = await page.$$eval('section[aria-label="Summary"] [data-value], section[aria-label="Comparisons"] [data-value]', (els) =>
    els.map((e) => {
      const d = (e as HTMLElement).dataset;
      return [[d.run, d.metric, d.difference, d.stat].filter((x) => x !== undefined).join('/'), d.value ?? ''] as const;
    }),
  );
  return Object.fromEntries(cells.map(([k, v]) => [k, v === '' ? null : Number(v)]));
}

/** The verdict each comparison row shows, "run/metric/difference" → "no difference", a run's name or "by |value|". */
async function shownVerdicts(page: Page): Promise<Record<string, string>> {
  const rows = await page.$$eval('section[aria-label="Comparisons"] tr[data-fairer]', (els) =>
    els.map((e) => {
      const d = (e as HTMLElement).dataset;
      return [`${d.run}/${d.metric}/${d.difference}`, e.querySelector('[data-stat="fairer"]')!.textContent!.trim()] as const;
    }),
  );
  return Object.fromEntries(rows);
}

function cliJson(args: string[]): CliJson {
  const out = spawnSync(cli, ['runs', '--format', 'json', ...args], { encoding: 'utf8' });
  expect(out.status, out.stderr).toBe(0);
  return JSON.parse(out.stdout) as CliJson;
}

/**
 * Equality up to the last digits (1e-12 relative): the page runs the CLI's core, but built with
 * Emscripten's libm, whose log, exp and pow (the t distribution's, nDCG's) may round a last bit
 * differently from glibc's. A value missing or null on one side only is a difference.
 */
function differences(shown: Record<string, number | null>, expected: Record<string, number | null>): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(expected)) {
    const got = shown[key];
    const same =
      got === value ||
      (typeof got === 'number' && typeof value === 'number' && Math.abs(got - value) <= 1e-12 * Math.max(Math.abs(got), Math.abs(value)));
    if (!same) out.push(`${key}: page ${got}, CLI ${value}`);
  }
  return out;
}

async function openRuns(page: Page) {
  await page.goto(`${site.url}${PAGE}?view=runs`);
  await page.waitForSelector('[data-action="evaluate-runs"]', { timeout: 15_000 });
}

/** Chooses the generated files in the view's inputs (the gzip collection unless told otherwise). */
async function choose(
  page: Page,
  paths: ReturnType<typeof writeRunsFiles>['paths'],
  { collection = paths.collectionGz, extra = true } = {},
) {
  await page.setInputFiles('[data-input="run"]', paths.runs);
  await page.setInputFiles('[data-input="collection"]', collection);
  if (!extra) return;
  await page.setInputFiles('[data-input="qrels"]', paths.qrels);
  await page.setInputFiles('[data-input="labels"]', paths.labels);
  await page.setInputFiles('[data-input="queries"]', paths.queries);
}

async function evaluate(page: Page) {
  await page.click('[data-action="evaluate-runs"]');
  await page.waitForFunction(
    () =>
      !document.querySelector('[data-state="running"]') &&
      (document.querySelector('[role="alert"]') || document.querySelector('[data-state="current"] [data-stat="mean"]')),
    null,
    {
      timeout: 30_000,
    },
  );
}

test('the summary equals the CLI’s JSON on generated files (gzip collection); malformed files are refused with file and line, the results kept', async () => {
  const { page, problems } = await newPage(site);
  const { paths, dir } = writeRunsFiles(23, { queries: 30 });
  await openRuns(page);
  await choose(page, paths);
  await page.setInputFiles('[data-input="background"]', paths.background);
  await page.setInputFiles('[data-input="params"]', paths.params);
  await page.fill('[data-option="cutoffs"]', '5,10');
  await evaluate(page);
  await shot(page, 'runs-summary');
  const args = [
    'runs',
    '--format',
    'json',
    '--collection',
    paths.collectionGz,
    '--qrels',
    paths.qrels,
    '--labels',
    paths.labels,
    '--queries',
    paths.queries,
  ];
  args.push('--background', paths.background, '--params', paths.params, '--cutoffs', '5,10', ...paths.runs);
  const out = spawnSync(cli, args, { encoding: 'utf8' });
  expect(out.status).toBe(0);
  const expected = expectedCells(JSON.parse(out.stdout) as CliJson);
  const before = await shownCells(page);
  expect(Object.keys(expected).length).toBeGreaterThan(40);
  expect(differences(before, expected)).toEqual([]);

  // The JSON export is the CLI's output (byte for byte but for libm's last digits).
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-action="export-runs-json"]')]);
  const saved = join(dir, 'exported.json');
  await download.saveAs(saved);
  const exported = (await import('node:fs')).readFileSync(saved, 'utf8');
  expect(exported.replace(/-?\d+(\.\d+)?([eE][-+]?\d+)?/g, '0')).toBe(out.stdout.replace(/-?\d+(\.\d+)?([eE][-+]?\d+)?/g, '0'));
  expect(differences(expectedCells(JSON.parse(exported) as CliJson), expected)).toEqual([]);

  // A malformed file of each kind: refused with its name and line; the summary stays as it was.
  const bad: [string, string, string, string][] = [
    ['run', 'bad.run', '100 Q0 P1 1 2.0 x\n100 P1 1 2.0\n', 'bad.run:2'],
    ['qrels', 'bad-qrels.txt', '100 0 P1 1\n100 0 P2 high\n', 'bad-qrels.txt:2'],
    ['labels', 'bad-labels.csv', 'docid,label\nP1,F\nP2,X\n', 'bad-labels.csv:3'],
    ['collection', 'bad-collection.tsv', 'P1\tshe\nP2 no tab\n', 'bad-collection.tsv:2'],
    ['queries', 'bad-queries.csv', '100,a,n\n101,b,g\n100,c,n\n', 'bad-queries.csv:3'],
    ['params', 'bad-params.json', '{"params":{"tau":-1}}', 'bad-params.json'],
  ];
  for (const [kind, name, text, where] of bad) {
    const path = join(dir, name);
    writeFileSync(path, text);
    await page.setInputFiles(`[data-input="${kind}"]`, kind === 'run' ? [...paths.runs, path] : path);
    await evaluate(page);
    const alert = await page.locator('[role="alert"]').first().textContent();
    expect(alert, kind).toContain(where);
    expect(differences(await shownCells(page), expected), kind).toEqual([]);
    // Put the good file back.
    const good: Record<string, string | string[]> = {
      run: paths.runs,
      qrels: paths.qrels,
      labels: paths.labels,
      collection: paths.collectionGz,
      queries: paths.queries,
      params: paths.params,
    };
    await page.setInputFiles(`[data-input="${kind}"]`, good[kind]!);
  }
  await shot(page, 'runs-refused');
  expect(problems).toEqual([]);
});

test('gzip as the CLI reads it: a collection in two members gives the CLI’s values; bytes after the stream and a cut file are refused in its words', async () => {
  const { page, problems } = await newPage(site);
  const { paths, dir } = writeRunsFiles(29, { queries: 12 });
  const plain = readFileSync(paths.collection);
  const half = plain.indexOf('\n', plain.length / 2) + 1;
  const members = Buffer.concat([gzipSync(plain.subarray(0, half)), gzipSync(plain.subarray(half))]);
  const multi = join(dir, 'two-members.tsv.gz');
  writeFileSync(multi, members);
  await openRuns(page);
  await choose(page, paths, { collection: multi });
  await evaluate(page);
  const cliOn = (collection: string) =>
    spawnSync(
      cli,
      [
        'runs',
        '--format',
        'json',
        '--collection',
        collection,
        '--qrels',
        paths.qrels,
        '--labels',
        paths.labels,
        '--queries',
        paths.queries,
        ...paths.runs,
      ],
      { encoding: 'utf8' },
    );
  const out = cliOn(multi);
  expect(out.status).toBe(0);
  expect(differences(await shownCells(page), expectedCells(JSON.parse(out.stdout) as CliJson))).toEqual([]);

  const refused: [string, Buffer, string][] = [
    ['trailing.tsv.gz', Buffer.concat([members, Buffer.from('not gzip at all\n')]), 'bytes after the end of the gzip stream'],
    ['cut.tsv.gz', members.subarray(0, members.length - 100), 'truncated'],
  ];
  for (const [name, bytes, words] of refused) {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    const cliOut = cliOn(path);
    expect(cliOut.status, name).toBe(2);
    expect(cliOut.stderr, name).toContain(words);
    await page.setInputFiles('[data-input="collection"]', path);
    await evaluate(page);
    expect(await page.locator('[role="alert"]').first().textContent(), name).toContain(`${name}: ${words}`);
  }
  expect(problems).toEqual([]);
});

test('Cancel stops the evaluation at once, keeps the last results and says so', async () => {
  const { page, problems } = await newPage(site);
  const { paths, dir } = writeRunsFiles(31);
  await openRuns(page);
  await choose(page, paths, { collection: paths.collection, extra: false });
  await evaluate(page);
  const before = await shownCells(page);
  // A collection big enough to take a while: 60 MB of passages nobody names.
  const big = join(dir, 'big.tsv');
  const line = `X\t${'word '.repeat(40)}\n`;
  writeFileSync(big, Array.from({ length: 300_000 }, (_, i) => line.replace('X', `N${i}`)).join(''));
  await page.setInputFiles('[data-input="collection"]', big);
  // Evaluate, then Cancel as soon as the evaluation shows it is running, in the page: reading 60 MB
  // takes well under a second, and a round trip to the browser may take as long on a loaded machine.
  const ms = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new MutationObserver((_, observer) => {
          if (!document.querySelector('[data-state="running"]')) return;
          observer.disconnect();
          const t0 = performance.now();
          (document.querySelector('[data-action="cancel-runs"]') as HTMLButtonElement).click();
          requestAnimationFrame(() => resolve(document.querySelector('[data-state="running"]') ? -1 : performance.now() - t0));
        }).observe(document, { subtree: true, childList: true, attributes: true });
        (document.querySelector('[data-action="evaluate-runs"]') as HTMLButtonElement).click();
      }),
  );
  expect(ms).toBeGreaterThanOrEqual(0);
  expect(await shownCells(page)).toEqual(before);
  // Said, with what the results shown are; gone once another evaluation starts.
  expect(await page.locator('[data-state="cancelled"]').textContent()).toBe('Cancelled: the results below are the last ones computed.');
  // A new evaluation after a cancel works.
  await page.setInputFiles('[data-input="collection"]', paths.collection);
  await evaluate(page);
  expect(await shownCells(page)).toEqual(before);
  expect(await page.locator('[data-state="cancelled"]').count()).toBe(0);
  expect(problems).toEqual([]);
});

test('Open in the playground: a query’s top documents become rankings A and B with the CLI’s scenario-mode values', async () => {
  const { page, problems } = await newPage(site);
  const { paths } = writeRunsFiles(41);
  await openRuns(page);
  await choose(page, paths);
  await page.fill('[data-option="cutoffs"]', '10');
  await evaluate(page);
  const previous = await page.evaluate(() => localStorage.getItem('fairness-playground:scenario'));
  const query = await page.locator('[data-action="open-query"]').nth(3).getAttribute('data-query');
  await page.locator('[data-action="open-query"]').nth(3).click();
  await waitCurrent(page);
  // The header says what is shown now, not the scenario the page opened with.
  await page.getByText(`Showing query ${query} of runs alpha and beta, from the Runs view.`).waitFor();
  // A whole replacement has no "before": no value says what it "was" in the scenario replaced.
  expect(await page.locator('[data-was]').count()).toBe(0);
  await shot(page, 'runs-opened');
  const scenario = await savedScenario(page, previous);
  const parsed = JSON.parse(scenario) as { rankings: { name: string; docs: { text: string; label: string }[] }[]; params: { k: number } };
  expect(parsed.rankings.map((r) => r.name)).toEqual(['alpha', 'beta']);
  expect(parsed.params.k).toBe(10);
  expect(parsed.rankings[0]!.docs.some((d) => d.text !== '')).toBe(true);
  const shown = await shownValues(page);
  expect(Object.keys(shown).length).toBeGreaterThan(10);
  expect(mismatches(shown, cliValues(scenario))).toEqual([]);
  expect(problems).toEqual([]);
});

test('Try with the sample runs: the Grep-BiasIR runs of examples/runs/ in one click', async () => {
  const { page, problems } = await newPage(site);
  await openRuns(page);
  // What a screen reader hears: one status, its texts recorded as they come (not the progress bar's
  // figures, which change many times a second).
  await page.evaluate(() => {
    const w = window as unknown as { said: string[] };
    w.said = [];
    const status = document.querySelector('[data-runs-announce]')!;
    new MutationObserver(() => w.said.push(status.textContent ?? '')).observe(status, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  await page.click('[data-action="sample-runs"]');
  await page.waitForSelector('[data-state="current"] [data-stat="mean"]', { timeout: 30_000 });
  const ex = `${root}examples/runs/`;
  const out = spawnSync(
    cli,
    [
      'runs',
      '--format',
      'json',
      '--collection',
      `${ex}collection.tsv`,
      '--qrels',
      `${ex}qrels.txt`,
      '--labels',
      `${ex}labels.csv`,
      '--queries',
      `${ex}queries.csv`,
      `${ex}female-first.run`,
      `${ex}male-first.run`,
    ],
    { encoding: 'utf8' },
  );
  expect(out.status).toBe(0);
  expect(differences(await shownCells(page), expectedCells(JSON.parse(out.stdout) as CliJson))).toEqual([]);
  expect(await page.locator('[data-state="current"] p').first().textContent()).toMatch(
    /^117 queries, 2 runs, baseline “female-first”; computed in [0-9.]+ s\.$/,
  );
  const said = await page.evaluate(() => (window as unknown as { said: string[] }).said.filter((t) => t !== ''));
  expect(said[0]).toBe('Evaluating the runs…');
  expect(said.at(-1)).toMatch(/^Results: 117 queries, 2 runs, baseline “female-first”; computed in [0-9.]+ s\.( \d+ warnings?\.)?$/);
  expect(said.length).toBeLessThanOrEqual(3);
  expect(await page.locator('[aria-live], [role="status"]').filter({ hasText: /MB\/s/ }).count()).toBe(0);
  await shot(page, 'runs-sample');
  expect(problems).toEqual([]);
});

test('the per-query table scrolls in its own box, its header row staying above the rows read', async () => {
  const { page, problems } = await newPage(site);
  await openRuns(page);
  await page.click('[data-action="sample-runs"]');
  const head = page.locator('section[aria-label="Per query"] thead th').first();
  await head.waitFor({ timeout: 30_000 });
  const box = head.locator('xpath=ancestor::table/..');
  expect(await box.evaluate((b) => b.scrollHeight > b.clientHeight)).toBe(true);
  await box.evaluate((b) => (b.scrollTop = 600));
  const [boxTop, headTop] = [(await box.boundingBox())!.y, (await head.boundingBox())!.y];
  expect(Math.abs(headTop - boxTop)).toBeLessThan(2);
  expect(problems).toEqual([]);
});

test('a refused option is named as the form labels it (the CLI option beside it), its field marked until it is mended', async () => {
  const { page, problems } = await newPage(site);
  await openRuns(page);
  await page.click('[data-action="sample-runs"]');
  await page.locator('[data-state="current"] [data-stat="mean"]').first().waitFor({ timeout: 30_000 });
  const depth = page.locator('[data-option="background-depth"]');
  await depth.fill('-3');
  await evaluate(page);
  const alert = page.locator('#runs-refusal');
  expect(await alert.textContent()).toBe(
    "Background depth (--background-depth): expected a whole number from 1 to 1000000, got '-3' (the results below are the last ones computed)",
  );
  expect(await depth.getAttribute('aria-invalid')).toBe('true');
  expect(await depth.getAttribute('aria-describedby')).toBe('runs-refusal');
  expect(await page.locator('[data-option][aria-invalid="true"]').count()).toBe(1);
  await depth.fill('50');
  await evaluate(page);
  await expect.poll(() => alert.count()).toBe(0);
  expect(await depth.getAttribute('aria-invalid')).toBeNull();
  expect(problems).toEqual([]);
});

test('in forced colours the charts keep each run its hue', async () => {
  const { page, problems } = await newPage(site);
  await page.emulateMedia({ forcedColors: 'active', colorScheme: 'dark' });
  await openRuns(page);
  await page.click('[data-action="sample-runs"]');
  const scatter = 'section[aria-label="Charts"] canvas[aria-label*="one point per query and run"]';
  await page.locator(scatter).waitFor({ timeout: 30_000 });
  // Two runs, two hues (the system's colours had made both white, with the same marker).
  await expect.poll(() => canvasHues(page, scatter).then((h) => h.length)).toBeGreaterThanOrEqual(2);
  expect(problems).toEqual([]);
});

test("the form's options survive a reload (kept in the query string) and leave the URL with the view", async () => {
  const { page, problems } = await newPage(site);
  await openRuns(page);
  await page.fill('[data-option="cutoffs"]', '5,15');
  await page.selectOption('[data-option="order"]', 'file');
  await page.check('[data-option="official"]');
  expect(new URL(page.url()).searchParams.get('runs-cutoffs')).toBe('5,15');
  await page.reload();
  await page.waitForSelector('[data-action="evaluate-runs"]', { timeout: 15_000 });
  expect(await page.inputValue('[data-option="cutoffs"]')).toBe('5,15');
  expect(await page.inputValue('[data-option="order"]')).toBe('file');
  expect(await page.isChecked('[data-option="official"]')).toBe(true);
  // Back to the playground: the view's options leave the address bar (a shared playground link
  // carries none of them); back to the runs: they return.
  await page.click('[data-action="runs-view"]');
  await page.waitForFunction(() => !location.search.includes('runs-'));
  await page.click('[data-action="runs-view"]');
  await page.waitForFunction(() => location.search.includes('runs-cutoffs=5%2C15'));
  expect(problems).toEqual([]);
});

test('mirrored runs: equally far from fair, so no difference and no fairer run, in the page as in the CLI; shown differences are differences of shown means', async () => {
  const { page, problems } = await newPage(site);
  const { paths } = writeMirroredRuns(3);
  await openRuns(page);
  await page.setInputFiles('[data-input="run"]', paths.runs);
  await page.setInputFiles('[data-input="collection"]', paths.collection);
  await page.setInputFiles('[data-input="qrels"]', paths.qrels);
  await page.setInputFiles('[data-input="labels"]', paths.labels);
  await page.fill('[data-option="cutoffs"]', '10');
  await evaluate(page);
  const json = cliJson([
    '--collection',
    paths.collection,
    '--qrels',
    paths.qrels,
    '--labels',
    paths.labels,
    '--cutoffs',
    '10',
    ...paths.runs,
  ]);
  const shown = await shownCells(page);
  expect(differences(shown, expectedCells(json))).toEqual([]);
  const verdicts = await shownVerdicts(page);
  for (const metric of ['DIPS@10', 'REE@10', 'IGI@10', 'ARaB-tc@10']) {
    const signed = json.comparisons.find((c) => c.metric === metric && c.difference === 'signed')!;
    const distance = json.comparisons.find((c) => c.metric === metric && c.difference === 'distance')!;
    // The signed means are far apart (and the test significant); their distances from 0 are one.
    expect(signed.pRandomization!, metric).toBeLessThan(0.05);
    expect(distance.meanDiff, metric).toBe(0);
    expect([signed.fairer, distance.fairer], metric).toEqual(['no difference', 'no difference']);
    expect(verdicts[`mirror/${metric}/distance`], metric).toBe('no difference');
    expect(verdicts[`mirror/${metric}/signed`], metric).toBe('by |value|');
  }
  // No ▲/▼ anywhere in the summary: neither run is fairer by any metric.
  expect(await page.locator('section[aria-label="Summary"] [data-verdict]').count()).toBe(0);
  // Every shown difference is the difference of the two shown means beside it.
  for (const [key, diff] of Object.entries(shown)) {
    if (!key.endsWith('/mean-diff') || diff === null) continue;
    const base = key.slice(0, -'mean-diff'.length);
    expect(Math.abs(diff - (shown[`${base}run-mean`]! - shown[`${base}baseline-mean`]!)), key).toBeLessThan(1e-12);
  }
  expect(problems).toEqual([]);
});

for (const [width, height, runs] of [
  [1366, 900, 3],
  [1024, 768, 5],
] as const)
  test(`at ${width}×${height} with ${runs} runs the page does not scroll sideways; axe finds nothing on the results`, async () => {
    const { page, problems } = await newPage(site, { width, height });
    const { paths } = writeRunsFiles(51, { queries: 20, runs });
    await openRuns(page);
    await choose(page, paths, { collection: paths.collection });
    await page.selectOption('[data-option="ci"]', 'bootstrap');
    // The CLI's samples and seed, or others given as the CLI takes them.
    const sampling = runs === 5 ? ['--bootstrap-samples', '500', '--bootstrap-seed', '7'] : [];
    if (sampling.length) {
      await page.fill('[data-option="bootstrap-samples"]', '500');
      await page.fill('[data-option="bootstrap-seed"]', '7');
    }
    await evaluate(page);
    await shot(page, `runs-${runs}-at-${width}`);
    const size = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: innerWidth }));
    expect(size.scroll).toBeLessThanOrEqual(size.viewport);
    expect(
      await page
        .locator('main')
        .filter({ has: page.locator('[data-action="evaluate-runs"]') })
        .count(),
    ).toBe(1);
    // Every run has its column; the tables scroll in their own boxes.
    for (const run of ['alpha', 'epsilon'].slice(0, runs === 5 ? 2 : 1))
      expect(await page.locator(`section[aria-label="Summary"] [data-run="${run}"][data-stat="mean"]`).count()).toBeGreaterThan(0);
    // The bootstrap interval is the CLI's (seeded: the same numbers every time).
    const json = cliJson([
      '--collection',
      paths.collection,
      '--qrels',
      paths.qrels,
      '--labels',
      paths.labels,
      '--queries',
      paths.queries,
      '--ci',
      'bootstrap',
      ...sampling,
      ...paths.runs,
    ]);
    expect(differences(await shownCells(page), expectedCells(json))).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    // And in the dark theme (the Evaluate button's text was white on a pale accent there).
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

test('runs named as real runs are (long tags without spaces): on a phone and at 1280 nothing scrolls sideways, and the choices narrow to the page', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'runs-long-names-'));
  const tags = [
    'bm25-monot5-rerank-top100-msmarco-passage-dev-small-2023-final-run',
    'dense_retrieval_colbertv2_plaid_msmarco_passage_dev_small_final',
  ];
  const runs = tags.map((tag, i) => {
    const path = join(dir, `${tag}.run`);
    copyFileSync(`${root}examples/runs/${i ? 'male' : 'female'}-first.run`, path);
    return path;
  });
  const { page, problems } = await newPage(site, { width: 390, height: 844 });
  await openRuns(page);
  await page.setInputFiles('[data-input="run"]', runs);
  await page.setInputFiles('[data-input="collection"]', `${root}examples/runs/collection.tsv`);
  await page.setInputFiles('[data-input="qrels"]', `${root}examples/runs/qrels.txt`);
  await evaluate(page);
  const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  expect(await sideways()).toBe(0);
  // The per-query table shows its first run's first value beside the query and its Open, before
  // any sideways scrolling of its box.
  const perQuery = page.locator('section[aria-label="Per query"] [data-run][data-metric]').first();
  const box = await perQuery.evaluate((cell) => {
    const scroller = cell.closest('table')!.parentElement!.getBoundingClientRect();
    return { right: cell.getBoundingClientRect().right, edge: scroller.right };
  });
  expect(box.right).toBeLessThanOrEqual(box.edge);
  await page.setViewportSize({ width: 1280, height: 720 });
  expect(await sideways()).toBe(0);
  // The summary shows both runs at 1280 without scrolling its box: each name wraps in its column
  // (on one line, the second run's column began past the box's edge).
  const summary = page.locator('[aria-label="Summary table (scrolls sideways)"]');
  expect(await summary.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
  // Each table is named by its heading, as a screen reader's list of tables says them.
  for (const name of ['Summary', /^Compared with “/, 'Per query']) expect(await page.getByRole('table', { name }).count()).toBe(1);
  // The choices of a run hold its whole name, shown cut to their width.
  expect(await page.locator('[data-option="open-b"]').inputValue()).toBe(tags[1]);
  // Opened in the playground, the header names both runs within the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('section[aria-label="Per query"] button', { hasText: 'Open' }).first().click();
  await waitCurrent(page);
  await page.getByText(/^Showing query .* of runs bm25-monot5/).waitFor();
  expect(await sideways()).toBe(0);
  expect(problems).toEqual([]);
});

test('a runs worker whose script does not load (a host missing it) is said, not waited for', async () => {
  const { page } = await newPage(site, { width: 1280, height: 720 });
  await page.route(/\/assets\/runs\.worker-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await openRuns(page);
  await page.click('[data-action="sample-runs"]');
  await page
    .getByText("run evaluation's worker did not start: its script could not be loaded (if you host this copy, upload the whole folder")
    .waitFor({ timeout: 15_000 });
});

test('the pickers say what is loaded; Open pushes a history entry: Back returns to the results where they were', async () => {
  const { page, problems } = await newPage(site, { width: 1366, height: 900 });
  await openRuns(page);
  await page.click('[data-action="sample-runs"]');
  await page.waitForSelector('[data-state="current"] [data-stat="mean"]', { timeout: 30_000 });
  expect(await page.locator('[data-chosen="run"]').textContent()).toBe('female-first.run, male-first.run');
  expect(await page.locator('[data-chosen="collection"]').textContent()).toBe('collection.tsv');
  // The browser's own picker (which would say "No file chosen") takes no room on screen.
  const widths = await page.$$eval('input[type="file"]', (inputs) => inputs.map((i) => i.getBoundingClientRect().width));
  expect(Math.max(...widths)).toBeLessThanOrEqual(1);
  // Page 2 of the per-query table, scrolled to it.
  await page.click('text=Next ›');
  const open = page.locator('[data-action="open-query"]').nth(2);
  const query = await open.getAttribute('data-query');
  await open.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => scrollY);
  expect(scrolled).toBeGreaterThan(500);
  await open.click();
  await waitCurrent(page);
  await page.getByText(`Showing query ${query} of runs female-first and male-first, from the Runs view.`).waitFor();
  expect(new URL(page.url()).searchParams.get('view')).toBeNull();
  // The opened query from its top: its caption's title (what it is, and which values may differ
  // from the runs') holds the focus, not the page at the Runs view's scroll position.
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toMatch(new RegExp(`^Query ${query}: `));
  expect(await page.evaluate(() => scrollY)).toBe(0);
  // The browser's Back: the results, the same page of the table, the same place.
  await page.goBack();
  await page.waitForSelector('[data-state="current"] [data-stat="mean"]');
  expect(new URL(page.url()).searchParams.get('view')).toBe('runs');
  await page.waitForFunction((y) => Math.abs(scrollY - y) < 2, scrolled);
  expect(await page.getByText(/Page 2 of/).isVisible()).toBe(true);
  expect(await page.locator(`[data-action="open-query"][data-query="${query}"]`).count()).toBe(1);
  // Forward to the playground, and its own way back.
  await page.goForward();
  await page.click('[data-action="back-to-runs"]');
  await page.waitForSelector('[data-state="current"] [data-stat="mean"]');
  expect(new URL(page.url()).searchParams.get('view')).toBe('runs');
  expect(problems).toEqual([]);
});

test('a query opened from the Runs view in the middle of a lesson leaves the lesson, which spoke of another scenario', async () => {
  const { page, problems } = await newPage(site, { width: 1280, height: 720 });
  await page.goto(`${site.url}${PAGE}?lesson=dips-ties&view=runs`);
  await page.click('[data-action="sample-runs"]');
  await page.waitForSelector('[data-state="current"] [data-stat="mean"]', { timeout: 30_000 });
  const open = page.locator('[data-action="open-query"]').first();
  const query = await open.getAttribute('data-query');
  await open.click();
  await page.getByText(`Showing query ${query} of runs female-first and male-first, from the Runs view.`).waitFor();
  await waitCurrent(page);
  expect(await page.locator('section[aria-label="Lesson"], [data-step]').count()).toBe(0);
  expect(new URL(page.url()).searchParams.get('lesson')).toBeNull();
  expect(await page.locator('td[data-metric="nfairr"][data-ranking]').first().isVisible()).toBe(true);
  // Back to the results, and their way to the playground: no lesson asked for there either.
  await page.goBack();
  await page.waitForSelector('[data-state="current"] [data-stat="mean"]');
  expect(new URL(page.url()).searchParams.get('lesson')).toBeNull();
  expect(problems).toEqual([]);
});

test('from the Runs view: a gallery example and a Grep-BiasIR comparison open in the playground; undo, the toggles and the playground’s exports wait there', async () => {
  const { page, problems } = await newPage(site, { width: 1280, height: 720 });
  await page.goto(`${site.url}${PAGE}`);
  await waitCurrent(page);
  const text = page.getByLabel('Text of Left, rank 1');
  await text.fill('Edited before the runs.');
  await waitCurrent(page);
  await page.click('[data-action="runs-view"]');
  await page.waitForSelector('[data-action="evaluate-runs"]');
  const toolbar = page.getByRole('navigation', { name: 'Playground commands' });
  for (const name of ['Gallery…', 'Grep-BiasIR…', 'Import…', '← Playground'])
    expect(await toolbar.getByRole('button', { name, exact: true }).count()).toBe(1);
  for (const name of ['↶ Undo', 'Export scenario', 'Export results (CSV)', 'Share / embed…'])
    expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
  expect(await toolbar.getByRole('checkbox').count()).toBe(0);
  // Nor what the playground shows, nor its autosave's row and its Reset and Restore.
  expect(await page.getByText(/^Showing /).count()).toBe(0);
  for (const name of ['Reset to the starting example', 'Restore the previous autosave'])
    expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
  expect(await page.getByRole('region', { name: 'Autosave' }).count()).toBe(0);
  // Ctrl+Z here would undo a page that is not on screen: nothing happens.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+z');
  await page.click('[data-action="runs-view"]');
  await waitCurrent(page);
  expect(await text.inputValue()).toBe('Edited before the runs.');

  // A gallery example chosen from the Runs view is shown, in the playground.
  await page.click('[data-action="runs-view"]');
  await page.waitForSelector('[data-action="evaluate-runs"]');
  await toolbar.getByRole('button', { name: 'Gallery…' }).click();
  const card = page.locator('dialog[open] li, dialog[open] article').filter({ hasText: 'NFaiRR paper, Figure 1' }).first();
  await card.getByRole('button', { name: 'Open' }).click();
  await waitCurrent(page);
  await page.getByText(/Showing preset “NFaiRR paper, Figure 1/).waitFor();
  expect(new URL(page.url()).searchParams.get('view')).toBeNull();
  expect(await page.locator('main[hidden]').count()).toBe(0);
  expect(await page.locator('[data-action="evaluate-runs"]').count()).toBe(0);
  // And Undo, back in the playground, brings the edited scenario back.
  await page.getByRole('button', { name: '↶ Undo' }).click();
  await waitCurrent(page);
  expect(await text.inputValue()).toBe('Edited before the runs.');

  // Grep-BiasIR edits the rankings in place, from its dialog: the playground is what it shows.
  await page.click('[data-action="runs-view"]');
  await page.waitForSelector('[data-action="evaluate-runs"]');
  await compareGrepTeamWork(page);
  await waitCurrent(page);
  expect(new URL(page.url()).searchParams.get('view')).toBeNull();
  const names = await page.$$eval('main:not([hidden]) input', (inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  expect(names).toEqual(expect.arrayContaining(['male first', 'female first']));
  expect(problems).toEqual([]);
});

test('printed on A4, the summary and the comparisons are whole, the charts within their boxes, the per-query rows pointed to', async () => {
  const { page, problems } = await newPage(site, { width: 794, height: 1100 });
  await openRuns(page);
  await page.click('[data-action="sample-runs"]');
  await page.waitForSelector('[data-state="current"] [data-stat="mean"]', { timeout: 30_000 });
  await page.waitForFunction(() => document.querySelectorAll('canvas').length >= 2);
  await page.emulateMedia({ media: 'print' });
  // Drawn at print resolution, not the screen's (a blurred bitmap on paper), from the media query's
  // change event at the page's next frame.
  await expect
    .poll(() =>
      page.$$eval('canvas', (canvases) =>
        (canvases as HTMLCanvasElement[]).map((c) => Math.round((c.width / c.getBoundingClientRect().width) * 10) / 10),
      ),
    )
    .toEqual([3, 3]);
  const printed = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const tables = [...document.querySelectorAll('[aria-label$="table (scrolls sideways)"] table')];
    return {
      tables: tables.length,
      cut: tables
        .filter((t) => t.getBoundingClientRect().right > width + 0.5)
        .map((t) => t.closest('[aria-label]')!.getAttribute('aria-label')),
      canvases: [...document.querySelectorAll('canvas')]
        .map((c) => [c.getBoundingClientRect().width, c.parentElement!.getBoundingClientRect().width])
        .filter(([canvas, box]) => canvas! > box! + 1).length,

      // What each option field holds (its placeholder when empty), measured in its own font.
      cutFields: [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('fieldset [data-option]')]
        .filter((field) => field.type !== 'checkbox')
        .filter((field) => {
          const context = document.createElement('canvas').getContext('2d')!;
          context.font = getComputedStyle(field).font;
          const shown = field instanceof HTMLSelectElement ? field.selectedOptions[0]!.text : field.value || field.placeholder;
          return context.measureText(shown).width > field.clientWidth + 1;
        })
        .map((field) => field.dataset.option),
      files: (document.querySelector('fieldset') as HTMLElement).innerText,
      background: (document.querySelector('[data-chosen="background"]') as HTMLElement).innerText,
      checkboxes: [...document.querySelectorAll('[data-option][type="checkbox"]')].map((c) => getComputedStyle(c).appearance),
      perQuery: (document.querySelector('section[aria-label="Per query"] table') as HTMLElement).offsetParent !== null,
      note: (document.querySelector('section[aria-label="Per query"]') as HTMLElement).innerText,
    };
  });
  expect(printed.tables).toBe(2);
  expect(printed.cut).toEqual([]);
  expect(printed.canvases).toBe(0);
  // The files and options as a record: no picker's button, "none" for an empty picker, every
  // field's words whole, the official parity's box with its state.
  expect(printed.cutFields).toEqual([]);
  expect(printed.files).not.toMatch(/Change…|Choose/);
  expect(printed.background).toMatch(/^(No file chosen:\s*)?none$/);
  expect(printed.checkboxes).not.toContain('none');
  expect(printed.perQuery).toBe(false);
  expect(printed.note).toContain('117 queries, a column per metric and run: wider than a page, so not printed.');
  await page.emulateMedia({ media: 'screen' });
  expect(problems).toEqual([]);
});

test('a run pasted into Import… is refused there and taken to the Runs view as a run file', async () => {
  const { page, problems } = await newPage(site, { width: 1280, height: 720 });
  await page.goto(`${site.url}${PAGE}`);
  await waitCurrent(page);
  const run = 'q1 Q0 d1 1 2.5 mine\nq1 Q0 d2 2 1.5 mine\n';
  for (const name of ['pasted.run', 'pasted-2.run']) {
    await page.getByRole('button', { name: 'Import…' }).click();
    await page.getByLabel('Table or scenario JSON to import').fill(run);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText(/This looks like a TREC run/).waitFor();
    // The view's first frame lists the pasted run: the first text its run picker shows is recorded.
    await page.evaluate(() => {
      const w = window as unknown as { firstChosen?: string | null };
      w.firstChosen = null;
      new MutationObserver((_, observer) => {
        const chosen = document.querySelector('[data-chosen="run"]');
        if (!chosen) return;
        w.firstChosen = chosen.textContent;
        observer.disconnect();
      }).observe(document.body, { subtree: true, childList: true });
    });
    await page.getByRole('button', { name: 'Evaluate it in the Runs view' }).click();
    await page.waitForSelector('[data-action="evaluate-runs"]');
    expect(new URL(page.url()).searchParams.get('view')).toBe('runs');
    const expected = name === 'pasted.run' ? name : `pasted.run, ${name}`;
    expect(await page.evaluate(() => (window as unknown as { firstChosen?: string | null }).firstChosen)).toBe(expected);
    expect(await page.locator('[data-chosen="run"]').textContent()).toBe(expected);
    await page.click('[data-action="runs-view"]');
    await waitCurrent(page);
  }
  expect(problems).toEqual([]);
});

test('evaluated again with other cut-offs, baseline or runs, the panels take the new results; a baseline no run has is shown; no cut-offs: those of the metrics', async () => {
  const { page, problems } = await newPage(site);
  await openRuns(page);
  await page.click('[data-action="sample-runs"]');
  const current = '[data-state="current"] [data-stat="mean"]';
  await page.waitForSelector(current, { timeout: 30_000 });
  // Choices in the panels: the table at 20, sorted by a column of 20; the chart on a metric at 20.
  await page.selectOption('[data-option="table-cutoff"]', '20');
  const chartMetric = page.locator('[data-option="chart-metric"]');
  // The charts load apart from the view (Chart.js): their select may come after the table's.
  const at20 = chartMetric.locator('option', { hasText: /@20$/ }).first();
  await chartMetric.selectOption((await at20.textContent({ timeout: 30_000 }))!);
  await page.fill('[data-option="cutoffs"]', '3');
  await page.selectOption('[data-option="baseline"]', 'male-first');
  await page.click('[data-action="evaluate-runs"]');
  await expect.poll(() => page.locator('[data-option="table-cutoff"]').inputValue(), { timeout: 30_000 }).toBe('3');
  expect(await chartMetric.inputValue()).toMatch(/@3$/);
  expect(await page.locator('[data-option="chart-run"]').inputValue()).toBe('female-first');
  expect(await page.locator('[data-option="open-a"]').inputValue()).toBe('male-first');
  expect(await page.locator('table th', { hasText: /@3$/ }).count()).toBeGreaterThan(0);

  // Other runs: the baseline chosen before names no run of them, and the select shows it so.
  const other = join(mkdtempSync(join(tmpdir(), 'runs-other-')), 'only.run');
  copyFileSync(`${root}examples/runs/female-first.run`, other);
  await page.setInputFiles('[data-input="run"]', other);
  expect(await page.locator('[data-option="baseline"] option:checked').textContent()).toBe('male-first (no run of that name)');
  await page.selectOption('[data-option="baseline"]', '');
  // No cut-offs given: those the metrics' columns name, as the CLI.
  await page.fill('[data-option="cutoffs"]', '');
  await page.fill('[data-option="metrics"]', 'nDCG@5,DIPS');
  await page.click('[data-action="evaluate-runs"]');
  await expect.poll(() => page.locator('[data-option="table-cutoff"]').inputValue(), { timeout: 30_000 }).toBe('5');
  expect(await page.locator('[data-option="open-a"]').inputValue()).toBe('only');
  expect(problems).toEqual([]);
});
