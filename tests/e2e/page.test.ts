// The playground in Debian's Chromium, served from a sub-folder under the strict CSP: the values it
// shows equal the CLI's for the same scenario, after loading, typing, reordering and changing a
// parameter; bad input keeps the last good values; links, embeds and autosave restore the state.
import type { Locator, Page } from 'playwright-core';
import { readFileSync, readdirSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';

import {
  canvasHues,
  cliValues,
  compareGrepTeamWork,
  mismatches,
  newPage,
  PAGE,
  root,
  savedScenario,
  shot,
  shownValues,
  siteForTests,
  waitCurrent,
} from './browser';

const site = siteForTests();

const fixture = readFileSync(`${root}tests/node/fixtures/basic.json`, 'utf8');

/** A preset at 1280×720 whose first relevance has been set to 0 (one edit), its values current. */
async function editedPreset(query: string) {
  const { page } = await newPage(site, { width: 1280, height: 720 });
  await page.goto(`${site.url}${PAGE}${query}`);
  await waitCurrent(page);
  await page
    .getByLabel(/relevance/i)
    .first()
    .fill('0');
  await waitCurrent(page);
  return page;
}

describe('values', () => {
  test('?scenario= loads a JSON file and shows exactly the CLI values', async () => {
    const { page, problems } = await newPage(site);
    await page.goto(`${site.url}${PAGE}?scenario=../../fixtures/basic.json`);
    await waitCurrent(page);
    expect(mismatches(await shownValues(page), cliValues(fixture))).toEqual([]);
    await page.getByText('Showing the scenario from ../../fixtures/basic.json.').waitFor();
    expect(problems).toEqual([]);
    await shot(page, 'scenario-url');
  });

  test.each(readdirSync(`${root}examples`).filter((f) => f.endsWith('.json')))('?scenario= of examples/%s equals the CLI', async (file) => {
    const { page, problems } = await newPage(site);
    await page.goto(`${site.url}${PAGE}?scenario=../../examples/${file}`);
    await waitCurrent(page);
    const expected = cliValues(readFileSync(`${root}examples/${file}`, 'utf8'));
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(8);
    expect(mismatches(await shownValues(page), expected)).toEqual([]);
    expect(problems).toEqual([]);
  });
});

describe('editing', () => {
  test('typing into a document, reordering and a parameter change keep the values equal to the CLI', async () => {
    const { page, problems } = await newPage(site);
    await page.goto(`${site.url}${PAGE}?scenario=../../fixtures/basic.json`);
    await waitCurrent(page);
    let saved = await savedScenario(page).catch(() => null);

    // Type into the third document of A, which had no group term.
    const text = page.getByLabel('Text of A, rank 3');
    await text.click();
    await text.press('End');
    await text.pressSequentially(' Her brother was there.');
    await waitCurrent(page);
    saved = await savedScenario(page, saved);
    expect(JSON.parse(saved).rankings[0].docs[2].text).toBe('The stadium holds sixty thousand people. Her brother was there.');
    expect(mismatches(await shownValues(page), cliValues(saved))).toEqual([]);
    // The new terms are highlighted and counted.
    await expect.poll(() => page.locator('[data-card="0:2"] mark').count()).toBe(2);
    await page.locator('[data-card="0:2"]').getByText('female ×1').waitFor();

    // Reorder with the keyboard: Alt+↓ on the first card moves it to rank 2.
    await page.getByLabel('Relevance of A, rank 1').focus();
    await page.keyboard.press('Alt+ArrowDown');
    await waitCurrent(page);
    saved = await savedScenario(page, saved);
    expect(JSON.parse(saved).rankings[0].docs.map((d: { id: string }) => d.id)).toEqual(['d2', 'd1', 'd3']);
    expect(mismatches(await shownValues(page), cliValues(saved))).toEqual([]);
    // Focus followed the card.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Relevance of A, rank 2');

    // Reorder by dragging the handle of rank 3 onto the top of rank 1.
    await page
      .locator('[data-card="0:2"] [title="Drag to reorder"]')
      .dragTo(page.locator('[data-card="0:0"]'), { targetPosition: { x: 40, y: 5 } });
    await waitCurrent(page);
    saved = await savedScenario(page, saved);
    expect(JSON.parse(saved).rankings[0].docs.map((d: { id: string }) => d.id)).toEqual(['d3', 'd2', 'd1']);
    expect(mismatches(await shownValues(page), cliValues(saved))).toEqual([]);

    // A parameter: k = 2, then the browsing model.
    await page.getByText('Parameters', { exact: true }).click();
    await page.getByLabel('cut-off k').fill('2');
    await waitCurrent(page);
    saved = await savedScenario(page, saved);
    expect(JSON.parse(saved).params.k).toBe(2);
    expect(mismatches(await shownValues(page), cliValues(saved))).toEqual([]);
    await page.getByLabel('browsing model (DIPS, EE, EA)').selectOption('logarithmic');
    await waitCurrent(page);
    saved = await savedScenario(page, saved);
    expect(mismatches(await shownValues(page), cliValues(saved))).toEqual([]);
    expect(problems).toEqual([]);
    await shot(page, 'edited');
  });

  test('bad input shows the core message beside the field and keeps the last good values, marked stale', async () => {
    const { page } = await newPage(site);
    await page.goto(`${site.url}${PAGE}?scenario=../../fixtures/basic.json`);
    await waitCurrent(page);
    const before = await shownValues(page);
    await page.getByText('Parameters', { exact: true }).click();
    await page.getByLabel('cut-off k').fill('0');
    await page.waitForSelector('section[aria-label="Metrics"][data-state="stale"]');
    await expect
      .poll(() => page.locator('#param-k-error').textContent())
      .toBe('Parameters: cut-off k must be a whole number of at least 1, got 0 (params.k)');
    expect(await page.getByLabel('cut-off k').getAttribute('aria-invalid')).toBe('true');
    // Said once, by the field's alert while the panel is open (its note in the metrics is not a
    // second one); with the panel closed, the note is the alert.
    await page.getByText('These values are for the last valid input.').waitFor();
    expect(await page.locator('[role="alert"]', { hasText: 'cut-off k must be' }).count()).toBe(1);
    await page.getByText('Parameters', { exact: true }).click();
    await expect.poll(() => page.locator('section[aria-label="Metrics"] [role="alert"]', { hasText: 'cut-off k must be' }).count()).toBe(1);
    await page.getByText('Parameters', { exact: true }).click();
    // Each refused field is drawn in the error's colour, and only while it is refused.
    const errorColour = await page.locator('#param-k-error').evaluate((e) => getComputedStyle(e).color);
    const border = (field: Locator) => field.evaluate((e) => getComputedStyle(e).borderTopColor);
    expect(await border(page.getByLabel('cut-off k'))).toBe(errorColour);
    expect(await shownValues(page)).toEqual(before);
    await page.getByText('These values are for the last valid input.').waitFor();
    // A screen reader meets the table by its name, which says its values are stale (the cells are
    // only struck through).
    expect(await page.getByRole('table', { name: 'Metric values (stale: for the last valid input)' }).count()).toBe(1);
    await shot(page, 'stale');
    // A relevance left empty is refused by name on its card.
    await page.getByLabel('cut-off k').fill('3');
    await waitCurrent(page);
    await page.getByLabel('Relevance of B, rank 2').fill('');
    await page.waitForSelector('section[aria-label="Metrics"][data-state="stale"]');
    await expect
      .poll(() => page.locator('[data-card="1:1"] [role="alert"]').textContent())
      .toContain('B, document 2: relevance is empty or not a number; it must be a finite number (rankings[1].docs[1].relevance)');
    // Said once, by the card's alert: the metrics' note beside the stale values is not a second one.
    expect(await page.locator('[role="alert"]', { hasText: 'relevance is empty' }).count()).toBe(1);
    await page.getByText('These values are for the last valid input.').waitFor();
    expect(await border(page.getByLabel('Relevance of B, rank 2'))).toBe(errorColour);
    expect(await border(page.getByLabel('cut-off k'))).not.toBe(errorColour);
    // A half-typed number the browser cannot read (the input reports it as empty) is not called empty.
    await page.getByLabel('Relevance of B, rank 2').pressSequentially('1e');
    await expect
      .poll(() => page.locator('[data-card="1:1"] [role="alert"]').textContent())
      .toContain('B, document 2: relevance is empty or not a number; it must be a finite number');
    expect(await page.getByLabel('Relevance of B, rank 2').evaluate((e) => (e as HTMLInputElement).validity.badInput)).toBe(true);
    await page.getByLabel('Relevance of B, rank 2').fill('1');
    await waitCurrent(page);
    expect(await border(page.getByLabel('Relevance of B, rank 2'))).not.toBe(errorColour);
    // Typed key by key, a number in exponent form stays as typed: "1e4" is not rewritten to
    // "10000" under the cursor (which the next key would make 100000).
    const typed = page.getByLabel('Relevance of B, rank 2');
    await typed.fill('');
    await typed.pressSequentially('1e40');
    await waitCurrent(page);
    expect(await typed.inputValue()).toBe('1e40');
    await typed.fill('1');
    await waitCurrent(page);
    // So is a ranking's name left empty: a column and a verdict need it.
    const named = await shownValues(page);
    const name = page.getByLabel('Name of ranking 2');
    await name.fill(' ');
    await page.waitForSelector('section[aria-label="Metrics"][data-state="stale"]');
    await expect
      .poll(() => page.locator('#ranking-1-error').textContent())
      .toBe('Ranking 2, name: a ranking needs a name (rankings[1].name)');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.getAttribute('aria-describedby')).toBe('ranking-1-error');
    expect(await border(name)).toBe(errorColour);
    expect(await shownValues(page)).toEqual(named);
    await name.fill('B');
    await waitCurrent(page);
    expect(await name.getAttribute('aria-invalid')).toBe(null);
  });

  test("the background, NFaiRR's set S: each document's ω from the core; edited, removed and added, the values stay the CLI's", async () => {
    const { page, problems } = await newPage(site);
    await page.goto(`${site.url}${PAGE}?preset=texfair-figure-1`);
    await waitCurrent(page);
    const panel = page.locator('[data-background-panel]');
    await expect.poll(() => panel.locator('summary').textContent()).toContain('4 documents besides each ranking');
    // NFaiRR's parts say how large S is: 4 documents of the ranking and 4 of the background.
    await expect.poll(() => page.locator('[data-metric="nfairr"][data-ranking="Left"]').locator('..').textContent()).toContain('|S| 8');
    await panel.locator('summary').click();
    await expect
      .poll(() => panel.locator('[data-omega]').evaluateAll((es) => es.map((e) => e.getAttribute('data-omega'))))
      .toEqual(['1', '1', '1', '1']);
    // female 3 (her, daughter, she), male 4 (he, his, son, he): ω = 1 − (|3/7 − 1/2| + |4/7 − 1/2|) = 6/7 (Eq. 2).
    await page.getByLabel('Text of background document b1').fill('He and his son met her daughter and she said he won.');
    await waitCurrent(page);
    await expect
      .poll(async () => Number(await panel.locator('[data-background="0"] [data-omega]').getAttribute('data-omega')))
      .toBeCloseTo(6 / 7, 12);
    await expect.poll(() => panel.locator('[data-background="0"] mark').count()).toBe(7);
    let saved = await savedScenario(page);
    expect(JSON.parse(saved).background[0].text).toBe('He and his son met her daughter and she said he won.');
    expect(mismatches(await shownValues(page), cliValues(saved))).toEqual([]);

    await page.getByRole('button', { name: 'Delete background document b2' }).click();
    await waitCurrent(page);
    saved = await savedScenario(page, saved);
    expect(JSON.parse(saved).background.map((d: { id: string }) => d.id)).toEqual(['b1', 'b3', 'b4']);
    expect(mismatches(await shownValues(page), cliValues(saved))).toEqual([]);

    await panel.getByRole('button', { name: '+ Add background document' }).click();
    await panel.locator('textarea').last().fill('She scored twice.');
    await waitCurrent(page);
    saved = await savedScenario(page, saved);
    const added = JSON.parse(saved).background;
    expect(added).toHaveLength(4);
    expect(new Set(added.map((d: { id: string }) => d.id)).size).toBe(4);
    expect(mismatches(await shownValues(page), cliValues(saved))).toEqual([]);
    // One term, within τ = 1: neutral.
    await expect.poll(() => panel.locator('[data-background="3"] [data-omega]').getAttribute('data-omega')).toBe('1');
    expect(problems).toEqual([]);
  });

  test('Ctrl+Z undoes a label chosen in its select and a toggle, with the focus still on them', async () => {
    const { page } = await newPage(site);
    await page.goto(`${site.url}${PAGE}?scenario=../../fixtures/basic.json`);
    await waitCurrent(page);
    const label = page.getByLabel('Label of A, rank 1');
    const before = await label.inputValue();
    await label.focus();
    await label.selectOption('neutral');
    await waitCurrent(page);
    expect(await label.inputValue()).toBe('neutral');
    await page.keyboard.press('Control+z');
    await expect.poll(() => label.inputValue()).toBe(before);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => label.inputValue()).toBe('neutral');
    const compare = page.getByLabel('Compare two rankings');
    const comparing = await compare.isChecked();
    await compare.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => compare.isChecked()).toBe(!comparing);
    await page.keyboard.press('Control+z');
    await expect.poll(() => compare.isChecked()).toBe(comparing);
  });

  test('Ctrl+Z in a text field is its own undo of what was typed there, and the page’s once something else changed the example', async () => {
    const { page } = await newPage(site);
    await page.goto(`${site.url}${PAGE}?scenario=../../fixtures/basic.json`);
    await waitCurrent(page);
    const text = (rank: number) => page.getByLabel(`Text of A, rank ${rank}`);
    const first = await text(1).inputValue();
    const second = await text(2).inputValue();
    await text(1).focus();
    await page.keyboard.press('End');
    await page.keyboard.type('x');
    await expect.poll(() => text(1).inputValue()).toBe(`${first}x`);
    // Typed here: the field's own undo and redo (of a character at a time, as Chromium keeps them).
    await page.keyboard.press('Control+z');
    await expect.poll(() => text(1).inputValue()).toBe(first);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => text(1).inputValue()).toBe(`${first}x`);
    // The card moved with Alt+↓, the focus still in its text: Ctrl+Z undoes the move, then the typing.
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => text(2).inputValue()).toBe(`${first}x`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Text of A, rank 2');
    await page.keyboard.press('Control+z');
    await expect.poll(() => text(1).inputValue()).toBe(`${first}x`);
    expect(await text(2).inputValue()).toBe(second);
    await page.keyboard.press('Control+z');
    await expect.poll(() => text(1).inputValue()).toBe(first);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => text(1).inputValue()).toBe(`${first}x`);
    // A dialog's field is not the playground's: Ctrl+Z there leaves the example as it is.
    await page.getByRole('button', { name: 'Import…' }).click();
    await page.locator('dialog[open] textarea').focus();
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Escape');
    await waitCurrent(page);
    expect(await text(1).inputValue()).toBe(`${first}x`);
  });

  for (const [query, width, height] of [
    ['', 640, 360],
    ['?present=1', 1280, 720],
  ] as const)
    test(`a dialog opened from the folded menu gives the focus back to the menu (${query || 'the start page'} at ${width}×${height})`, async () => {
      // Gallery and Share open at once, while the menu's popover is still open, the others a frame
      // later: the focus fell to the page after the first two, from the start page and presenting.
      const { page, problems } = await newPage(site, { width, height });
      await page.goto(`${site.url}${PAGE}${query}`);
      await waitCurrent(page);
      const focused = () =>
        page.evaluate(() => (document.activeElement === document.body ? 'the page' : document.activeElement?.textContent?.trim()));
      for (const command of ['Gallery…', 'Share / embed…', 'Import…'])
        for (const close of ['Escape', 'Close']) {
          await page.getByRole('button', { name: '☰ Menu' }).focus();
          await page.keyboard.press('Enter');
          await page.getByRole('button', { name: command }).focus();
          await page.keyboard.press('Enter');
          // Once the dialog holds the focus, as a user would close it.
          await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('dialog[open]'))).toBe(true);
          if (close === 'Escape') await page.keyboard.press('Escape');
          else await page.locator('dialog[open]').getByRole('button', { name: 'Close', exact: true }).click();
          await expect.poll(focused, { message: `${command} closed by ${close}` }).toBe('☰ Menu');
        }
      expect(problems).toEqual([]);
    });

  test('a click on the backdrop closes a dialog; a selection dragged out of it does not, and what was typed stays', async () => {
    const { page, problems } = await newPage(site, { width: 1280, height: 720 });
    await page.goto(`${site.url}${PAGE}`);
    await waitCurrent(page);
    const open = () => page.locator('dialog[open]').count();
    await page.getByRole('button', { name: 'Import…' }).click();
    const field = page.locator('dialog[open] textarea');
    await field.fill('d1 F he said');
    // Pressed in the field, released on the backdrop: the browser's click goes to the dialog.
    const box = (await field.boundingBox())!;
    await page.mouse.move(box.x + 10, box.y + 10);
    await page.mouse.down();
    await page.mouse.move(4, 4, { steps: 4 });
    await page.mouse.up();
    expect(await open()).toBe(1);
    // Pressed and released on the backdrop.
    await page.mouse.click(4, 4);
    await expect.poll(open).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Import…');
    await page.getByRole('button', { name: 'Import…' }).click();
    expect(await page.locator('dialog[open] textarea').inputValue()).toBe('d1 F he said');
    expect(problems).toEqual([]);
  });

  test('the keyboard never loses its place: the last Undo, a dialog from the folded menu, the sample runs, the Runs view', async () => {
    // The last step undone: the focus goes to Redo, which it enabled (Undo, disabled, dropped it).
    const page = await editedPreset('?preset=cwex-figure-1');
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? 'nothing');
    await page.getByRole('button', { name: '↶ Undo' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('↷ Redo');
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('↶ Undo');
    // At 200 % zoom (640×360) the commands fold into ☰ Menu: a dialog opened from it and closed
    // gives the focus to the menu's button (its command is hidden by then).
    await page.setViewportSize({ width: 640, height: 360 });
    await page.getByRole('button', { name: '☰ Menu' }).click();
    await page.getByRole('button', { name: 'Import…' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('dialog[open]').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(focused).toBe('☰ Menu');
    // A command done from the menu (an export) closes it; a toggle leaves it open.
    const menuOpen = () => page.locator('#commands-menu').evaluate((m) => m.matches(':popover-open'));
    await page.getByRole('button', { name: '☰ Menu' }).click();
    await page.getByLabel('Compare two rankings').click();
    expect(await menuOpen()).toBe(true);
    await page.getByLabel('Compare two rankings').click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export scenario' }).click();
    await download;
    expect(await menuOpen()).toBe(false);
    // The Runs view: no skip link to the playground's hidden metrics; the sample runs' button
    // keeps the focus while they load and after.
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`${site.url}${PAGE}?view=runs`);
    await page.waitForSelector('[data-action="evaluate-runs"]');
    expect(await page.locator('a.skip-link').count()).toBe(0);
    await page.locator('[data-action="sample-runs"]').focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-state="current"] [data-stat="mean"]', { timeout: 30_000 });
    expect(await focused()).toBe('Try with the sample runs');
  });

  test('a control that goes when used hands the focus on: + Add document, Back to the example, Start the lesson, the toast, Presenting, the last page’s Next', async () => {
    const { page, problems } = await newPage(site, { width: 1280, height: 720 });
    await page.goto(`${site.url}${PAGE}?preset=texfair-figure-1`);
    await waitCurrent(page);
    const focused = () =>
      page.evaluate(() => {
        const at = document.activeElement!;
        const name = at.getAttribute('aria-label') ?? (at as HTMLInputElement).labels?.[0]?.textContent ?? at.textContent ?? '';
        return at === document.body ? 'the page' : `${at.tagName.toLowerCase()} ${name.trim().slice(0, 40)}`;
      });
    const press = async (control: Locator, key = 'Enter') => {
      await control.focus();
      await page.keyboard.press(key);
    };
    // + Add document: the new card's text box, to type its document at once.
    await press(page.locator('[data-add="0"]'));
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            `${document.activeElement?.closest<HTMLElement>('[data-card]')?.dataset.card} ${document.activeElement?.getAttribute('data-field')}`,
        ),
      )
      .toBe('0:4 text');
    await page.keyboard.type('A new passage.');
    await waitCurrent(page);
    // The caption's Back to the example goes with its notice: the caption's title takes the focus.
    await press(page.getByRole('button', { name: 'Back to the example' }));
    await expect.poll(focused).toBe('h2 TExFAIR paper, Figure 1: who is the best');
    // Start this example's lesson: its first step's heading.
    await press(page.getByRole('button', { name: /Start this example’s lesson/ }));
    await expect.poll(focused).toBe('h2 Look');
    await page.goto(`${site.url}${PAGE}?preset=texfair-figure-1`);
    await waitCurrent(page);
    // Comparison off: the toast's Restore, then its ✕, give the focus back to the checkbox.
    const compare = page.getByLabel('Compare two rankings');
    await press(compare, 'Space');
    await press(page.getByRole('button', { name: 'Restore ranking Right' }));
    await expect.poll(focused).toBe('input Compare two rankings');
    expect(await compare.isChecked()).toBe(true);
    await page.keyboard.press('Space');
    await press(page.getByRole('button', { name: 'Dismiss' }));
    await expect.poll(focused).toBe('input Compare two rankings');
    // Presenting folds the toolbar (☰ Menu takes the focus); Stop presenting unfolds it.
    await press(page.getByLabel('Presenting'), 'Space');
    await expect.poll(focused).toBe('button ☰ Menu');
    await press(page.getByRole('button', { name: 'Stop presenting' }));
    await expect.poll(focused).toBe('input Presenting');
    // The per-query table's last page: its Next disables itself, the focus goes to Previous.
    await page.goto(`${site.url}${PAGE}?view=runs`);
    await page.click('[data-action="sample-runs"]');
    await page.waitForSelector('[data-state="current"] [data-stat="mean"]', { timeout: 30_000 });
    const next = page.locator('[data-page="next"]');
    await next.focus();
    while (await next.isEnabled()) await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('button ‹ Previous');
    expect(problems).toEqual([]);
  });

  test('from a metric’s explainer, each parameter it reads leads to its field in Parameters, opened and focused', async () => {
    const { page, problems } = await newPage(site, { width: 1280, height: 720 });
    await page.goto(`${site.url}${PAGE}`);
    await waitCurrent(page);
    const rows = page.locator('section[aria-label="Metrics"] tbody th[scope="row"] button[aria-expanded]');
    const reached: string[] = [];
    for (let i = 0; i < (await rows.count()); i++) {
      await rows.nth(i).click();
      const keys = page.locator('section[aria-label="Metrics"] button[title="Edit in Parameters"]');
      await keys.first().waitFor();
      for (let j = 0; j < (await keys.count()); j++) {
        const key = (await keys.nth(j).locator('code').textContent())!;
        await page.locator('details[data-params]').evaluate((d) => ((d as HTMLDetailsElement).open = false));
        await keys.nth(j).click();
        const at = await page.evaluate(() => {
          const a = document.activeElement!;
          return {
            param: a.closest('[data-param]')?.getAttribute('data-param'),
            open: (a.closest('details') as HTMLDetailsElement | null)?.open,
          };
        });
        expect(at, key).toEqual({ param: key, open: true });
        reached.push(key);
      }
      await rows.nth(i).click();
    }
    // Every parameter SPEC names that a metric reads.
    expect(new Set(reached).size).toBe(17);
    expect(problems).toEqual([]);
  });

  test('the Parameters panel is named Parameters, its line of values its description (not a 200-character name at every Tab)', async () => {
    const { page, problems } = await newPage(site, { width: 1280, height: 720 });
    await page.goto(`${site.url}${PAGE}`);
    await waitCurrent(page);
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: { role?: { value: string }; name?: { value: string }; description?: { value: string } }[];
    };
    const panel = nodes.find((n) => n.role?.value === 'DisclosureTriangle' && n.name?.value.trim() === 'Parameters');
    expect(panel).toBeDefined();
    expect(panel!.description?.value).toMatch(/^k = 4 · τ = 1/);
    expect(problems).toEqual([]);
  });

  test('a save as usual is shown, not announced at every edit', async () => {
    const page = await editedPreset('?preset=cwex-figure-1');
    await page.getByText(/^Saved in this browser at /).waitFor();
    const live = await page.$$eval('[role="status"], [role="alert"], [aria-live]', (els) => els.map((e) => e.textContent ?? ''));
    expect(live.filter((t) => t.includes('Saved in this browser'))).toEqual([]);
  });

  test('a changed value\'s "was" line and parts keep 4.5:1 on its highlight, light and dark', async () => {
    for (const theme of ['light', 'dark']) {
      const page = await editedPreset(`?preset=texfair-figure-1&theme=${theme}`);
      const was = page.locator('[data-was]').first();
      await was.waitFor();
      // The highlight is the cell's ::before layer (axe does not see it): its colour at its start.
      const ratio = await was.evaluate((el) => {
        const rgb = (c: string) =>
          c
            .match(/\d+(\.\d+)?/g)!
            .slice(0, 3)
            .map(Number);
        const lum = (c: string) => {
          const [r, g, b] = rgb(c).map((v) => {
            const x = v / 255;
            return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
        };
        const probe = document.createElement('span');
        probe.style.color = 'var(--changed)';
        document.body.append(probe);
        const highlight = getComputedStyle(probe).color;
        probe.remove();
        const [a, b] = [lum(getComputedStyle(el).color), lum(highlight)].sort((x, y) => y - x);
        return (a! + 0.05) / (b! + 0.05);
      });
      expect(ratio, theme).toBeGreaterThanOrEqual(4.5);
    }
  });

  test('a screen reader hears the values an edit changed, once the edits pause; a new example says nothing', async () => {
    const { page } = await newPage(site, { width: 1280, height: 720 });
    await page.goto(`${site.url}${PAGE}?preset=nfairr-figure-1`);
    await waitCurrent(page);
    const region = page.locator('[data-announce]');
    expect(await region.getAttribute('role')).toBe('status');
    await region.evaluate((el) => {
      const said: string[] = [];
      Object.assign(window, { said });
      new MutationObserver(() => said.push(el.textContent ?? '')).observe(el, { childList: true, characterData: true, subtree: true });
    });
    const said = () => page.evaluate(() => (window as unknown as { said: string[] }).said.filter(Boolean));

    // The four main metrics' cells as shown: the value's text, the ranking, the row's header.
    const shown = () =>
      page.$$eval('tbody:first-of-type td[data-metric]:not([data-metric$="-diff"])', (cells) =>
        Object.fromEntries(
          cells.map((td) => {
            const ranking = (td as HTMLElement).dataset.ranking!;
            const row = td.closest('tr')!.querySelector('th')!.textContent!;
            return [`${ranking}/${(td as HTMLElement).dataset.metric}`, { text: td.firstChild!.textContent!, ranking, row }];
          }),
        ),
      );
    const before = await shown();
    // Three edits of a text in a row: one message, from before the first to after the last.
    const text = page.getByLabel(/^Text of /).first();
    for (const value of ['She', 'She and her', 'She and her daughter']) await text.fill(value);
    await waitCurrent(page);
    const after = await shown();
    const changed = Object.keys(after).filter((key) => after[key]!.text !== before[key]!.text);
    expect(changed.length).toBeGreaterThan(0);
    await expect.poll(said, { timeout: 5000 }).toHaveLength(1);
    const [message] = await said();
    expect(message).toMatch(/^Values changed: .*\.$/);
    const phrases = message!
      .replace(/^Values changed: /, '')
      .replace(/\.$/, '')
      .split('; ');
    expect(phrases).toHaveLength(changed.length);
    for (const key of changed) {
      const { ranking, text, row } = after[key]!;
      const phrase = phrases.find((p) => p.endsWith(`, ${ranking}: ${text}, was ${before[key]!.text}`));
      expect(phrase, key).toBeDefined();
      expect(row, key).toContain(phrase!.split(`, ${ranking}: `)[0]);
    }

    // A whole new example is not a change the user made: nothing is said.
    await page.getByRole('button', { name: 'Reset to the starting example' }).click();
    await waitCurrent(page);
    await page.waitForTimeout(2000);
    expect(await said()).toHaveLength(1);
  });

  test("a card's group terms describe its text box, as a list without the card's id, and are not announced as they change", async () => {
    const { page } = await newPage(site, { width: 1280, height: 720 });
    await page.goto(`${site.url}${PAGE}?preset=nfairr-figure-1`);
    await waitCurrent(page);
    await page
      .getByLabel(/^Text of /)
      .first()
      .fill('She met him.');
    await waitCurrent(page);
    const text = page.getByLabel(/^Text of /).first();
    const description = page.locator(`[id="${await text.getAttribute('aria-describedby')}"]`);
    await expect.poll(() => description.textContent()).toMatch(/^(female ×1, male ×1|male ×1, female ×1)$/);
    expect(await page.locator('[data-card="0:0"]').textContent()).toContain('id ');
    // Typing a sentence would say each change of its terms before the values' one status.
    expect(await page.locator('[data-card] [aria-live], [data-card] [role="status"]').count()).toBe(0);
    // A refused relevance: its field is described by the card's refusal, which it names.
    const relevance = page.getByLabel('Relevance of ', { exact: false }).first();
    await relevance.fill('');
    await expect.poll(() => relevance.getAttribute('aria-invalid')).toBe('true');
    const refusal = page.locator(`[id="${await relevance.getAttribute('aria-describedby')}"]`);
    expect(await refusal.textContent()).toMatch(/relevance/);
  });

  test('in forced colours a chart keeps each group its hue, and a chart drawn before is drawn again in them', async () => {
    const hues = (page: Page) => canvasHues(page, 'canvas[aria-label^="TExFAIR, Left"]');
    const { page, problems } = await newPage(site, { width: 1280, height: 900 });
    await page.emulateMedia({ forcedColors: 'active', colorScheme: 'dark' });
    await page.goto(`${site.url}${PAGE}`);
    await waitCurrent(page);
    await page.getByRole('button', { name: 'TExFAIR' }).click();
    await page.locator('canvas[aria-label^="TExFAIR, Left"]').first().waitFor();
    // Both groups' bars: two hues (the system's colours would have made them one white).
    await expect.poll(() => hues(page).then((h) => h.length)).toBe(2);
    const forced = await hues(page);
    // Switched back while the chart is open: drawn again in the page's own colours.
    await page.emulateMedia({ forcedColors: 'none', colorScheme: 'light' });
    await expect.poll(() => hues(page).then((h) => h.length)).toBe(2);
    await expect.poll(() => hues(page).then((h) => h.some((hue) => !forced.includes(hue)))).toBe(true);
    expect(problems).toEqual([]);
  });

  test("in forced colours a formula's accented letter shows under its accent (TExFAIR's p̂)", async () => {
    const { page, problems } = await newPage(site, { width: 1280, height: 900 });
    await page.emulateMedia({ forcedColors: 'active', colorScheme: 'dark' });
    await page.goto(`${site.url}${PAGE}`);
    await waitCurrent(page);
    await page.getByRole('button', { name: 'TExFAIR' }).click();
    const letter = page.locator('.katex .accent .mord.mathnormal', { hasText: 'p' }).first();
    await letter.waitFor();
    await page.evaluate(() => document.fonts.ready);
    // The lower part of the letter's box, below its accent: light pixels where p's bowl and stem are
    // (the accent's backplate, the system's background, covered them).
    const box = (await letter.boundingBox())!;
    const png = await page.screenshot({ clip: { x: box.x, y: box.y + box.height * 0.55, width: box.width, height: box.height * 0.45 } });
    const decoder = await site.browser.newPage();
    const light = await decoder.evaluate(async (data) => {
      const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${data}`)).blob());
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      let n = 0;
      for (let i = 0; i < pixels.length; i += 4) if (pixels[i]! + pixels[i + 1]! + pixels[i + 2]! > 3 * 128) n++;
      return n;
    }, png.toString('base64'));
    await decoder.close();
    expect(light).toBeGreaterThan(12);
    expect(problems).toEqual([]);
  });

  test("a group's marks keep 3:1 on the surface behind them and on its tint, light and dark", async () => {
    const { page } = await newPage(site, { width: 1280, height: 720 });
    for (const theme of ['light', 'dark']) {
      await page.goto(`${site.url}${PAGE}?preset=grep-biasir-labels-vs-terms&theme=${theme}`);
      await waitCurrent(page);
      // A card's left border (its group) and a group term's underline, against the first opaque
      // background behind each (WCAG 1.4.11: 3:1 for what tells a group apart).
      const found = await page.evaluate(() => {
        const lum = (c: string) => {
          const [r, g, b] = c
            .match(/\d+(\.\d+)?/g)!
            .slice(0, 3)
            .map((v) => {
              const x = Number(v) / 255;
              return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
            });
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
        };
        const ratio = (a: string, b: string) => {
          const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
          return (x! + 0.05) / (y! + 0.05);
        };
        const behind = (start: Element) => {
          for (let el: Element | null = start; el; el = el.parentElement) {
            const c = getComputedStyle(el).backgroundColor;
            if (c !== 'transparent' && !/, 0\)$/.test(c)) return c;
          }
          return 'rgb(255, 255, 255)';
        };
        const cards = [...document.querySelectorAll('[data-doc-id]')].map((card) =>
          ratio(getComputedStyle(card).borderLeftColor, behind(card)),
        );
        const marks = [...document.querySelectorAll('mark')].map((mark) =>
          ratio(/rgba?\([^)]*\)/.exec(getComputedStyle(mark).boxShadow)![0], behind(mark)),
        );
        return { cards, marks };
      });
      expect(found.cards.length, theme).toBeGreaterThan(3);
      expect(found.marks.length, theme).toBeGreaterThan(3);
      expect(Math.min(...found.cards), theme).toBeGreaterThanOrEqual(3);
      expect(Math.min(...found.marks), theme).toBeGreaterThanOrEqual(3);
    }
  });

  test("a card's fields are a form of its own, and Enter in one submits nothing", async () => {
    const { page, problems } = await newPage(site);
    await page.goto(`${site.url}${PAGE}?scenario=../../fixtures/basic.json`);
    await waitCurrent(page);
    // Chromium's autofill reads the form of the field typed in: the card's few, not the page's all.
    const forms = await page.$$eval('[data-card]', (cards) =>
      cards.map((card) => {
        const form = card.querySelector('textarea')!.form;
        return form !== null && card.contains(form) && [...form.elements].every((e) => card.contains(e));
      }),
    );
    expect(forms.length).toBeGreaterThan(1);
    expect(forms.every(Boolean)).toBe(true);
    const url = page.url();
    // A submitted form would load the page again: a mark on the window is gone then.
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    const relevance = page.getByLabel('Relevance of A, rank 2');
    await relevance.fill('2');
    await relevance.press('Enter');
    await waitCurrent(page);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    // Nor does the address take the form's fields: it keeps its path, and the page's own link
    // (#s=, written once the edits pause) may replace the query, never add to it.
    const now = new URL(page.url());
    expect(now.pathname).toBe(new URL(url).pathname);
    expect([new URL(url).search, '']).toContain(now.search);
    expect(await relevance.inputValue()).toBe('2');
    await expect
      .poll(() =>
        page.evaluate(() => JSON.parse(localStorage.getItem('fairness-playground:scenario') ?? '{}').rankings?.[0].docs[1].relevance),
      )
      .toBe(2);
    expect(problems).toEqual([]);
  });

  test('the counterfactual swap replaces group terms by their counterparts; undo restores the text', async () => {
    const { page } = await newPage(site);
    await page.goto(`${site.url}${PAGE}?scenario=../../fixtures/basic.json`);
    await waitCurrent(page);
    await page.getByLabel('Swap group terms of A, rank 1').click();
    await expect.poll(() => page.getByLabel('Text of A, rank 1').inputValue()).toBe('She said her daughter plays football.');
    await waitCurrent(page);
    const saved = await savedScenario(page);
    expect(mismatches(await shownValues(page), cliValues(saved))).toEqual([]);
    await page.getByRole('button', { name: /Undo/ }).click();
    await expect.poll(() => page.getByLabel('Text of A, rank 1').inputValue()).toBe('He said his son plays football.');
  });

  test('a scenario pasted with a byte order mark before it is imported, as the CLI reads such a file', async () => {
    const { page, problems } = await newPage(site);
    await page.goto(`${site.url}${PAGE}`);
    await waitCurrent(page);
    const scenario = { rankings: [{ name: 'Pasted', docs: [{ id: 'p1', text: 'She won.', label: 'female', relevance: 1 }] }] };
    await page.getByRole('button', { name: 'Import…' }).click();
    await page.getByLabel('Table or scenario JSON to import').fill(`\uFEFF${JSON.stringify(scenario)}`);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => page.getByLabel('Name of ranking 1').inputValue()).toBe('Pasted');
    await waitCurrent(page);
    expect(mismatches(await shownValues(page), cliValues(JSON.stringify(scenario)))).toEqual([]);
    // Said outside the closed dialog, by the header's polite region; the dialog opens empty again.
    const said = page.locator('header [aria-live="polite"]');
    expect((await said.textContent())?.trim()).toBe('Showing an imported scenario.');
    await page.getByRole('button', { name: 'Import…' }).click();
    expect(await page.getByLabel('Table or scenario JSON to import').inputValue()).toBe('');
    expect(await page.locator('dialog[open] [role="status"], dialog[open] [role="alert"]').count()).toBe(0);
    // A scenario with a title is named by it.
    await page.getByLabel('Table or scenario JSON to import').fill(JSON.stringify({ ...scenario, title: 'Week 3: who won?' }));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(async () => (await said.textContent())?.trim()).toBe('Showing an imported scenario, “Week 3: who won?”.');
    expect(problems).toEqual([]);
  });

  test("a table import's ids are fresh among the background's too (NFaiRR's S would count one document for two)", async () => {
    const { page, problems } = await newPage(site);
    const scenario = {
      rankings: [{ name: 'A', docs: [{ id: 'd1', text: 'He won.', label: 'male', relevance: 1 }] }],
      background: [{ id: 't1', text: 'She is here.' }],
    };
    await page.goto(`${site.url}${PAGE}#s=${deflateRawSync(JSON.stringify(scenario)).toString('base64url')}`);
    await waitCurrent(page);
    await page.getByRole('button', { name: 'Import…' }).click();
    await page.getByLabel('Table or scenario JSON to import').fill('text\tlabel\trelevance\nShe won.\tF\t2');
    // The radios are a group named for what they choose.
    await page.getByRole('group', { name: 'Where the table goes' }).getByLabel('append').check();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('1 document imported.').waitFor();
    await page.keyboard.press('Escape');
    await waitCurrent(page);
    const saved = JSON.parse(await savedScenario(page));
    expect(saved.rankings[0].docs.map((d: { id: string }) => d.id)).toEqual(['d1', 't2']);
    expect(mismatches(await shownValues(page), cliValues(JSON.stringify(saved)))).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('a table import, a third group, a document moved between rankings', async () => {
    const { page, problems } = await newPage(site);
    await page.goto(`${site.url}${PAGE}?scenario=../../fixtures/basic.json`);
    await waitCurrent(page);
    let saved = await savedScenario(page).catch(() => null);

    await page.getByRole('button', { name: 'Import…' }).click();
    await page
      .getByLabel('Table or scenario JSON to import')
      .fill('text\tlabel\trelevance\nShe won.\tF\t2\nHe lost.\tM\t0\nRain fell.\tN\t1');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('3 documents imported.').waitFor();
    await page.getByText('labels read as: F → female, M → male, N → neutral').waitFor();
    await page.keyboard.press('Escape');
    await waitCurrent(page);
    saved = await savedScenario(page, saved);
    expect(JSON.parse(saved).rankings[0].docs.map((d: { label: string }) => d.label)).toEqual(['female', 'male', 'neutral']);
    expect(mismatches(await shownValues(page), cliValues(saved))).toEqual([]);

    await page.getByText('Parameters', { exact: true }).click();
    await page.getByLabel('New group name').fill('nonbinary');
    await page.getByRole('button', { name: 'Add group' }).click();
    await waitCurrent(page);
    await page.getByLabel('Label of A, rank 3').selectOption('nonbinary');
    await page.getByLabel('Move A, rank 1 to ranking B').click();
    await waitCurrent(page);
    saved = await savedScenario(page, saved);
    const s = JSON.parse(saved);
    expect(s.groups).toEqual(['female', 'male', 'nonbinary']);
    expect(s.rankings[0].docs).toHaveLength(2);
    expect(s.rankings[1].docs).toHaveLength(4);
    expect(mismatches(await shownValues(page), cliValues(saved))).toEqual([]);
    await page.getByText("group 'nonbinary' has no terms").waitFor();
    // The core's warning in words, its JSON path as the detail, as a refusal's.
    expect(await page.locator('section[aria-label="Metrics"] li', { hasText: 'nonbinary' }).textContent()).toMatch(
      /^Lexicon: group 'nonbinary' has no terms, .* \(lexicon\)$/,
    );

    // Now "N" could be nonbinary or neutral: it is not guessed, and the core names the row.
    await page.getByRole('button', { name: 'Import…' }).click();
    await page.getByLabel('Table or scenario JSON to import').fill('text,label,relevance\nfine,neutral,1\nbad,N,1');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText("line 3 (label): unknown label 'N'; expected neutral or one of female, male, nonbinary").waitFor();
    await page.getByText('Nothing was changed.').waitFor();
    // How the table was read is said apart from what went wrong, not as an error.
    const alert = page.locator('dialog[open] [role="alert"]');
    const notes = page.locator('dialog[open] [data-import-notes]');
    expect(await alert.textContent()).not.toContain('header found');
    expect(await notes.textContent()).toContain('header found (","-separated)');
    // Plain text: one column, no delimiter to name.
    await page.getByLabel('Table or scenario JSON to import').fill('hello world said the passage');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => notes.textContent()).toContain('no header, one column');
    // A refused scenario JSON says nothing was changed too.
    await page.getByLabel('Table or scenario JSON to import').fill('{"rankings": []}');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    // (Waited for by the refusal's own words: the plain text's report also said nothing changed.)
    await expect.poll(() => alert.textContent()).toContain('at least one ranking');
    expect(await alert.textContent()).toContain('Nothing was changed.');
    // Another text clears the report about the last one.
    await page.getByLabel('Table or scenario JSON to import').fill('1 Q0 d1 1 2.5 run');
    expect(await alert.count()).toBe(0);
    expect(await notes.count()).toBe(0);
    expect(problems).toEqual([]);
  });
});

describe('Grep-BiasIR', () => {
  test('the dialog loads on demand and builds the male-first / female-first comparison from a query', async () => {
    const { page, problems } = await newPage(site);
    await page.goto(`${site.url}${PAGE}?scenario=../../fixtures/basic.json`);
    await waitCurrent(page);
    let saved = await savedScenario(page).catch(() => null);
    await compareGrepTeamWork(page, () => page.getByText('both (4) and botrh (1, a typo) are read as neutral', { exact: false }).waitFor());
    await waitCurrent(page);
    saved = await savedScenario(page, saved);
    const s = JSON.parse(saved);
    expect(s.rankings.map((r: { name: string }) => r.name)).toEqual(['male first', 'female first']);
    expect(s.rankings[0].docs[0].label).toBe('male');
    expect(s.rankings[1].docs[0].label).toBe('female');
    expect(s.rankings[0].docs[0].text).toContain('Only ambitious Man on the Team?');
    expect(mismatches(await shownValues(page), cliValues(saved))).toEqual([]);
    expect(problems).toEqual([]);
    await shot(page, 'grep-biasir');
  });
});

describe('sharing', () => {
  test('the share dialog gives the focus to its link once made; each Copy names what it copies and says it is done', async () => {
    const { page, problems } = await newPage(site);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`${site.url}${PAGE}`);
    await waitCurrent(page);
    await page.getByRole('button', { name: 'Share / embed…' }).focus();
    await page.keyboard.press('Enter');
    // It opened on Close, the one control before the link is made.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Link');
    const copies = await page
      .locator('dialog[open]')
      .getByRole('button', { name: /^Copy/ })
      .evaluateAll((b) => b.map((x) => x.textContent));
    expect(copies).toEqual([
      'Copy Link',
      'Copy Embed link',
      'Copy Embed in a course page (iframe)',
      'Copy Once per course page: the script that sizes every embed to its content',
    ]);
    await page.locator('dialog[open]').getByRole('button', { name: 'Copy Link' }).click();
    await expect.poll(() => page.locator('dialog[open] [role="status"]', { hasText: 'Link: copied.' }).count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await page.getByLabel('Link', { exact: true }).inputValue());
    expect(problems).toEqual([]);
  });

  test('a share link reproduces the scenario; ?embed=1 hides the chrome; autosave survives a reload', async () => {
    const { page } = await newPage(site);
    await page.goto(`${site.url}${PAGE}?scenario=../../fixtures/basic.json`);
    await waitCurrent(page);
    await page.getByLabel('Text of B, rank 1').fill('Her sister and she trained every day.');
    await waitCurrent(page);
    const values = await shownValues(page);
    await page.getByRole('button', { name: 'Share / embed…' }).click();
    const link = await page.getByLabel('Link', { exact: true }).inputValue();
    const embed = await page.getByLabel('Embed in a course page (iframe)').inputValue();
    expect(link).toMatch(/#s=[A-Za-z0-9_-]+$/);
    expect(await page.locator('[data-long-link]').count()).toBe(0);
    expect(embed).toContain('?embed=1#s=');

    const other = (await newPage(site)).page;
    await other.goto(link);
    await waitCurrent(other);
    expect(await shownValues(other)).toEqual(values);
    await other.getByText('Showing shared link.').waitFor();

    const framed = (await newPage(site, { width: 800, height: 700 })).page;
    await framed.goto(embed.match(/src="([^"]+)"/)![1]!.replace(/&amp;/g, '&'));
    await waitCurrent(framed);
    expect(await shownValues(framed)).toEqual(values);
    await expect.poll(() => framed.getByRole('heading', { name: 'Fairness-metrics playground' }).count()).toBe(0);
    await expect.poll(() => framed.getByRole('navigation', { name: 'Playground commands' }).count()).toBe(0);
    await shot(framed, 'embed');

    await page.reload();
    await waitCurrent(page);
    expect(await shownValues(page)).toEqual(values);
  });

  test('a link opened in a page already open (the browser does not reload for a new hash) is loaded, one Undo away; a damaged one is said', async () => {
    const { page, problems } = await newPage(site);
    await page.goto(`${site.url}${PAGE}?scenario=../../fixtures/basic.json`);
    await waitCurrent(page);
    await page.getByLabel('Text of B, rank 1').fill('His brother trained.');
    await waitCurrent(page);
    const mine = await shownValues(page);
    // The page's address becomes its own link once it has saved the edit (the file's ?scenario= dropped).
    await page.waitForURL(/\/course\/playground\/#s=/);

    const other = (await newPage(site)).page;
    await other.goto(`${site.url}${PAGE}?scenario=../../fixtures/basic.json`);
    await waitCurrent(other);
    await other.getByLabel('Text of B, rank 1').fill('Her sister and she trained every day.');
    await waitCurrent(other);
    const theirs = await shownValues(other);
    expect(theirs).not.toEqual(mine);
    await other.getByRole('button', { name: 'Share / embed…' }).click();
    const link = await other.getByLabel('Link', { exact: true }).inputValue();

    // Pasted into the first page's address bar: the same document goes on (no reload).
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.goto(link);
    await expect.poll(() => shownValues(page)).toEqual(theirs);
    await page.getByText('Showing shared link.').waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await page.getByRole('button', { name: /Undo/ }).click();
    await expect.poll(() => shownValues(page)).toEqual(mine);

    await page.goto(`${site.url}${PAGE}#s=bm90LWRlZmxhdGVk`);
    await page.getByText('The shared link could not be used: the link is damaged').waitFor();
    expect(await shownValues(page)).toEqual(mine);
    // The address shows the work on screen again, so a reload keeps it.
    await page.waitForURL((url) => url.hash !== '#s=bm90LWRlZmxhdGVk');
    await page.reload();
    await waitCurrent(page);
    expect(await shownValues(page)).toEqual(mine);
    expect(problems).toEqual([]);
  });

  test('a link too long for some programs says so, with its length, and the way to share a file instead', async () => {
    const { page, problems } = await newPage(site);
    await page.goto(`${site.url}${PAGE}`);
    await waitCurrent(page);
    // 400 documents of words drawn by a seeded generator: a link well beyond 8,000 characters.
    let seed = 7;
    const word = () => (
      (seed = (seed * 48271) % 2147483647),
      ['she', 'he', 'nurse', 'doctor', 'won', 'lost', 'the', 'prize', 'team', 'city'][seed % 10]
    );
    const rows = Array.from({ length: 400 }, (_, i) => `${Array.from({ length: 12 }, word).join(' ')}\t${'FMN'[i % 3]}\t${i % 4}`);
    await page.getByRole('button', { name: 'Import…' }).click();
    await page.getByLabel('Table or scenario JSON to import').fill(`text\tlabel\trelevance\n${rows.join('\n')}`);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('400 documents imported.').waitFor();
    await page.getByRole('button', { name: 'Close' }).click();
    await waitCurrent(page);
    await page.getByRole('button', { name: 'Share / embed…' }).click();
    const link = await page.getByLabel('Link', { exact: true }).inputValue();
    expect(link.length).toBeGreaterThan(8000);
    expect(await page.locator('[data-long-link]').textContent()).toBe(
      `This link is ${link.length.toLocaleString('en')} characters long: some e-mail and chat programs and course platforms cut links that long. ` +
        'To share a scenario this large, send its file (Export scenario) instead, which Import… opens.',
    );
    expect(problems).toEqual([]);
  });
});

describe('presentation', () => {
  test('a metric row opens its KaTeX formula and charts; a narrow screen stacks the columns', async () => {
    const { page, problems } = await newPage(site);
    await page.goto(`${site.url}${PAGE}`);
    await waitCurrent(page);
    await page.getByRole('button', { name: 'TExFAIR' }).click();
    await page.locator('.katex').first().waitFor();
    await expect.poll(() => page.locator('canvas[aria-label^="TExFAIR, Left"]').count()).toBe(2);
    expect(problems).toEqual([]);
    await shot(page, 'explainer');

    // NFaiRR's values as a table: each rank's ω(d) and weight beside its bar. basic.json's A: "He
    // said his son…" (three male terms) and "She and her daughter…" (three female) have ω = 0,
    // the neutral passage 1; the weights p(r) = 1/log2(r + 1).
    await page.goto(`${site.url}${PAGE}?scenario=../../fixtures/basic.json`);
    await waitCurrent(page);
    await page.getByRole('button', { name: 'NFaiRR' }).click();
    const figure = page.locator('figure', { hasText: 'A ·' }).first();
    await figure.getByText('Values as a table').click();
    expect(await figure.locator('thead th').allTextContents()).toEqual(['rank', 'ω(d)', 'weight', 'contribution', 'value at c']);
    const column = (i: number) => figure.locator(`tbody tr td:nth-child(${i})`).allTextContents();
    expect(await column(2)).toEqual(['0', '0', '1']);
    expect((await column(3)).map(Number)).toEqual([1, 1 / Math.log2(3), 0.5].map((x) => Number(x.toFixed(4))));
    await figure.getByText(/not the sum of the bars/).waitFor();

    const narrow = (await newPage(site, { width: 390, height: 844 })).page;
    await narrow.goto(`${site.url}${PAGE}`);
    await waitCurrent(narrow);
    const overflow = await narrow.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(narrow, 'narrow');
  });
});

describe('RaB and ARaB', () => {
  test('their rows open a formula KaTeX renders without error, and both charts per ranking', async () => {
    const { page, problems } = await newPage(site);
    await page.goto(`${site.url}${PAGE}?preset=rab-arab`);
    await waitCurrent(page);
    for (const name of ['RaB', 'ARaB']) {
      await page.getByRole('button', { name, exact: true }).click();
      await page
        .getByRole('region', { name: `Formula of ${name}` })
        .locator('.katex')
        .first()
        .waitFor();
      await expect.poll(() => page.locator(`canvas[aria-label^="${name}, A"]`).count()).toBe(2);
    }
    expect(await page.locator('.katex-error').count()).toBe(0);
    expect(problems).toEqual([]);
    await shot(page, 'rab-arab');
  });
});

describe('an undefined value in the charts', () => {
  test('a ranking whose value is undefined at every cut-off says why in place of the chart, not empty axes', async () => {
    const { page, problems } = await newPage(site);
    await page.goto(`${site.url}${PAGE}?preset=texfair-figure-1`);
    await waitCurrent(page);
    await page.getByRole('button', { name: 'DIPS', exact: true }).click();
    // Right has no female passage: DIPS is undefined there (Left's is defined from c = 2).
    expect(await page.locator('td[data-metric="dips"][data-ranking="Right"]').getAttribute('data-value')).toBe('');
    const details = page.locator('section[aria-label="Metrics"] tr[id]');
    await expect.poll(() => details.locator('canvas[aria-label="DIPS, Left: value at every cut-off"]').count()).toBe(1);
    expect(await details.locator('canvas[aria-label="DIPS, Right: value at every cut-off"]').count()).toBe(0);
    expect(await details.locator('figure').nth(1).textContent()).toContain(
      'Undefined at every cut-off: no document of group A (female) in the ranking, so the measure is undefined',
    );
    expect(problems).toEqual([]);
  });
});

describe('accessibility', () => {
  test('axe finds no serious or critical violations, with a comparison, a refusal and a dialog open', async () => {
    const { readFileSync: read } = await import('node:fs');
    const axeSource = read(`${root}node_modules/axe-core/axe.min.js`, 'utf8');
    const { page } = await newPage(site);
    await page.goto(`${site.url}${PAGE}?scenario=../../fixtures/basic.json`);
    await waitCurrent(page);
    await page.getByRole('button', { name: 'DIPS', exact: true }).click();
    await page.locator('.katex').first().waitFor();
    // Evaluated through the DevTools protocol, so the page's CSP does not apply to it.
    await page.evaluate(axeSource);
    const audit = async () =>
      page.evaluate(async () => {
        const result = await (
          window as unknown as {
            axe: { run: (o: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
          }
        ).axe.run({
          resultTypes: ['violations'],
        });
        return result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map(
            (v) =>
              `${v.id}: ${v.nodes
                .map((n) => n.target.join(' '))
                .slice(0, 3)
                .join(', ')}`,
          );
      });
    expect(await audit()).toEqual([]);
    await page.getByText('Parameters', { exact: true }).click();
    await page.getByLabel('cut-off k').fill('0');
    await page.waitForSelector('section[aria-label="Metrics"][data-state="stale"]');
    expect(await audit()).toEqual([]);
    await page.getByRole('button', { name: 'Gallery…' }).click();
    expect(await audit()).toEqual([]);
  });
});
