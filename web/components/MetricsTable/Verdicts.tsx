// When comparing two rankings: which fairness metrics call which ranking fairer, in one sentence
// per side, so disagreement is the first thing a reader sees.
import type { ViewResults as Results } from '../../../wasm/types';
import { UTILITY, descriptors, fairerOf, metricOf } from '../../state/metrics';
import { memo } from '../Memo';
import styles from './style.module.css';

/** `onlyA`: undefined for B alone (defined for A), `onlyB` the other way, `neither`: for both. */
type Side = 'a' | 'b' | 'tie' | 'mirror' | 'onlyA' | 'onlyB' | 'neither';

/**
 * A metric whose fair value is 0 can give two rankings values equally far from 0 with opposite
 * signs (0.5 and −0.5): neither is fairer, but they differ, each favouring the other group. That
 * is not a tie, and the verdict must not call it one.
 */
export function mirrored(fairer: string, a: number, b: number): boolean {
  return fairer === 'closer to 0' && fairerOf(fairer, a, b) === 0 && Math.abs(a - b) > 1e-12;
}

function headline(sides: Record<Side, string[]>, disagree: boolean): string {
  if (disagree) return 'The metrics disagree.';
  const decided = sides.a.length + sides.b.length;
  if (decided === 0) {
    if (sides.mirror.length > 0) return 'No metric calls either ranking fairer, but some see them biased in opposite directions.';
    return sides.tie.length > 0 ? 'No metric tells the rankings apart.' : 'No verdict.';
  }
  return sides.tie.length + sides.mirror.length > 0 ? 'Not every metric calls one ranking fairer.' : 'The metrics agree.';
}

/**
 * `shown`: the ids of the metrics on screen, comma-separated (an embed may show a few); the
 * verdict speaks of those only. Plain props, so it renders again only when one changes.
 */
export const Verdicts = memo(function Verdicts({
  results,
  stale = false,
  shown: shownIds,
}: {
  results: Results;
  stale?: boolean;
  shown?: string;
}) {
  const shown = shownIds === undefined ? undefined : new Set(shownIds.split(','));
  const [a, b] = results.rankings as [Results['rankings'][number], Results['rankings'][number]];
  const sides: Record<Side, string[]> = { a: [], b: [], tie: [], mirror: [], onlyA: [], onlyB: [], neither: [] };
  for (const d of descriptors.value) {
    if (UTILITY.has(d.id) || (shown && !shown.has(d.id))) continue;
    const va = metricOf(a, d.id).value;
    const vb = metricOf(b, d.id).value;
    if (va === null && vb === null) sides.neither.push(d.name);
    else if (vb === null) sides.onlyA.push(d.name);
    else if (va === null) sides.onlyB.push(d.name);
    else if (mirrored(d.fairer, va, vb)) sides.mirror.push(d.name);
    else {
      const side = fairerOf(d.fairer, va, vb);
      sides[side === -1 ? 'a' : side === 1 ? 'b' : 'tie'].push(d.name);
    }
  }
  const disagree = sides.a.length > 0 && sides.b.length > 0;
  const classes = [styles.verdicts, disagree && styles.disagree, stale && styles.staleVerdict].filter(Boolean).join(' ');
  return (
    <div class={classes} data-disagree={disagree} data-stale={stale || undefined}>
      {stale && <span class={styles.staleNote}>Out of date (for the last valid input): </span>}
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
      {sides.mirror.length > 0 && (
        <span data-mirrored={sides.mirror.join(',')}>
          {' '}
          Equally far from 0 in opposite directions (each ranking disadvantages a different group): {sides.mirror.join(', ')}.
        </span>
      )}
      {sides.tie.length > 0 && <span> Tied: {sides.tie.join(', ')}.</span>}
      {sides.onlyB.length > 0 && (
        <span data-undefined-for={a.name}>
          {' '}
          Undefined for {a.name}: {sides.onlyB.join(', ')}.
        </span>
      )}
      {sides.onlyA.length > 0 && (
        <span data-undefined-for={b.name}>
          {' '}
          Undefined for {b.name}: {sides.onlyA.join(', ')}.
        </span>
      )}
      {sides.neither.length > 0 && <span data-undefined-for="both"> Undefined for both: {sides.neither.join(', ')}.</span>}
    </div>
  );
});
