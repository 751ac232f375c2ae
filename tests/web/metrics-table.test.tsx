// The metric panel against the real engine: one row per metric with its direction and meaning,
// the values carried in data attributes at full precision, the comparison of two rankings, and
// stale marking when the input is refused.
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';

import { hasDetail } from '../../web/components/MetricCharts';
import { perRankChart } from '../../web/components/MetricCharts/series';
import { MetricsTable } from '../../web/components/MetricsTable';
import { setParam } from '../../web/state/actions';
import { edit } from '../../web/state/scenario';
import { evaluation, openRows } from '../../web/state/evaluation';
import { descriptors, formatValue } from '../../web/state/metrics';
import { replaceScenario, type PageScenario } from '../../web/state/scenario';
import { useNodeEngine } from './engine';

const doc = (id: string, text: string, label: string, relevance = 1) => ({ id, text, label, relevance });
const two = (): PageScenario => ({
  rankings: [
    { name: 'A', docs: [doc('a', 'He won.', 'male'), doc('b', 'She won.', 'female'), doc('c', 'Rain.', 'neutral', 0)] },
    { name: 'B', docs: [doc('a', 'He won.', 'male'), doc('x', 'He and his son won.', 'male'), doc('c', 'Rain.', 'neutral', 0)] },
  ],
});

const current = () => waitFor(() => expect(evaluation.value.status).toBe('current'));

beforeAll(async () => {
  await useNodeEngine();
});
afterEach(() => {
  cleanup();
  openRows.value = new Set();
});

describe('MetricsTable', () => {
  test('a row per metric, primary first, with direction and meaning; values at full precision in data-value', async () => {
    replaceScenario(two(), { undoable: false });
    render(<MetricsTable />);
    await current();
    const rows = [...document.querySelectorAll('tbody th[scope="row"] button')].map((b) => b.textContent!.replace(/^[▸▾]/, ''));
    expect(rows.slice(0, 4)).toEqual(['NFaiRR', 'TExFAIR', 'DIPS', 'CWEx']);
    expect(rows.length).toBe(descriptors.value.length);
    screen.getAllByText('↑ higher is fairer');
    screen.getAllByText('→0 closer to 0 is fairer');
    const results = evaluation.value.results!;
    for (const [r, ranking] of results.rankings.entries())
      for (const d of descriptors.value) {
        const cell = document.querySelector(`[data-metric="${d.id}"][data-ranking="${ranking.name}"]`) as HTMLElement;
        const value = (results.rankings[r] as unknown as Record<string, { value: number | null }>)[d.id]!.value;
        expect(cell.dataset.value, `${ranking.name}/${d.id}`).toBe(value === null ? '' : String(value));
      }
  });

  test('comparing: A − B, which ranking each metric calls fairer, and the disagreement sentence', async () => {
    replaceScenario(two(), { undoable: false });
    render(<MetricsTable />);
    await current();
    const results = evaluation.value.results!;
    const [a, b] = results.rankings;
    const diff = document.querySelector('[data-metric="texfair-diff"]') as HTMLElement;
    expect(Number(diff.dataset.value)).toBeCloseTo(a!.texfair.value - b!.texfair.value, 12);
    // B has only male terms, A one of each: TExFAIR (higher is fairer) calls A fairer.
    expect(a!.texfair.value).toBeGreaterThan(b!.texfair.value);
    expect(document.querySelector('[data-verdict="texfair"]')!.textContent).toBe('A fairer');
    expect(document.querySelector('[data-verdict="ndcg"]')!.textContent).toMatch(/better|tie/);
    const verdicts = document.querySelector('[data-disagree]') as HTMLElement;
    expect(verdicts.textContent).toContain('TExFAIR');
  });

  test('the sentence says for which ranking a metric is undefined, or that it is for both', async () => {
    // A has a female and a male document, B males only: DIPS is undefined for B alone. Every
    // relevance is 1, so no pair is strictly ordered: IGI (C = 0) is undefined for both.
    const equal = (s: PageScenario): PageScenario => ({
      rankings: s.rankings.map((r) => ({ ...r, docs: r.docs.map((d) => ({ ...d, relevance: 1 })) })),
    });
    replaceScenario(equal(two()), { undoable: false });
    render(<MetricsTable />);
    await current();
    const [a, b] = evaluation.value.results!.rankings;
    expect(a!.dips.value).not.toBeNull();
    expect(b!.dips.value).toBeNull();
    expect(a!.igi.value).toBeNull();
    expect(b!.igi.value).toBeNull();
    const onlyB = document.querySelector('[data-undefined-for="B"]')!.textContent!;
    expect(onlyB).toContain('DIPS');
    expect(onlyB).not.toContain('IGI');
    expect(document.querySelector('[data-undefined-for="both"]')!.textContent).toContain('IGI');
    expect(document.querySelector('[data-undefined-for="A"]')).toBeNull();
  });

  test('a note is shown beside an undefined value and beside a value that rests on a convention', async () => {
    // No group term anywhere: TExFAIR is max(TED) by the convention its note states; DIPS has no A item.
    replaceScenario({ rankings: [{ name: 'A', docs: [doc('c', 'Rain.', 'neutral'), doc('d', 'Sun.', 'male')] }] }, { undoable: false });
    render(<MetricsTable />);
    await current();
    const [a] = evaluation.value.results!.rankings;
    expect(a!.texfair.value).not.toBeNull();
    expect(a!.texfair.note).toMatch(/no group term/);
    expect(a!.dips.value).toBeNull();
    const note = (id: string) => document.querySelector(`[data-metric="${id}"][data-ranking="A"] [data-note]`)?.textContent;
    expect(note('texfair')).toBe(a!.texfair.note);
    expect(note('dips')).toBe(a!.dips.note);
    expect(note('nfairr')).toBeUndefined();
  });

  test('parts come from the descriptors: NDKL lists Z and D*, NFaiRR FaiRR and IFaiRR', async () => {
    replaceScenario(two(), { undoable: false });
    render(<MetricsTable />);
    await current();
    const cell = (id: string) => document.querySelector(`[data-metric="${id}"][data-ranking="A"]`) as HTMLElement;
    const part = (id: string, key: string) => Number((cell(id).querySelector(`[data-part="${key}"]`) as HTMLElement).dataset.value);
    // A: male, female, neutral. Every prefix holds a labelled document, so I = {1, 2, 3} and
    // Z = 1/log2 2 + 1/log2 3 + 1/log2 4; D* is the uniform targets.
    expect(part('ndkl', 'z')).toBeCloseTo(1 + 1 / Math.log2(3) + 0.5, 12);
    expect(part('ndkl', 'target.female')).toBe(0.5);
    expect(part('ndkl', 'target.male')).toBe(0.5);
    expect(cell('ndkl').querySelector('[data-part="target.male"]')!.textContent).toContain('D*(male)');
    // NFaiRR: all three are neutral under the default lexicon's τ = 1 (one term each), so
    // FaiRR = IFaiRR = 1 + 1/log2 3 + 1/2.
    expect(part('nfairr', 'fairr')).toBeCloseTo(part('nfairr', 'ifairr'), 12);
  });

  test('RaB and ARaB: the magnitude’s parts for f and m, the other magnitudes, and each rank’s pull in the chart', async () => {
    replaceScenario(two(), { undoable: false });
    render(<MetricsTable />);
    await current();
    // A: "He won." (c_m 1), "She won." (c_f 1), "Rain."; k' = 3, magnitude tf = ln(c + 1).
    // RaB: f ln 2 / 3, m ln 2 / 3, value 0. ARaB: RaB@1..3 = ln 2, 0, 0, so ln 2 / 3; its parts
    // f (0 + ln 2 / 2 + ln 2 / 3) / 3 = 5 ln 2 / 18 and m (ln 2 + ln 2 / 2 + ln 2 / 3) / 3 = 11 ln 2 / 18.
    const ln2 = Math.log(2);
    const cell = (id: string) => document.querySelector(`[data-metric="${id}"][data-ranking="A"]`) as HTMLElement;
    const part = (id: string, key: string) => Number((cell(id).querySelector(`[data-part="${key}"]`) as HTMLElement).dataset.value);
    expect(Number(cell('rab').dataset.value)).toBeCloseTo(0, 12);
    expect(part('rab', 'tf.parts.female')).toBeCloseTo(ln2 / 3, 12);
    expect(part('rab', 'tf.parts.male')).toBeCloseTo(ln2 / 3, 12);
    expect(Number(cell('arab').dataset.value)).toBeCloseTo(ln2 / 3, 12);
    expect(part('arab', 'tf.parts.female')).toBeCloseTo((5 * ln2) / 18, 12);
    // The other magnitudes beside it: ARaB tc = (1 + 0 + 0) / 3, bool the same.
    expect(part('arab', 'tc.value')).toBeCloseTo(1 / 3, 12);
    expect(part('arab', 'bool.value')).toBeCloseTo(1 / 3, 12);
    // The engine sends what each rank contributes only for the open rows: ARaB's opens it for
    // ARaB alone (its rows carry their own magnitudes).
    const first = () => evaluation.value.results!.rankings[0]!;
    expect(first().arab.perRank).toBeUndefined();
    (screen.getByRole('button', { name: /ARaB/ }) as HTMLButtonElement).click();
    await waitFor(() => expect(first().arab.perRank).toHaveLength(3));
    expect(first().rab.perRank).toBeUndefined();
    expect(hasDetail(evaluation.value.results!, 'arab')).toBe(true); // its charts draw from its own detail
    expect(first().texfair.perRank).toBeUndefined();
    expect(first().arab.atCutoff).toHaveLength(3);
    const chart = perRankChart('arab', evaluation.value.results!.rankings[0]!, ['female', 'male']);
    // ARaB weights (1/3) Σ_{x=i..3} 1/x: 11/18, 5/18, 1/9; m pulls up at rank 1, f down at rank 2.
    expect(chart.series.map((s) => s.label)).toEqual(['male (m)', 'female (f)']);
    expect(chart.series[0]!.values[0]).toBeCloseTo((11 / 18) * ln2, 12);
    expect(chart.series[1]!.values[1]).toBeCloseTo(-(5 / 18) * ln2, 12);
    const sum = chart.series.flatMap((s) => s.values).reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(ln2 / 3, 12);
    // RaB: w_i = 1/3 for the three ranks: m's pull ln 2 / 3 at rank 1, f's −ln 2 / 3 at rank 2.
    (screen.getByRole('button', { name: /^RaB/ }) as HTMLButtonElement).click();
    await waitFor(() => expect(first().rab.perRank).toHaveLength(3));
    const rabChart = perRankChart('rab', evaluation.value.results!.rankings[0]!, ['female', 'male']);
    expect(rabChart.series[0]!.values).toEqual([ln2 / 3, 0, 0]);
    expect(rabChart.series[1]!.values).toEqual([-0, -ln2 / 3, -0]);
    // Another magnitude: bool RaB value stays 0, now with the bool parts first.
    setParam('rabMagnitude', 'bool');
    await waitFor(() => expect(evaluation.value.results!.params.rabMagnitude).toBe('bool'));
    expect(part('rab', 'bool.parts.male')).toBeCloseTo(1 / 3, 12);
  });

  test('DIPS’s chart colours each item by its group, A up and B down', async () => {
    // A male item (B, relevance 0) above a female one (A, relevance 1): M_AB = 1, all of it the
    // A item's, at rank 2; M_BA = 0.
    replaceScenario({ rankings: [{ name: 'A', docs: [doc('b', 'x', 'male', 0), doc('a', 'y', 'female', 1)] }] }, { undoable: false });
    render(<MetricsTable />);
    await current();
    (screen.getByRole('button', { name: /^DIPS/ }) as HTMLButtonElement).click();
    await waitFor(() => expect(evaluation.value.results!.rankings[0]!.dips.perRank).toHaveLength(2));
    const results = evaluation.value.results!;
    expect(results.rankings[0]!.dips.value).toBe(1);
    const chart = perRankChart('dips', results.rankings[0]!, results.groups, results.params.dipsGroups);
    expect(chart.series.map((s) => s.label)).toEqual(['female (A)', 'male (B)']);
    // (v + 0: the B side's −0 is 0.)
    expect(chart.series.map((s) => s.values.map((v) => v + 0))).toEqual([
      [0, 1],
      [0, 0],
    ]);
    expect(new Set(chart.series.map((s) => s.color)).size).toBe(2);
  });

  test('a changed value shows what it was, unless the change is too small to show', async () => {
    replaceScenario(two(), { undoable: false });
    render(<MetricsTable />);
    await current();
    const cell = () => document.querySelector('[data-metric="cwex"][data-ranking="A"]') as HTMLElement;
    const value = () => Number(cell().dataset.value);
    const first = value();
    // CWEx's α moved by 1e-7: CWEx moves far below its fourth decimal, so not as shown.
    setParam('alpha', 0.5000001);
    await waitFor(() => expect(value()).not.toBe(first));
    await current();
    const second = value();
    expect(formatValue(second)).toBe(formatValue(first));
    expect(cell().querySelector('[data-was]')).toBeNull();
    // α = 0.9 changes it as shown: what it was is the value before this edit, the small change's.
    setParam('alpha', 0.9);
    await waitFor(() => expect(cell().querySelector('[data-was]')).not.toBeNull());
    expect(formatValue(value())).not.toBe(formatValue(second));
    expect(cell().querySelector('[data-was]')!.getAttribute('data-was')).toBe(String(second));
  });

  test('a refused input keeps the values, struck through and marked stale, with the core’s message', async () => {
    replaceScenario(two(), { undoable: false });
    render(<MetricsTable />);
    await current();
    const before = (document.querySelector('[data-metric="nfairr"][data-ranking="A"]') as HTMLElement).dataset.value;
    edit((s) => void (s.params = { k: 0 }));
    await waitFor(() => expect(document.querySelector('section[aria-label="Metrics"]')!.getAttribute('data-state')).toBe('stale'));
    expect((document.querySelector('[data-metric="nfairr"][data-ranking="A"]') as HTMLElement).dataset.value).toBe(before);
    screen.getByText(/These values are for the last valid input\. Parameters: cut-off k must be a whole number of at least 1, got 0/);
    screen.getByText('stale');
  });
});
