// Every metric for every ranking, one row a metric: value, direction, meaning; when comparing,
// A − B and which ranking each metric calls fairer; a row opens its explainer and charts.
import { useEffect, useRef, useState } from 'preact/hooks';

import type { MetricDescriptor, ViewResults as Results } from '../../../wasm/types';
import { answer, openRows, pending, slow, stale, status } from '../../state/evaluation';
import { eraOf } from '../../state/scenario';
import { DIRECTION_TEXT, PRIMARY, UTILITY, descriptors, fairerOf, formatValue, metricOf, shownChange } from '../../state/metrics';
import { printing } from '../../state/print';
import { warningAsRefusal } from '../../state/messages';
import { lessonMetrics } from '../../state/lessons';
import { paramsOpen, presentAll, presenting, shownMetrics } from '../../state/view';
import { lazyPart } from '../Lazy';
import { memo } from '../Memo';
import { RefusalText } from '../Refusal';
import { Words } from '../Words';
import { Announcer } from './Announcer';
import { Verdicts, mirrored } from './Verdicts';
import styles from './style.module.css';

// KaTeX and the chart library cost the first paint nothing: loaded when a row is opened.
const Explainer = lazyPart(() => import('../Explainer').then((m) => m.Explainer), {
  what: 'the formula',
  fallback: <p class={styles.loading}>Loading…</p>,
});
const MetricCharts = lazyPart(() => import('../MetricCharts').then((m) => m.MetricCharts), { what: 'the charts' });

/** The parts a metric's value is made of, shown under it: why the value is what it is. */
function parts(d: MetricDescriptor, metric: Record<string, unknown>, params: Record<string, unknown>): [string, string, number | null][] {
  return d.parts.flatMap((part): [string, string, number | null][] => {
    if (part.when && params[part.when] === false) return []; // not applied: no part of the value
    switch (part.kind) {
      case 'value':
        return [[part.key, part.label, metric[part.key] as number | null]];
      case 'groups':
        return Object.entries((metric[part.key] ?? {}) as Record<string, number | null>).map(([g, v]) => [
          `${part.key}.${g}`,
          part.label ? `${part.label}(${g})` : g,
          v,
        ]);
      case 'magnitudes': {
        // The magnitude in use split into its groups' parts, then the other two magnitudes' values.
        const selected = metric.magnitude as 'tc' | 'tf' | 'bool';
        const measure = (m: string) => metric[m] as { value: number | null; parts: Record<string, number | null> };
        const others = (['tc', 'tf', 'bool'] as const).filter((m) => m !== selected);
        return [
          ...Object.entries(measure(selected).parts).map(
            ([g, v]) => [`${selected}.parts.${g}`, `${g} (${selected})`, v] as [string, string, number | null],
          ),
          ...others.map((m) => [`${m}.value`, m, measure(m).value] as [string, string, number | null]),
        ];
      }
    }
  });
}

/**
 * Whether the refused field says so itself, in an alert beside it: a ranking's or a document's
 * field (its editor always on screen), or a parameter, a group or the lexicon while the
 * Parameters panel is open. The panel's note then only marks the values stale, without a second
 * announcement.
 */
const saidBeside = (field: string) => /^rankings\[\d+\]/.test(field) || (paramsOpen.value && /^(params|groups|lexicon)\b/.test(field));

/** How long a changed value shows what it was before the edit. */
const CHANGE_MS = 4000;

/**
 * The value before the latest change, for a moment after it changed (null: unchanged). Only
 * current results count, so a value is compared with the last one shown as current, and only
 * within one era: after a whole replacement (a preset, an import) there is no "before". Worked out
 * while rendering, so the changed value and what it was show in the same render (an effect would
 * render every changed cell a second time, a frame later); a timer ends the moment.
 */
function usePrevious(value: number | null, current: boolean, era: number): { before: number | null } | null {
  const kept = useRef<{ value: number | null; era: number; before: { before: number | null } | null }>({ value, era, before: null });
  const [, expire] = useState(0);
  const k = kept.current;
  if (current && (k.value !== value || k.era !== era)) {
    if (k.era !== era) k.before = null;
    else if (shownChange(k.value, value)) k.before = { before: k.value };
    k.value = value;
    k.era = era;
  }
  const before = k.before;
  useEffect(() => {
    if (!before) return;
    const timer = setTimeout(() => {
      if (kept.current.before !== before) return;
      kept.current.before = null;
      expire((n) => n + 1);
    }, CHANGE_MS);
    return () => clearTimeout(timer);
  }, [before]);
  return before;
}

/** A part's label longer than this (a group named at length) wraps under its value's width; shorter
 *  ones (female, M_AB, IFaiRR) keep their line, and the value columns their width. */
const LONG_LABEL = 16;
/** A ranking's name longer than this (a run's file name) is held to a width and three lines in the
 *  table's header; shorter ones wrap as they come. */
const LONG_NAME = 24;

function ValueCell({ results, r, d, current, era }: { results: Results; r: number; d: MetricDescriptor; current: boolean; era: number }) {
  const ranking = results.rankings[r]!;
  const id = d.id;
  const metric = metricOf(ranking, id);
  const changed = usePrevious(metric.value, current, era);
  // Parts that are all undefined add nothing to the note beside an undefined value.
  const made = parts(d, metric as unknown as Record<string, unknown>, results.params as unknown as Record<string, unknown>);
  const shownParts = made.some(([, , v]) => v !== null) ? made : [];
  return (
    <td
      class={[styles.value, metric.value === null && styles.undefined, changed && styles.changed].filter(Boolean).join(' ')}
      data-metric={id}
      data-ranking={ranking.name}
      data-value={metric.value === null ? '' : String(metric.value)}
      title={metric.value === null ? metric.note : metric.note ? `${metric.value} (${metric.note})` : String(metric.value)}
    >
      {formatValue(metric.value)}
      {changed && (
        <span class={styles.was} data-was={changed.before === null ? '' : String(changed.before)}>
          was {formatValue(changed.before)}
        </span>
      )}
      {/* A note beside a value says a convention it rests on (TExFAIR with no group term). */}
      {metric.note && (
        <span class={styles.note} data-note>
          {metric.note}
        </span>
      )}
      {shownParts.length > 0 && (
        <span class={styles.parts}>
          {shownParts.map(([key, label, value]) => (
            <span
              key={key}
              class={label.length > LONG_LABEL ? styles.long : undefined}
              data-part={key}
              data-value={value === null ? '' : String(value)}
              title={value === null ? 'undefined' : String(value)}
            >
              {label} {label.length > LONG_LABEL ? <span class={styles.partValue}>{formatValue(value)}</span> : formatValue(value)}
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
        <td class={`${styles.value} ${styles.diff}`} data-metric={`${d.id}-diff`} data-ranking="A-B" data-value="">
          —
        </td>
        <td class={styles.verdict}>—</td>
      </>
    );
  const side = fairerOf(d.fairer, a, b);
  const word = UTILITY.has(d.id) ? 'better' : 'fairer';
  return (
    <>
      <td
        class={`${styles.value} ${styles.diff}`}
        data-metric={`${d.id}-diff`}
        data-ranking="A-B"
        data-value={String(a - b)}
        title={String(a - b)}
      >
        {formatValue(a - b)}
      </td>
      <td class={styles.verdict} data-verdict={d.id}>
        {mirrored(d.fairer, a, b) ? 'opposite, equally far' : side === 0 ? 'tie' : `${names[side === -1 ? 0 : 1]} ${word}`}
      </td>
    </>
  );
}

function MetricRow({
  d,
  results,
  open,
  onToggle,
  current,
  compact,
  era,
}: {
  d: MetricDescriptor;
  results: Results;
  open: boolean;
  onToggle: () => void;
  current: boolean;
  compact: boolean;
  era: number;
}) {
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
          {!compact && <span class={styles.summary}>{d.summary}</span>}
        </th>
        {results.rankings.map((_, r) => (
          <ValueCell key={r} results={results} r={r} d={d} current={current} era={era} />
        ))}
        {comparing && <CompareCells results={results} d={d} />}
      </tr>
      {open && (
        <tr id={detailsId} class={styles.details}>
          <td colSpan={1 + results.rankings.length + (comparing ? 2 : 0)}>
            <div class={styles.detailsBody}>
              <Explainer descriptor={d} />
              <MetricCharts descriptor={d} results={results} />
            </div>
          </td>
        </tr>
      )}
    </>
  );
}

/**
 * Whether a closed row shows the same in `a` and `b`: the same rankings, and this metric's result
 * (value, note, parts) the same in each. An open row shows the per-rank detail: it always renders.
 */
function sameRow(a: Results, b: Results, id: string, open: boolean): boolean {
  if (a === b) return true;
  if (open || a.rankings.length !== b.rankings.length) return false;
  return a.rankings.every((ranking, r) => {
    const other = b.rankings[r]!;
    return ranking.name === other.name && JSON.stringify(metricOf(ranking, id)) === JSON.stringify(metricOf(other, id));
  });
}

/**
 * A row renders again when what it shows changes: not when the values merely become pending (an
 * edit marks the whole table pending, on the section), nor when an answer leaves its metric as it
 * was (a typed word changes the term-based metrics, not DIPS or nDCG). A row compares a value with
 * the one before only when it changed, so there is nothing to compare in a row left alone.
 */
const Row = memo(
  MetricRow,
  (before, after) =>
    before.d === after.d &&
    sameRow(before.results, after.results, after.d.id, after.open) &&
    before.open === after.open &&
    before.compact === after.compact &&
    before.era === after.era &&
    (before.current === after.current || after.results !== before.results || !after.current),
);

interface TableProps {
  /** Metric ids a link chose (`&metrics=`), or null. */
  chosen?: string[] | null;
  /** Only the four main metrics (an embed of the comparison), unless `chosen` says otherwise. */
  mainOnly?: boolean;
  /** An embed: no one-line meanings, no footer, smaller padding. */
  compact?: boolean;
}

export function MetricsTable({ chosen = null, mainOnly = false, compact = false }: TableProps) {
  const { results, evaluated, error } = answer.value;
  const isStale = stale.value;
  // The pending marks are bound to signals (below: the state, and `slow` for the visible mark) and
  // render nothing here; the table renders when an answer arrives, whose status is set with it.
  const current = status.peek() === 'current';
  const era = evaluated ? eraOf(evaluated) : 0;
  const open = openRows.value;
  const all = descriptors.value;
  if (!results || all.length === 0)
    return (
      <section id="metrics" tabIndex={-1} class={styles.panel} aria-label="Metrics" data-state={error ? 'stale' : 'pending'}>
        <h2 class={styles.heading}>Metrics</h2>
        {error ? (
          <p class={styles.error} role="alert">
            <RefusalText refusal={error} />
          </p>
        ) : (
          <p class={styles.loading}>Computing…</p>
        )}
      </section>
    );
  // An open row's charts need its per-rank detail: the evaluation asks the engine for it.
  const toggle = (id: string) => {
    const next = new Set(openRows.peek());
    if (!next.delete(id)) next.add(id);
    openRows.value = next;
  };
  const comparing = results.rankings.length === 2;
  // Presenting mode shows the four main metrics unless asked for all; paper gets the whole table.
  const mainOnlyNow = !printing.value && (mainOnly || (presenting.value && !presentAll.value));
  const shown = shownMetrics(all, { chosen, mainOnly: mainOnlyNow, also: lessonMetrics.value });
  const primary = shown.filter((d) => PRIMARY.has(d.id));
  const companions = shown.filter((d) => !PRIMARY.has(d.id));
  const hidden = all.length - shown.length;
  const row = (d: MetricDescriptor) => (
    <Row
      key={d.id}
      d={d}
      results={results}
      open={open.has(d.id)}
      onToggle={() => toggle(d.id)}
      current={current}
      compact={compact}
      era={era}
    />
  );
  const columns = 1 + results.rankings.length + (comparing ? 2 : 0);
  const tableClass = [styles.table, isStale && styles.stale, compact && styles.compact].filter(Boolean).join(' ');

  return (
    <section id="metrics" tabIndex={-1} class={styles.panel} aria-label="Metrics" data-state={status} aria-busy={pending}>
      <h2 class={styles.heading}>
        Metrics
        {isStale && <span class={`${styles.badge} ${styles.staleBadge}`}>stale</span>}
        <span class={`${styles.badge} ${styles.updating}`} data-shown={slow}>
          updating…
        </span>
      </h2>
      {isStale && error && (
        <p class={styles.error} role={saidBeside(error.field) ? undefined : 'alert'}>
          These values are for the last valid input. <RefusalText refusal={error} />
        </p>
      )}
      {results.warnings.length > 0 && (
        <ul class={styles.warnings}>
          {results.warnings.map((w) => (
            <li key={w}>
              <RefusalText refusal={warningAsRefusal(w)} />
            </li>
          ))}
        </ul>
      )}
      {comparing && <Verdicts results={results} stale={isStale} shown={shown.map((d) => d.id).join(',')} />}
      <Announcer results={results} current={current} era={era} spoken={(primary.length > 0 ? primary : shown).map((d) => d.id).join(',')} />
      <div class={styles.scroll}>
        <table class={tableClass} aria-label={isStale ? 'Metric values (stale: for the last valid input)' : 'Metric values'}>
          <thead>
            <tr>
              <th scope="col">metric</th>
              {results.rankings.map((r) => (
                <th scope="col" key={r.name} title={r.name}>
                  {r.name.length > LONG_NAME ? <span class={styles.clamped}>{r.name}</span> : <Words text={r.name} />}
                </th>
              ))}
              {comparing && (
                <>
                  <th scope="col" class={styles.diff} title={`${results.rankings[0]!.name} − ${results.rankings[1]!.name}`}>
                    {results.rankings.some((r) => r.name.length > LONG_NAME) ? (
                      <span class={styles.clamped}>
                        {results.rankings[0]!.name} − {results.rankings[1]!.name}
                      </span>
                    ) : (
                      <Words text={`${results.rankings[0]!.name} − ${results.rankings[1]!.name}`} />
                    )}
                  </th>
                  <th scope="col" class={styles.verdict}>
                    says
                  </th>
                </>
              )}
            </tr>
          </thead>
          {primary.length > 0 && <tbody>{primary.map(row)}</tbody>}
          {companions.length > 0 && (
            <tbody>
              {primary.length > 0 && (
                <tr class={styles.section}>
                  <th scope="rowgroup" colSpan={columns}>
                    Companions
                  </th>
                </tr>
              )}
              {companions.map(row)}
            </tbody>
          )}
        </table>
      </div>
      {presenting.value && !chosen && (
        <p class={styles.footer}>
          <button type="button" onClick={() => (presentAll.value = !presentAll.value)} aria-pressed={presentAll.value}>
            {presentAll.value
              ? lessonMetrics.value.some((id) => !PRIMARY.has(id))
                ? 'Show the main and the lesson’s metrics only'
                : 'Show the four main metrics only'
              : `Show all metrics (${hidden} more)`}
          </button>
        </p>
      )}
      {!compact && (
        <p class={styles.footer}>
          k = {results.params.k} · lexicon {results.lexicon} · tokenizer {results.params.tokenizer} · open a row for its formula and charts
        </p>
      )}
    </section>
  );
}
