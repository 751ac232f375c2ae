// The rough edges a class finds, in Chromium: moving cards from the keyboard, focus after the
// card buttons, the skip link, ranking B kept recoverable, captions that know their example was
// changed, changed values shown with what they were, the A − B cells, the detailed export, and the
// loading shell.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';

import { cliValues, mismatches, newPage, PAGE, root, shownValues, siteForTests, waitCurrent } from './browser';

const site = siteForTests();

async function open(path = '?preset=texfair-figure-1', beforeScripts?: () => void) {
  const watched = await newPage(site, { width: 1366, height: 900 });
  if (beforeScripts) await watched.page.addInitScript(beforeScripts);
  await watched.page.goto(`${site.url}${PAGE}${path}`);
  await waitCurrent(watched.page);
  return watched;
}

const order = (page: import('playwright-core').Page, r: number) =>
  page.$$eval(`[data-card^="${r}:"]`, (els) => els.map((e) => (e as HTMLElement).dataset.docId));
const focused = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id ?? '');

/** Counts the focus leaving any element from now on; the returned function reads the count. */
async function countBlurs(page: import('playwright-core').Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { blurs: number };
    w.blurs = 0;
    document.addEventListener('focusout', () => w.blurs++, true);
  });
  return () => page.evaluate(() => (window as unknown as { blurs: number }).blurs);
}

describe('keyboard', () => {
  /** Alt+↓, ↓, ↑ from the first card's text box, caret at 5: the order and the focus after each; the focus losses. */
  async function movesFromTextBox(page: import('playwright-core').Page): Promise<number> {
    expect(await order(page, 0)).toEqual(['p1', 'p2', 'p3', 'p4']);
    const text = page.getByLabel('Text of Left, rank 1');
    await text.focus();
    await page.evaluate(() => (document.activeElement as HTMLTextAreaElement).setSelectionRange(5, 5));
    const blurs = await countBlurs(page);
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => order(page, 0)).toEqual(['p2', 'p1', 'p3', 'p4']);
    await expect.poll(() => focused(page)).toBe('Text of Left, rank 2');
    expect(await page.evaluate(() => (document.activeElement as HTMLTextAreaElement).selectionStart)).toBe(5);
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => order(page, 0)).toEqual(['p2', 'p3', 'p1', 'p4']);
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => order(page, 0)).toEqual(['p2', 'p1', 'p3', 'p4']);
    await expect.poll(() => focused(page)).toBe('Text of Left, rank 2');
    expect(await page.evaluate(() => (document.activeElement as HTMLTextAreaElement).selectionStart)).toBe(5);
    // The other ranking did not move.
    expect(await order(page, 1)).toEqual(['p1', 'p5', 'p6', 'p4']);
    return blurs();
  }

  test('Alt+↓ in a text box moves the card exactly one place and keeps focus (caret included)', async () => {
    const { page, problems } = await open();
    // Chromium moves the card keeping its focus (moveBefore): it never left the text box.
    expect(await movesFromTextBox(page)).toBe(0);
    expect(problems).toEqual([]);
  });

  test('without moveBefore (a browser that lacks it) the moved card gets its focus back, caret included', async () => {
    const { page, problems } = await open(undefined, () => {
      delete (Element.prototype as { moveBefore?: unknown }).moveBefore;
    });
    expect(await page.evaluate(() => 'moveBefore' in Element.prototype)).toBe(false);
    // Preact's insertBefore takes the focused card out of the page in one direction at least.
    expect(await movesFromTextBox(page)).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  test('Enter on ↑/↓ keeps focus on the moved card’s button; Enter on Delete focuses the next card’s', async () => {
    const { page } = await open();
    await page.getByLabel('Move Left, rank 1 down').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => order(page, 0)).toEqual(['p2', 'p1', 'p3', 'p4']);
    await expect.poll(() => focused(page)).toBe('Move Left, rank 2 down');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect.poll(() => order(page, 0)).toEqual(['p2', 'p3', 'p4', 'p1']);
    // At the bottom ↓ is disabled: focus moves to ↑ of the same card, not to the page.
    await expect.poll(() => focused(page)).toBe('Move Left, rank 4 up');
    await page.getByLabel('Delete Left, rank 2').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => order(page, 0)).toEqual(['p2', 'p4', 'p1']);
    await expect.poll(() => focused(page)).toBe('Delete Left, rank 2');
    // Deleting the last card focuses the one before it.
    await page.getByLabel('Delete Left, rank 3').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('Delete Left, rank 2');
  });

  test('the first Tab reaches "Skip to the metrics", which moves focus to the metrics', async () => {
    const { page } = await open();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to the metrics');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('metrics');
  });
});

describe('ranking B is never destroyed silently', () => {
  test('turning comparison off offers B back, in one click', async () => {
    const { page } = await open();
    const before = await shownValues(page);
    await page.getByLabel('Compare two rankings').uncheck();
    await waitCurrent(page);
    expect(await page.locator('[data-card^="1:"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Restore ranking Right' }).click();
    await waitCurrent(page);
    expect(await order(page, 1)).toEqual(['p1', 'p5', 'p6', 'p4']);
    expect(await shownValues(page)).toEqual(before);
    await page.getByText('Ranking Right restored.').waitFor();
  });

  test('"Show as ranking B" replacing B offers the old B back', async () => {
    const { page } = await open();
    await page.getByText('Best and worst orderings').click();
    await page.getByRole('button', { name: 'Find', exact: true }).first().click();
    const show = page.getByRole('button', { name: 'Show as ranking B' }).first();
    await show.waitFor();
    await show.click();
    await waitCurrent(page);
    expect(await order(page, 1)).not.toEqual(['p1', 'p5', 'p6', 'p4']);
    await page.getByRole('button', { name: 'Restore ranking Right' }).click();
    await waitCurrent(page);
    expect(await order(page, 1)).toEqual(['p1', 'p5', 'p6', 'p4']);
  });
});

describe('captions and changes', () => {
  test('after an edit the caption says the example was changed, and Back to the example restores it', async () => {
    const { page } = await open();
    const caption = page.locator('section[aria-label="About this scenario"]');
    expect(await caption.getAttribute('data-changed')).toBe('false');
    await page.getByLabel('Text of Left, rank 2').fill('He previously played for Espanyol and Levante before his move abroad.');
    await waitCurrent(page);
    expect(await caption.getAttribute('data-changed')).toBe('true');
    await page.getByText('You changed this example.').waitFor();
    await page.getByRole('button', { name: 'Back to the example' }).click();
    await waitCurrent(page);
    expect(await caption.getAttribute('data-changed')).toBe('false');
    const expected = cliValues(readFileSync(`${root}examples/texfair-figure-1.json`, 'utf8'));
    expect(mismatches(await shownValues(page), expected)).toEqual([]);
  });

  test('an example file as shipped, loaded with ?scenario= (its lesson inside), is no change; an edit is', async () => {
    for (const id of ['dips-ties', 'texfair-figure-1', 'rab-arab', 'cwex-figure-1']) {
      const { page } = await open(`?scenario=/examples/${id}.json`);
      const caption = page.locator('section[aria-label="About this scenario"]');
      await waitCurrent(page);
      expect(await caption.getAttribute('data-changed'), id).toBe('false');
      if (id !== 'dips-ties') continue;
      await page
        .getByLabel(/relevance/i)
        .first()
        .fill('0');
      await waitCurrent(page);
      expect(await caption.getAttribute('data-changed')).toBe('true');
    }
  });

  test('a link to an edited example, and a reload of it, still say it was changed; a link to the example as it is does not', async () => {
    const { page } = await open('?preset=texfair-rbdf');
    const captionOf = (p: typeof page) => p.locator('section[aria-label="About this scenario"]');
    await page.getByText('Parameters', { exact: true }).click();
    await page.getByLabel('RBDF (discount by the share of documents with group terms)').uncheck();
    await waitCurrent(page);
    expect(await captionOf(page).getAttribute('data-changed')).toBe('true');
    await expect.poll(() => page.url()).toContain('#s=');
    const edited = page.url();
    // The link in another browser: the caption is the example's, and says the example was changed.
    const { page: recipient } = await open(edited.slice(edited.indexOf('#')));
    expect(await captionOf(recipient).getAttribute('data-changed')).toBe('true');
    await recipient.getByRole('button', { name: 'Back to the example' }).click();
    await waitCurrent(recipient);
    expect(await captionOf(recipient).getAttribute('data-changed')).toBe('false');
    expect(mismatches(await shownValues(recipient), cliValues(readFileSync(`${root}examples/texfair-rbdf.json`, 'utf8')))).toEqual([]);
    // A reload of the edited page: the same.
    await page.reload();
    await waitCurrent(page);
    expect(await captionOf(page).getAttribute('data-changed')).toBe('true');
    // The example's own link (the address after Back to the example) is no change.
    await page.getByRole('button', { name: 'Back to the example' }).click();
    await waitCurrent(page);
    await expect.poll(() => page.url()).not.toBe(edited);
    expect(page.url()).toContain('#s=');
    const { page: linked } = await open(page.url().slice(page.url().indexOf('#')));
    expect(await captionOf(linked).getAttribute('data-changed')).toBe('false');
  });

  test('a changed value shows what it was for a moment; unchanged values do not', async () => {
    const { page } = await open();
    const left = page.locator('[data-metric="texfair"][data-ranking="Left"]');
    const before = await left.getAttribute('data-value');
    await page.getByLabel('Text of Left, rank 2').fill('He previously played for Espanyol and Levante before his move abroad.');
    await waitCurrent(page);
    expect(await left.locator('[data-was]').getAttribute('data-was')).toBe(before);
    expect(await left.locator('[data-was]').textContent()).toMatch(/^was 0\.\d+/);
    // NFaiRR did not move (0 before and after): no "was".
    expect(await page.locator('[data-metric="nfairr"][data-ranking="Left"] [data-was]').count()).toBe(0);
    await expect.poll(() => left.locator('[data-was]').count(), { timeout: 8000 }).toBe(0);
  });

  test('what a value was goes away after its moment, even when the next edit leaves that value as it is', async () => {
    const { page } = await open();
    const left = page.locator('[data-metric="texfair"][data-ranking="Left"]');
    await page.getByLabel('Text of Left, rank 2').fill('He previously played for Espanyol and Levante before his move abroad.');
    await waitCurrent(page);
    expect(await left.locator('[data-was]').count()).toBe(1);
    const value = await left.getAttribute('data-value');
    // A label is no term: TExFAIR stays, while the page waits for the engine and shows its answer.
    const label = page.getByLabel('Label of Left, rank 1');
    await label.selectOption((await label.inputValue()) === 'male' ? 'female' : 'male');
    await waitCurrent(page);
    expect(await left.getAttribute('data-value')).toBe(value);
    await expect.poll(() => left.locator('[data-was]').count(), { timeout: 8000 }).toBe(0);
  });

  test('a refused input strikes the verdict through with the values', async () => {
    const { page } = await open();
    await page.getByRole('heading', { name: 'Parameters' }).click();
    await page.getByLabel('cut-off k').fill('0');
    await page.waitForSelector('section[aria-label="Metrics"][data-state="stale"]');
    expect(await page.locator('[data-disagree][data-stale]').count()).toBe(1);
    const strike = await page.$eval('[data-disagree][data-stale] strong', (e) => getComputedStyle(e).textDecorationLine);
    expect(strike).toContain('line-through');
  });
});

describe('results', () => {
  test('the A − B cells carry data-ranking="A-B"', async () => {
    const { page } = await open();
    const diffs = await page.$$eval('[data-ranking="A-B"]', (els) => els.map((e) => (e as HTMLElement).dataset.metric));
    expect(diffs.length).toBeGreaterThanOrEqual(11);
    expect(diffs.every((m) => m!.endsWith('-diff'))).toBe(true);
    const left = Number(await page.locator('[data-metric="texfair"][data-ranking="Left"]').getAttribute('data-value'));
    const right = Number(await page.locator('[data-metric="texfair"][data-ranking="Right"]').getAttribute('data-value'));
    expect(Number(await page.locator('[data-metric="texfair-diff"]').getAttribute('data-value'))).toBeCloseTo(left - right, 12);
  });

  test('Export results (JSON) holds every value with what each rank contributes and every cut-off', async () => {
    const { page } = await open();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export results (JSON)' }).click();
    const file = await (await download).path();
    const results = JSON.parse(readFileSync(file, 'utf8')) as {
      rankings: Record<string, { value: number | null; perRank: unknown[]; atCutoff: unknown[] }>[];
    };
    const expected = JSON.parse(
      (await import('node:child_process')).spawnSync(`${root}build/fairness-eval`, [`${root}examples/texfair-figure-1.json`], {
        encoding: 'utf8',
      }).stdout,
    ) as typeof results;
    expect(results.rankings[0]!.texfair!.perRank).toHaveLength(4);
    expect(results.rankings[0]!.texfair!.atCutoff).toHaveLength(4);
    for (const [r, ranking] of expected.rankings.entries())
      for (const id of ['nfairr', 'texfair', 'cwex'])
        for (const [c, v] of (ranking[id]!.atCutoff as (number | null)[]).entries())
          expect(results.rankings[r]![id]!.atCutoff[c] as number).toBeCloseTo(v as number, 12);
  });
});

test('the page shows its shell and a loading state before the engine is ready', async () => {
  const html = readFileSync(`${root}dist/index.html`, 'utf8');
  expect(html).toContain('Loading the metric engine…');
  const { page } = await newPage(site);
  // Hold the engine's WebAssembly back: the shell must already be there.
  await page.route('**/*.wasm', () => {});
  await page.goto(`${site.url}${PAGE}`);
  await page.getByRole('heading', { name: 'Fairness-metrics playground' }).waitFor();
  await page.getByText('Loading the metric engine…').waitFor();
});

test('the shell is painted before the engine has answered', async () => {
  const { page, problems } = await newPage(site);
  await page.goto(`${site.url}${PAGE}`);
  await waitCurrent(page);
  // first-contentful-paint (the static shell of index.html) against web/main.tsx's mark, set when the engine worker answered.
  const times = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    ready: performance.getEntriesByName('engine-ready')[0]?.startTime ?? null,
  }));
  expect(times.paint).not.toBeNull();
  expect(times.ready).not.toBeNull();
  expect(times.paint!).toBeLessThan(times.ready!);
  expect(problems).toEqual([]);
});
