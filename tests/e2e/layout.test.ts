// Layout at a lecture hall's laptop size (1366×900): in every preset, with every explainer open, no
// element is cut by its own box (scrollWidth beyond clientWidth where overflow hides or scrolls it)
// and nothing sticks out of its panel. And on a phone, the metrics are one tap away.
import type { Page } from 'playwright-core';
import { readdirSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';

import { axeViolations, LONG_NAMES, newPage, PAGE, root, siteForTests, waitCurrent } from './browser';

const site = siteForTests();

const presets = readdirSync(`${root}examples`)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));

/**
 * Every element cut sideways: its content wider than its box where overflow is not visible (so it
 * is clipped or needs a sideways scroll), and every element whose box sticks out of the panel that
 * holds it (a section, a card, the parameters, a dialog). Described by tag, class and text.
 */
async function overflows(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    // Measured in the page's own fonts (KaTeX's come in when a formula is first laid out).
    void document.body.offsetHeight;
    await document.fonts.ready;
    const describe = (e: Element) => {
      const cls = typeof e.className === 'string' ? e.className.split(' ')[0] : '';
      return `${e.tagName.toLowerCase()}${cls ? `.${cls}` : ''}${e.getAttribute('data-metric') ? `[${e.getAttribute('data-metric')}]` : ''} “${(e.textContent ?? '').trim().slice(0, 40)}”`;
    };
    const visible = (e: Element) => {
      const box = e.getBoundingClientRect();
      const style = getComputedStyle(e);
      // Text for screen readers only (KaTeX's MathML) is clipped to nothing on purpose.
      const screenReaderOnly = style.position === 'absolute' && (style.clip.startsWith('rect') || style.clipPath.startsWith('inset'));
      // checkVisibility: false inside a closed <details> too (its content is laid out but not shown).
      return box.width > 0 && box.height > 0 && e.checkVisibility({ visibilityProperty: true }) && !screenReaderOnly;
    };
    const out: string[] = [];
    const all = [...document.querySelectorAll('body *')].filter(visible);
    for (const e of all) {
      const style = getComputedStyle(e);
      // A text cut with an ellipsis (a long name on a button) is cut on purpose, and says so; a
      // field's value longer than the field scrolls in it, as in any text field.
      if (
        style.overflowX !== 'visible' &&
        style.textOverflow !== 'ellipsis' &&
        !['TEXTAREA', 'INPUT'].includes(e.tagName) &&
        e.scrollWidth > e.clientWidth + 1
      )
        out.push(`cut (${e.scrollWidth} > ${e.clientWidth}): ${describe(e)}`);
    }
    const panels = [...document.querySelectorAll('main section, main details, [data-card], main aside, header, dialog[open]')].filter(
      visible,
    );
    for (const panel of panels) {
      const box = panel.getBoundingClientRect();
      for (const child of panel.querySelectorAll('*')) {
        if (!visible(child)) continue;
        // Inside a scroll box, the scroll box itself is what is checked above.
        let scroller = child.parentElement;
        while (scroller && scroller !== panel && getComputedStyle(scroller).overflowX === 'visible') scroller = scroller.parentElement;
        // A panel that scrolls sideways itself scrolls its content (and is checked above).
        if (scroller !== panel || getComputedStyle(panel).overflowX !== 'visible') continue;
        const inner = child.getBoundingClientRect();
        if (inner.right > box.right + 1 || inner.left < box.left - 1)
          out.push(
            `sticks out of ${describe(panel).slice(0, 40)} by ${Math.round(Math.max(inner.right - box.right, box.left - inner.left))}px: ${describe(child)}`,
          );
      }
    }
    return [...new Set(out)];
  });
}

describe('no element overflows its panel at 1366×900', () => {
  test.each(presets)('%s, with every explainer open', async (id) => {
    const { page, problems } = await newPage(site, { width: 1366, height: 900 });
    await page.goto(`${site.url}${PAGE}?preset=${id}`);
    await waitCurrent(page);
    expect(await overflows(page)).toEqual([]);
    const toggles = page.locator('section[aria-label="Metrics"] button[aria-expanded]');
    const count = await toggles.count();
    for (let i = 0; i < count; i++) {
      await toggles.nth(i).click();
      await page.locator(`section[aria-label="Metrics"] tr[id] .katex`).first().waitFor();
      await page.locator('section[aria-label="Metrics"] tr[id] canvas').first().waitFor();
      // Charts resize to their box a frame after it settles (a scroll bar may just have appeared):
      // three frames, then the layout is the one to check.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(r)))));
      expect(await overflows(page), `${id}, explainer ${i + 1} open`).toEqual([]);
      await toggles.nth(i).click();
    }
    // The parameters open, and the best and worst orderings found.
    await page.getByRole('heading', { name: 'Parameters' }).click();
    await page.getByText('Best and worst orderings').click();
    await page.getByRole('button', { name: 'Find', exact: true }).first().click();
    await page.getByRole('button', { name: 'Show as ranking B' }).first().waitFor();
    expect(await overflows(page), `${id}, parameters and orderings open`).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('the DIPS formula fits at 1920 px too', async () => {
    const { page } = await newPage(site, { width: 1920, height: 1000 });
    await page.goto(`${site.url}${PAGE}?preset=dips-ties`);
    await waitCurrent(page);
    await page.getByRole('button', { name: 'DIPS', exact: true }).click();
    await page.locator('.katex').first().waitFor();
    expect(await overflows(page)).toEqual([]);
  });
});

describe('names and texts without a space (a run’s tag, a URL, a document id)', () => {
  const tag = 'bm25-monot5-rerank-top100-msmarco-passage-dev-small-2023-final-run';
  const group = 'women_and_girls_of_all_ages_everywhere';
  const url = 'https://www.example.com/a/very/long/path/to/a/page/that/goes/on/and/on/index.html?query=string&and=more';
  const docs = (first: string) => [
    { id: 'msmarco_passage_00_123456789_with_a_long_suffix_abcdef', text: `${first} See ${url}`, label: group, relevance: 1 },
    { text: 'He said no.', label: 'men', relevance: 0 },
    { text: 'She did.', label: group, relevance: 2 },
  ];
  const scenario = {
    title: 'Long names',
    groups: [group, 'men'],
    lexicon: { [group]: ['she', 'her'], men: ['he', 'his'] },
    rankings: [
      { name: tag, docs: docs('She said yes.') },
      // The man first: the metrics disagree, so their verdicts name both rankings.
      { name: tag.replace(/-/g, '_'), docs: ((d) => [d[1], d[0], d[2]])(docs('Her answer.')) },
    ],
    background: [{ id: 'msmarco_passage_99_987654321_background_with_a_long_suffix', text: `Her page: ${url}` }],
  };
  const link = `#s=${deflateRawSync(JSON.stringify(scenario)).toString('base64url')}`;

  test.each([
    ['1366×900', 1366, 900, ''],
    ['390×844', 390, 844, ''],
    ['390×844, ?embed=compare', 390, 844, '?embed=compare'],
  ])(
    'at %s nothing scrolls sideways or sticks out of its panel, with the parameters, the background and an explainer open',
    async (_, width, height, query) => {
      const { page, problems } = await newPage(site, { width, height });
      await page.goto(`${site.url}${PAGE}${query}${link}`);
      await waitCurrent(page);
      const parameters = page.locator('summary').filter({ hasText: 'Parameters' });
      if (await parameters.count()) await parameters.click();
      const background = page.locator('[data-background-panel] summary');
      if (await background.count()) {
        await background.click();
        await page.locator('[data-background-panel] [data-omega]').waitFor();
      }
      await page.locator('section[aria-label="Metrics"] button[aria-expanded]').first().click();
      await page.locator('section[aria-label="Metrics"] tr[id] canvas').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBe(0);
      // Formulas wider than a phone scroll in their own box (the test below), and so does the
      // metrics table where a value's parts name a long group unbroken ("women_and_… 0.5431").
      expect((await overflows(page)).filter((line) => !/^cut \(\d+ > \d+\): div\._(formula|scroll)_/.test(line))).toEqual([]);
      expect(problems).toEqual([]);
    },
  );
});

test('sixteen groups (the limit) at 1280×720: the tables of values of an opened row scroll in their own box, their headers whole', async () => {
  const groups = Array.from({ length: 16 }, (_, i) => `group${i + 1}`);
  const docs = (r: number) =>
    Array.from({ length: 6 }, (_, j) => ({
      text: `w${(j + r) % 16} and w${(j * 3 + r) % 16}`,
      label: groups[(j + r) % 16],
      relevance: j % 3,
    }));
  const scenario = {
    groups,
    lexicon: Object.fromEntries(groups.map((g, i) => [g, [`w${i}`]])),
    rankings: [0, 1].map((r) => ({ name: `R${r + 1}`, docs: docs(r) })),
  };
  const { page, problems } = await newPage(site, { width: 1280, height: 720 });
  await page.goto(`${site.url}${PAGE}#s=${deflateRawSync(JSON.stringify(scenario)).toString('base64url')}`);
  await waitCurrent(page);
  await page.locator('section[aria-label="Metrics"] button[aria-expanded]').nth(1).click(); // TExFAIR: a column per group
  const summaries = page.locator('section[aria-label="Metrics"] tr[id] summary', { hasText: 'Values as a table' });
  await summaries.first().waitFor();
  for (const summary of await summaries.all()) await summary.click();
  // A header is one line: "group8", not a letter a line.
  const lines = await page.$$eval('section[aria-label="Metrics"] tr[id] details[open] th', (ths) =>
    ths
      .filter((th) => /^group\d+$/.test(th.textContent ?? ''))
      .map((th) => {
        const range = document.createRange();
        range.selectNodeContents(th);
        return range.getClientRects().length;
      }),
  );
  expect(lines.length).toBeGreaterThan(16);
  expect(Math.max(...lines)).toBe(1);
  expect((await overflows(page)).filter((line) => !/^cut \(\d+ > \d+\): (div\._formula_|details\._table_)/.test(line))).toEqual([]);
  expect(problems).toEqual([]);
});

test('a run file’s long name and a long group name at 1280×720: the metrics table fits its panel, its header three lines at most', async () => {
  const { name, group, hash } = LONG_NAMES;
  const { page, problems } = await newPage(site, { width: 1280, height: 720 });
  await page.goto(`${site.url}${PAGE}${hash}`);
  await waitCurrent(page);
  const table = page.locator('section[aria-label="Metrics"] table').first();
  // The table took 953 px of a 548 px panel, and its header 494 px (A − B's a letter a line).
  expect(await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
  const heads = table.locator('thead th');
  const lineHeight = await heads.first().evaluate((th) => parseFloat(getComputedStyle(th).lineHeight));
  expect((await table.locator('thead').boundingBox())!.height).toBeLessThanOrEqual(3 * lineHeight + 16);
  // Each name is whole where it is cut short: in its tooltip and its text.
  expect(await heads.nth(1).getAttribute('title')).toBe(name);
  expect(await heads.nth(1).textContent()).toBe(name);
  expect(await heads.nth(3).getAttribute('title')).toBe(`${name} − ${name}.baseline`);
  // TExFAIR's part for the group wraps within its column; its value keeps one line.
  const part = table.locator(`td[data-metric="texfair"] [data-part="share.${group}"]`).first();
  expect(
    await part.evaluate(
      (p) => p.getClientRects().length > 0 && p.getBoundingClientRect().height > 2 * parseFloat(getComputedStyle(p).lineHeight),
    ),
  ).toBe(true);
  expect(await part.locator('span').evaluate((v) => v.getClientRects().length)).toBe(1);
  expect(problems).toEqual([]);
});

/**
 * Words of `selector`'s text broken across lines inside a letter or digit pair ("param|eter"), with
 * the pieces: a line break at a space, a hyphen or other punctuation is not counted.
 */
async function brokenWords(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const out: string[] = [];
    const range = document.createRange();
    const top = (node: Node, i: number) => {
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      return Math.round(range.getBoundingClientRect().top);
    };
    for (const root of document.querySelectorAll(selector)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const word of text.matchAll(/\S+/g)) {
          const pieces = [word[0][0]!];
          for (let i = 1; i < word[0].length; i++) {
            if (top(node, word.index + i) > top(node, word.index + i - 1)) pieces.push(word[0][i]!);
            else pieces[pieces.length - 1] += word[0][i]!;
          }
          const inside = pieces.slice(1).some((piece, i) => /[\p{L}\p{N}]$/u.test(pieces[i]!) && /^[\p{L}\p{N}]/u.test(piece));
          if (inside) out.push(pieces.join('|'));
        }
      }
    }
    return out;
  }, selector);
}

test('short words stay whole in the tables: an opened row’s parameters at 1280×720, the rankings’ names at 390×844', async () => {
  const { page, problems } = await newPage(site, { width: 1280, height: 720 });
  await page.goto(`${site.url}${PAGE}?preset=texfair-figure-1`);
  await waitCurrent(page);
  await page.getByRole('button', { name: 'NFaiRR', exact: true }).click();
  const parameters = page.locator('section[aria-label="Metrics"] tr[id] table').filter({ hasText: 'Parameters it reads' });
  await parameters.waitFor();
  // The meanings' column took the width: "param|eter", "tauIncl|usive", "unifo|rm".
  expect(await parameters.locator('th, td').count()).toBeGreaterThan(10);
  expect(await brokenWords(page, 'section[aria-label="Metrics"] tr[id] table')).toEqual([]);
  // On a phone, a ranking's name in the header: "swappe|d".
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${site.url}${PAGE}?preset=dips-igi-normalization`);
  await waitCurrent(page);
  const header = 'section[aria-label="Metrics"] table > thead';
  expect(await page.locator(header).innerText()).toContain('swapped');
  expect(await brokenWords(page, header)).toEqual([]);
  expect(problems).toEqual([]);
});

test('in forced colours (a high-contrast theme) every term is underlined above the text box, each group in its own line style', async () => {
  const { page, problems } = await newPage(site, { width: 1280, height: 720 });
  await page.emulateMedia({ forcedColors: 'active', colorScheme: 'dark' });
  await page.goto(`${site.url}${PAGE}?preset=cwex-figure-1`);
  await waitCurrent(page);
  const card = page.locator('[data-card="1:0"]'); // "his mother … her sons": both groups
  const styles = await card
    .locator('mark')
    .evaluateAll((marks) =>
      marks.map((m) => `${m.textContent} ${getComputedStyle(m).textDecorationLine} ${getComputedStyle(m).textDecorationStyle}`),
    );
  expect(styles).toEqual(['his underline dashed', 'mother underline solid', 'her underline solid', 'sons underline dashed']);
  // Each painted where the user sees it (the text box's forced field covered the backdrop and its
  // marks): the pixels under each word change when its underline is taken away.
  await card.locator('textarea').scrollIntoViewIfNeeded();
  const clips = await card.locator('mark').evaluateAll((marks) =>
    marks.map((m) => {
      const r = m.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height + 6 };
    }),
  );
  const shots = () => Promise.all(clips.map((clip) => page.screenshot({ clip })));
  const underlined = await shots();
  await page.addStyleTag({ content: 'mark { text-decoration: none !important }' });
  const plain = await shots();
  expect(underlined.map((shot, i) => shot.equals(plain[i]!))).toEqual([false, false, false, false]);
  expect(problems).toEqual([]);
});

describe('on a phone', () => {
  /** The TExFAIR preset on a phone of `size`, its values current. */
  async function onPhone(size = { width: 390, height: 844 }) {
    const opened = await newPage(site, size);
    await opened.page.goto(`${site.url}${PAGE}?preset=texfair-figure-1`);
    await waitCurrent(opened.page);
    return opened;
  }

  test('at 390×844 the metrics are one tap away (the link hides while they are on screen), and focusable by the skip link', async () => {
    const { page } = await onPhone();
    const jump = page.getByRole('link', { name: '↓ Metrics' });
    expect(await jump.isVisible()).toBe(true);
    await jump.click();
    await expect.poll(() => page.evaluate(() => document.querySelector('#metrics')!.getBoundingClientRect().top)).toBeLessThan(100);
    const value = await page.locator('[data-metric="nfairr"][data-ranking="Left"]').boundingBox();
    expect(value!.y).toBeLessThan(844);
    expect(await overflows(page)).toEqual([]);
    // While the metrics are on screen the link hides (it covered their values); above them, it points up.
    await expect.poll(() => jump.isVisible()).toBe(false);
    await page.evaluate(() => scrollTo(0, 0));
    await expect.poll(() => jump.isVisible()).toBe(true);
    expect(await jump.textContent()).toBe('↓ Metrics');
    await page.evaluate(() => {
      const below = document.createElement('div');
      below.style.height = '3000px';
      document.body.append(below);
      scrollTo(0, document.documentElement.scrollHeight);
    });
    await expect.poll(() => page.getByRole('link', { name: '↑ Metrics' }).isVisible()).toBe(true);
  });

  test('at 390×844 a toast floats above the link to the metrics, not over it', async () => {
    const { page, problems } = await onPhone();
    const jump = page.getByRole('link', { name: '↓ Metrics' });
    // The toolbar is behind the phone's menu: the toggle is clicked where it is.
    await page.getByLabel('Compare two rankings').evaluate((box: HTMLInputElement) => box.click());
    const toast = page.getByRole('button', { name: 'Restore ranking Right' });
    await toast.waitFor();
    const [a, b] = [(await jump.boundingBox())!, (await toast.locator('..').boundingBox())!];
    expect(b.y + b.height).toBeLessThanOrEqual(a.y);
    expect(a.y + a.height).toBeLessThanOrEqual(844);
    // What is on top at the link's centre is the link.
    expect(
      await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest('a')?.textContent,
        [a.x + a.width / 2, a.y + a.height / 2],
      ),
    ).toBe('↓ Metrics');
    expect(problems).toEqual([]);
  });

  // WCAG 2.4.11: the floating link must not hide the control that has focus. Where the page is one
  // column (a phone, or a 1280×720 screen zoomed to 200 %), every Tab stop of the example is
  // scrolled to above the link, not under it.
  for (const size of [
    { width: 390, height: 844 },
    { width: 640, height: 360 },
  ])
    test(`at ${size.width}×${size.height} no Tab stop is hidden under the floating link to the metrics`, async () => {
      const { page } = await onPhone(size);
      const under: string[] = [];
      let checked = 0;
      for (let stop = 0; stop < 100; stop++) {
        await page.keyboard.press('Tab');
        const covered = await page.evaluate(() => {
          const focused = document.activeElement as HTMLElement | null;
          const link = document.querySelector<HTMLElement>('a[href="#metrics"][data-where]');
          if (!focused || focused === document.body || !link || !link.checkVisibility() || focused === link) return null;
          const a = focused.getBoundingClientRect();
          const b = link.getBoundingClientRect();
          const width = Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left));
          const height = Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
          return { share: (width * height) / (a.width * a.height || 1), name: focused.getAttribute('aria-label') ?? focused.textContent };
        });
        if (!covered) continue;
        checked++;
        if (covered.share > 0) under.push(`${covered.name} (${Math.round(covered.share * 100)} %)`);
      }
      expect(checked).toBeGreaterThan(50);
      expect(under).toEqual([]);
    });

  test('at 390×844 the commands fold into a menu, undo and redo beside it, so the example starts on the first screen', async () => {
    const { page, problems } = await onPhone();
    const commands = page.getByRole('navigation', { name: 'Playground commands' });
    expect(await commands.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: '↶ Undo' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: '↷ Redo' }).isVisible()).toBe(true);
    // Unfolded, the toolbar's twelve commands took the phone's whole first screen.
    const caption = await page.getByRole('heading', { name: /TExFAIR paper, Figure 1/ }).boundingBox();
    expect(caption!.y).toBeLessThan(844 / 2);
    expect(await axeViolations(page)).toEqual([]);
    // An edit, then undo beside the menu.
    const relevance = page.getByLabel('Relevance of Left, rank 1');
    await relevance.fill('0');
    await page.getByRole('button', { name: '↶ Undo' }).click();
    await expect.poll(() => relevance.inputValue()).toBe('1');
    // The menu button says whether its popover is open (the browser's own, for popovertarget).
    await page.getByRole('button', { name: '☰ Menu', expanded: false }).click();
    await commands.getByRole('button', { name: 'Export scenario' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: '☰ Menu', expanded: true }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(await commands.getByLabel('Compare two rankings').isChecked()).toBe(true);
    expect(await commands.getByRole('button', { name: '↶ Undo' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await commands.isVisible()).toBe(false);
    await expect.poll(() => page.getByRole('button', { name: '☰ Menu', expanded: false }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Stop presenting' }).count()).toBe(0);
    // Turned, wider than a phone: the toolbar is whole again.
    await page.setViewportSize({ width: 1024, height: 768 });
    await commands.waitFor();
    expect(await page.getByRole('button', { name: '☰ Menu' }).count()).toBe(0);
    expect(await commands.getByRole('button', { name: '↶ Undo' }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });

  test("at 390×844 a lesson's step is on the first screen, its buttons each on one line", async () => {
    const { page, problems } = await newPage(site, { width: 390, height: 844 });
    await page.goto(`${site.url}${PAGE}?lesson=dips-ties`);
    const next = page.getByRole('button', { name: 'Next →' });
    await next.waitFor();
    const box = (await next.boundingBox())!;
    expect(box.y + box.height).toBeLessThan(844);
    const lines = await next.evaluate((button) => {
      const range = document.createRange();
      range.selectNodeContents(button);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
    expect(problems).toEqual([]);
  });

  test('at 390×844, with each explainer open, the metrics table does not scroll sideways: a formula wider than the phone scrolls in its own box', async () => {
    const { page, problems } = await onPhone();
    const toggles = page.locator('section[aria-label="Metrics"] button[aria-expanded]');
    const count = await toggles.count();
    expect(count).toBeGreaterThan(10);
    let scrolled = 0;
    for (let i = 0; i < count; i++) {
      await toggles.nth(i).click();
      await page.locator(`section[aria-label="Metrics"] tr[id] .katex`).first().waitFor();
      await page.locator('section[aria-label="Metrics"] tr[id] canvas').first().waitFor();
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(r)))));
      const [scrollWidth, clientWidth] = await page.evaluate(() => {
        const box = document.querySelector('section[aria-label="Metrics"] table')!.parentElement!;
        return [box.scrollWidth, box.clientWidth];
      });
      expect(scrollWidth, `explainer ${i + 1} open`).toBeLessThanOrEqual(clientWidth + 1);
      const cut = await overflows(page);
      scrolled += cut.filter((line) => /^cut \(\d+ > \d+\): div\._formula_/.test(line)).length;
      expect(
        cut.filter((line) => !/^cut \(\d+ > \d+\): div\._formula_/.test(line)),
        `explainer ${i + 1} open`,
      ).toEqual([]);
      await toggles.nth(i).click();
    }
    // Some formulas are wider than a phone (NFaiRR's, CWEx's, RaB's): those scroll in their box.
    expect(scrolled).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  test('at 320×568, where the values make the table wider than its box, an opened row is as wide as the box and stays in it as the table scrolls', async () => {
    const { page, problems } = await onPhone({ width: 320, height: 568 });
    await page.locator('th button', { hasText: 'NFaiRR' }).first().click();
    await page.locator('section[aria-label="Metrics"] tr[id] canvas').first().waitFor();
    const edges = () =>
      page.evaluate(() => {
        const body = document.querySelector('section[aria-label="Metrics"] tr[id] > td > div')!.getBoundingClientRect();
        const scroller = document.querySelector('section[aria-label="Metrics"] table')!.parentElement!;
        const box = scroller.getBoundingClientRect();
        return { wider: scroller.scrollWidth > scroller.clientWidth, cut: body.left < box.left || body.right > box.right };
      });
    expect(await edges()).toEqual({ wider: true, cut: false });
    await page.evaluate(() => (document.querySelector('section[aria-label="Metrics"] table')!.parentElement!.scrollLeft = 1000));
    expect(await edges()).toEqual({ wider: true, cut: false });
    expect(problems).toEqual([]);
  });

  test('at 568×320 (a phone turned sideways) the menu shows every command at once: nothing in it scrolls out of view', async () => {
    const { page, problems } = await onPhone({ width: 568, height: 320 });
    await page.getByRole('button', { name: '☰ Menu' }).click();
    const menu = page.locator('#commands-menu');
    await menu.waitFor();
    expect(await menu.evaluate((m) => m.scrollHeight <= m.clientHeight + 1)).toBe(true);
    const hidden = await menu
      .locator('button, label')
      .evaluateAll((items) => items.filter((i) => i.getBoundingClientRect().bottom > innerHeight).map((i) => i.textContent));
    expect(hidden).toEqual([]);
    expect(problems).toEqual([]);
  });

  // 320 px: the narrowest phones, and a 1280 px screen zoomed to 400 % (WCAG's reflow).
  test('at 320×640 no dialog of the toolbar scrolls sideways: its fields and lines fit the phone', async () => {
    const { page, problems } = await onPhone({ width: 320, height: 640 });
    for (const name of ['Gallery…', 'Grep-BiasIR…', 'DIPS experiments…', 'Import…', 'Share / embed…']) {
      await page.getByRole('button', { name: '☰ Menu' }).click();
      await page.getByRole('navigation', { name: 'Playground commands' }).getByRole('button', { name, exact: true }).click();
      const dialog = page.locator('dialog[open]');
      await dialog.waitFor();
      // The lazily loaded dialogs draw their content a moment after they open.
      await expect.poll(() => dialog.evaluate((d) => d.querySelectorAll('button').length)).toBeGreaterThan(1);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const [scrollWidth, clientWidth] = await dialog.evaluate((d) => [d.scrollWidth, d.clientWidth]);
      expect(scrollWidth, name).toBeLessThanOrEqual(clientWidth + 1);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' }).catch(() => dialog.waitFor({ state: 'hidden' }));
    }
    expect(problems).toEqual([]);
  });

  test('at 320×640 the Runs view fits, its form and the sample runs’ results: nothing scrolls sideways or sticks out of its panel', async () => {
    const { page, problems } = await newPage(site, { width: 320, height: 640 });
    await page.goto(`${site.url}${PAGE}?view=runs`);
    await page.locator('[data-action="sample-runs"]').waitFor();
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(await sideways()).toBe(0);
    expect(await overflows(page)).toEqual([]);
    await page.click('[data-action="sample-runs"]');
    await page.waitForSelector('[data-state="current"] [data-stat="mean"]', { timeout: 30_000 });
    await page.locator('section[aria-label="Charts"] canvas').first().waitFor();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(r)))));
    expect(await sideways()).toBe(0);
    // The summary, the comparisons and the per-query table scroll sideways in their own boxes.
    const tables = /^cut \(\d+ > \d+\): div\._scroll_\w+ “(Metric|Query)/;
    expect((await overflows(page)).filter((line) => !tables.test(line))).toEqual([]);
    // As they scroll, they need not squeeze a run's name: it was "mal|e-|first" in the comparisons.
    expect(
      await page
        .locator('section[aria-label="Comparisons"] td')
        .filter({ hasText: /^male-first$/ })
        .count(),
    ).toBeGreaterThan(0);
    expect(await brokenWords(page, 'section[aria-label="Summary"], section[aria-label="Comparisons"]')).toEqual([]);
    // On a common phone (390 px) both runs' means show beside the metric's name before the
    // summary's box is scrolled: each interval goes under its mean.
    await page.setViewportSize({ width: 390, height: 844 });
    const means = await page.locator('[aria-label="Summary table (scrolls sideways)"]').evaluate((box) => {
      const edge = box.getBoundingClientRect().right;
      const first = box.querySelector('tbody tr')!;
      return [...first.querySelectorAll('[data-stat="mean"]')].map((cell) => cell.getBoundingClientRect().right <= edge);
    });
    expect(means).toEqual([true, true]);
    expect(problems).toEqual([]);
  });
});

test('tabbing through a long dialog never leaves the focused control under its sticky Close row', async () => {
  // The row keeps to the dialog's foot; a control tabbed to just below the visible part was scrolled
  // only to the dialog's edge, under the row (Grep-BiasIR's checkboxes, Share's preview width).
  for (const [name, size] of [
    ['Grep-BiasIR…', { width: 1280, height: 720 }],
    ['Grep-BiasIR…', { width: 390, height: 844 }],
    ['Share / embed…', { width: 1280, height: 720 }],
  ] as const) {
    const { page, problems } = await newPage(site, size);
    await page.goto(`${site.url}${PAGE}`);
    await waitCurrent(page);
    if (await page.getByRole('button', { name: '☰ Menu' }).isVisible()) await page.getByRole('button', { name: '☰ Menu' }).click();
    await page.getByRole('navigation', { name: 'Playground commands' }).getByRole('button', { name, exact: true }).click();
    const dialog = page.locator('dialog[open]');
    await expect.poll(() => dialog.evaluate((d) => d.querySelectorAll('input, select, button').length)).toBeGreaterThan(6);
    await dialog.evaluate((d) => {
      d.scrollTop = 0;
      d.querySelector<HTMLElement>('input, select, button, a, summary, textarea')!.focus();
    });
    const covered: string[] = [];
    for (let i = 0; i < 50; i++) {
      await page.keyboard.press('Tab');
      const hidden = await page.evaluate(() => {
        const at = document.activeElement as HTMLElement;
        const dialog = at.closest('dialog[open]');
        if (!dialog || at === dialog || at.closest('[class*="_buttons_"]')) return null;
        const box = at.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit && (at.contains(hit) || hit.contains(at))
          ? null
          : (at.getAttribute('aria-label') ?? at.textContent ?? at.tagName).slice(0, 40);
      });
      if (hidden) covered.push(hidden);
    }
    expect(covered, `${name} at ${size.width}×${size.height}`).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  }
});
