// The DIPS paper's Figure 1a and 1b, recomputed in the page's worker: both figures finish and their
// curves have the paper's shapes (values read from the view's tables). How long they take is
// measured by `npm run bench`, not asserted here.
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';

import { canvasHues, newPage, PAGE, shot, siteForTests, waitCurrent } from './browser';

const site = siteForTests();

/** A panel's table as { column label → values by row }, plus the x values. */
async function table(page: Page, figure: 'a' | 'b'): Promise<{ x: number[]; columns: Record<string, number[]> }> {
  const panel = page.locator(`section[data-figure="${figure}"]`);
  await panel.getByText('Values as a table').click();
  return panel.locator('table').evaluate((t) => {
    const labels = [...t.querySelectorAll('thead th')].map((th) => th.textContent!.trim());
    const rows = [...t.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((cell) => Number(cell.textContent)));
    const columns: Record<string, number[]> = {};
    labels.slice(1).forEach((label, i) => (columns[label] = rows.map((row) => row[i + 1]!)));
    return { x: rows.map((row) => row[0]!), columns };
  });
}

const column = (columns: Record<string, number[]>, pattern: RegExp) => {
  const key = Object.keys(columns).find((label) => pattern.test(label));
  if (!key) throw new Error(`no column ${pattern} in ${Object.keys(columns).join(', ')}`);
  return columns[key]!;
};

test('Figure 1a and 1b: both run in the worker, with the paper’s shapes', async () => {
  const { page, problems } = await newPage(site);
  await page.goto(`${site.url}${PAGE}`);
  await waitCurrent(page);
  await page.getByRole('button', { name: 'DIPS experiments…' }).click();
  await page.getByRole('button', { name: 'Run both' }).click();
  await page.locator('[data-both-ms]').waitFor({ timeout: 60_000 });
  await expect.poll(() => page.locator('section[data-figure][data-status="done"]').count()).toBe(2);

  // 1a: DIPS above 0.5 at k = 0 and decaying with k; REE nearly flat and far below 0.1.
  const a = await table(page, 'a');
  expect(a.x).toHaveLength(100);
  const dips = column(a.columns, /^DIPS/);
  const ree = column(a.columns, /^REE/);
  expect(dips[0]).toBeGreaterThan(0.5);
  expect(dips[0]).toBeGreaterThan(dips[20]!);
  expect(dips[20]).toBeGreaterThan(dips[60]!);
  expect(Math.max(...ree) - Math.min(...ree)).toBeLessThan(0.02);
  expect(Math.max(...ree)).toBeLessThan(0.1);

  // 1b: tie-indifferent DIPS and REE flat at 0; tie-aware DIPS spans a wide range.
  const b = await table(page, 'b');
  expect(b.x).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
  for (const flat of [column(b.columns, /^DIPS.*c_t = 0/), column(b.columns, /^REE.*c_t = 0/)])
    expect(flat.every((v) => v === 0)).toBe(true);
  const aware = column(b.columns, /^DIPS.*c_t = 1/);
  expect(Math.max(...aware) - Math.min(...aware)).toBeGreaterThan(1);
  expect(problems).toEqual([]);
  await shot(page, 'experiments');
});

test('a chart drawn in the light scheme is drawn again in the dark one when the system switches', async () => {
  const { page, problems } = await newPage(site);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`${site.url}${PAGE}`);
  await waitCurrent(page);
  await page.getByRole('button', { name: 'DIPS experiments…' }).click();
  await page.getByRole('button', { name: 'Run both' }).click();
  await expect.poll(() => page.locator('section[data-figure][data-status="done"]').count(), { timeout: 60_000 }).toBe(2);
  const hues = () => canvasHues(page, 'section[data-figure="a"] canvas');
  await expect.poll(() => hues().then((h) => h.length)).toBeGreaterThanOrEqual(2);
  const light = await hues();
  await page.emulateMedia({ colorScheme: 'dark' });
  // The dark scheme's lighter marks: hues the light chart did not have.
  await expect.poll(() => hues().then((h) => h.some((hue) => !light.includes(hue)))).toBe(true);
  expect(problems).toEqual([]);
});
