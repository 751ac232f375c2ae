// The Runs form's options live in the query string (runs-*), so a reload keeps them: only
// options that differ from the CLI's defaults are written, valid values are read back, anything
// else keeps the default, and the playground's own parameters are left alone.
import { describe, expect, test } from 'vitest';

import header from '../../core/include/fairness/runs/statistics.hpp?raw';

import { defaults, formFromQuery, paramsFileOf, withFormQuery, type RunsForm } from '../../web/components/RunsView/form';

const base: RunsForm = defaults;

describe('the Runs form in the URL', () => {
  test('the defaults write nothing; changed options are written and read back', () => {
    expect(defaults.cutoffs).toBe(''); // the CLI's: those of the metrics' columns, else 10 and 20
    expect(defaults.backgroundDepth).toBe(200);
    expect(withFormQuery(new URL('https://x.test/?view=runs'), base).search).toBe('?view=runs');
    const changed: RunsForm = {
      ...base,
      cutoffs: '5,10',
      order: 'file',
      official: true,
      backgroundFrom: 'collection',
      backgroundDepth: 50,
      metrics: 'NFaiRR,nDCG',
      baseline: 'bm25',
      queryLabel: 'female',
      ci: 'bootstrap',
      bootstrapSamples: 500,
      bootstrapSeed: 7,
    };
    const url = withFormQuery(new URL('https://x.test/?view=runs&metrics=keep'), changed);
    expect(url.searchParams.get('runs-cutoffs')).toBe('5,10');
    expect(url.searchParams.get('runs-official')).toBe('1');
    expect(url.searchParams.get('metrics')).toBe('keep');
    expect(formFromQuery(url.search)).toEqual({
      cutoffs: '5,10',
      order: 'file',
      official: true,
      backgroundFrom: 'collection',
      backgroundDepth: 50,
      metrics: 'NFaiRR,nDCG',
      baseline: 'bm25',
      queryLabel: 'female',
      ci: 'bootstrap',
      bootstrapSamples: 500,
      bootstrapSeed: 7,
    });
    expect(url.searchParams.get('runs-samples')).toBe('500');
    expect(url.searchParams.get('runs-seed')).toBe('7');
  });

  test("the bootstrap's default samples and seed are the core's", () => {
    const constant = (name: string) => Number(new RegExp(`${name} = (\\d+);`).exec(header)![1]);
    expect(defaults.bootstrapSamples).toBe(constant('default_bootstrap_samples'));
    expect(defaults.bootstrapSeed).toBe(constant('default_bootstrap_seed'));
  });

  test('null removes every option of the form and nothing else', () => {
    const url = withFormQuery(new URL('https://x.test/?view=runs&runs-order=file&runs-depth=9&embed=1'), null);
    expect(url.search).toBe('?view=runs&embed=1');
  });

  test('invalid values keep the defaults', () => {
    expect(formFromQuery('?runs-order=random&runs-official=yes&runs-background=web&runs-depth=-3&runs-samples=1e3&runs-seed=x')).toEqual(
      {},
    );
  });
});

test('the playground’s parameters as a params file: its groups, lexicon and params, without what the runs give (a lesson too)', () => {
  const lesson = { question: 'q', options: [], reveal: 'r', change: { label: 'c', swap: { ranking: 'A', doc: 'd1' }, watch: ['nfairr'] } };
  const text = paramsFileOf({
    title: 'An example',
    description: 'Its words',
    groups: ['f', 'm'],
    lexicon: { f: ['she'], m: ['he'] },
    params: { k: 5, tau: 2 },
    rankings: [{ name: 'A', docs: [] }],
    background: [],
    lesson,
  } as never);
  expect(JSON.parse(text)).toEqual({ groups: ['f', 'm'], lexicon: { f: ['she'], m: ['he'] }, params: { tau: 2 } });
});
