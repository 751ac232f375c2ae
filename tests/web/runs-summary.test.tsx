// The Runs view's summary and per-query table from a results JSON written here by hand: every
// number carries data-run/-metric/-stat/-value at full precision (empty when undefined), the
// baseline has no comparison, p values are marked * below 0.05 and † when still below 0.05 after
// Holm's correction over the runs; a metric fairer closer to 0 shows its distance test first and
// the signed one after it; ▲/▼ follow the comparison's verdict, n shows where fewer queries count,
// ! marks an interval past the range; the per-query table sorts, filters and pages.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, test } from 'vitest';

import { RunsQueries } from '../../web/components/RunsQueries';
import { RunsSummary } from '../../web/components/RunsSummary';
import type { RunsColumn, RunsComparison, RunsDifference, RunsResults, RunsResultsJson } from '../../web/state/runs';
import { perQueryRows, summaryRows } from '../../web/state/runs-tables';

const s = (mean: number | null, ci: [number, number] | null, n = 120, ci95PastRange = false) => ({
  mean,
  sd: 0.1,
  n,
  undefined: 120 - n,
  ci95: ci,
  ci95PastRange,
});
const cmp = (
  run: string,
  metric: string,
  pT: number | null,
  pR: number | null,
  meanDiff: number | null = 0.1,
  difference: RunsDifference = 'signed',
  fairer = 'no difference',
  holmT: number | null = pT,
  holmR: number | null = pR,
): RunsComparison => ({
  run,
  baseline: 'bm25',
  metric,
  difference,
  n: 3,
  runMean: meanDiff === null ? null : 0.5 + meanDiff,
  baselineMean: meanDiff === null ? null : 0.5,
  meanDiff,
  ci95: null,
  ci95PastRange: false,
  greater: 2,
  equal: 0,
  less: 1,
  pTTest: pT,
  pRandomization: pR,
  pTTestHolm: holmT,
  pRandomizationHolm: holmR,
  fairer,
});
const column = (name: string, fairer: RunsColumn['fairer'], range: [number, number], utility = false): RunsColumn => ({
  name,
  metric: name.split('@')[0]!,
  cutoff: 10,
  fairer,
  utility,
  range,
});

const queries = Array.from({ length: 120 }, (_, i) => `q${i}`);
const perQuery = (offset: number) =>
  Object.fromEntries(
    queries.map((q, i) => [q, { 'NFaiRR@10': i === 5 ? null : ((i * 37 + offset) % 100) / 100, 'nDCG@10': 0.5, 'DIPS@10': 0 }]),
  );
const perQueryNotes = { q5: { 'NFaiRR@10': 'no background for this query' } };
const data: RunsResultsJson = {
  cutoffs: [10],
  queries,
  columns: [column('NFaiRR@10', 'higher', [0, 1]), column('nDCG@10', 'higher', [0, 1], true), column('DIPS@10', 'closer to 0', [-1, 1])],
  bootstrap: null,
  runs: [
    {
      name: 'bm25',
      perQuery: perQuery(0),
      perQueryNotes,
      summary: { 'NFaiRR@10': s(0.123456789012345, [0.1, 0.2], 119), 'nDCG@10': s(0.5, null), 'DIPS@10': s(-0.3, [-0.4, -0.2]) },
    },
    {
      name: 'dense',
      perQuery: perQuery(11),
      perQueryNotes,
      summary: { 'NFaiRR@10': s(0.2, [0.15, 0.25], 119), 'nDCG@10': s(null, null), 'DIPS@10': s(0.3, [0.2, 0.4]) },
    },
    {
      name: 'tuned',
      perQuery: perQuery(23),
      perQueryNotes,
      summary: { 'NFaiRR@10': s(0.3, [0.2, 0.4], 119), 'nDCG@10': s(0.5, [0.5, 0.5]), 'DIPS@10': s(-0.1, [-0.5, 1.1], 120, true) },
    },
  ],
  // Holm's adjusted values as the core gives them, by hand. NFaiRR@10: p 0.02 and 0.03 over m = 2
  // runs → 0.04 (2·0.02) and 0.04 (max(0.04, 0.03)): both † for the t-test. Randomization:
  // 0.01 → 0.02 †; 0.04 → max(0.02, 0.04) = 0.04 †. nDCG@10: p 0.03 and 0.2 → 0.06 (no †) and 0.2.
  comparisons: [
    cmp('dense', 'NFaiRR@10', 0.02, 0.04, 0.1, 'signed', 'no difference', 0.04, 0.04),
    cmp('tuned', 'NFaiRR@10', 0.03, 0.01, 0.1, 'signed', 'no difference', 0.04, 0.02),
    cmp('dense', 'nDCG@10', 0.03, 0.2, null, 'signed', 'no difference', 0.06, 0.2),
    cmp('tuned', 'nDCG@10', 0.2, null, 0, 'signed', 'no difference', 0.2, null),
    // DIPS: dense mirrors the baseline (no difference in distance, though the signed one is
    // significant); tuned leans less, so it is fairer.
    cmp('dense', 'DIPS@10', 1e-5, 1e-4, 0.6, 'signed', 'no difference', 2e-5, 2e-4),
    cmp('dense', 'DIPS@10', 1, 1, 0, 'distance', 'no difference', 1, 1),
    cmp('tuned', 'DIPS@10', 1e-3, 1e-3, 0.2, 'signed', 'tuned', 1e-3, 1e-3),
    cmp('tuned', 'DIPS@10', 1e-3, 1e-3, -0.2, 'distance', 'tuned', 2e-3, 2e-3),
  ],
  warnings: [],
};
const results: RunsResults = {
  text: JSON.stringify(data),
  data,
  columns: ['NFaiRR@10', 'nDCG@10', 'DIPS@10'],
  baseline: 'bm25',
  queryTexts: queries.map((q) => (q === 'q7' ? 'who is the nurse' : '')),
  comparisonsCsv: '',
  options: {},
  heapBytes: 0,
  seconds: 1,
};

afterEach(cleanup);

const cell = (run: string, metric: string, stat: string, difference = 'signed') =>
  document.querySelector(
    stat === 'mean' || stat.startsWith('ci') || stat === 'n'
      ? `[aria-label="Summary"] [data-run="${run}"][data-metric="${metric}"][data-stat="${stat}"]`
      : `[data-run="${run}"][data-metric="${metric}"][data-difference="${difference}"][data-stat="${stat}"]`,
  ) as HTMLElement | null;

describe('RunsSummary', () => {
  test('every number with its data attributes; the baseline without comparison', () => {
    render(<RunsSummary results={results} />);
    expect(cell('bm25', 'NFaiRR@10', 'mean')!.dataset.value).toBe('0.123456789012345');
    expect(cell('bm25', 'NFaiRR@10', 'mean')!.textContent).toBe('0.1235');
    expect(cell('bm25', 'NFaiRR@10', 'ci-low')!.dataset.value).toBe('0.1');
    expect(cell('bm25', 'nDCG@10', 'ci-high')!.dataset.value).toBe('');
    expect(cell('bm25', 'NFaiRR@10', 'p-ttest')).toBeNull();
    expect(cell('dense', 'nDCG@10', 'mean')!.dataset.value).toBe('');
    expect(cell('dense', 'NFaiRR@10', 'p-ttest')!.dataset.value).toBe('0.02');
    expect(cell('tuned', 'nDCG@10', 'p-randomization')!.dataset.value).toBe('');
  });

  test('one run over one query: "1 query", and no baseline spoken of (there is nothing to compare it with)', () => {
    const one = { ...data, queries: ['q0'], runs: [{ ...data.runs[0]!, perQuery: { q0: perQuery(0)['q0']! } }], comparisons: [] };
    render(<RunsSummary results={{ ...results, text: JSON.stringify(one), data: one }} />);
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(summary.textContent).toContain('(1 query; n= where fewer)');
    expect(summary.textContent).not.toMatch(/baseline|▲/);
    expect(screen.getByRole('columnheader', { name: 'bm25' })).toBeTruthy();
  });

  test('several runs: the baseline named in its column and in the note', () => {
    render(<RunsSummary results={results} />);
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(summary.textContent).toContain('(120 queries; n= where fewer)');
    expect(summary.textContent).toContain('▲/▼: fairer/less fair than the baseline “bm25”');
    expect(screen.getByRole('columnheader', { name: 'bm25 (baseline)' })).toBeTruthy();
  });

  test('* below 0.05, † after Holm with several runs', () => {
    render(<RunsSummary results={results} />);
    const mark = (run: string, metric: string, stat: string) =>
      cell(run, metric, stat)!.parentElement!.textContent!.replace(/^[0-9.e+-–]+/, '');
    expect(mark('dense', 'NFaiRR@10', 'p-ttest')).toBe('*†');
    expect(mark('tuned', 'NFaiRR@10', 'p-ttest')).toBe('*†');
    expect(mark('dense', 'NFaiRR@10', 'p-randomization')).toBe('*†');
    expect(mark('tuned', 'NFaiRR@10', 'p-randomization')).toBe('*†');
    expect(mark('dense', 'nDCG@10', 'p-ttest')).toBe('*'); // Holm: 0.06
    expect(mark('tuned', 'nDCG@10', 'p-ttest')).toBe('');
  });

  test('closer to 0: the distance row first and deciding, the signed row after it; ▲ only where the verdict says', () => {
    render(<RunsSummary results={results} />);
    const rows = [...document.querySelectorAll('[aria-label="Comparisons"] tbody tr')].map((tr) => {
      const d = (tr as HTMLElement).dataset;
      return `${d.run} ${d.metric} ${d.difference} ${tr.querySelector('[data-stat="fairer"]')!.textContent}`;
    });
    expect(rows.filter((r) => r.includes('DIPS'))).toEqual([
      'dense DIPS@10 distance no difference',
      'dense DIPS@10 signed by |value|',
      'tuned DIPS@10 distance tuned',
      'tuned DIPS@10 signed by |value|',
    ]);
    const verdicts = [...document.querySelectorAll('[aria-label="Summary"] [data-verdict]')].map((e) => [
      e.closest('td')!.querySelector('[data-stat="mean"]')!.getAttribute('data-run'),
      e.textContent,
    ]);
    expect(verdicts).toEqual([['tuned', '▲']]);
    // n where fewer than all 120 queries; ! where the interval passes the range.
    expect(cell('dense', 'NFaiRR@10', 'n')!.dataset.value).toBe('119');
    expect(cell('dense', 'DIPS@10', 'n')).toBeNull();
    expect(cell('tuned', 'DIPS@10', 'ci-high')!.closest('td')!.querySelectorAll('[data-past-range]')).toHaveLength(1);
    expect(document.querySelectorAll('[aria-label="Summary"] [data-past-range]')).toHaveLength(1);
  });

  test('"not tested" (fewer than 6 paired queries) marks neither run', () => {
    const untested = { ...cmp('dense', 'nDCG@10', null, null, null, 'signed', 'not tested'), n: 0 };
    const comparisons = data.comparisons.map((c) => (c.run === 'dense' && c.metric === 'nDCG@10' ? untested : c));
    render(<RunsSummary results={{ ...results, data: { ...data, comparisons } }} />);
    const row = document.querySelector('[aria-label="Comparisons"] tr[data-run="dense"][data-metric="nDCG@10"]')!;
    expect(row.querySelector('[data-stat="fairer"]')!.textContent).toBe('not tested');
    const marked = [...document.querySelectorAll('[aria-label="Summary"] [data-verdict]')].map((e) =>
      e.closest('td')!.querySelector('[data-stat="mean"]')!.getAttribute('data-run'),
    );
    expect(marked).toEqual(['tuned']);
  });

  test('the CSV rows carry the Holm-adjusted p values and the deciding comparison', () => {
    const rows = summaryRows(results);
    const header = rows[0]!;
    const at = (row: unknown[], name: string) => row[header.indexOf(name)];
    const dense = rows.find((r) => r[0] === 'dense' && r[1] === 'nDCG@10')!;
    expect(at(dense, 'p_ttest_holm')).toBeCloseTo(0.06, 15);
    const dips = rows.find((r) => r[0] === 'dense' && r[1] === 'DIPS@10')!;
    expect([at(dips, 'tested'), at(dips, 'mean_diff'), at(dips, 'fairer')]).toEqual(['distance', 0, 'no difference']);
    expect(
      at(
        rows.find((r) => r[0] === 'tuned' && r[1] === 'DIPS@10')!,
        'fairer',
      ),
    ).toBe('tuned');
    const q = perQueryRows(results);
    expect(q[0]).toEqual([
      'query',
      'text',
      'bm25:NFaiRR@10',
      'bm25:nDCG@10',
      'bm25:DIPS@10',
      'dense:NFaiRR@10',
      'dense:nDCG@10',
      'dense:DIPS@10',
      'tuned:NFaiRR@10',
      'tuned:nDCG@10',
      'tuned:DIPS@10',
    ]);
    expect(q[8]).toEqual([
      'q7',
      'who is the nurse',
      ((7 * 37) % 100) / 100,
      0.5,
      0,
      ((7 * 37 + 11) % 100) / 100,
      0.5,
      0,
      ((7 * 37 + 23) % 100) / 100,
      0.5,
      0,
    ]);
  });
});

describe('RunsQueries', () => {
  const rowsShown = () => [...document.querySelectorAll('tbody tr')].map((tr) => (tr as HTMLElement).dataset.query);

  test('50 rows a page, sorted by a column (undefined last, a new order from its first page), filtered by text', () => {
    render(<RunsQueries results={results} />);
    expect(rowsShown()).toHaveLength(50);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /NFaiRR@10\s*bm25/ })[0]!);
    const values = [...document.querySelectorAll('tbody td[data-run="bm25"][data-metric="NFaiRR@10"]')].map((td) =>
      Number((td as HTMLElement).dataset.value),
    );
    expect(values).toEqual([...values].sort((a, b) => b - a)); // descending
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(rowsShown().at(-1)).toBe('q5'); // the undefined value comes last
    // An undefined value says why, to the pointer and to a screen reader.
    const undefinedCell = document.querySelector('tbody tr[data-query="q5"] td[data-run="bm25"][data-metric="NFaiRR@10"]')!;
    expect(undefinedCell.getAttribute('title')).toBe('Undefined: no background for this query');
    expect(undefinedCell.textContent).toBe('–, undefined: no background for this query');
    // Another order starts at its first page: its top rows, not the third page of them.
    fireEvent.click(screen.getAllByRole('button', { name: /NFaiRR@10\s*bm25/ })[0]!);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    const ascending = [...document.querySelectorAll('tbody td[data-run="bm25"][data-metric="NFaiRR@10"]')].map((td) =>
      Number((td as HTMLElement).dataset.value),
    );
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(ascending[0]).toBeLessThan(Math.min(...values));
    fireEvent.input(screen.getByPlaceholderText('query id or text'), { target: { value: 'nurse' } });
    expect(rowsShown()).toEqual(['q7']);
    expect(within(document.querySelector('tbody')!).getByText('who is the nurse')).toBeTruthy();
  });
});
