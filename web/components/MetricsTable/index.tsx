// Every metric for every ranking, one row a metric: value, direction, meaning; when comparing,
// A − B and which ranking each metric calls fairer; a row opens its explainer and charts.
import { lazy, Suspense } from 'preact/compat';
import { useState } from 'preact/hooks';

import type { MetricDescriptor, Results } from '../../../wasm/types';
import { evaluation } from '../../state/evaluation';
import { DIRECTION_TEXT, PRIMARY, UTILITY, descriptors, fairerOf, formatValue, metricOf } from '../../state/metrics';
import { Verdicts } from './Verdicts';
import styles from './style.module.css';

// KaTeX and the chart library cost the first paint nothing: loaded when a row is opened.
const Explainer = lazy(() => import('../Explainer').then((m) => ({ default: m.Explainer })));
const MetricCharts = lazy(() => import('../MetricCharts').then((m) => ({ default: m.MetricCharts })));

/** The parts a metric's value is made of, shown under it: why the value is what it is. */
function parts(id: string, metric: Record<string, unknown>): [string, string, number | null][] {
  const byKey = (record: unknown, prefix: string) =>
    Object.entries((record ?? {}) as Record<string, number | null>).map(([k, v]) => [`${prefix}${k}`, k, v] as [string, string, number | null]);
  switch (id) {
    case 'nfairr':
      return [['fairr', 'FaiRR', metric.fairr as number], ['ifairr', 'IFaiRR', metric.ifairr as number]];
    case 'texfair':
      return [...byKey(metric.share, 'share.'), ['rbdf', 'RBDF', metric.rbdf as number]];
    case 'dips':
    case 'ree':
    case 'igi':
      return [['mAB', 'M_AB', metric.mAB as number | null], ['mBA', 'M_BA', metric.mBA as number | null]];
    case 'cwex':
      return byKey(metric.exposure, 'exposure.');
    case 'awrf':
      return byKey(metric.distribution, 'distribution.');
    case 'rab':
    case 'arab': {
      // The magnitude in use split into f's and m's part, then the other two magnitudes' values.
      const selected = metric.magnitude as 'tc' | 'tf' | 'bool';
      const measure = (m: string) => metric[m] as { value: number | null; parts: Record<string, number | null> };
      const others = (['tc', 'tf', 'bool'] as const).filter((m) => m !== selected);
      return [
        ...Object.entries(measure(selected).parts).map(([g, v]) => [`${selected}.parts.${g}`, `${g} (${selected})`, v] as [string, string, number | null]),
        ...others.map((m) => [`${m}.value`, m, measure(m).value] as [string, string, number | null]),
      ];
    }
    default:
      return [];
  }
}

function ValueCell({ results, r, id }: { results: Results; r: number; id: string }) {
  const ranking = results.rankings[r]!;
  const metric = metricOf(ranking, id);
  // Parts that are all undefined add nothing to the note beside an undefined value.
  const made = parts(id, metric as unknown as Record<string, unknown>);
  const shownParts = made.some(([, , v]) => v !== null) ? made : [];
  return (
    <td
      class={metric.value === null ? `${styles.value} ${styles.undefined}` : styles.value}
      data-metric={id}
      data-ranking={ranking.name}
      data-value={metric.value === null ? '' : String(metric.value)}
      title={metric.value === null ? metric.note : String(metric.value)}
    >
      {formatValue(metric.value)}
      {metric.value === null && metric.note && <span class={styles.note}>{metric.note}</span>}
      {shownParts.length > 0 && (
        <span class={styles.parts}>
          {shownParts.map(([key, label, value]) => (
            <span key={key} data-part={key} data-value={value === null ? '' : String(value)} title={value === null ? 'undefined' : String(value)}>
              {label} {formatValue(value)}
            </span>
          ))}
        </span>
      )}
    </td>
  );
}

function CompareCells({ results, d }: { results: Results; d: MetricDescriptor }) {
  const [a, b] = results.rankings.map((ranking) => metricOf(ranking, d.id).value);
  const names = results.rankings.map((ranking) => ranking.name);
  if (a === null || a === undefined || b === null || b === undefined)
    return (
      <>
        <td class={styles.value} data-metric={`${d.id}-diff`} data-value="">
          —
        </td>
        <td class={styles.verdict}>—</td>
      </>
    );
  const side = fairerOf(d.fairer, a, b);
  const word = UTILITY.has(d.id) ? 'better' : 'fairer';
  return (
    <>
      <td class={styles.value} data-metric={`${d.id}-diff`} data-value={String(a - b)} title={String(a - b)}>
        {formatValue(a - b)}
      </td>
      <td class={styles.verdict} data-verdict={d.id}>
        {side === 0 ? 'tie' : `${names[side === -1 ? 0 : 1]} ${word}`}
      </td>
    </>
  );
}

function MetricRow({ d, results, open, onToggle }: { d: MetricDescriptor; results: Results; open: boolean; onToggle: () => void }) {
  const comparing = results.rankings.length === 2;
  const detailsId = `metric-${d.id}-details`;
  return (
    <>
      <tr class={PRIMARY.has(d.id) ? styles.primary : undefined}>
        <th scope="row" class={styles.metric}>
          <button type="button" class={styles.toggle} aria-expanded={open} aria-controls={detailsId} onClick={onToggle}>
            <span class={styles.chevron} aria-hidden="true">
              {open ? '▾' : '▸'}
            </span>
            <span class={styles.name}>{d.name}</span>
          </button>
          <span class={styles.direction}>{DIRECTION_TEXT[d.fairer] ?? d.fairer}</span>
          <span class={styles.summary}>{d.summary}</span>
        </th>
        {results.rankings.map((_, r) => (
          <ValueCell key={r} results={results} r={r} id={d.id} />
        ))}
        {comparing && <CompareCells results={results} d={d} />}
      </tr>
      {open && (
        <tr id={detailsId} class={styles.details}>
          <td colSpan={1 + results.rankings.length + (comparing ? 2 : 0)}>
            <Suspense fallback={<p class={styles.loading}>Loading…</p>}>
              <Explainer descriptor={d} />
              <MetricCharts descriptor={d} results={results} />
            </Suspense>
          </td>
        </tr>
      )}
    </>
  );
}

export function MetricsTable() {
  const { results, error, status } = evaluation.value;
  const [open, setOpen] = useState<Set<string>>(new Set());
  const all = descriptors.value;
  if (!results || all.length === 0)
    return (
      <section class={styles.panel} aria-label="Metrics" data-state={error ? 'stale' : 'pending'}>
        <h2 class={styles.heading}>Metrics</h2>
        {error ? (
          <p class={styles.error} role="alert">
            {error.field}: {error.message}
          </p>
        ) : (
          <p class={styles.loading}>Computing…</p>
        )}
      </section>
    );
  const toggle = (id: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const comparing = results.rankings.length === 2;
  const primary = all.filter((d) => PRIMARY.has(d.id));
  const companions = all.filter((d) => !PRIMARY.has(d.id));
  const row = (d: MetricDescriptor) => <MetricRow key={d.id} d={d} results={results} open={open.has(d.id)} onToggle={() => toggle(d.id)} />;
  const columns = 1 + results.rankings.length + (comparing ? 2 : 0);

  return (
    <section class={styles.panel} aria-label="Metrics" data-state={status} aria-busy={status === 'pending'}>
      <h2 class={styles.heading}>
        Metrics
        {status === 'pending' && <span class={styles.badge}>updating…</span>}
        {status === 'stale' && <span class={`${styles.badge} ${styles.staleBadge}`}>stale</span>}
      </h2>
      {status === 'stale' && error && (
        <p class={styles.error} role="alert">
          These values are for the last valid input. {error.field ? `${error.field}: ` : ''}
          {error.message}
        </p>
      )}
      {results.warnings.length > 0 && (
        <ul class={styles.warnings}>
          {results.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      {comparing && <Verdicts results={results} />}
      <div class={styles.scroll}>
        <table class={status === 'stale' ? `${styles.table} ${styles.stale}` : styles.table}>
          <thead>
            <tr>
              <th scope="col">metric</th>
              {results.rankings.map((r) => (
                <th scope="col" key={r.name}>
                  {r.name}
                </th>
              ))}
              {comparing && (
                <>
                  <th scope="col">
                    {results.rankings[0]!.name} − {results.rankings[1]!.name}
                  </th>
                  <th scope="col">says</th>
                </>
              )}
            </tr>
          </thead>
          <tbody>{primary.map(row)}</tbody>
          <tbody>
            <tr class={styles.section}>
              <th scope="rowgroup" colSpan={columns}>
                Companions
              </th>
            </tr>
            {companions.map(row)}
          </tbody>
        </table>
      </div>
      <p class={styles.footer}>
        k = {results.params.k} · lexicon {results.lexicon} · tokenizer {results.params.tokenizer} · open a row for its formula and charts
      </p>
    </section>
  );
}
