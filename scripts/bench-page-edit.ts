// Edits in the page, for `npm run bench` (a measurement, never a test): the built site in
// Chromium, a generated scenario of 10, 1,000 and 10,000 documents (scripts/bench-scenario.ts)
// loaded with ?scenario=, then repeated single-document edits of three kinds:
// - typing: one character typed into rank 1's text box ("he" → "her"), then one Backspace;
// - relevance: rank 1's relevance replaced by one digit (3 ↔ 0);
// - move: Alt+↓ then Alt+↑ on rank 1's card.
// For each edit:
// - edit to changed value: a MutationObserver installed in the page on the metric cells
//   (`td[data-metric][data-ranking]`, attribute `data-value`) stamps the first changed value with
//   performance.now(); the edit's start is the timeStamp of its keydown event (same clock);
// - main-thread work: the delta of Chromium's `TaskDuration` (CDP Performance.getMetrics: the time
//   the renderer's main thread spent running tasks, scripts, style, layout, paint and GC included)
//   from just before the key is pressed until the frame that shows the changed value is done (the
//   page reports it through a CDP binding, so waiting runs nothing in the page), and until 1 s
//   after, so the autosave's deferred save, the share link and all else the edit causes count;
//   and the main thread's processor time (`ThreadTime`) over the first window, which leaves out
//   the moments a task waited for a core or for the compositor;
// and once per load, the time from navigation start to the first value on screen, with the first
// paint and the moment the engine answered (performance marks of web/main.tsx).
// Once per build, before the edits, the DIPS experiments' *Run both* (the time the page reports).
// Beside the 1,000-document page, in the same rounds, the same typing edits on a floor page
// (scripts/bench-floor/: one text box, a worker that answers with a value from the text, one cell
// that shows it): what Chromium costs this machine for such an edit, whatever the page, so that
// the page's own part of an edit is the difference, measured in one run.
// With BENCH_BASE_DIST=<dir> (a build of another commit), the same edits run on that build too,
// rounds interleaved, for a before → after in one run. BENCH_SIZES (default 10,1000,10000),
// BENCH_EDITS, BENCH_ROUNDS, BENCH_COLD_LOADS and BENCH_EXPERIMENTS (0: none) narrow a run to
// what is being looked at; BENCH_WARMUP=n makes n unmeasured pairs of edits of each kind first (an edit, then its
// reverse), so what is measured is a page past its first edits (V8 compiles the module's and the
// page's hot functions to its optimising tiers during them, on background threads that share the
// cores with the main thread). `--profile` prints the main thread's functions by self time (CDP
// Profiler) over a few typing edits at 1,000 documents instead.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';

import { CHROMIUM_ARGS, PAGE } from '../tests/e2e/browser';
import { serve } from '../tests/e2e/server.mjs';
import limits from '../core/limits.json' with { type: 'json' };
import { benchScenario } from './bench-scenario';

const root = fileURLToPath(new URL('../', import.meta.url));
/** Issue 12's goals for the page. */
export const pageGoals = {
  workMs: 16,
  valueMs1000: 50,
  valueMs10000: 100,
  firstValuesMs: 1000,
  coldFirstMs1000: 600,
  coldFirstMsDefault: 400,
};
/** Cold loads per build and page, for the first values (a fresh Chromium each). */
const COLD_LOADS = Number(process.env.BENCH_COLD_LOADS ?? 5);
const EDITS = Number(process.env.BENCH_EDITS ?? 12);
/** Loads per build and size, the edits shared among them. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SETTLE_MS = 1000;
/** Unmeasured pairs of edits (an edit and its reverse) of each kind before the measured ones, per load. */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 0);
/** Runs of the DIPS experiments' *Run both* per build (0: none). */
const EXPERIMENT_RUNS = Number(process.env.BENCH_EXPERIMENTS ?? 3);
/** Where the floor page (scripts/bench-floor/) is served. */
const FLOOR = '/bench-floor/';

type Kind = 'typing' | 'relevance' | 'move';
const KINDS: Kind[] = ['typing', 'relevance', 'move'];

interface Sample {
  valueMs: number;
  /** Main-thread work from the key press until the frame showing the changed value was done (the issue's "edit to updated values"). */
  toValueMs: number;
  /** Of it, the time in scripts (CDP's ScriptDuration): the page's code, steadier than the whole. */
  scriptsToValueMs: number;
  /**
   * The main thread's processor time over the same window (CDP's ThreadTime). The tasks' time
   * also counts the moments the thread waited, for a core (on two, the worker's evaluation, V8's
   * compilers and the raster threads run beside it) or for the compositor at a commit.
   */
  cpuToValueMs: number;
  /** The same over the whole second after the key press: the idle-time autosave and link included. */
  workMs: number;
}

interface Load {
  firstValuesMs: number;
  firstPaintMs: number | null;
  engineReadyMs: number | null;
}

/** The scenario of `n` documents; rank 1 starts with "he" (typing "r" makes it "her") and differs from rank 2. */
function scenarioText(n: number): string {
  const s = benchScenario(n);
  const docs = s.rankings[0]!.docs;
  docs[0] = { ...docs[0]!, text: 'he said the team won the match.', label: 'female', relevance: 3 };
  docs[1] = { ...docs[1]!, text: 'the council report found a new school.', label: 'male', relevance: 0 };
  return JSON.stringify(s);
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** The console message that reports the first values' time after navigation start. */
const FIRST_VALUES = 'bench:first-values';

/** Stamps, in the page, the edit's first key event and the first metric value that changes after it. */
function instrument(firstValuesMessage: string): void {
  const w = window as unknown as { __bench: { armed: boolean; start: number; changed: number } };
  w.__bench = { armed: false, start: 0, changed: 0 };
  // The first value on screen after navigation (first-values), once, or the page's refusal; told
  // to the bench as a console message (an event: nothing runs in the page to wait for it).
  const firstValues = new MutationObserver(() => {
    if (document.querySelector('td[data-metric][data-ranking]:not([data-value=""])')) {
      const mark = performance.mark('first-values');
      firstValues.disconnect();
      console.debug(`${firstValuesMessage} ${mark.startTime}`);
      return;
    }
    const refusal = document.querySelector('[role="alert"]')?.textContent;
    if (!refusal) return;
    firstValues.disconnect();
    console.debug(`${firstValuesMessage}:refused ${refusal}`);
  });
  firstValues.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-value'] });
  document.addEventListener(
    'keydown',
    (e) => {
      if (w.__bench.armed && !w.__bench.start) w.__bench.start = e.timeStamp;
    },
    true,
  );
  new MutationObserver((mutations) => {
    const b = w.__bench;
    if (!b.start || b.changed) return;
    for (const m of mutations) {
      const el = m.target as HTMLElement;
      if (el.tagName === 'TD' && el.dataset.metric && el.dataset.ranking !== 'A-B' && m.oldValue !== el.getAttribute('data-value')) {
        b.changed = performance.now();
        // Tells the bench once the frame showing the value is done (after its paint), through a CDP
        // binding: an event, no task of the page's to answer.
        const report = (window as unknown as { __benchChanged?: (ms: string) => void }).__benchChanged;
        const ms = String(b.changed - b.start);
        requestAnimationFrame(() => setTimeout(() => report?.(ms)));
        return;
      }
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-value'], attributeOldValue: true });
}

/** The renderer's main-thread time so far, in ms: all of its tasks, the scripts among them, and its processor time. */
async function mainThread(cdp: CDPSession): Promise<{ task: number; script: number; cpu: number }> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  const ms = (name: string) => metrics.find((m) => m.name === name)!.value * 1000;
  return { task: ms('TaskDuration'), script: ms('ScriptDuration'), cpu: ms('ThreadTime') };
}

/**
 * The time from the edit's key to its first changed value, as the page's `__benchChanged` binding
 * reports it. A binding is an event to the bench: waiting for it runs nothing in the page, where a
 * polling wait's evaluations (about 1 ms a call here) would be counted as the edit's work.
 */
function changedValue(cdp: CDPSession, failure: () => string): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cdp.off('Runtime.bindingCalled', listener);
      reject(new Error(failure()));
    }, 60_000);
    const listener = (event: { name: string; payload: string }) => {
      if (event.name !== '__benchChanged') return;
      clearTimeout(timer);
      cdp.off('Runtime.bindingCalled', listener);
      resolve(Number(event.payload));
    };
    cdp.on('Runtime.bindingCalled', listener);
  });
}

/**
 * Opens `url` in `page` (instrumented); resolves to the first values' time after navigation start,
 * or the page's refusal. Waited for as the page's console message: a wait that runs in the page
 * (Playwright's waitForFunction polls, after loading its own script into the page) would load its
 * main thread during the very load it measures.
 */
async function firstValuesAt(page: Page, url: string, timeout: number): Promise<number | string> {
  const told = page.waitForEvent('console', { predicate: (m) => m.text().startsWith(FIRST_VALUES), timeout });
  await page.goto(url, { waitUntil: 'commit' });
  const text = (await told).text();
  const refused = `${FIRST_VALUES}:refused `;
  return text.startsWith(refused) ? text.slice(refused.length) : Number(text.slice(FIRST_VALUES.length + 1));
}

/** Opens the scenario at `url`; resolves to its load timings, or a refusal message. */
async function open(page: Page, url: string): Promise<Load | string> {
  const first = await firstValuesAt(page, url, 120_000);
  if (typeof first === 'string') return first;
  // (No named functions inside: tsx would wrap them in a helper the page does not have.)
  return page.evaluate(
    (firstValuesMs) => ({
      firstValuesMs,
      firstPaintMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      engineReadyMs: performance.getEntriesByName('engine-ready')[0]?.startTime ?? null,
    }),
    first,
  );
}

/** Focuses rank 1's text box with the caret after "he" (or after "her": `at` 3). */
async function caretAfterHe(page: Page, at = 2): Promise<void> {
  // By a direct selector: Playwright's label look-up over 1,000 cards would be the page's busiest work.
  await page.evaluate((at) => {
    const box = document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Text of A, rank 1"]')!;
    box.focus();
    box.setSelectionRange(at, at);
  }, at);
}

/** One edit of `kind` (the `i`th: edits alternate so the scenario returns to where it started). */
async function oneEdit(page: Page, cdp: CDPSession, kind: Kind, i: number): Promise<Sample> {
  if (kind === 'typing') await caretAfterHe(page, i % 2 === 0 ? 2 : 3);
  else if (kind === 'relevance') {
    await page.evaluate(() => {
      const field = document.querySelector<HTMLInputElement>('input[aria-label="Relevance of A, rank 1"]')!;
      field.focus();
      field.select();
    });
  } else if (i % 2 === 0) await caretAfterHe(page); // the card to move; after Alt+↓ focus stays on it (rank 2)
  await page.evaluate(() => {
    const b = (window as unknown as { __bench: { armed: boolean; start: number; changed: number } }).__bench;
    Object.assign(b, { armed: true, start: 0, changed: 0 });
  });
  const seen = changedValue(cdp, () => `${kind} edit ${i}: no metric value changed within 60 s`);
  const before = await mainThread(cdp);
  if (kind === 'typing') await page.keyboard.press(i % 2 === 0 ? 'r' : 'Backspace');
  else if (kind === 'relevance') await page.keyboard.press(i % 2 === 0 ? '0' : '3');
  else await page.keyboard.press(i % 2 === 0 ? 'Alt+ArrowDown' : 'Alt+ArrowUp');
  const valueMs = await seen;
  // Read at once: the wait sent the page nothing (no polling, no evaluation), so only the edit's work is counted.
  const atValue = await mainThread(cdp);
  const toValueMs = atValue.task - before.task;
  const scriptsToValueMs = atValue.script - before.script;
  const cpuToValueMs = atValue.cpu - before.cpu;
  await page.waitForTimeout(SETTLE_MS);
  const workMs = (await mainThread(cdp)).task - before.task;
  await page.evaluate(() => ((window as unknown as { __bench: { armed: boolean } }).__bench.armed = false));
  return { valueMs, toValueMs, scriptsToValueMs, cpuToValueMs, workMs };
}

interface Build {
  name: string;
  path: string;
}

interface Result {
  load: Load[];
  samples: Record<Kind, Sample[]>;
  refused?: string;
}

/** A page for edits: instrumented, with CDP's metrics and the binding the changed value is reported through. */
async function editablePage(browser: Browser): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  await page.addInitScript(instrument, FIRST_VALUES);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Runtime.enable'); // bindings report only to a session with Runtime enabled
  await cdp.send('Runtime.addBinding', { name: '__benchChanged' });
  return { context, page, cdp };
}

const emptyResult = (): Result => ({ load: [], samples: { typing: [], relevance: [], move: [] } });

function merge(into: Result, r: Result): void {
  into.load.push(...r.load);
  for (const kind of KINDS) into.samples[kind].push(...r.samples[kind]);
}

async function session(browser: Browser, url: string, editsPerKind: number, kinds: Kind[] = KINDS): Promise<Result> {
  const { context, page, cdp } = await editablePage(browser);
  const result = emptyResult();
  try {
    const load = await open(page, url);
    if (typeof load === 'string') return { ...result, refused: load };
    result.load.push(load);
    await page.waitForTimeout(SETTLE_MS);
    for (const kind of kinds) for (let w = 0; w < 2 * WARMUP; w++) await oneEdit(page, cdp, kind, w);
    for (const kind of kinds) for (let i = 0; i < editsPerKind; i++) result.samples[kind].push(await oneEdit(page, cdp, kind, i));
  } finally {
    await context.close();
  }
  return result;
}

const ms = (x: number) => `${x.toFixed(0)} ms`;
const ms1 = (x: number) => `${x.toFixed(1)} ms`;

/** The table's rows for one build at `n` documents, or for the floor page: one per kind of edit. */
function rows(n: number, name: string, r: Result, what: 'page' | 'floor'): string[] {
  const kinds: Kind[] = what === 'floor' ? ['typing'] : KINDS;
  if (r.refused)
    return [
      `| ${n.toLocaleString('en')} | ${name} | skipped: the page refused the scenario (“${r.refused.trim().slice(0, 160)}”; documentsPerRanking is ${limits.limits.documentsPerRanking.default.toLocaleString('en')}) | | | | | | | |`,
    ];
  const of = (f: (x: Sample) => number, s: Sample[], q = 0.5) => quantile(s.map(f), q);
  const first = quantile(
    r.load.map((l) => l.firstValuesMs),
    0.5,
  );
  const paint = quantile(
    r.load.map((l) => l.firstPaintMs ?? NaN),
    0.5,
  );
  const ready = quantile(
    r.load.map((l) => l.engineReadyMs ?? NaN),
    0.5,
  );
  const floor = what === 'floor';
  const valueGoal = n <= 1000 ? pageGoals.valueMs1000 : pageGoals.valueMs10000;
  return kinds.map((kind, k) => {
    const s = r.samples[kind];
    const work = of((x) => x.toValueMs, s);
    const cpu = of((x) => x.cpuToValueMs, s);
    const value = of((x) => x.valueMs, s);
    const loadCell =
      k === 0 && !floor ? `${ms(first)} (${Number.isNaN(paint) ? '?' : ms(paint)}, ${Number.isNaN(ready) ? '?' : ms(ready)})` : '';
    const goal = floor
      ? 'none: what Chromium costs this machine for such an edit, whatever the page'
      : n < 1000
        ? 'none: the same edits on a small scenario, the page’s cost whatever the size'
        : `work ≤ ${pageGoals.workMs} ms: ${work <= pageGoals.workMs ? 'met' : 'not met'} (on the processor: ${cpu <= pageGoals.workMs ? 'met' : 'not met'}); value ≤ ${valueGoal} ms: ${value <= valueGoal ? 'met' : 'not met'}` +
          (k === 0 && n === 1000
            ? `; first values ≤ ${pageGoals.firstValuesMs} ms: ${first <= pageGoals.firstValuesMs ? 'met' : 'not met'}`
            : '');
    return `| ${floor ? '' : n.toLocaleString('en')} | ${name} | ${loadCell} | ${kind} | ${ms(work)} (${ms(of((x) => x.toValueMs, s, 0.9))}) | ${ms(cpu)} | ${ms1(of((x) => x.scriptsToValueMs, s))} | ${ms(of((x) => x.workMs, s))} (${ms(of((x) => x.workMs, s, 0.9))}) | ${ms(value)} (${ms(of((x) => x.valueMs, s, 0.9))}) | ${goal} |`;
  });
}

export async function benchPageEdit(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'fairness-bench-page-'));
  const sizes = (process.env.BENCH_SIZES ?? '10,1000,10000').split(',').map(Number);
  for (const n of new Set([...sizes, 1000])) writeFileSync(join(dir, `scenario-${n}.json`), scenarioText(n));
  const builds: Build[] = [{ name: 'this build', path: join(root, 'dist/') }];
  if (process.env.BENCH_BASE_DIST)
    builds.unshift({
      name: `base (${process.env.BENCH_BASE_LABEL ?? process.env.BENCH_BASE_DIST})`,
      path: process.env.BENCH_BASE_DIST.replace(/\/?$/, '/'),
    });
  const mounts: Record<string, string> = { '/bench/': `${dir}/`, [FLOOR]: join(root, 'scripts/bench-floor/') };
  builds.forEach((b, i) => (mounts[i === builds.length - 1 ? PAGE : `/base${i}/playground/`] = b.path));
  const server = (await serve(mounts)) as { url: string; close: () => Promise<void> };
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const pagePath = (i: number) => (i === builds.length - 1 ? PAGE : `/base${i}/playground/`);
  const lines: string[] = [];
  try {
    if (process.argv.includes('--profile')) {
      const out: string[] = [];
      for (let b = 0; b < builds.length; b++)
        out.push(`${builds[b]!.name}:`, await profile(browser, `${server.url}${pagePath(b)}?scenario=../../bench/scenario-1000.json`));
      return out.join('\n');
    }
    if (COLD_LOADS > 0) lines.push(...(await coldFirstValues(server.url, builds, pagePath)), '');
    if (EXPERIMENT_RUNS > 0) lines.push(...(await experimentsTime(browser, server.url, builds, pagePath)), '');
    lines.push(
      `Edits in the page (Chromium ${browser.version()}, the built site, 1400×1000): ${EDITS} edits of each kind over ${ROUNDS} load${ROUNDS === 1 ? '' : 's'} per build${WARMUP > 0 ? `, measured after ${2 * WARMUP} unmeasured edits of each kind in each load` : ''}; medians (p90). ` +
        'Main-thread work to the value: CDP Performance.getMetrics TaskDuration delta from the key press until the frame that shows the changed value was done (the issue’s goal; the wait runs nothing in the page); on the processor: the ThreadTime delta over the same time (the tasks’ time less the moments the thread waited for a core or for the compositor); of it scripts: the ScriptDuration delta; ' +
        `in the second: the same until ${SETTLE_MS} ms after the key press (the autosave and the address’s link, done in idle time, included). ` +
        'Edit to value: keydown timeStamp to the first changed `data-value` of a metric cell (MutationObserver in the page). ' +
        'The floor: the same typing edits, in the same rounds, on a page of one text box, a worker that answers with a value from the text, and one cell that shows it (scripts/bench-floor/).',
    );
    lines.push('');
    lines.push(
      '| documents | build | first values (first paint, engine ready) | edit | main-thread work to the value | on the processor | of it scripts | in the second | edit to value | goal |',
    );
    lines.push('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    // The floor is measured in the rounds of the 1,000-document page (or the first size), beside it.
    const floorSize = sizes.includes(1000) ? 1000 : sizes[0];
    for (const n of sizes) {
      const perBuild: Result[] = builds.map(emptyResult);
      const floor = emptyResult();
      // Rounds alternate the builds (a busy moment of the shared machine favours neither).
      for (let round = 0; round < ROUNDS; round++) {
        for (let b = 0; b < builds.length; b++) {
          const r = await session(
            browser,
            `${server.url}${pagePath(b)}?scenario=../../bench/scenario-${n}.json`,
            Math.ceil(EDITS / ROUNDS),
          );
          if (r.refused) perBuild[b]!.refused = r.refused;
          merge(perBuild[b]!, r);
        }
        if (n === floorSize) merge(floor, await session(browser, `${server.url}${FLOOR}index.html`, Math.ceil(EDITS / ROUNDS), ['typing']));
      }
      builds.forEach((build, b) => lines.push(...rows(n, build.name, perBuild[b]!, 'page')));
      if (n === floorSize) lines.push(...rows(n, 'floor: a text box, a worker, one cell', floor, 'floor'));
    }
  } finally {
    await browser.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return lines.join('\n');
}

/**
 * The DIPS experiments' *Run both* (Figures 1a and 1b, 100 seeded repetitions each, in their
 * workers): the time the page reports (`data-both-ms`, from the click to both figures done), in a
 * fresh tab per run, the builds alternating. Median (min–max).
 */
async function experimentsTime(browser: Browser, base: string, builds: Build[], pagePath: (i: number) => string): Promise<string[]> {
  const times = builds.map((): number[] => []);
  for (let run = 0; run < EXPERIMENT_RUNS; run++)
    for (let b = 0; b < builds.length; b++) {
      const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
      try {
        const page = await context.newPage();
        await page.goto(`${base}${pagePath(b)}`);
        await page.waitForSelector('section[aria-label="Metrics"][data-state="current"]');
        await page.getByRole('button', { name: 'DIPS experiments…' }).click();
        await page.getByRole('button', { name: 'Run both' }).click();
        const both = await page.locator('[data-both-ms]').getAttribute('data-both-ms', { timeout: 300_000 });
        times[b]!.push(Number(both));
      } finally {
        await context.close();
      }
    }
  return [
    `The DIPS experiments (Figures 1a and 1b, 100 seeded repetitions each, each figure in its own worker): *Run both*, from the click to both figures done, as the page reports it; ${EXPERIMENT_RUNS} runs per build, a fresh tab each. Median (min–max).`,
    '',
    '| build | Run both | goal |',
    '| --- | --- | --- |',
    ...builds.map((build, b) => {
      const t = times[b]!;
      return `| ${build.name} | ${ms(quantile(t, 0.5))} (${ms(Math.min(...t))}–${ms(Math.max(...t))}) | a few seconds |`;
    }),
  ];
}

/** How long a browser has been up before the page is opened, for the rows of a browser already running. */
const UP_MS = 1500;

/**
 * The first values after navigation starts, in a cold Chromium (a new browser per load, so no
 * cache, compiled code or warm worker is shared): the default page and a 1,000-document
 * `?scenario=`, COLD_LOADS loads each, the builds alternating (and which goes first); the time is
 * the first metric cell with a value, stamped by a MutationObserver installed before the page's
 * scripts, from performance.timeOrigin, and reported as a console message. Medians (min–max).
 * Opened the moment the browser is up (the goal's measure), its own start still shares the two
 * cores with the page; so each page is also opened in a browser up for UP_MS, as a link followed
 * in a running browser is: nothing of the page cached still.
 */
async function coldFirstValues(base: string, builds: Build[], pagePath: (i: number) => string): Promise<string[]> {
  const opened = [
    { what: 'the default page', query: '', goal: pageGoals.coldFirstMsDefault },
    { what: '1,000 documents, ?scenario=', query: '?scenario=../../bench/scenario-1000.json', goal: pageGoals.coldFirstMs1000 },
  ];
  const pages = [
    ...opened.map((page) => ({ ...page, upMs: 0 })),
    ...opened.map((page) => ({ ...page, what: `${page.what}, in a browser up for ${UP_MS / 1000} s`, upMs: UP_MS })),
  ];
  const times = pages.map(() => builds.map((): number[] => []));
  for (let load = 0; load < COLD_LOADS; load++)
    for (const [p, page] of pages.entries())
      for (let b = 0; b < builds.length; b++) {
        const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
        try {
          const tab = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
          await tab.addInitScript(instrument, FIRST_VALUES);
          if (page.upMs) await new Promise((resolve) => setTimeout(resolve, page.upMs));
          const first = await firstValuesAt(tab, `${base}${pagePath(b)}${page.query}`, 60_000);
          if (typeof first === 'string') throw new Error(`${page.what}: the page refused the scenario: ${first}`);
          times[p]![b]!.push(first);
        } finally {
          await browser.close();
        }
      }
  const lines = [
    `First values in a cold Chromium: navigation start (performance.timeOrigin) to the first metric value on screen (a MutationObserver installed before the page's scripts, which reports it as a console message: nothing runs in the page to wait for it); ${COLD_LOADS} loads of each page per build, a new browser each, builds alternating, which goes first too; opened as soon as the browser is up (the goal's measure), and in a browser up for ${UP_MS / 1000} s (its own start done, nothing of the page cached). Median (min–max).`,
    '',
    '| page | build | first values | goal |',
    '| --- | --- | --- | --- |',
  ];
  pages.forEach((page, p) =>
    builds.forEach((build, b) => {
      const t = times[p]![b]!;
      const median = quantile(t, 0.5);
      lines.push(
        `| ${page.what} | ${build.name} | ${ms(median)} (${ms(Math.min(...t))}–${ms(Math.max(...t))}) | ${page.upMs ? 'none: the same page opened at once, above, less the browser’s own start' : `≤ ${page.goal} ms: ${median <= page.goal ? 'met' : 'not met'}`} |`,
      );
    }),
  );
  return lines;
}

/** The main thread's functions by self time over a few typing edits (CDP Profiler), for looking, not for the README. */
async function profile(browser: Browser, url: string): Promise<string> {
  const { context, page, cdp } = await editablePage(browser);
  const load = await open(page, url);
  if (typeof load === 'string') throw new Error(load);
  await page.waitForTimeout(SETTLE_MS);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const kind = (process.env.BENCH_PROFILE_KIND ?? 'typing') as Kind;
  const samples: Sample[] = [];
  for (let i = 0; i < 6; i++) samples.push(await oneEdit(page, cdp, kind, i));
  const { profile: p } = (await cdp.send('Profiler.stop')) as {
    profile: {
      nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
      samples: number[];
      timeDeltas: number[];
    };
  };
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i + 1] ?? 0)));
  const byName = new Map<string, number>();
  for (const node of p.nodes) {
    const t = self.get(node.id) ?? 0;
    const f = node.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}:${(f as { columnNumber?: number }).columnNumber ?? ''}`;
    byName.set(key, (byName.get(key) ?? 0) + t);
  }
  await context.close();
  const top = [...byName]
    .filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(program)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(process.env.BENCH_PROFILE_TOP ?? 40));
  return [
    `${kind} edits: work to the value ${samples.map((s) => ms(s.toValueMs)).join(', ')}, in the second ${samples.map((s) => ms(s.workMs)).join(', ')}; to value ${samples.map((s) => ms(s.valueMs)).join(', ')}`,
    ...top.map(([k, us]) => `${(us / 1000 / samples.length).toFixed(2).padStart(8)} ms/edit  ${k}`),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchPageEdit());
