// For a screen reader: the values an edit changed, said once the edits pause. A sighted reader
// sees the changed cells light up with what they were; without this, an edit is silent.
import { useEffect, useRef, useState } from 'preact/hooks';

import type { MetricDescriptor, ViewResults as Results } from '../../../wasm/types';
import { status } from '../../state/evaluation';
import { descriptors, formatValue, metricOf, shownChange } from '../../state/metrics';

/** Quiet time before the changes are said: a typed word is said once, not at every key. */
export const ANNOUNCE_AFTER_MS = 1000;

type Values = Map<string, number | null>;

function valuesOf(results: Results, metrics: MetricDescriptor[]): Values {
  const out: Values = new Map();
  for (const d of metrics) for (const ranking of results.rankings) out.set(`${d.id}\n${ranking.name}`, metricOf(ranking, d.id).value);
  return out;
}

/**
 * What changed from `before` to `after`, a phrase a value ("NFaiRR, fair first: 0.8123, was
 * 0.79"); the ranking is named only when there are two. Empty when nothing shown changed.
 */
export function changesText(before: Values, after: Values, metrics: MetricDescriptor[], rankings: string[]): string {
  const phrases: string[] = [];
  for (const d of metrics)
    for (const name of rankings) {
      const key = `${d.id}\n${name}`;
      if (!before.has(key) || !after.has(key)) continue;
      const was = before.get(key)!;
      const now = after.get(key)!;
      if (!shownChange(was, now)) continue;
      phrases.push(`${d.name}${rankings.length > 1 ? `, ${name}` : ''}: ${formatValue(now)}, was ${formatValue(was)}`);
    }
  return phrases.length === 0 ? '' : `Values changed: ${phrases.join('; ')}.`;
}

/**
 * A polite status that says the changed values of the metrics `spoken` (ids, comma-separated)
 * after an edit, against those said (or shown) last: only current results count, and a new era (a
 * preset, an import) starts afresh without a word, as its values are not a change the user made.
 */
export function Announcer({ results, current, era, spoken }: { results: Results; current: boolean; era: number; spoken: string }) {
  const [message, setMessage] = useState('');
  const said = useRef<{ era: number; values: Values } | null>(null);
  useEffect(() => {
    if (!current) return;
    const ids = new Set(spoken.split(','));
    const metrics = descriptors.value.filter((d) => ids.has(d.id));
    const values = valuesOf(results, metrics);
    if (!said.current || said.current.era !== era) {
      said.current = { era, values };
      return;
    }
    const before = said.current.values;
    const timer = setTimeout(() => {
      // An edit since (its answer still to come, however slow the engine): that answer says it all.
      if (status.peek() !== 'current') return;
      const text = changesText(
        before,
        values,
        metrics,
        results.rankings.map((r) => r.name),
      );
      said.current = { era, values };
      if (text) setMessage(text);
    }, ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [results, current, era, spoken]);
  return (
    <p class="sr-only" role="status" data-announce>
      {message || null}
    </p>
  );
}
