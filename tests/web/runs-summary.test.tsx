// The Runs view's summary and per-query table from a results JSON written here by hand: every
// number carries data-run/-metric/-stat/-value at full precision (empty when undefined), the
// baseline has no comparison, p values are marked * below 0.05 and † when still below 0.05 after
// Holm's correction over the runs; the per-query table sorts, filters and pages.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, test } from 'vitest';

import { RunsQueries } from '../../web/components/RunsQueries';
import { RunsSummary } from '../../web/components/RunsSummary';
import type { RunsResults, RunsResultsJson } from '../../web/state/runs';
import { perQueryRows, summaryRows } from '../../web/state/runs-tables';

const s = (mean: number | null, ci: [number, number] | null) => ({ mean, sd: 0.1, n: 3, undefined: 0, ci95: ci });
const cmp = (run: string, metric: string, pT: number | null, pR: number | null, meanDiff: number | null = 0.1) => ({
  run,
  baseline: 'bm25',
  metric,
  n: 3,
  meanDiff,
  greater: 2,
  equal: 0,
  less: 1,
  pTTest: pT,
  pRandomization: pR,
});

const queries = Array.from({ length: 120 }, (_, i) => `q${i}`);
const perQuery = (offset: number) =>
  Object.fromEntries(queries.map((q, i) => [q, { 'NFaiRR@10': i === 5 ? null : ((i * 37 + offset) % 100) / 100, 'nDCG@10': 0.5 }]));
const data: RunsResultsJson = {
  cutoffs: [10],
  queries,
  runs: [
    { name: 'bm25', perQuery: perQuery(0), summary: { 'NFaiRR@10': s(0.123456789012345, [0.1, 0.2]), 'nDCG@10': s(0.5, null) } },
    { name: 'dense', perQuery: perQuery(11), summary: { 'NFaiRR@10': s(0.2, [0.15, 0.25]), 'nDCG@10': s(null, null) } },
    { name: 'tuned', perQuery: perQuery(23), summary: { 'NFaiRR@10': s(0.3, [0.2, 0.4]), 'nDCG@10': s(0.5, [0.5, 0.5]) } },
  ],
  // NFaiRR@10: p 0.02 and 0.03 over m = 2 runs → Holm 0.04 (2·0.02) and 0.04 (max(0.04, 0.03)):
  // both † for the t-test. Randomization: 0.01 → 0.02 †; 0.04 → max(0.02, 0.04) = 0.04 †.
  // nDCG@10: p 0.03 and 0.2 → Holm 0.06 (no †) and 0.2.
  comparisons: [
    cmp('dense', 'NFaiRR@10', 0.02, 0.04),
    cmp('tuned', 'NFaiRR@10', 0.03, 0.01),
    cmp('dense', 'nDCG@10', 0.03, 0.2, null),
    cmp('tuned', 'nDCG@10', 0.2, null, 0),
  ],
  warnings: [],
};
const results: RunsResults = {
  text: JSON.stringify(data),
  data,
  columns: ['NFaiRR@10', 'nDCG@10'],
  baseline: 'bm25',
  queryTexts: queries.map((q) => (q === 'q7' ? 'who is the nurse' : '')),
  options: {},
  heapBytes: 0,
  seconds: 1,
};

afterEach(cleanup);

const cell = (run: string, metric: string, stat: string) =>
  document.querySelector(`[data-run="${run}"][data-metric="${metric}"][data-stat="${stat}"]`) as HTMLElement | null;

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

  test('the CSV rows carry the Holm-adjusted p values', () => {
    const rows = summaryRows(results);
    const dense = rows.find((r) => r[0] === 'dense' && r[1] === 'nDCG@10')!;
    expect(dense[11]).toBeCloseTo(0.06, 15);
    expect(rows[0]).toContain('p_ttest_holm');
    const q = perQueryRows(results);
    expect(q[0]).toEqual([
      'query',
      'text',
      'bm25:NFaiRR@10',
      'bm25:nDCG@10',
      'dense:NFaiRR@10',
      'dense:nDCG@10',
      'tuned:NFaiRR@10',
      'tuned:nDCG@10',
    ]);
    expect(q[8]).toEqual([
      'q7',
      'who is the nurse',
      ((7 * 37) % 100) / 100,
      0.5,
      ((7 * 37 + 11) % 100) / 100,
      0.5,
      ((7 * 37 + 23) % 100) / 100,
      0.5,
    ]);
  });
});

describe('RunsQueries', () => {
  const rowsShown = () => [...document.querySelectorAll('tbody tr')].map((tr) => (tr as HTMLElement).dataset.query);

  test('50 rows a page, sorted by a column (undefined last), filtered by text', () => {
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
    fireEvent.input(screen.getByPlaceholderText('query id or text'), { target: { value: 'nurse' } });
    expect(rowsShown()).toEqual(['q7']);
    expect(within(document.querySelector('tbody')!).getByText('who is the nurse')).toBeTruthy();
  });
});
