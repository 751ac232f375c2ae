// A ranking of 1,000 documents: only the cards on screen are in the page (a virtualised list), and
// everything a user does with the cards still works: scrolling to the end, Alt+↓ at the window's
// edge (focus and caret kept, the card scrolled into view), typing (the values equal the CLI's),
// drag and drop, and axe-core at zero violations.
import type { Page } from 'playwright-core';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';

import { artifacts, axeViolations, cliValues, mismatches, newPage, PAGE, shownValues, siteForTests, waitCurrent } from './browser';

const site = siteForTests();

const N = 1000;
const words = ['she', 'he', 'her', 'his', 'the', 'team', 'won', 'match', 'son', 'daughter', 'played', 'city', 'man', 'woman'];

interface Doc {
  id: string;
  text: string;
  label: string;
  relevance: number;
}

function scenarioOf(n: number): { params: { k: number }; rankings: { name: string; docs: Doc[] }[] } {
  let seed = 11;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const docs = Array.from({ length: n }, (_, i) => ({
    id: `d${i + 1}`,
    text: Array.from({ length: 6 + Math.floor(random() * 30) }, () => words[Math.floor(random() * words.length)]).join(' '),
    label: ['female', 'male', 'neutral'][i % 3]!,
    relevance: Math.floor(random() * 4),
  }));
  return { params: { k: 100 }, rankings: [{ name: 'A', docs }] };
}

const base64url = (bytes: Buffer) => bytes.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

async function openLong(scenario: ReturnType<typeof scenarioOf>) {
  const watched = await newPage(site, { width: 1366, height: 900 });
  await watched.page.goto(`${site.url}${PAGE}#s=${base64url(deflateRawSync(JSON.stringify(scenario)))}`);
  await waitCurrent(watched.page);
  return watched;
}

/** The ids of the rendered cards, in rank order. */
const renderedIds = (page: Page) =>
  page.$$eval('[data-card^="0:"]', (els) =>
    els
      .map((e) => [Number((e as HTMLElement).dataset.card!.split(':')[1]), (e as HTMLElement).dataset.docId!] as const)
      .sort((a, b) => a[0] - b[0]),
  );

/** Whether the card of rank j (0-based) lies wholly inside the viewport. */
const cardInView = (page: Page, j: number) =>
  page.$eval(`[data-card="0:${j}"]`, (e) => {
    const box = e.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= innerHeight;
  });

describe(`a ranking of ${N} documents`, () => {
  test('far fewer cards than documents in the page; scrolling to the end shows the last one; positions for screen readers', async () => {
    const scenario = scenarioOf(N);
    const { page, problems } = await openLong(scenario);
    const cards = await page.locator('[data-card]').count();
    expect(cards).toBeGreaterThan(3);
    expect(cards).toBeLessThan(40);
    // Each card says where it is in the whole list.
    expect(await page.locator('[data-card="0:0"]').getAttribute('aria-setsize')).toBe(String(N));
    expect(await page.locator('[data-card="0:0"]').getAttribute('aria-posinset')).toBe('1');
    await page.screenshot({ path: `${artifacts}long-ranking-top.png` });
    // The page is as tall as every card: its end shows the last document.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.locator(`[data-card="0:${N - 1}"]`).waitFor();
    expect(await page.locator(`[data-card="0:${N - 1}"]`).getAttribute('data-doc-id')).toBe(`d${N}`);
    expect(await page.locator(`[data-card="0:${N - 1}"]`).getAttribute('aria-posinset')).toBe(String(N));
    expect(await cardInView(page, N - 1)).toBe(true);
    expect(await page.locator('[data-card]').count()).toBeLessThan(40);
    // The cards rendered are consecutive ranks, in order, with their own documents.
    const rendered = await renderedIds(page);
    expect(rendered.map(([j, id]) => id === `d${j + 1}`)).not.toContain(false);
    expect(rendered.at(-1)![0] - rendered[0]![0]).toBe(rendered.length - 1);
    await page.screenshot({ path: `${artifacts}long-ranking-end.png` });
    expect(await axeViolations(page)).toEqual([]);
    // Printed, every card is on paper.
    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => page.locator('[data-card]').count()).toBe(N);
    await page.emulateMedia({ media: 'screen' });
    await expect.poll(() => page.locator('[data-card]').count()).toBeLessThan(40);
    expect(problems).toEqual([]);
  });

  test('Alt+↓ on the last card on screen moves it by exactly one each time, keeps focus and caret, and scrolls it into view; Enter on ↑ keeps focus, on ↓ past the lower edge scrolls too', async () => {
    const scenario = scenarioOf(N);
    const { page, problems } = await openLong(scenario);
    await page.evaluate(() => window.scrollTo(0, 3000));
    // The list renders the cards of the new scroll position a frame or two after the scroll: wait
    // for the card the window's lower edge cuts. The last card wholly on screen is the one above it.
    const cut = () =>
      page.$$eval('[data-card^="0:"]', (els) => {
        const at = els.find((e) => {
          const box = e.getBoundingClientRect();
          return box.top < innerHeight && box.bottom > innerHeight;
        });
        return at ? Number((at as HTMLElement).dataset.card!.split(':')[1]) : -1;
      });
    await expect.poll(cut).toBeGreaterThan(10);
    const edge = (await cut()) - 1;
    const moved = scenario.rankings[0]!.docs[edge]!;
    const text = page.getByLabel(`Text of A, rank ${edge + 1}`, { exact: true });
    await text.focus();
    await text.evaluate((e: HTMLTextAreaElement) => e.setSelectionRange(2, 4));
    const steps = 6;
    for (let step = 1; step <= steps; step++) {
      await page.keyboard.press('Alt+ArrowDown');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe(`Text of A, rank ${edge + 1 + step}`);
    }
    expect(await page.locator(`[data-card="0:${edge + steps}"]`).getAttribute('data-doc-id')).toBe(moved.id);
    expect(
      await page.evaluate(() => {
        const e = document.activeElement as HTMLTextAreaElement;
        return [e.selectionStart, e.selectionEnd];
      }),
    ).toEqual([2, 4]);
    expect(await cardInView(page, edge + steps)).toBe(true);
    // The ones it passed moved up by one.
    for (let j = edge; j < edge + steps; j++)
      expect(await page.locator(`[data-card="0:${j}"]`).getAttribute('data-doc-id')).toBe(scenario.rankings[0]!.docs[j + 1]!.id);
    const docs = scenario.rankings[0]!.docs;
    docs.splice(edge + steps, 0, ...docs.splice(edge, 1));
    // Enter on its ↑ button moves it back by one and keeps focus on that button.
    const at = edge + steps;
    await page.getByLabel(`Move A, rank ${at + 1} up`, { exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Move A, rank ${at} up`);
    expect(await page.locator(`[data-card="0:${at - 1}"]`).getAttribute('data-doc-id')).toBe(moved.id);
    docs.splice(at - 1, 0, ...docs.splice(at, 1));
    // Enter on its ↓ button past the window's lower edge: no caret to reveal, the card scrolls itself.
    await page.getByLabel(`Move A, rank ${at} down`, { exact: true }).focus();
    for (let step = 1; step <= steps; step++) {
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe(`Move A, rank ${at + step} down`);
    }
    expect(await page.locator(`[data-card="0:${at - 1 + steps}"]`).getAttribute('data-doc-id')).toBe(moved.id);
    expect(await cardInView(page, at - 1 + steps)).toBe(true);
    docs.splice(at - 1 + steps, 0, ...docs.splice(at - 1, 1));
    await waitCurrent(page);
    expect(mismatches(await shownValues(page), cliValues(JSON.stringify(scenario)))).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('typing into one card changes that card alone and shows the CLI’s values; dragging a card moves it', async () => {
    const scenario = scenarioOf(N);
    const { page, problems } = await openLong(scenario);
    const before = await shownValues(page);
    // Watch the ranking: which cards change while one is edited.
    await page.evaluate(() => {
      const touched = new Set<string>();
      (window as unknown as { touched: Set<string> }).touched = touched;
      new MutationObserver((records) => {
        for (const record of records) {
          const node = record.target instanceof Element ? record.target : record.target.parentElement;
          touched.add(node?.closest('[data-card]')?.getAttribute('data-doc-id') ?? `outside a card: ${node?.tagName}`);
        }
      }).observe(document.querySelector('section[aria-labelledby="ranking-0-title"] ol')!, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    });
    const text = page.getByLabel('Text of A, rank 2', { exact: true });
    await text.click();
    await text.press('End');
    await text.pressSequentially(' her');
    scenario.rankings[0]!.docs[1]!.text += ' her';
    await waitCurrent(page);
    await expect.poll(async () => mismatches(await shownValues(page), cliValues(JSON.stringify(scenario)))).toEqual([]);
    expect(await shownValues(page)).not.toEqual(before);
    expect(await page.evaluate(() => [...(window as unknown as { touched: Set<string> }).touched])).toEqual(['d2']);

    // Drag the handle of rank 3 onto the top of rank 1 (both on screen).
    await page
      .locator('[data-card="0:2"] [title="Drag to reorder"]')
      .dragTo(page.locator('[data-card="0:0"]'), { targetPosition: { x: 40, y: 5 } });
    await expect.poll(() => page.locator('[data-card="0:0"]').getAttribute('data-doc-id')).toBe('d3');
    const docs = scenario.rankings[0]!.docs;
    docs.unshift(...docs.splice(2, 1));
    await waitCurrent(page);
    await expect.poll(async () => mismatches(await shownValues(page), cliValues(JSON.stringify(scenario)))).toEqual([]);
    expect(problems).toEqual([]);
  });
});
