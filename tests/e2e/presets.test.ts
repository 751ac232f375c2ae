// The gallery: every preset loads by ?preset=<id>, shows its caption, and every claim its caption
// makes holds on the page (values read from the page's data attributes, not from the core).
import type { Page } from 'playwright-core';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';

import { cliValues, newPage, PAGE, root, siteForTests, waitCurrent } from './browser';

const site = siteForTests();

async function open(id: string): Promise<Page> {
  const { page, problems } = await newPage(site);
  await page.goto(`${site.url}${PAGE}?preset=${id}`);
  await waitCurrent(page);
  const { title } = JSON.parse(readFileSync(`${root}examples/${id}.json`, 'utf8')) as { title: string };
  await page.getByRole('heading', { name: title }).waitFor();
  expect(problems).toEqual([]);
  return page;
}

async function num(page: Page, selector: string): Promise<number | null> {
  const raw = await page.locator(selector).first().getAttribute('data-value');
  return raw === null || raw === '' ? null : Number(raw);
}
const value = (page: Page, ranking: string, metric: string) => num(page, `[data-ranking="${ranking}"][data-metric="${metric}"]`);
const part = (page: Page, ranking: string, metric: string, key: string) =>
  num(page, `[data-ranking="${ranking}"][data-metric="${metric}"] [data-part="${key}"]`);
// A document may stand in both rankings: read its first card.
/** A card's group-term chips as shown ("female ×2"; a screen reader's ", " before each but the first left out). */
const chips = async (page: Page, docId: string) =>
  (await page.locator(`[data-doc-id="${docId}"]`).first().locator(`[class*="chip"]`).allTextContents()).map((t) => t.replace(/^, /, ''));

async function openParams(page: Page) {
  const panel = page.locator('details', { has: page.getByRole('heading', { name: 'Parameters' }) });
  if ((await panel.getAttribute('open')) === null) await page.getByRole('heading', { name: 'Parameters' }).click();
}

async function setParam(page: Page, label: string, text: string) {
  await openParams(page);
  await page.getByLabel(label, { exact: true }).fill(text);
  await waitCurrent(page);
}

/** The example's scenario with some parameters changed, as the CLI computes it ("ranking/metric" → value). */
function cliWith(id: string, params: Record<string, unknown>): Record<string, number | null> {
  const scenario = JSON.parse(readFileSync(`${root}examples/${id}.json`, 'utf8')) as { params?: Record<string, unknown> };
  scenario.params = { ...(scenario.params ?? {}), ...params };
  return cliValues(JSON.stringify(scenario));
}

test('every file in examples/ is in the gallery and opens from it', async () => {
  const ids = readdirSync(`${root}examples`)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''));
  const { page } = await newPage(site);
  await page.goto(`${site.url}${PAGE}`);
  await waitCurrent(page);
  const before = (await page.getByText(/^Showing /).textContent())!;
  await page.getByRole('button', { name: 'Gallery…' }).click();
  for (const id of ids) await page.getByText(`?preset=${id}`).waitFor();
  const { title } = JSON.parse(readFileSync(`${root}examples/dips-ties.json`, 'utf8')) as { title: string };
  await page.getByRole('button', { name: `Open ${title}` }).click();
  await waitCurrent(page);
  await page.getByRole('heading', { name: title }).waitFor();
  expect(await page.getByText(`Showing preset “${title}”.`).count()).toBe(1);
  // An edit is said in the header; its Undo is the preset as opened again.
  const relevance = page.locator('input[aria-label$=", rank 1"][aria-label^="Relevance of"]').first();
  await relevance.fill('0');
  await waitCurrent(page);
  await page.getByText(`Showing preset “${title}”, edited.`).waitFor();
  await page.getByRole('button', { name: /Undo/ }).click();
  await page.getByText(`Showing preset “${title}”.`).waitFor();
  // Undo goes back to the scenario before, and the header with it.
  await page.getByRole('button', { name: /Undo/ }).click();
  await page.getByText(before).waitFor();
  expect(before).not.toContain(title);
});

describe('captions hold', () => {
  test('texfair-figure-1: under either τ convention NFaiRR is 0 for both lists (IFaiRR > 0 thanks to the background); TExFAIR calls Left the more balanced', async () => {
    const page = await open('texfair-figure-1');
    // Every passage names one gender twice: above τ = 1 whether the threshold is ≤ τ or < τ.
    for (const id of ['p1', 'p2', 'p3', 'p4', 'p5', 'p6']) expect(await chips(page, id), id).toHaveLength(1);
    for (const id of ['p1', 'p2', 'p3', 'p4', 'p5', 'p6']) expect((await chips(page, id))[0], id).toMatch(/ ×2$/);
    const check = async () => {
      expect(await value(page, 'Left', 'nfairr')).toBe(0);
      expect(await value(page, 'Right', 'nfairr')).toBe(0);
      expect(await part(page, 'Left', 'nfairr', 'ifairr')).toBeGreaterThan(0);
      expect(await part(page, 'Right', 'nfairr', 'ifairr')).toBeGreaterThan(0);
      expect((await value(page, 'Left', 'texfair'))! - (await value(page, 'Right', 'texfair'))!).toBeGreaterThan(0.5);
    };
    await check(); // ≤ τ, the official convention, as the example sets it
    await openParams(page);
    await page.getByLabel('inclusive (Σ M ≤ τ is neutral)').uncheck();
    await waitCurrent(page);
    await check(); // < τ, the NFaiRR paper's printed one
    // The command line agrees for both conventions.
    for (const tauInclusive of [true, false]) {
      const cli = cliWith('texfair-figure-1', { tauInclusive });
      expect([cli['Left/nfairr'], cli['Right/nfairr']], `tauInclusive ${tauInclusive}`).toEqual([0, 0]);
      expect(cli['Left/texfair']! - cli['Right/texfair']!).toBeGreaterThan(0.5);
    }
  });

  test('cwex-figure-1: (b) is lexically neutral, so NFaiRR says 1 for the (b)-like list and 0 for (a); CWEx says −0.5 for both', async () => {
    const page = await open('cwex-figure-1');
    expect(await chips(page, 'b')).toEqual(['female ×2', 'male ×2']);
    expect(await value(page, 'like (b)', 'nfairr')).toBe(1);
    expect(await value(page, 'like (a)', 'nfairr')).toBe(0);
    expect(await value(page, 'like (a)', 'cwex')).toBe(-0.5);
    expect(await value(page, 'like (b)', 'cwex')).toBe(-0.5);
  });

  test('nfairr-figure-1: only the second passage has gender terms, and moving it to rank 8 raises NFaiRR', async () => {
    const page = await open('nfairr-figure-1');
    expect(await chips(page, 'p2')).toEqual(['male ×6']);
    for (const id of ['p1', 'p3', 'f1', 'f2', 'f3', 'f4', 'f5']) expect(await chips(page, id), id).toEqual([]);
    expect((await value(page, 'BertAdv', 'nfairr'))!).toBeGreaterThan((await value(page, 'BERT', 'nfairr'))!);
  });

  test('texfair-section-6: AWRF (Eq. 14) is exactly the same for both rankings; TExFAIR calls the first clearly less fair', async () => {
    const page = await open('texfair-section-6');
    expect(await value(page, 'name vs pronouns', 'awrf')).toBe(await value(page, 'pronouns vs pronouns', 'awrf'));
    const a = (await value(page, 'name vs pronouns', 'texfair'))!;
    const b = (await value(page, 'pronouns vs pronouns', 'texfair'))!;
    expect(b - a).toBeGreaterThan(0.3);
    expect(await value(page, 'name vs pronouns', 'nfairr')).not.toBeNull();
    expect(await chips(page, 'mary')).toEqual(['female ×1']);
    // Six male terms: five pronouns (he ×3, his, him) and brother.
    expect(await chips(page, 'he')).toEqual(['male ×6']);
  });

  test('dips-ties: with c_t = 1 DIPS is below −0.5 for ties to female and within ±0.05 when balanced; with c_t = 0 DIPS and REE are 0, while CWEx and EE, EA, EA-dp still separate the rankings; IGI leaves [−1, 1]', async () => {
    const page = await open('dips-ties');
    expect((await value(page, 'ties to female', 'dips'))!).toBeLessThan(-0.5);
    expect(Math.abs((await value(page, 'ties balanced', 'dips'))!)).toBeLessThanOrEqual(0.05);
    expect(Math.abs((await value(page, 'ties to female', 'igi'))!)).toBeGreaterThan(1);
    await setParam(page, 'c_t (weight of a tie)', '0');
    for (const ranking of ['ties to female', 'ties balanced'])
      for (const metric of ['dips', 'ree']) expect(await value(page, ranking, metric), `${ranking} ${metric}`).toBe(0);
    // Exposure does not read c_t: "ties to female" is further from fair than "ties balanced".
    const cli = cliWith('dips-ties', { ct: 0 });
    expect((await value(page, 'ties to female', 'cwex'))!).toBeLessThan((await value(page, 'ties balanced', 'cwex'))!);
    expect(cli['ties to female/cwex']!).toBeLessThan(cli['ties balanced/cwex']!);
    for (const metric of ['ee', 'ea', 'eadp']) {
      const female = (await value(page, 'ties to female', metric))!;
      const balanced = (await value(page, 'ties balanced', metric))!;
      expect(Math.abs(female), metric).toBeGreaterThan(Math.abs(balanced));
      expect(Math.abs(cli[`ties to female/${metric}`]!), metric).toBeGreaterThan(Math.abs(cli[`ties balanced/${metric}`]!));
    }
  });

  test('dips-igi-normalization: IGI gives M_AB = 1 and M_BA = 0.5; REE and DIPS see both groups equally off (0)', async () => {
    const page = await open('dips-igi-normalization');
    expect(await part(page, 'swapped', 'igi', 'mAB')).toBe(1);
    expect(await part(page, 'swapped', 'igi', 'mBA')).toBe(0.5);
    expect(await value(page, 'swapped', 'igi')).toBe(0.5);
    expect(await part(page, 'swapped', 'ree', 'mAB')).toBeCloseTo(1 / 3, 12);
    expect(await part(page, 'swapped', 'ree', 'mBA')).toBeCloseTo(1 / 3, 12);
    expect(await value(page, 'swapped', 'ree')).toBe(0);
    expect(await value(page, 'swapped', 'dips')).toBe(0);
  });

  test('texfair-rbdf: with RBDF TExFAIR is 1 − 1/Σp(1..5) ≈ 0.66; without it 0', async () => {
    const page = await open('texfair-rbdf');
    const rbdf = 1 / [1, 2, 3, 4, 5].reduce((sum, r) => sum + 1 / Math.log2(r + 1), 0);
    expect(await part(page, 'A', 'texfair', 'rbdf')).toBeCloseTo(rbdf, 12);
    expect(await value(page, 'A', 'texfair')).toBeCloseTo(1 - rbdf, 12);
    const panel = page.getByRole('heading', { name: 'Parameters' });
    await panel.click();
    await page.getByLabel('RBDF (discount by the share of documents with group terms)').uncheck();
    await waitCurrent(page);
    expect(await value(page, 'A', 'texfair')).toBe(0);
    // Not applied, the discount is no part of the value: the cell lists the shares alone.
    expect(
      await page
        .locator('td[data-metric="texfair"][data-ranking="A"] [data-part]')
        .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.part)),
    ).toEqual(['share.female', 'share.male']);
    for (const id of ['r2', 'r3', 'r4', 'r5']) expect(await chips(page, id), id).toEqual([]);
    // he, his, himself.
    expect(await chips(page, 'r1')).toEqual(['male ×3']);
  });

  test('rab-arab: RaB@4 the same for A and B, (ln 4 − ln 3) / 4; ARaB about 0.42 and −0.07; with bool RaB 0, ARaB 1/4 and −1/12', async () => {
    const page = await open('rab-arab');
    // tf: mag_m(p1) = ln(1 + 3) (father, his, sons), mag_f(p2) = ln(1 + 2) (her, daughter).
    const m = Math.log(4);
    const f = Math.log(3);
    for (const ranking of ['A', 'B']) expect(await value(page, ranking, 'rab')).toBeCloseTo((m - f) / 4, 12);
    // A = p1, p2, p3, p4: RaB@1..4 = m, (m − f) / 2, (m − f) / 3, (m − f) / 4.
    const arabA = (m + (m - f) / 2 + (m - f) / 3 + (m - f) / 4) / 4;
    expect(arabA).toBeCloseTo(0.42, 2);
    expect(await value(page, 'A', 'arab')).toBeCloseTo(arabA, 12);
    // B = p4, p3, p2, p1: RaB@1..4 = 0, 0, −f / 3, (m − f) / 4.
    const arabB = (-f / 3 + (m - f) / 4) / 4;
    expect(arabB).toBeCloseTo(-0.07, 2);
    expect(await value(page, 'B', 'arab')).toBeCloseTo(arabB, 12);
    await page.getByRole('heading', { name: 'Parameters' }).click();
    await page.getByLabel(/^magnitude/).selectOption('bool');
    await waitCurrent(page);
    for (const ranking of ['A', 'B']) expect(await value(page, ranking, 'rab')).toBe(0);
    // bool: A's RaB@1..4 = 1, 0, 0, 0; B's 0, 0, −1/3, 0.
    expect(await value(page, 'A', 'arab')).toBeCloseTo(1 / 4, 12);
    expect(await value(page, 'B', 'arab')).toBeCloseTo(-1 / 12, 12);
  });

  test('ndkl-cwex-neutral-first: CWEx calls B fairer (about 0.30 against 0.11), NDKL calls A fairer (about 0.27 against 0.37); with ndklTarget ranking NDKL does not move', async () => {
    const page = await open('ndkl-cwex-neutral-first');
    const p = (r: number) => 1 / Math.log2(r + 1);
    // A = female, male, neutral, neutral. Prefix 1 is all female (KL = ln 2); prefixes 2-4 are half and half (KL = 0).
    const ndklA = Math.log(2) / (p(1) + p(2) + p(3) + p(4));
    // B = neutral, neutral, female, male. Prefixes 1-2 hold no labelled passage (not in I); prefix 3 is all female.
    const ndklB = (Math.log(2) * p(3)) / (p(3) + p(4));
    expect(ndklA).toBeCloseTo(0.27, 2);
    expect(ndklB).toBeCloseTo(0.37, 2);
    expect(await value(page, 'A', 'ndkl')).toBeCloseTo(ndklA, 12);
    expect(await value(page, 'B', 'ndkl')).toBeCloseTo(ndklB, 12);
    // CWEx, α = 0.5: Σp = p(1) + … + p(4); A: neutral p(3) + p(4), gap p(1) − p(2); B: neutral p(1) + p(2), gap p(3) − p(4).
    const total = p(1) + p(2) + p(3) + p(4);
    const cwexA = 0.5 * ((p(3) + p(4)) / total) - 0.5 * ((p(1) - p(2)) / total);
    const cwexB = 0.5 * ((p(1) + p(2)) / total) - 0.5 * ((p(3) - p(4)) / total);
    expect(cwexA).toBeCloseTo(0.11, 2);
    expect(cwexB).toBeCloseTo(0.3, 2);
    expect(await value(page, 'A', 'cwex')).toBeCloseTo(cwexA, 12);
    expect(await value(page, 'B', 'cwex')).toBeCloseTo(cwexB, 12);
    await openParams(page);
    await page.getByLabel(/^desired distribution D\*/).selectOption('ranking');
    await waitCurrent(page);
    expect(await value(page, 'A', 'ndkl')).toBeCloseTo(ndklA, 12);
    expect(await value(page, 'B', 'ndkl')).toBeCloseTo(ndklB, 12);
  });

  test('grep-biasir-labels-vs-terms: by labels male first (CWEx male > female; DIPS > 0 only through ties at c_t = 0.5, mirrored, 0 at c_t = 0), by words female first (share > 1/2)', async () => {
    const page = await open('grep-biasir-labels-vs-terms');
    const ranking = 'male label first';
    // The text no longer sets off the tokenizer's warning about typographic quotes.
    expect(await page.locator('section[aria-label="Metrics"] ul li').count()).toBe(0);
    expect((await value(page, ranking, 'dips'))!).toBeGreaterThan(0);
    expect(await value(page, 'female label first', 'dips')).toBe(-(await value(page, ranking, 'dips'))!);
    // Equally far from 0 in opposite directions: the verdict says so and does not call DIPS tied.
    expect(await page.locator('[data-mirrored]').getAttribute('data-mirrored')).toContain('DIPS');
    expect(await page.locator('[data-verdict="dips"]').textContent()).toBe('opposite, equally far');
    expect(await page.getByText(/Tied: [^.]*DIPS/).count()).toBe(0);
    expect((await part(page, ranking, 'cwex', 'exposure.male'))!).toBeGreaterThan((await part(page, ranking, 'cwex', 'exposure.female'))!);
    expect((await part(page, ranking, 'texfair', 'share.female'))!).toBeGreaterThan(0.5);
    expect(await chips(page, 'g168')).toEqual(['female ×1']);
    await setParam(page, 'c_t (weight of a tie)', '0');
    expect(await value(page, ranking, 'dips')).toBe(0);
    expect(await value(page, 'female label first', 'dips')).toBe(0);
    const cli = cliWith('grep-biasir-labels-vs-terms', { ct: 0 });
    expect([cli[`${ranking}/dips`], cli['female label first/dips']]).toEqual([0, 0]);
  });
});
