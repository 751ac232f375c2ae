// The ways a class sees the page: the embeds (metrics, compare, the chrome-less page), presenting
// mode, dark mode, print, a lesson. Each one: its numbers where they must be, axe-core at zero
// violations, and a screenshot at every size a lecture hall meets (written to test-results/).
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';

import { artifacts, axeViolations, newPage, PAGE, siteForTests, waitCurrent } from './browser';

const site = siteForTests();

const SIZES = [
  [1366, 900],
  [700, 500],
  [1280, 720],
  [390, 844],
] as const;

async function open(path: string, { width = 1366, height = 900, dark = false } = {}) {
  const watched = await newPage(site, { width, height });
  if (dark) await watched.page.emulateMedia({ colorScheme: 'dark' });
  await watched.page.goto(`${site.url}${PAGE}${path}`);
  return watched;
}

/** Whether the element's box lies inside the viewport (the values are seen without scrolling). */
async function inViewport(page: Page, selector: string): Promise<boolean[]> {
  return page.$$eval(selector, (els) =>
    els.map((e) => {
      const box = e.getBoundingClientRect();
      return box.width > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
    }),
  );
}

describe('embeds', () => {
  test('?embed=metrics at 700×500: the metrics table alone, every value inside the viewport', async () => {
    const { page, problems } = await open('?embed=metrics&preset=texfair-figure-1', { width: 700, height: 500 });
    await waitCurrent(page);
    expect(await page.locator('[data-embed="metrics"]').count()).toBe(1);
    // No rankings, no parameters, no toolbar.
    expect(await page.locator('[data-card]').count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Playground commands' }).count()).toBe(0);
    const values = '[data-metric][data-ranking]:not([data-ranking="A-B"])';
    // The four main metrics at least, for both rankings, and all visible without scrolling.
    expect(await page.locator(values).count()).toBeGreaterThanOrEqual(8);
    const shown = await inViewport(
      page,
      `${values}[data-metric="nfairr"], ${values}[data-metric="texfair"], ${values}[data-metric="dips"], ${values}[data-metric="cwex"]`,
    );
    expect(shown.length).toBe(8);
    expect(shown.every(Boolean), JSON.stringify(shown)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('&metrics= chooses the rows; ?embed=compare shows both rankings compact and the four main metrics', async () => {
    const { page } = await open('?embed=metrics&metrics=nfairr,texfair&preset=texfair-figure-1', { width: 700, height: 500 });
    await waitCurrent(page);
    const ids = await page.$$eval('[data-metric][data-ranking="Left"]', (els) => els.map((e) => (e as HTMLElement).dataset.metric));
    expect(ids).toEqual(['nfairr', 'texfair']);
    expect((await inViewport(page, '[data-metric][data-ranking]')).every(Boolean)).toBe(true);

    const compare = await open('?embed=compare&preset=texfair-figure-1', { width: 700, height: 500 });
    await waitCurrent(compare.page);
    expect(await compare.page.locator('[data-embed="compare"] [data-doc-id]').count()).toBe(8);
    // A card, focusable to show its whole passage, is named by what it shows, not by that hint.
    const first = compare.page.getByRole('listitem', { name: /^1\. male · rel 1 Currently he plays/ });
    expect(await first.count()).toBe(2);
    const main = await compare.page.$$eval('[data-metric][data-ranking="Left"]', (els) =>
      els.map((e) => (e as HTMLElement).dataset.metric),
    );
    expect(main).toEqual(['nfairr', 'texfair', 'dips', 'cwex']);
    expect((await inViewport(compare.page, '[data-metric][data-ranking]')).every(Boolean)).toBe(true);
    expect(await axeViolations(compare.page)).toEqual([]);
    expect(compare.problems).toEqual([]);
  });

  test('?embed=1 still hides the chrome and keeps the editor', async () => {
    const { page, problems } = await open('?embed=1&preset=texfair-figure-1');
    await waitCurrent(page);
    expect(await page.getByRole('navigation', { name: 'Playground commands' }).count()).toBe(0);
    expect(await page.locator('[data-card]').count()).toBe(8);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('the share dialog builds the embed links and iframe code, without sideways scroll', async () => {
    const { page } = await open('?preset=texfair-figure-1');
    await waitCurrent(page);
    await page.getByRole('button', { name: 'Share / embed…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Embed', { exact: true }).selectOption('metrics');
    // By default every metric, and no metrics= in the link.
    expect(await dialog.getByLabel('Embed link', { exact: true }).inputValue()).not.toContain('metrics=');
    await dialog.getByRole('button', { name: 'The four main metrics' }).click();
    await dialog.getByLabel('TExFAIR', { exact: true }).uncheck();
    const link = await dialog.getByLabel('Embed link', { exact: true }).inputValue();
    expect(link).toMatch(/\?embed=metrics&metrics=nfairr,dips,cwex#s=/);
    const iframe = await dialog.getByLabel('Embed in a course page (iframe)').inputValue();
    expect(iframe).toContain('embed=metrics&amp;metrics=nfairr,dips,cwex');
    const sideways = await page.$eval('dialog[open]', (d) => d.scrollWidth - d.clientWidth);
    expect(sideways).toBeLessThanOrEqual(0);
    // The link opens that embed.
    const embedded = await open(link.replace(/^https?:\/\/[^/]+\/course\/playground\//, ''), { width: 700, height: 500 });
    await waitCurrent(embedded.page);
    const ids = await embedded.page.$$eval('[data-metric][data-ranking="Left"]', (els) =>
      els.map((e) => (e as HTMLElement).dataset.metric),
    );
    expect(ids).toEqual(['nfairr', 'dips', 'cwex']);
  });
});

describe('presenting, dark, print', () => {
  test('?present=1: large type, the four main metrics unless asked for all', async () => {
    const { page, problems } = await open('?present=1&preset=dips-ties', { width: 1280, height: 720 });
    await waitCurrent(page);
    const size = await page.$eval('[data-metric="dips"][data-ranking="ties to female"]', (e) => parseFloat(getComputedStyle(e).fontSize));
    expect(size).toBeGreaterThanOrEqual(22);
    const rows = () =>
      page.$$eval('[data-metric][data-ranking="ties to female"]', (els) => els.map((e) => (e as HTMLElement).dataset.metric));
    expect(await rows()).toEqual(['nfairr', 'texfair', 'dips', 'cwex']);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /Show all metrics/ }).click();
    expect((await rows()).length).toBeGreaterThan(4);
    // The commands are folded into one menu; the way out is beside it.
    expect(await page.getByRole('navigation', { name: 'Playground commands' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: '☰ Menu' }).click();
    await page.getByRole('navigation', { name: 'Playground commands' }).getByRole('button', { name: 'Gallery…' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Stop presenting' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.present)).toBe('false');
    expect(await page.getByLabel('Presenting').isChecked()).toBe(false);
    expect(problems).toEqual([]);
  });

  test('dark mode follows the system setting, at zero axe violations', async () => {
    const { page, problems } = await open('?preset=texfair-figure-1', { dark: true });
    await waitCurrent(page);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = background.match(/\d+/g)!.map(Number);
    expect(r! + g! + b!).toBeLessThan(3 * 80);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'DIPS', exact: true }).click();
    await page.locator('.katex').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('print: the whole metrics table and both rankings, no toolbar', async () => {
    const { page } = await open('?preset=texfair-figure-1');
    await waitCurrent(page);
    await page.emulateMedia({ media: 'print' });
    const visible = (selector: string) =>
      page.$$eval(
        selector,
        (els) => els.filter((e) => (e as HTMLElement).offsetParent !== null || getComputedStyle(e).position === 'fixed').length,
      );
    expect(await visible('[data-card]')).toBe(8);
    expect(await visible('[data-metric][data-ranking]')).toBe(await page.locator('[data-metric][data-ranking]').count());
    expect(await visible('nav[aria-label="Playground commands"]')).toBe(0);
    // Nothing is cut by a scroll box: the metrics panel is as tall as its content.
    const cut = await page.$$eval(
      'main *',
      (els) =>
        els.filter((e) => e.scrollHeight > e.clientHeight + 1 && ['auto', 'scroll', 'hidden'].includes(getComputedStyle(e).overflowY))
          .length,
    );
    expect(cut).toBe(0);
    await page.pdf({ path: `${artifacts}print.pdf` });
  });
});

describe('lessons', () => {
  test('?lesson= walks through its steps with the keyboard alone', async () => {
    const { page, problems } = await open('?lesson=dips-ties');
    await page.getByRole('heading', { name: 'Look' }).waitFor();
    // Before predicting, no value is shown.
    expect(await page.locator('[data-metric][data-ranking]').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    const press = async (key: string) => page.keyboard.press(key);
    const focusOn = async (name: RegExp) => {
      for (let i = 0; i < 80; i++) {
        await press('Tab');
        const label = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.textContent?.trim() ?? '');
        if (name.test(label)) return;
      }
      throw new Error(`never reached ${name}`);
    };
    await focusOn(/^Next/);
    await press('Enter');
    await page.getByRole('heading', { name: 'Predict' }).waitFor();
    // The step's heading has focus; the first answer is a Tab away, arrows choose among them.
    await page.waitForFunction(() => document.activeElement?.id === 'lesson-step', null, { timeout: 2000 });
    await press('Tab');
    await press('Space');
    await press('ArrowDown'); // "ties balanced"
    await focusOn(/^Reveal the numbers/);
    await press('Enter');
    await page.getByRole('heading', { name: 'The numbers' }).waitFor();
    await waitCurrent(page);
    expect(await page.locator('[data-answer="right"]').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await focusOn(/^Next/);
    await press('Enter');
    await page.getByRole('heading', { name: 'Change one thing' }).waitFor();
    await focusOn(/^Set c_t to 0/);
    await press('Enter');
    const why = page.locator('[data-why]');
    await why.waitFor();
    // Focus stays on the change's button (a used button is aria-disabled, not disabled).
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Set c_t to 0/);
    // The explanation states the numbers after the change, as the table shows them.
    const dips = await page.locator('[data-metric="dips"][data-ranking="ties to female"]').getAttribute('data-value');
    expect(Number(dips)).toBe(0);
    const move = why.locator('[data-watch="dips"] [data-move-ranking="ties to female"]');
    expect(await move.textContent()).toMatch(/^-0\.\d+ → 0$/);
    expect(await why.locator('[data-watch="cwex"] [data-move-ranking="ties to female"]').textContent()).toMatch(/stays/);
    await focusOn(/^Next/);
    await press('Enter');
    await page.getByRole('heading', { name: 'Your turn' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});

describe('screenshots of every mode at every size', () => {
  const modes: [string, string, { dark?: boolean }][] = [
    ['page', '?preset=texfair-figure-1', {}],
    ['embed-metrics', '?embed=metrics&preset=texfair-figure-1', {}],
    ['embed-compare', '?embed=compare&preset=texfair-figure-1', {}],
    ['embed-page', '?embed=1&preset=texfair-figure-1', {}],
    ['present', '?present=1&preset=texfair-figure-1', {}],
    ['dark', '?preset=dips-ties', { dark: true }],
    ['lesson', '?lesson=texfair-figure-1', {}],
  ];
  test.each(modes)('%s', async (name, path, options) => {
    for (const [width, height] of SIZES) {
      const { page, problems } = await open(path, { width, height, ...options });
      if (name === 'lesson') await page.getByRole('heading', { name: 'Look' }).waitFor();
      else await waitCurrent(page);
      // What the viewport shows first: that is what a class sees.
      await page.screenshot({ path: `${artifacts}mode-${name}-${width}x${height}.png` });
      // Nothing makes the page scroll sideways.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        `${name} ${width}`,
      ).toBeLessThanOrEqual(0);
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });
});
