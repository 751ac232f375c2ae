// Each metric's explainer says what its formula's symbols stand for: every metric has its list,
// every symbol listed is one its formula writes (so a changed formula cannot leave a stale
// line), and each is set by KaTeX beside its meaning.
import { cleanup, render } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';

import { Explainer } from '../../web/components/Explainer';
import { SYMBOLS } from '../../web/components/Explainer/symbols';
import { descriptors } from '../../web/state/metrics';
import { useNodeEngine } from './engine';

const squeezed = (tex: string) => tex.replace(/\s+/g, '');

beforeAll(async () => {
  await useNodeEngine();
});
afterEach(cleanup);

describe('the symbols under each formula', () => {
  test('every metric the engine describes has its list, and no list names a metric it does not', () => {
    const ids = descriptors.value.map((d) => d.id);
    expect(ids.length).toBeGreaterThan(10);
    expect(Object.keys(SYMBOLS).sort()).toEqual([...ids].sort());
  });

  test('every symbol listed is written in its metric’s formula', () => {
    for (const d of descriptors.value)
      for (const [tex] of SYMBOLS[d.id]) expect(squeezed(d.formula), `${d.id}: ${tex}`).toContain(squeezed(tex));
  });

  test('the explainer lists them, each set by KaTeX beside its meaning', () => {
    for (const d of descriptors.value) {
      const { container, unmount } = render(<Explainer descriptor={d} />);
      const list = container.querySelector(`dl[aria-label="Where, in the formula of ${d.name}"]`)!;
      expect(list, d.id).not.toBeNull();
      const terms = [...list.querySelectorAll('dt')];
      expect(terms).toHaveLength(SYMBOLS[d.id].length);
      expect(list.querySelector('.katex-error'), d.id).toBeNull();
      terms.forEach((dt, i) => {
        expect(dt.querySelector('.katex')).not.toBeNull();
        expect(dt.nextElementSibling!.textContent).toBe(SYMBOLS[d.id][i]![1]);
      });
      unmount();
    }
  });
});
