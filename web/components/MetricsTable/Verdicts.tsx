// When comparing two rankings: which fairness metrics call which ranking fairer, in one sentence
// per side, so disagreement is the first thing a reader sees.
import type { Results } from '../../../wasm/types';
import { UTILITY, descriptors, fairerOf, metricOf } from '../../state/metrics';
import styles from './style.module.css';

function headline(sides: Record<'a' | 'b' | 'tie' | 'undefined', string[]>, disagree: boolean): string {
  if (disagree) return 'The metrics disagree.';
  const decided = sides.a.length + sides.b.length;
  if (decided === 0) return sides.tie.length > 0 ? 'No metric tells the rankings apart.' : 'No verdict.';
  return sides.tie.length > 0 ? 'Not every metric sees a difference.' : 'The metrics agree.';
}

export function Verdicts({ results }: { results: Results }) {
  const [a, b] = results.rankings as [Results['rankings'][number], Results['rankings'][number]];
  const sides: Record<'a' | 'b' | 'tie' | 'undefined', string[]> = { a: [], b: [], tie: [], undefined: [] };
  for (const d of descriptors.value) {
    if (UTILITY.has(d.id)) continue;
    const va = metricOf(a, d.id).value;
    const vb = metricOf(b, d.id).value;
    if (va === null || vb === null) sides.undefined.push(d.name);
    else {
      const side = fairerOf(d.fairer, va, vb);
      sides[side === -1 ? 'a' : side === 1 ? 'b' : 'tie'].push(d.name);
    }
  }
  const disagree = sides.a.length > 0 && sides.b.length > 0;
  return (
    <div class={disagree ? `${styles.verdicts} ${styles.disagree}` : styles.verdicts} data-disagree={disagree}>
      <strong>{headline(sides, disagree)}</strong>
      {sides.a.length > 0 && (
        <span data-fairer={a.name}>
          {' '}
          {a.name} is fairer for {sides.a.join(', ')}.
        </span>
      )}
      {sides.b.length > 0 && (
        <span data-fairer={b.name}>
          {' '}
          {b.name} is fairer for {sides.b.join(', ')}.
        </span>
      )}
      {sides.tie.length > 0 && <span> Tied: {sides.tie.join(', ')}.</span>}
      {sides.undefined.length > 0 && <span> Undefined for one side: {sides.undefined.join(', ')}.</span>}
    </div>
  );
}
