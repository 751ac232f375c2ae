// The address bar has one owner (web/state/address.ts): no other module of the page reads the
// query or the hash or writes the address, and when the autosave puts the scenario's #s= in the
// address it keeps every parameter of how the page is looked at and drops only what loads content.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';

import { addressLoadsContent, addressWithWork, hashFor, readUrl, readView, withParams } from '../../web/state/address';

const web = resolve('web') + '/';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the address bar', () => {
  afterEach(() => history.replaceState(null, '', '/'));

  test('only web/state/address.ts reads the query or the hash, or writes the address', () => {
    const touching = /URLSearchParams|history\.(replaceState|pushState)|location\.(search|hash|href)|searchParams/;
    const offenders = sources(web)
      .filter((path) => !path.endsWith(join('state', 'address.ts')))
      .filter((path) => touching.test(readFileSync(path, 'utf8')))
      .map((path) => path.slice(web.length));
    expect(offenders).toEqual([]);
  });

  test('the scenario’s address keeps embed, metrics, theme, present, lesson, view and runs-*, and drops preset and scenario', () => {
    history.replaceState(
      null,
      '',
      '/?preset=dips-ties&embed=1&metrics=nfairr,cwex&theme=dark&present=1&lesson=1&view=runs&runs-cutoffs=5&scenario=x.json',
    );
    expect(addressLoadsContent()).toBe(true);
    const address = addressWithWork(hashFor('abc'));
    const url = new URL(address, 'https://x.test');
    expect([...url.searchParams.keys()]).toEqual(['embed', 'metrics', 'theme', 'present', 'lesson', 'view', 'runs-cutoffs']);
    expect(url.hash).toBe('#s=abc');
    history.replaceState(null, '', address);
    expect(addressLoadsContent()).toBe(false);
    expect(readUrl(location)).toEqual({ scenarioUrl: null, preset: null, embed: true, encoded: 'abc' });
    expect(readView(location).theme).toBe('dark');
  });

  test('?present= that is neither on nor off is said, as ?embed=, &theme= and ?view= are', () => {
    const problems = (search: string) => readView({ search }).problems;
    expect(problems('?present=maybe')).toEqual(['?present=maybe: expected 1 or 0; not presenting.']);
    expect(readView({ search: '?present=maybe' }).present).toBe(false);
    for (const said of ['?present=1', '?present=true', '?present=0', '?present=off', '?present=']) expect(problems(said), said).toEqual([]);
  });

  test('?example=, a likely guess for ?preset=, is said with the options that do it', () => {
    expect(readView({ search: '?example=cwex-figure-1' }).problems).toEqual([
      '?example=cwex-figure-1 is not an option: ?preset=cwex-figure-1 opens a gallery example, ?lesson=cwex-figure-1 its lesson.',
    ]);
    expect(readView({ search: '?preset=cwex-figure-1' }).problems).toEqual([]);
  });

  test('a Runs view option the address gives a value it cannot take is said, naming it; good ones are not', () => {
    const problems = (search: string) => readView({ search }).problems;
    expect(problems('?view=runs&runs-order=rank')).toEqual(['&runs-order=rank: expected score or file; the Runs view takes score.']);
    expect(problems('?view=runs&runs-official=yes&runs-ci=boot')).toEqual([
      '&runs-official=yes: expected 0 or 1; the Runs view takes 0.',
      '&runs-ci=boot: expected t or bootstrap; the Runs view takes t.',
    ]);
    expect(problems('?view=runs&runs-background=bm25')).toEqual([
      '&runs-background=bm25: expected run or collection; the Runs view takes run.',
    ]);
    expect(problems('?view=runs&runs-depth=abc&runs-seed=-1')).toEqual([
      '&runs-depth=abc: expected a whole number; the Runs view keeps its default.',
      '&runs-seed=-1: expected a whole number; the Runs view keeps its default.',
    ]);
    const good =
      '?view=runs&runs-order=file&runs-official=1&runs-background=collection&runs-ci=bootstrap&runs-depth=50&runs-samples=500&runs-seed=0';
    expect(problems(good)).toEqual([]);
  });

  test('withParams sets and removes parameters and keeps the hash', () => {
    expect(withParams('https://x.test/?a=1&view=runs#s=q', { view: null, lesson: 'rab-arab' })).toBe(
      'https://x.test/?a=1&lesson=rab-arab#s=q',
    );
  });
});
