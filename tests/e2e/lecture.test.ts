// Where the playground is used in teaching: projected (presenting mode as one slide), inside a
// course page (embeds that size themselves, show their mistakes, keep a light look), on paper
// (print), and as a lesson that holds back the answer until the numbers.
import type { Frame, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';

import { HOST_SNIPPET } from '../../web/state/embed-height';
import { TEACHING_ORDER } from '../../web/state/presets';
import { artifacts, axeViolations, LONG_NAMES, newPage, PAGE, shot, siteForTests, waitCurrent } from './browser';
import { hostPages } from './server.mjs';

const site = siteForTests();

const MAIN = ['nfairr', 'texfair', 'dips', 'cwex'];

async function open(path: string, { width = 1366, height = 900 } = {}) {
  const watched = await newPage(site, { width, height });
  await watched.page.goto(`${site.url}${PAGE}${path}`);
  return watched;
}

/** Walks a lesson from *Look* to *Change one thing*, choosing the first answer. */
async function walkToTheChange(page: Page) {
  await page.getByRole('heading', { name: 'Look' }).waitFor();
  await page.getByRole('button', { name: 'Next →' }).click();
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: /Reveal the numbers/ }).click();
  await page.getByRole('button', { name: 'Next →' }).click();
  await page.getByRole('heading', { name: 'Change one thing' }).waitFor();
}

/** The main metrics' value cells that are not wholly inside the viewport, and the page's sideways overflow. */
async function slideFit(page: Page) {
  return page.evaluate((main) => {
    const cells = [...document.querySelectorAll<HTMLElement>('td[data-metric][data-ranking]')].filter(
      (e) => e.dataset.ranking !== 'A-B' && main.includes(e.dataset.metric!),
    );
    const outside = cells
      .filter((e) => {
        const b = e.getBoundingClientRect();
        return !(b.width > 0 && b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight && b.right <= innerWidth);
      })
      .map((e) => `${e.dataset.ranking}/${e.dataset.metric}`);
    const verdict = document.querySelector('[data-disagree]')?.getBoundingClientRect();
    return {
      cells: cells.length,
      rankings: new Set(cells.map((e) => e.dataset.ranking)).size,
      outside,
      sideways: document.documentElement.scrollWidth - innerWidth,
      verdictOnScreen: verdict ? verdict.top >= 0 && verdict.bottom <= innerHeight : null,
    };
  }, MAIN);
}

describe('presenting: one slide', () => {
  test.each([
    [1280, 720],
    [1024, 768],
  ])('at %i×%i every preset shows the four main metrics of every ranking, the verdict, and nothing sideways', async (width, height) => {
    const { page, problems } = await open('', { width, height });
    for (const id of TEACHING_ORDER) {
      await page.goto(`${site.url}${PAGE}?present=1&preset=${id}`);
      await waitCurrent(page);
      const fit = await slideFit(page);
      const rankings = await page.locator('section[aria-labelledby^="ranking-"]').count();
      expect(fit.rankings, id).toBe(rankings);
      expect(fit.cells, id).toBe(4 * rankings);
      expect(fit.outside, id).toEqual([]);
      expect(fit.sideways, id).toBeLessThanOrEqual(0);
      if (rankings === 2) expect(fit.verdictOnScreen, id).toBe(true);
      // The page itself does not scroll: the columns do, each in its own box.
      expect(await page.evaluate(() => document.documentElement.scrollHeight - innerHeight), id).toBeLessThanOrEqual(0);
      // The metrics table fits its box: no scroll bar under it on the slide.
      const table = await page.evaluate(() => {
        const box = document.querySelector('section[aria-label="Metrics"] table')!.parentElement!;
        return box.scrollWidth - box.clientWidth;
      });
      expect(table, id).toBeLessThanOrEqual(0);
      // The rankings' names whole in their fields at 1280 px (at 1024 a name of twenty characters is cut).
      if (width === 1280) {
        const cut = await page.$$eval('input[aria-label^="Name of ranking"]', (els) =>
          (els as HTMLInputElement[]).filter((e) => e.scrollWidth > e.clientWidth).map((e) => e.value),
        );
        expect(cut, id).toEqual([]);
      }
      if (id === 'nfairr-figure-1') await shot(page, `slide-${id}-${width}x${height}`);
    }
    expect(problems).toEqual([]);
  });

  test("at 1024×768 a lesson's change keeps each value's change on one line, the page still, Next in view", async () => {
    const { page, problems } = await open('', { width: 1024, height: 768 });
    for (const id of ['nfairr-figure-1', 'texfair-section-6', 'dips-ties']) {
      await page.goto(`${site.url}${PAGE}?present=1&lesson=${id}`);
      await page.getByRole('heading', { name: 'Look' }).waitFor();
      await page.keyboard.press('PageDown');
      await page.getByRole('radio').first().check();
      await page.keyboard.press('PageDown');
      await page.keyboard.press('PageDown');
      await page.locator('section[data-step="3"] button[class]').first().click();
      await page.locator('[data-why]').waitFor();
      await waitCurrent(page);
      // Lines of each value cell's text ("0.6264 → -0.6931"), counted by the boxes of its text.
      const lines = await page.$$eval('[data-why] td[data-move-ranking]', (cells) =>
        cells.map((td) => {
          const range = document.createRange();
          range.selectNodeContents(td);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        }),
      );
      expect(Math.max(...lines), id).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollHeight - innerHeight), id).toBeLessThanOrEqual(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth), id).toBeLessThanOrEqual(0);
      const next = await page.getByRole('button', { name: 'Next →' }).boundingBox();
      expect(next!.y + next!.height, id).toBeLessThanOrEqual(768);
    }
    expect(problems).toEqual([]);
  });

  test('a lesson about a companion metric shows it on the slide, and the verdict speaks of it', async () => {
    const { page, problems } = await open('?present=1&lesson=ndkl-cwex-neutral-first', { width: 1280, height: 720 });
    await page.getByRole('heading', { name: 'Look' }).waitFor();
    // On the slide the step's line is its count alone: the caption above names the example.
    expect(await page.locator('section[data-step] > p').first().innerText()).toBe('step 1 of 5');
    await page.keyboard.press('PageDown');
    await page.getByRole('radio').first().check();
    await page.keyboard.press('PageDown');
    await page.getByRole('heading', { name: 'The numbers' }).waitFor();
    await waitCurrent(page);
    const rows = await page.$$eval(
      'section[aria-label="Metrics"] tbody tr[data-metric-row], section[aria-label="Metrics"] td[data-metric][data-ranking="A"]',
      (els) => els.map((e) => (e as HTMLElement).dataset.metric ?? ''),
    );
    expect(rows).toEqual(expect.arrayContaining(['nfairr', 'texfair', 'dips', 'cwex', 'ndkl']));
    expect(rows).not.toContain('awrf');
    expect(await page.locator('[data-disagree]').textContent()).toContain('NDKL');
    expect((await slideFit(page)).outside).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('starting or stopping presenting mid-lesson keeps the lesson where it was: its step, the answer, the change and its table', async () => {
    const { page, problems } = await open('?lesson=dips-ties', { width: 1280, height: 720 });
    const step = () => page.locator('section[aria-labelledby="lesson-step"]').getAttribute('data-step');
    await page.getByRole('heading', { name: 'Look' }).waitFor();
    await page.getByRole('button', { name: 'Next →' }).click();
    await page.getByRole('radio').nth(1).check();
    const chosen = (await page.locator('section[data-step="1"] fieldset label').nth(1).innerText()).trim();
    await page.getByRole('button', { name: /Reveal the numbers/ }).click();
    await page.getByRole('button', { name: 'Next →' }).click();
    await page.locator('section[data-step="3"] button[class]').first().click();
    await page.locator('[data-why]').waitFor();
    const table = await page.locator('[data-why]').innerText();
    await page.getByLabel('Presenting').check();
    await page.getByRole('button', { name: 'Stop presenting' }).waitFor();
    expect(await step()).toBe('3');
    expect(await page.locator('[data-why]').innerText()).toBe(table);
    await page.getByRole('button', { name: 'Stop presenting' }).click();
    await page.getByLabel('Presenting').waitFor();
    expect(await step()).toBe('3');
    expect(await page.locator('[data-why]').innerText()).toBe(table);
    expect(await page.locator('[data-lesson-edited]').count()).toBe(0);
    // Back to The numbers: the answer chosen is still the one judged.
    await page.getByRole('button', { name: '← Back' }).click();
    expect(await page.locator('[data-answer]').innerText()).toContain(`You said “${chosen}”`);
    await page.getByRole('button', { name: '← Back' }).click();
    expect(await page.getByRole('radio').nth(1).isChecked()).toBe(true);
    expect(problems).toEqual([]);
  });

  test('a lesson on the slide: its step on screen, after the change too; → and PageDown move on, ← and PageUp back', async () => {
    const { page, problems } = await open('?present=1&lesson=dips-ties', { width: 1280, height: 720 });
    const step = () => page.locator('section[aria-labelledby="lesson-step"]').getAttribute('data-step');
    await page.getByRole('heading', { name: 'Look' }).waitFor();
    // The clicker's PageDown moves on from a card's label too: it is no other option for the
    // select (an edit of the example), and the step does not wait.
    const label = page.getByLabel(/^Label of /).first();
    const was = await label.inputValue();
    await label.focus();
    await page.keyboard.press('PageDown');
    await page.getByRole('heading', { name: 'Predict' }).waitFor();
    expect(await label.inputValue()).toBe(was);
    await page.keyboard.press('PageUp');
    await page.getByRole('heading', { name: 'Look' }).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('heading', { name: 'Predict' }).waitFor();
    // Predict needs an answer before the numbers: the clicker waits.
    await page.keyboard.press('PageDown');
    expect(await step()).toBe('1');
    await page.getByRole('radio', { name: 'ties to female' }).click();
    // → on the radio button just clicked moves the choice (the radio group's key), not the step;
    // the clicker's PageDown, which means nothing to a radio button, moves the step from there.
    await page.keyboard.press('ArrowRight');
    expect(await step()).toBe('1');
    expect(await page.getByRole('radio', { name: 'ties balanced' }).isChecked()).toBe(true);
    await page.keyboard.press('PageDown');
    await page.getByRole('heading', { name: 'The numbers' }).waitFor();
    await waitCurrent(page);
    const box = await page.locator('section[aria-labelledby="lesson-step"]').boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(720);
    expect((await slideFit(page)).outside).toEqual([]);
    await shot(page, 'slide-lesson-1280x720');
    // After the change the step still fits, its way on included: the watched values are a table of
    // a line a metric, and the edited example's caption one line of notice.
    await page.keyboard.press('PageDown');
    await page.getByRole('heading', { name: 'Change one thing' }).waitFor();
    await page.locator('section[data-step="3"] button[class]').first().click();
    await page.locator('[data-why]').waitFor();
    await waitCurrent(page);
    const next = await page.getByRole('button', { name: 'Next →' }).boundingBox();
    expect(next!.y + next!.height).toBeLessThanOrEqual(720);
    // Its column grew, not the page (a screen reader's hidden words stay inside their column).
    expect(await page.evaluate(() => document.documentElement.scrollHeight - innerHeight)).toBeLessThanOrEqual(0);
    const caption = page.locator('section[aria-label="About this scenario"]');
    expect(await caption.getAttribute('data-changed')).toBe('true');
    expect((await caption.boundingBox())!.height).toBeLessThan(60);
    await shot(page, 'slide-lesson-change-1280x720');
    await page.keyboard.press('PageUp');
    await page.getByRole('heading', { name: 'The numbers' }).waitFor();
    await page.keyboard.press('PageUp');
    await page.getByRole('heading', { name: 'Predict' }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('heading', { name: 'Look' }).waitFor();
    expect(problems).toEqual([]);
  });
});

describe('embeds a course page pastes', () => {
  /** A plain course page: some text, the embed, and the README's host snippet; it records every height message. */
  async function hostPage(src: string, sandbox?: string, viewport = { width: 900, height: 700 }) {
    const watched = await newPage(site, viewport);
    // Another origin than the embed's (localhost, not 127.0.0.1), as a course page's is.
    const host = site.url.replace('127.0.0.1', 'localhost');
    const path = `/course-page/${encodeURIComponent(src)}${sandbox === undefined ? '' : `-${encodeURIComponent(sandbox)}`}.html`;
    hostPages.set(
      path,
      `<!doctype html><html><head><link rel="icon" href="data:,"></head><body style="margin:0;font-family:sans-serif"><h1>Week 3: fairness metrics</h1>
<p>Compare the two rankings below.</p>
<iframe id="embed" src="${site.url}${PAGE}${src}"${sandbox === undefined ? '' : ` sandbox="${sandbox}"`} style="width:100%;border:0"></iframe>
<p>Questions follow.</p>
<script>window.heights = []; addEventListener('message', (e) => { if (e.data?.type === 'fairness-playground:height') heights.push(e.data); });</script>
${HOST_SNIPPET}</body></html>`,
    );
    await watched.page.goto(`${host}${path}`);
    const frame = await waitForFrame(watched.page);
    return { ...watched, frame };
  }

  async function waitForFrame(page: Page): Promise<Frame> {
    for (let i = 0; i < 100; i++) {
      const frame = page.frames().find((f) => f.url().includes(PAGE));
      if (frame) return frame;
      await page.waitForTimeout(50);
    }
    throw new Error('no embed frame');
  }

  /**
   * Waits until the embed is still: the host has applied its last message and the frame's document
   * is that tall (an answer may still be changing the height, and its message follow); then reads both.
   */
  async function settledHeights(page: Page, frame: Frame) {
    const read = async () => {
      const posted = await page.evaluate(() => {
        const last = (window as unknown as { heights: { version: number; height: number }[] }).heights.at(-1) ?? null;
        return last && { ...last, applied: document.getElementById('embed')!.getBoundingClientRect().height === last.height };
      });
      const documentHeight = await frame.evaluate(() => document.documentElement.scrollHeight);
      const contentHeight = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
      return { posted: posted!, documentHeight, contentHeight };
    };
    for (let i = 0; i < 100; i++) {
      const now = await read();
      if (now.posted?.applied && now.posted.height === now.documentHeight) return now;
      await page.waitForTimeout(50);
    }
    return read();
  }

  test.each(['?embed=metrics&preset=texfair-figure-1', '?embed=compare&preset=nfairr-figure-1', '?embed=1&preset=dips-ties'])(
    '%s posts its height; the host sizes the frame to it, which is the document’s height',
    async (src) => {
      const { page, frame, problems } = await hostPage(src);
      await frame.waitForSelector('section[aria-label="Metrics"][data-state="current"]');
      const { posted, documentHeight, contentHeight } = await settledHeights(page, frame);
      expect(posted.version).toBe(1);
      expect(posted.height).toBe(documentHeight);
      expect(posted.height).toBe(contentHeight);
      // A short embed no longer claims the default 150 px frame, a tall one is not cut.
      expect(await frame.evaluate(() => document.documentElement.scrollHeight - innerHeight)).toBeLessThanOrEqual(0);
      expect(problems).toEqual([]);
    },
  );

  test('on a phone a lesson embed sized to its content has no floating "↓ Metrics" over its last lines', async () => {
    const { page, frame, problems } = await hostPage('?lesson=texfair-figure-1&embed=1', undefined, { width: 390, height: 844 });
    await frame.getByRole('heading', { name: 'Look' }).waitFor();
    await settledHeights(page, frame);
    expect(await frame.getByRole('link', { name: /Metrics$/ }).count()).toBe(0);
    // The same embed opened on its own (a link on a phone) keeps it: there the page itself scrolls.
    await page.goto(`${site.url}${PAGE}?lesson=texfair-figure-1&embed=1`);
    await page.getByRole('heading', { name: 'Look' }).waitFor();
    expect(await page.getByRole('link', { name: '↓ Metrics' }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });

  test('after an edit the embed posts its new height', async () => {
    const { page, frame } = await hostPage('?embed=1&preset=texfair-section-6');
    await frame.waitForSelector('section[aria-label="Metrics"][data-state="current"]');
    const before = await settledHeights(page, frame);
    const text = frame.locator('[data-card="0:0"] [data-field="text"]');
    await text.click();
    await text.press('End');
    await text.pressSequentially(' She asked again, and her sister said that she had known it all along, since she had read the book.');
    await frame.waitForSelector('section[aria-label="Metrics"][data-state="current"]');
    await page.waitForFunction(
      (old) => (window as unknown as { heights: { height: number }[] }).heights.at(-1)!.height !== old,
      before.posted.height,
    );
    const after = await settledHeights(page, frame);
    expect(after.posted.height).toBeGreaterThan(before.posted.height);
    expect(after.posted.height).toBe(after.documentHeight);
  });

  test('in a sandboxed iframe the embed works with allow-same-origin, and says what the iframe needs without it', async () => {
    // Some course platforms sandbox what authors embed. allow-scripts alone gives the frame an
    // opaque origin, whose module scripts and workers are cross-origin requests the host refuses.
    const opaque = await hostPage('?embed=metrics&preset=texfair-figure-1', 'allow-scripts');
    await expect
      .poll(() => opaque.frame.evaluate(() => document.querySelector('[role="alert"]')?.textContent ?? ''))
      .toMatch(/sandboxed without allow-same-origin.*needs sandbox="allow-scripts allow-same-origin", or no sandbox attribute/);

    const { page, frame } = await hostPage('?embed=metrics&preset=texfair-figure-1', 'allow-scripts allow-same-origin');
    await frame.waitForSelector('section[aria-label="Metrics"][data-state="current"]');
    const { posted, documentHeight } = await settledHeights(page, frame);
    expect(posted.height).toBe(documentHeight);
  });

  test('an embed shows its mistakes: an unknown preset, an unknown metric id, a damaged link', async () => {
    const cases: [string, RegExp][] = [
      ['?embed=metrics&preset=does-not-exist', /no preset “does-not-exist”/],
      ['?embed=metrics&preset=texfair-figure-1&metrics=nfair', /&metrics=nfair: no metric has the id “nfair”/],
      ['?embed=compare&preset=texfair-figure-1&metrics=nfairr,cwexx', /no metric has the id “cwexx”.*showing the others/],
      ['?embed=metrics#s=bm90LWRlZmxhdGVk', /shared link could not be used: .*damaged/],
      ['?embed=1&preset=does-not-exist', /no preset “does-not-exist”/],
      ['?embed=metrics&preset=texfair-figure-1&theme=blue', /&theme=blue: expected light, dark or auto/],
      ['?embed=metrics&preset=texfair-figure-1&view=nope', /\?view=nope: expected runs or playground; showing the playground/],
      [
        '?embed=metrics&scenario=../../examples/dips-ties.json&preset=texfair-figure-1',
        /\?preset=texfair-figure-1 not used: \?scenario= gives/,
      ],
      ['?embed=metrics&scenario=', /\?scenario= is empty: it names no file/],
      ['?embed=metrics#s=', /#s= is empty: the link holds no scenario/],
      ['?embed=metrics&preset=', /\?preset= is empty: it names no example/],
    ];
    for (const [path, message] of cases) {
      const { page } = await open(path, { width: 700, height: 500 });
      const alert = page.locator('[data-problems]');
      await alert.waitFor();
      expect(await alert.isVisible(), path).toBe(true);
      expect(await alert.textContent(), path).toMatch(message);
      const box = (await alert.boundingBox())!;
      expect(box.y + box.height, path).toBeLessThanOrEqual(500);
      await page.close();
    }
  });

  test('light inside an iframe whatever the system says, unless &theme= asks; dark or light on its own page as asked', async () => {
    const background = (target: Page | Frame) =>
      target.evaluate(() => {
        const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\d+/g)!.map(Number);
        return r! + g! + b! > 3 * 128 ? 'light' : 'dark';
      });
    const framed = await hostPage('?embed=metrics&preset=texfair-figure-1');
    await framed.page.emulateMedia({ colorScheme: 'dark' });
    await framed.frame.waitForSelector('section[aria-label="Metrics"]');
    expect(await background(framed.frame)).toBe('light');
    const darkFramed = await hostPage('?embed=metrics&preset=texfair-figure-1&theme=dark');
    await darkFramed.frame.waitForSelector('section[aria-label="Metrics"]');
    expect(await background(darkFramed.frame)).toBe('dark');
    const { page } = await open('?preset=texfair-figure-1&theme=light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await waitCurrent(page);
    expect(await background(page)).toBe('light');
    await page.goto(`${site.url}${PAGE}?preset=texfair-figure-1`);
    await waitCurrent(page);
    expect(await background(page)).toBe('dark');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the compare embed shows a passage whole on click or focus', async () => {
    const { page } = await open('?embed=compare&preset=nfairr-figure-1', { width: 700, height: 500 });
    await waitCurrent(page);
    const card = page.locator('[data-embed="compare"] [data-doc-id="p2"]').first();
    const clamped = await card.evaluate((e) => e.scrollHeight > e.clientHeight + 1);
    expect(clamped).toBe(true);
    await card.click();
    expect(await card.evaluate((e) => e.scrollHeight <= e.clientHeight + 1)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await card.evaluate((e) => e.scrollHeight > e.clientHeight + 1)).toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect(await card.evaluate((e) => e.scrollHeight <= e.clientHeight + 1)).toBe(true);
  });

  test('in a course page’s 900 px frame the two rankings’ first cards start level, though one ranking’s longer name wraps its header', async () => {
    const { page } = await open('?embed=1&preset=nfairr-figure-1', { width: 900, height: 700 });
    await waitCurrent(page);
    const read = (r: number) =>
      page.evaluate((r) => {
        const section = document.querySelector(`section[aria-labelledby="ranking-${r}-title"]`)!;
        const top = (selector: string) => section.querySelector(selector)!.getBoundingClientRect().top;
        const title = section.querySelector('h2')!.getBoundingClientRect();
        const swap = section.querySelector('header button')!.getBoundingClientRect();
        return { title: title.top, wrapped: swap.top >= title.bottom, card: top('[data-card]') };
      }, r);
    const [bert, adversarial] = [await read(0), await read(1)];
    // "BertAdv" is the longer name: its "Swap all terms" goes below its title, BERT's does not.
    expect([bert.wrapped, adversarial.wrapped]).toEqual([false, true]);
    expect(Math.abs(bert.title - adversarial.title)).toBeLessThan(1);
    expect(Math.abs(bert.card - adversarial.card)).toBeLessThan(1);
  });

  test('the share dialog previews the embed at the chosen width; its iframe code has the height the embed reported', async () => {
    const { page } = await open('?preset=texfair-figure-1');
    await waitCurrent(page);
    await page.getByRole('button', { name: 'Share / embed…' }).click();
    const dialog = page.locator('dialog[open]');
    await dialog.getByLabel('Embed', { exact: true }).selectOption('metrics');
    const preview = dialog.frameLocator('iframe[title="Preview of the embed"]');
    await preview.locator('section[aria-label="Metrics"][data-state="current"]').waitFor();
    const frame = dialog.locator('iframe[title="Preview of the embed"]');
    await page.waitForFunction(
      () => document.querySelector<HTMLIFrameElement>('iframe[title="Preview of the embed"]')?.dataset.previewHeight,
    );
    const measured = Number(await frame.getAttribute('data-preview-height'));
    expect(measured).toBeGreaterThan(200);
    const code = await dialog.getByLabel('Embed in a course page (iframe)').inputValue();
    expect(code).toContain(`height="${measured}"`);
    expect(await dialog.getByLabel(/Once per course page/).inputValue()).toContain('fairness-playground:height');
    // At each width the embed is laid out at that width, whatever the dialog's, and the iframe code
    // has the height its document has there (the dialog at 1280 px is narrower than 900).
    for (const width of [900, 480, 700]) {
      await dialog.getByLabel('Preview width').selectOption(String(width));
      const inside = dialog.frameLocator('iframe[title="Preview of the embed"]').locator('html');
      await expect.poll(() => inside.evaluate(() => innerWidth)).toBe(width);
      await expect
        .poll(async () => {
          const height = await inside.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
          return (await dialog.getByLabel('Embed in a course page (iframe)').inputValue()).includes(`height="${height}"`);
        })
        .toBe(true);
    }
    // However tall the preview, Close stays in view at the dialog's foot (it is where the focus starts).
    const [box, close] = [await dialog.boundingBox(), await dialog.getByRole('button', { name: 'Close' }).boundingBox()];
    expect(close!.y).toBeGreaterThan(box!.y);
    expect(close!.y + close!.height).toBeLessThanOrEqual(box!.y + box!.height);
    // The preview takes no focus: Tab goes round the dialog's own controls, never into the frame.
    const stops = new Set<string>();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      stops.add(await page.evaluate(() => document.activeElement?.tagName ?? ''));
    }
    expect(stops.has('IFRAME')).toBe(false);
    // The lesson, embedded: the example's lesson needs no #s=.
    await dialog.getByLabel(/Embed the lesson/).check();
    expect(await dialog.getByLabel('Embed link', { exact: true }).inputValue()).toMatch(/\?lesson=texfair-figure-1&embed=1$/);
    // The mode chosen before gives way, and the dialog says so (it kept showing "the metrics table").
    expect(await dialog.getByLabel('Embed', { exact: true }).inputValue()).toBe('page');
    await dialog.getByText('A lesson embeds the whole page').waitFor({ timeout: 2000 });
    await dialog.getByLabel(/Embed the lesson/).uncheck();
    expect(await dialog.getByLabel('Embed', { exact: true }).inputValue()).toBe('metrics');
    await shot(page, 'share-dialog-preview');
  });
});

describe('print', () => {
  test.each([
    ['A4', 794],
    ['Letter', 816],
  ])('%s portrait: caption, cards and the whole table, none overlapping, no buttons or panels', async (format, width) => {
    const { page } = await open('', { width, height: 1100 });
    for (const id of TEACHING_ORDER) {
      await page.goto(`${site.url}${PAGE}?preset=${id}`);
      await waitCurrent(page);
      await page.emulateMedia({ media: 'print' });
      const layout = await page.evaluate(() => {
        const boxes: [string, DOMRect][] = [];
        const caption = document.querySelector('section[aria-label="About this scenario"]');
        if (caption) boxes.push(['caption', caption.getBoundingClientRect()]);
        document
          .querySelectorAll<HTMLElement>('[data-card]')
          .forEach((c) => boxes.push([`card ${c.dataset.card}`, c.getBoundingClientRect()]));
        boxes.push(['table', document.querySelector('section[aria-label="Metrics"] table')!.getBoundingClientRect()]);
        const overlaps: string[] = [];
        for (let i = 0; i < boxes.length; i++)
          for (let j = i + 1; j < boxes.length; j++) {
            const [a, b] = [boxes[i]![1], boxes[j]![1]];
            const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
            const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
            if (w > 0.5 && h > 0.5) overlaps.push(`${boxes[i]![0]} × ${boxes[j]![0]}`);
          }
        const shown = (e: Element) => (e as HTMLElement).offsetParent !== null || getComputedStyle(e).position === 'fixed';
        return {
          overlaps,
          buttons: [...document.querySelectorAll('button')].filter((b) => shown(b) && !b.closest('th')).map((b) => b.textContent),
          panels: [...document.querySelectorAll('[data-no-print], nav, dialog')].filter(shown).length,
          rows: document.querySelectorAll('section[aria-label="Metrics"] tbody tr:not([class*="section"])').length,
          metrics: document.querySelectorAll('[data-metric][data-ranking]:not([data-ranking="A-B"])').length,
          rankings: document.querySelectorAll('section[aria-labelledby^="ranking-"]').length,
        };
      });
      expect(layout.overlaps, id).toEqual([]);
      expect(layout.buttons, id).toEqual([]);
      expect(layout.panels, id).toBe(0);
      // Every metric, for every ranking: the whole table.
      expect(layout.metrics, id).toBe(
        layout.rankings * (await page.evaluate(() => document.querySelectorAll('tbody th[scope="row"]').length)),
      );
      if (id === 'nfairr-figure-1') await page.pdf({ path: `${artifacts}print-${format}.pdf`, format: format as 'A4' | 'Letter' });
      await page.emulateMedia({ media: 'screen' });
    }
  });

  test("a lesson's change prints as words: paper has no button to say what it is", async () => {
    const { page, problems } = await open('?lesson=ndkl-cwex-neutral-first', { width: 1280, height: 720 });
    await page.getByRole('heading', { name: 'Look' }).waitFor();
    await page.getByRole('button', { name: 'Next →' }).click();
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: /Reveal the numbers/ }).click();
    await page.getByRole('button', { name: 'Next →' }).click();
    const label = (await page.locator('section[data-step="3"] button[class]').first().textContent())!;
    const printed = page.locator('[data-printed-change]');
    expect(await printed.isVisible()).toBe(false);
    await page.emulateMedia({ media: 'print' });
    expect(await printed.isVisible()).toBe(true);
    expect(await printed.textContent()).toBe(`The change: ${label}.`);
    await page.emulateMedia({ media: 'screen' });
    await page.locator('section[data-step="3"] button[class]').first().click();
    await page.locator('[data-why]').waitFor();
    expect(await printed.textContent()).toBe(`The change: ${label} (made).`);
    expect(problems).toEqual([]);
  });

  test('an open row prints its formulas as on screen, and its charts within their boxes', async () => {
    const { page, problems } = await open('', { width: 794, height: 1100 });
    await waitCurrent(page);
    await page.locator('th button', { hasText: 'TExFAIR' }).first().click();
    await page.waitForFunction(() => document.querySelectorAll('section[aria-label="Metrics"] canvas').length >= 4);
    // The explanation (KaTeX and its stylesheet) is a chunk of its own and may come after the charts.
    await page.waitForSelector('section[aria-label="Metrics"] .katex-display .katex-html');
    // Where each glyph of the first formula sits in the formula's box, once KaTeX's fonts are in
    // (until then the glyphs sit in a fallback font's places).
    const glyphs = () =>
      page.evaluate(async () => {
        const formula = document.querySelector('section[aria-label="Metrics"] .katex-display .katex-html')!;
        formula.getBoundingClientRect(); // lays the formula out, which starts its fonts' loads
        await document.fonts.ready;
        const origin = formula.getBoundingClientRect();
        return [...formula.querySelectorAll('span')]
          .filter((s) => s.childElementCount === 0 && s.textContent!.trim() !== '')
          .map((s) => {
            const r = s.getBoundingClientRect();
            return `${s.textContent} ${Math.round(r.left - origin.left)},${Math.round(r.top - origin.top)}`;
          });
      });
    const onScreen = await glyphs();
    expect(onScreen.length).toBeGreaterThan(10);
    await page.emulateMedia({ media: 'print' });
    expect(await glyphs()).toEqual(onScreen);
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll('section[aria-label="Metrics"] canvas')]
        .map((c) => [c.getBoundingClientRect().width, c.parentElement!.getBoundingClientRect().width])
        .filter(([canvas, box]) => canvas! > box! + 1),
    );
    expect(overflowing).toEqual([]);
    // Drawn at print resolution (a canvas at the screen's prints as a blurred bitmap), and back after.
    const ratios = () =>
      page.$$eval('section[aria-label="Metrics"] canvas', (canvases) =>
        (canvases as HTMLCanvasElement[]).map((c) => Math.round((c.width / c.getBoundingClientRect().width) * 10) / 10),
      );
    // (The media query's change event comes at the page's next frame.)
    await expect.poll(ratios).toEqual([3, 3, 3, 3]);
    await page.emulateMedia({ media: 'screen' });
    await expect.poll(ratios).toEqual([1, 1, 1, 1]);
    expect(problems).toEqual([]);
  });

  test('an opened row prints on from where the page is, its metric’s row above it, breaking between its pieces', async () => {
    const { page, problems } = await open('', { width: 1280, height: 720 });
    await waitCurrent(page);
    await page.locator('th button', { hasText: 'DIPS' }).first().click();
    await page.locator('section[aria-label="Metrics"] tr[id] canvas').first().waitFor();
    await page.emulateMedia({ media: 'print' });
    // (Chromium keeps a row whole: a row of explainer and charts, taller than what is left of a
    // page, went whole to the next, after a page holding only its metric's row.)
    const breaks = await page.evaluate(() => {
      const details = document.querySelector('section[aria-label="Metrics"] tr[id]')!;
      const style = (e: Element) => getComputedStyle(e);
      return {
        details: style(details).breakInside,
        metricRow: style(details.previousElementSibling!).breakAfter,
        figures: [...details.querySelectorAll('figure')].map((f) => style(f).breakInside),
        otherRows: style(document.querySelector('section[aria-label="Metrics"] tbody tr:not([id])')!).breakInside,
      };
    });
    expect(breaks).toEqual({ details: 'auto', metricRow: 'avoid', figures: ['avoid', 'avoid'], otherRows: 'avoid' });
    expect(problems).toEqual([]);
  });

  test('printed from a dark system, the charts are drawn again in the print colours, by the print dialog and by print media', async () => {
    const { page, problems } = await open('', { width: 794, height: 1100 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await waitCurrent(page);
    await page.locator('th button', { hasText: 'TExFAIR' }).first().click();
    const curves = page.locator('section[aria-label="Metrics"] canvas[aria-label$="value at every cut-off"]');
    await expect.poll(() => curves.count()).toBe(2);
    // Opaque pixels in the dark theme's text colour (#e8eaed), which the curve is drawn in on screen.
    const pale = () =>
      curves.evaluateAll((canvases) =>
        (canvases as HTMLCanvasElement[]).map((c) => {
          const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
          let n = 0;
          for (let i = 0; i < data.length; i += 4)
            if (data[i + 3]! > 250 && Math.abs(data[i]! - 232) < 8 && Math.abs(data[i + 1]! - 234) < 8 && Math.abs(data[i + 2]! - 237) < 8)
              n++;
          return n;
        }),
      );
    await expect.poll(async () => Math.min(...(await pale()))).toBeGreaterThan(100);
    // The print dialog: beforeprint comes while the screen's media still apply.
    await page.evaluate(() => dispatchEvent(new Event('beforeprint')));
    expect(await pale()).toEqual([0, 0]);
    await page.evaluate(() => dispatchEvent(new Event('afterprint')));
    expect(Math.min(...(await pale()))).toBeGreaterThan(100);
    // Print media alone (a PDF printer, emulation).
    await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
    await expect.poll(pale).toEqual([0, 0]);
    await page.emulateMedia({ media: 'screen', colorScheme: 'dark' });
    await expect.poll(async () => Math.min(...(await pale()))).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });

  test('a run file’s long name and a long group name print whole: in the rankings’ headers, the cards and the table, none overlapping', async () => {
    const { name, group, hash } = LONG_NAMES;
    const { page, problems } = await open(hash, {
      width: 794,
      height: 1100,
    });
    await waitCurrent(page);
    await page.emulateMedia({ media: 'print' });
    const printed = await page.evaluate(() => {
      /** Text that is shown and not cut by its box. */
      const whole = (e: Element) => {
        const box = e as HTMLElement;
        return box.offsetParent !== null && box.scrollWidth <= box.clientWidth + 1 && box.scrollHeight <= box.clientHeight + 1;
      };
      const shownText = (selector: string) =>
        [...document.querySelectorAll(selector)]
          .filter((e) => (e as HTMLElement).offsetParent !== null && whole(e))
          .map((e) => e.textContent);
      const head = document.querySelector('section[aria-label="Metrics"] thead')!.getBoundingClientRect();
      const firstRow = document.querySelector('section[aria-label="Metrics"] tbody tr')!.getBoundingClientRect();
      return {
        titles: [...document.querySelectorAll('section[aria-labelledby^="ranking-"] h2')].map((h) =>
          (h as HTMLElement).innerText.replace(/\s+/g, ' '),
        ),
        headers: shownText('section[aria-label="Metrics"] thead th'),
        labels: shownText('[data-card] label > span'),
        headerAboveRows: head.bottom <= firstRow.top + 0.5,
      };
    });
    // A field cut the names at its edge, and the table's clamped header spilled over its rows.
    expect(printed.titles).toEqual([`Ranking ${name}`, `Ranking ${name}.baseline`]);
    expect(printed.headers).toEqual(['metric', name, `${name}.baseline`, `${name} − ${name}.baseline`, 'says']);
    expect(printed.headerAboveRows).toBe(true);
    expect(printed.labels.filter((l) => l === group)).toHaveLength(2);
    await page.emulateMedia({ media: 'screen' });
    expect(problems).toEqual([]);
  });

  test('presenting mode prints the whole table and caption too, not the slide, and nothing fading just after an edit', async () => {
    const { page } = await open('?present=1&preset=dips-ties', { width: 794, height: 1100 });
    await waitCurrent(page);
    await page.emulateMedia({ media: 'print' });
    await page.waitForFunction(() => document.querySelectorAll('[data-metric][data-ranking="ties to female"]').length > 4, null, {
      timeout: 3000,
    });
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(1100);
    // The caption prints whole, not the slide's first sentence and a closed *More*; an edited
    // example's too, with the notice's explanation the slide leaves to assistive technology.
    const caption = async () => (await page.locator('section[aria-label="About this scenario"]').innerText()).replace(/\s+/g, ' ');
    const { default: example } = await import('../../examples/dips-ties.json', { with: { type: 'json' } });
    const description = example.description.trim().replace(/\s+/g, ' ');
    expect(await caption()).toContain(description);
    await page.emulateMedia({ media: 'screen' });
    await page
      .getByLabel(/relevance/i)
      .first()
      .fill('0');
    await page.locator('section[aria-label="About this scenario"][data-changed="true"]').waitFor();
    await waitCurrent(page);
    await page.locator('[data-was]').first().waitFor();
    // Just after the edit the changed values' highlight is fading: on paper nothing animates (a
    // page printed mid-fade came out faint as a whole).
    const running = () => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length);
    expect(await running()).toBeGreaterThan(0);
    await page.emulateMedia({ media: 'print' });
    expect(await running()).toBe(0);
    expect(await caption()).toContain(description);
    const why = await page.getByText('The caption describes it as it was').boundingBox();
    expect(why!.width).toBeGreaterThan(100);
  });
});

describe('lessons hold back the answer', () => {
  test('at the first step, after Find in the orderings panel, no value is in the page; the numbers bring them', async () => {
    const { page, problems } = await open('?lesson=texfair-figure-1');
    await page.getByRole('heading', { name: 'Look' }).waitFor();
    await page.getByText('Best and worst orderings').click();
    await page.getByRole('button', { name: 'Find', exact: true }).first().click();
    await page.locator('[data-hidden-until-numbers]').first().waitFor();
    const shown = () =>
      page.evaluate(() => ({
        cells: document.querySelectorAll('[data-metric], [data-value], [data-verdict]').length,
        decimals: (document.body.innerText.match(/\b-?[01]\.\d{2,4}\b/g) ?? []).length,
        tables: document.querySelectorAll('main table').length,
        title: document.body.innerText.includes('who is the best football player?'),
      }));
    expect(await shown()).toEqual({ cells: 0, decimals: 0, tables: 0, title: false });
    // Nor exports or the share dialog's preview.
    await expect(page.getByRole('button', { name: 'Export results (CSV)' }).isDisabled()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Share / embed…' }).click();
    expect(await page.locator('dialog[open] iframe').count()).toBe(0);
    await page.keyboard.press('Escape');
    // Predict, then reveal: now the values come.
    await page.getByRole('button', { name: 'Next →' }).click();
    await page.getByRole('radio', { name: 'Left' }).check();
    await page.getByRole('button', { name: /Reveal the numbers/ }).click();
    await waitCurrent(page);
    const after = await shown();
    expect(after.cells).toBeGreaterThan(0);
    expect(after.tables).toBeGreaterThan(1);
    expect(problems).toEqual([]);
  });

  test('every lesson’s texts agree with the table beside them, before and after its change', async () => {
    const { page, problems } = await open('');
    for (const id of TEACHING_ORDER) {
      await page.goto(`${site.url}${PAGE}?lesson=${id}`);
      await page.getByRole('heading', { name: 'Look' }).waitFor();
      await page.getByRole('button', { name: 'Next →' }).click();
      await page.getByRole('radio').first().check();
      await page.getByRole('button', { name: /Reveal the numbers/ }).click();
      await waitCurrent(page);
      const table = () =>
        page.$$eval('td[data-metric][data-ranking]', (els) =>
          Object.fromEntries(
            els.map((e) => [
              `${(e as HTMLElement).dataset.metric}@${(e as HTMLElement).dataset.ranking}`,
              e.textContent!.replace(/was .*/, ''),
            ]),
          ),
        );
      const quoted = (selector: string) =>
        page.$$eval(`${selector} [data-lesson-metric]`, (els) =>
          els.map((e) => [
            `${(e as HTMLElement).dataset.lessonMetric}@${(e as HTMLElement).dataset.lessonRanking}`,
            (e as HTMLElement).dataset.lessonWhen!,
            e.textContent!,
          ]),
        );
      // The value as the table's cell shows it (its text starts with it; parts and notes follow).
      const value = (cells: Record<string, string>, key: string) => cells[key]!.match(/^-?[\d.]+|^undefined/)![0];
      const before = await table();
      for (const [key, , text] of await quoted('[data-reveal]')) expect(text, `${id}: ${key}`).toBe(value(before, key!));
      await page.getByRole('button', { name: 'Next →' }).click();
      await page.locator('section[data-step="3"] button[class]').first().click();
      await page.locator('[data-why]').waitFor();
      await waitCurrent(page);
      const after = await table();
      for (const [key, when, text] of await quoted('[data-why]'))
        expect(text, `${id}: ${key}`).toBe(value(when === 'before' ? before : after, key!));
      const moves = await page.$$eval('[data-why] [data-watch]', (els) =>
        els.flatMap((li) =>
          [...li.querySelectorAll<HTMLElement>('[data-move-ranking]')].map((m) => [
            `${(li as HTMLElement).dataset.watch}@${m.dataset.moveRanking}`,
            m.dataset.before!,
            m.dataset.after!,
          ]),
        ),
      );
      expect(moves.length, id).toBeGreaterThan(0);
      for (const [key, b, a] of moves) {
        expect(b, `${id}: ${key} before`).toBe(value(before, key!));
        expect(a, `${id}: ${key} after`).toBe(value(after, key!));
      }
      // Back to The numbers: its text still quotes the example's numbers, not the changed ones.
      await page.getByRole('button', { name: '← Back' }).click();
      await page.getByRole('heading', { name: 'The numbers' }).waitFor();
      for (const [key, , text] of await quoted('[data-reveal]')) expect(text, `${id} (back): ${key}`).toBe(value(before, key!));
      await page.getByRole('button', { name: 'Next →' }).click();
      await page.locator('[data-why]').waitFor();
      // Undo takes the change back: no table of it, and its button can make it again; Redo
      // brings the change, and its table, back.
      const change = page.locator('section[data-step="3"] button[class]').first();
      expect(await change.getAttribute('aria-disabled'), id).toBe('true');
      await page.getByRole('button', { name: /Undo/ }).click();
      await waitCurrent(page);
      await page.locator('[data-why]').waitFor({ state: 'detached' });
      expect(await change.getAttribute('aria-disabled'), id).toBe('false');
      await page.getByRole('button', { name: /Redo/ }).click();
      await page.locator('[data-why]').waitFor();
      expect(await change.getAttribute('aria-disabled'), id).toBe('true');
    }
    expect(problems).toEqual([]);
  });

  test('a lesson reloaded after its change starts again on the example it speaks of: the changed one is named, and put back in one click', async () => {
    const { page, problems } = await open('?lesson=cwex-figure-1');
    const change = page.locator('section[data-step="3"] button[class]').first();
    const edited = page.locator('[data-lesson-edited]');
    await walkToTheChange(page);
    expect(await edited.count()).toBe(0);
    await change.click();
    await page.locator('[data-why]').waitFor();
    // The autosave keeps the changed example in the address, so a reload shows it.
    await page.waitForFunction(() => location.hash.startsWith('#s='));
    await page.reload();
    await page.getByRole('heading', { name: 'Look' }).waitFor();
    // The lesson starts again, on the changed example: it says so, and its change cannot be made twice.
    await edited.waitFor();
    await walkToTheChange(page);
    expect(await edited.count()).toBe(1);
    expect(await change.getAttribute('aria-disabled')).toBe('true');
    await change.dispatchEvent('click'); // as a click would: Playwright waits for an aria-disabled button
    expect(await page.locator('[data-why]').count()).toBe(0);
    // Back to the example (an undoable step): the notice goes, the change can be made.
    await edited.getByRole('button', { name: 'Back to the example' }).click();
    await waitCurrent(page);
    await expect.poll(() => edited.count()).toBe(0);
    expect(await change.getAttribute('aria-disabled')).toBe('false');
    await change.click();
    await page.locator('[data-why]').waitFor();
    expect(await page.locator('[data-why] [data-moved="true"]').count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  test('the example put back after the lesson’s change (Your turn’s Back to the example, or the gallery) takes the change again', async () => {
    const { page, problems } = await open('?lesson=cwex-figure-1');
    const change = page.locator('section[data-step="3"] button[class]').first();
    const since = page.getByText('The example has changed since');
    const makeChange = async () => {
      expect(await change.getAttribute('aria-disabled')).toBe('false');
      await change.click();
      await page.locator('[data-why] [data-moved="true"]').first().waitFor();
    };
    await walkToTheChange(page);
    await makeChange();
    await page.getByRole('button', { name: 'Next →' }).click();
    await page.locator('section[data-step="4"]').getByRole('button', { name: 'Back to the example' }).click();
    await waitCurrent(page);
    await page.getByRole('button', { name: '← Back' }).click();
    await page.getByRole('heading', { name: 'Change one thing' }).waitFor();
    expect(await since.count()).toBe(0);
    await makeChange();
    // The same example opened from the gallery is the example as loaded too.
    await page.getByRole('button', { name: 'Gallery…' }).click();
    await page.getByRole('button', { name: /^Open CWEx paper, Figure 1/ }).click();
    await waitCurrent(page);
    await page.getByRole('heading', { name: 'Change one thing' }).waitFor();
    expect(await since.count()).toBe(0);
    expect(await page.locator('[data-why]').count()).toBe(0);
    await makeChange();
    expect(problems).toEqual([]);
  });

  test('opening another example or importing a scenario mid-lesson leaves the lesson: its steps go, the values show, the address forgets it', async () => {
    const { page, problems } = await open('?lesson=dips-ties');
    const lesson = page.locator('section[aria-label="Lesson"], [data-step]');
    const left = async () => {
      await expect.poll(() => lesson.count()).toBe(0);
      expect(new URL(page.url()).searchParams.get('lesson')).toBeNull();
      await waitCurrent(page);
      expect(await page.locator('td[data-metric="dips"][data-ranking]').first().isVisible()).toBe(true);
    };
    await walkToTheChange(page);
    await page.getByRole('button', { name: 'Gallery…' }).click();
    await page.getByRole('button', { name: /^Open NFaiRR paper, Figure 1/ }).click();
    await left();
    expect(await page.getByLabel('Name of ranking 1').inputValue()).not.toBe('');
    // The example opened offers its own lesson, from its first step.
    await page.getByRole('button', { name: /Start this example’s lesson/ }).click();
    await page.getByRole('heading', { name: 'Look' }).waitFor();
    expect(new URL(page.url()).searchParams.get('lesson')).toBe('nfairr-figure-1');
    // An imported scenario leaves it too (an imported table is an edit of the example, as a typed one is).
    const imported = { rankings: [{ name: 'Imported', docs: [{ id: 'p1', text: 'She won.', label: 'female', relevance: 1 }] }] };
    await page.getByRole('button', { name: 'Import…' }).click();
    await page.getByLabel('Table or scenario JSON to import').fill(JSON.stringify(imported));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await left();
    expect(await page.getByLabel('Name of ranking 1').inputValue()).toBe('Imported');
    expect(problems).toEqual([]);
  });

  test('ndkl-cwex-neutral-first: one neutral passage first in A moves CWEx and NDKL opposite ways (by hand)', async () => {
    const { page, problems } = await open('?lesson=ndkl-cwex-neutral-first');
    await page.getByRole('heading', { name: 'Look' }).waitFor();
    await page.getByRole('button', { name: 'Next →' }).click();
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: /Reveal the numbers/ }).click();
    await page.getByRole('button', { name: 'Next →' }).click();
    await page.getByRole('button', { name: /p3 to rank 1/ }).click();
    await page.locator('[data-why]').waitFor();
    await waitCurrent(page);
    const value = async (metric: string) =>
      Number(await page.locator(`td[data-metric="${metric}"][data-ranking="A"]`).getAttribute('data-value'));
    const p = (r: number) => 1 / Math.log2(r + 1);
    // A = neutral, female, male, neutral. NDKL: the top 1 has no labelled passage (left out of Z);
    // the top 2 is all female (KL = ln 2); the tops 3 and 4 are half and half. It was 0.2706.
    expect(await value('ndkl')).toBeCloseTo((Math.log(2) * p(2)) / (p(2) + p(3) + p(4)), 12);
    expect(await value('ndkl')).toBeGreaterThan(0.2706);
    // CWEx, α = 0.5: neutral p(1) + p(4), gap p(2) − p(3), over Σp. It was 0.1096.
    const total = p(1) + p(2) + p(3) + p(4);
    expect(await value('cwex')).toBeCloseTo(0.5 * ((p(1) + p(4)) / total) - 0.5 * ((p(2) - p(3)) / total), 12);
    expect(await value('cwex')).toBeGreaterThan(0.1096);
    expect(problems).toEqual([]);
  });

  test('the landing page offers its lesson; a teacher’s own lesson comes with ?scenario= and is checked by the core', async () => {
    const { page, problems } = await open('');
    await waitCurrent(page);
    await page.getByRole('button', { name: /Start this example’s lesson/ }).click();
    await page.getByRole('heading', { name: 'Look' }).waitFor();
    expect(page.url()).toContain('lesson=texfair-figure-1');
    // ?lesson=1 beside a gallery example, or on the landing page, walks the example's lesson (and
    // the address names it).
    await page.goto(`${site.url}${PAGE}?preset=dips-ties&lesson=1`);
    await page.getByRole('heading', { name: 'Look' }).waitFor();
    expect(await page.getByText('Lesson: Hiring with ties').first().isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.get('lesson')).toBe('dips-ties');
    const landing = (await open('?lesson=1')).page;
    await landing.getByRole('heading', { name: 'Look' }).waitFor();
    expect(new URL(landing.url()).searchParams.get('lesson')).toBe('texfair-figure-1');
    // A scenario file carrying a lesson: ?lesson=1 walks it.
    await page.goto(`${site.url}${PAGE}?scenario=/examples/dips-ties.json&lesson=1`);
    await page.getByRole('heading', { name: 'Look' }).waitFor();
    expect(await page.getByText('Lesson: Hiring with ties').first().isVisible()).toBe(true);
    // A scenario file that could not be loaded: its refusal is said, and no lesson is asked of the
    // example shown instead (not "This scenario has no lesson", nor the example's own lesson).
    await page.goto(`${site.url}${PAGE}?scenario=/fixtures/refused/lesson-unknown-metric.json&lesson=1`);
    await page.locator('[data-problems]').waitFor();
    await waitCurrent(page);
    expect(await page.locator('section[aria-label="Lesson"], [data-step]').count()).toBe(0);
    // A lesson naming a metric that does not exist is refused with the rest of the scenario, naming the field.
    await page.goto(`${site.url}${PAGE}?scenario=/fixtures/refused/lesson-unknown-metric.json`);
    const alert = page.locator('[data-problems]');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/lesson\.change\.watch\[1\]/);
    expect(problems).toEqual([]);
  });

  test('an edit that breaks a scenario’s own lesson is said in the lesson at once, in words, and Undo takes the lesson on', async () => {
    const { page, problems } = await open('?scenario=/examples/texfair-figure-1.json&lesson=1', { width: 1280, height: 720 });
    await page.getByRole('heading', { name: 'Look' }).waitFor();
    // The lesson's change swaps Left's p2: deleting it is refused by the core, with the lesson.
    await page.getByRole('button', { name: 'Delete Left, rank 2' }).click();
    const refused = page.locator('[data-lesson-refused]');
    await refused.waitFor();
    expect(await refused.getAttribute('role')).toBe('alert');
    expect(await refused.textContent()).toMatch(/Undo \(Ctrl\+Z\).*The lesson’s change: ranking 'Left' has no document with the id 'p2'/);
    // Beside the cards, where the edit was made, the hidden metrics point to it.
    expect(await page.locator('[data-hidden-refused]').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Next →' }).click();
    await page.locator('input[name="lesson-answer"]').first().check();
    await page.getByRole('button', { name: 'Reveal the numbers →' }).click();
    // Not "Computing…" forever: the refusal stays said, and nothing claims to be on its way.
    await page.getByRole('heading', { name: 'The numbers' }).waitFor();
    expect(await page.getByText('Computing…').count()).toBe(0);
    expect(await refused.isVisible()).toBe(true);
    await page.keyboard.press('Control+z');
    await page.locator('[data-reveal]').waitFor();
    expect(await refused.count()).toBe(0);
    // A refusal a field shows is said there alone: the lesson only says it waits.
    await page.getByText('Parameters', { exact: true }).click();
    await page.getByLabel('cut-off k').fill('0');
    await page.getByText('The lesson waits for a valid scenario: the refused field says why').waitFor();
    expect(await refused.count()).toBe(0);
    expect(await page.locator('[role="alert"]', { hasText: 'cut-off k must be' }).count()).toBe(1);
    expect(problems).toEqual([]);
  });

  test('focus stays on a control: after → moving a card to the other ranking, and after the lesson’s change', async () => {
    const { page } = await open('?preset=texfair-figure-1');
    await waitCurrent(page);
    await page.locator('[data-card="0:1"] [data-field="other"]').click();
    await page.waitForFunction(() => document.activeElement?.matches('[data-card="0:1"] [data-field="other"]'));
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('[data-card^="0:"]').length === 2);
    expect(await page.evaluate(() => document.activeElement?.closest('[data-card]')?.getAttribute('data-card'))).toBe('0:1');
  });
});
