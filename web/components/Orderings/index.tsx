// Best and worst orderings: for the documents of a ranking, the order each metric finds fairest and
// the one it finds least fair (exhaustive up to 8 documents, a local search beyond), computed on
// demand in the engine's worker. The metrics rarely agree on the ideal ranking; any ordering can
// be put into ranking B to compare it side by side.
import { useState } from 'preact/hooks';

import type { MetricOrderings, OrderingExtreme, Orderings } from '../../../wasm/types';
import { count } from '../../state/count';
import { putIntoRankingB } from '../../state/ranking-b';
import { engine } from '../../state/engine';
import { answer } from '../../state/evaluation';
import { refusalLine } from '../../state/messages';
import { DIRECTION_TEXT, UTILITY, formatValue, metricOf } from '../../state/metrics';
import { documentCounts, rankingCount, rankingNames, scenario, type PageDocument, type PageScenario } from '../../state/scenario';
import { numbersHidden } from '../../state/lessons';
import styles from './style.module.css';

/** Exhaustive up to this many documents (the core's default), a local search beyond. */
export const EXHAUSTIVE_LIMIT = 8;
/** The core searches rankings of up to this many documents. */
export const SEARCH_LIMIT = 60;

interface Found {
  /** What the answer depends on, when it was asked (see `inputKey`). */
  key: string;
  /** The ranking's documents then: `order` indexes them. */
  docs: PageDocument[];
  result: Orderings;
  ms: number;
}

interface Slot {
  computing: boolean;
  /** The input being searched, while computing (a Find for a changed input stops that search). */
  computingKey?: string;
  found: Found | null;
  error: string | null;
}

const idle: Slot = { computing: false, found: null, error: null };

/**
 * What the orderings of ranking r depend on: the parameters, groups, lexicon, background and the
 * ranking's documents as a set (sorted by id): reordering the ranking changes none of them.
 */
export function inputKey(s: PageScenario, r: number): string {
  const docs = [...(s.rankings[r]?.docs ?? [])].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return JSON.stringify([s.groups ?? null, s.lexicon ?? null, s.params ?? null, s.background ?? null, docs]);
}

function factorial(n: number): number {
  let f = 1;
  for (let i = 2; i <= n; i++) f *= i;
  return f;
}

/** What Find will do for n documents. */
export function plan(n: number): string {
  if (n === 0) return 'no documents';
  if (n <= EXHAUSTIVE_LIMIT) return `${count(n, 'document')}: exhaustive over ${n}! = ${count(factorial(n), 'ordering')}`;
  if (n <= SEARCH_LIMIT)
    return `${n} documents: local search over swaps and moves (${n}! orderings are too many to try; it may miss the optimum)`;
  return `${n} documents: more than the ${SEARCH_LIMIT} the search handles`;
}

/** How many different fairest orderings the fairness metrics (not utility) pick. */
export function summary(result: Orderings): string {
  const fairness = result.metrics.filter((m) => !UTILITY.has(m.id));
  const picked = fairness.filter((m) => m.best);
  const distinct = new Set(picked.map((m) => m.best!.order.join(','))).size;
  const undefinedCount = fairness.length - picked.length;
  const metrics = count(picked.length, 'fairness metric');
  const text =
    picked.length === 0
      ? 'No fairness metric is defined for these documents.'
      : distinct === 1
        ? `The ${metrics} ${picked.length === 1 ? 'finds' : 'agree on'} one fairest ordering.`
        : `The ${metrics} pick ${distinct} different fairest orderings.`;
  return undefinedCount > 0 ? `${text} ${undefinedCount} ${undefinedCount === 1 ? 'is' : 'are'} undefined for every ordering.` : text;
}

function isSuperseded(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { superseded?: boolean }).superseded === true;
}

function message(error: unknown): string {
  const { field, message } = (typeof error === 'object' && error !== null ? error : {}) as { field?: unknown; message?: unknown };
  if (typeof field === 'string' && field) return refusalLine({ field, message: String(message) }, scenario.peek());
  return error instanceof Error ? error.message : String(error);
}

interface ShowButton {
  label: string;
  title: string;
  disabled: boolean;
  onClick: () => void;
}

/** The document ids of an ordering, in rank order, and the button that puts it into ranking B. */
function OrderCell({ extreme, docs, button }: { extreme: OrderingExtreme; docs: PageDocument[]; button: ShowButton }) {
  const ids = extreme.order.map((i) => docs[i]?.id ?? `#${i + 1}`);
  return (
    <td class={styles.order} title={ids.join(' › ')}>
      <ol class={styles.ids}>
        {ids.map((id, i) => (
          <li key={i}>{id}</li>
        ))}
      </ol>
      <button type="button" class={styles.show} disabled={button.disabled} title={button.title} onClick={button.onClick}>
        {button.label}
      </button>
    </td>
  );
}

function ValueCell({ extreme, result }: { extreme: OrderingExtreme; result: Orderings }) {
  const ties = result.exhaustive && extreme.ties !== undefined && extreme.ties > 1 ? extreme.ties : 0;
  const all = ties > 0 && ties === result.evaluated;
  return (
    <td class={styles.value} data-value={String(extreme.value)} title={String(extreme.value)}>
      <span class={styles.number}>{formatValue(extreme.value)}</span>
      {ties > 0 && <span class={styles.ties}>{all ? 'every ordering ties' : `${ties.toLocaleString('en')} orderings tie`}</span>}
    </td>
  );
}

function Row({ m, found, r, upToDate }: { m: MetricOrderings; found: Found; r: number; upToDate: boolean }) {
  const utility = UTILITY.has(m.id);
  const now = answer.value.results?.rankings[r];
  const current = now ? metricOf(now, m.id)?.value : undefined;
  const words = utility ? { best: 'most useful', worst: 'least useful' } : { best: 'fairest', worst: 'least fair' };
  const button = (which: 'best' | 'worst', label: string): ShowButton => ({
    label,
    disabled: !upToDate,
    title: upToDate
      ? `Put ${m.name}'s ${words[which]} ordering into ranking B, to compare it side by side`
      : 'The documents changed: find again first',
    onClick: () =>
      putIntoRankingB(
        m[which]!.order.map((i) => found.docs[i]!),
        `${m.name} ${utility ? which : words[which]}`,
      ),
  });
  return (
    <tr data-metric={m.id} class={utility ? styles.utility : undefined}>
      <th scope="row" class={styles.metric}>
        <span class={styles.name}>{m.name}</span>
        <span class={styles.direction}>{utility ? 'utility: higher is better' : (DIRECTION_TEXT[m.fairer] ?? m.fairer)}</span>
        {current !== undefined && <span class={styles.now}>now {formatValue(current)}</span>}
      </th>
      {m.best && m.worst ? (
        <>
          <OrderCell extreme={m.best} docs={found.docs} button={button('best', 'Show as ranking B')} />
          <ValueCell extreme={m.best} result={found.result} />
          <OrderCell
            extreme={m.worst}
            docs={found.docs}
            button={button('worst', utility ? 'Show least useful as B' : 'Show least fair as B')}
          />
          <ValueCell extreme={m.worst} result={found.result} />
        </>
      ) : (
        <td colSpan={4} class={styles.note}>
          {m.note ?? 'undefined'}
        </td>
      )}
    </tr>
  );
}

function RankingOrderings({ r, slot, onFind }: { r: number; slot: Slot; onFind: () => void }) {
  // The documents matter only once orderings are found or sought (are they still for this
  // input?); before that, only the count and name: no render on every keystroke.
  void documentCounts.value;
  void rankingNames.value;
  const s = slot.found || slot.computing ? scenario.value : scenario.peek();
  const ranking = s.rankings[r]!;
  const n = ranking.docs.length;
  const found = slot.found;
  const upToDate = !!found && found.key === inputKey(s, r);
  const headingId = `orderings-${r}-heading`;
  return (
    <section class={styles.ranking} aria-labelledby={headingId} aria-busy={slot.computing} data-ranking={ranking.name}>
      <div class={styles.bar}>
        <h3 id={headingId} class={styles.rankingName}>
          Ranking {ranking.name}
        </h3>
        <button
          type="button"
          class={styles.find}
          onClick={onFind}
          disabled={(slot.computing && slot.computingKey === inputKey(s, r)) || n === 0 || n > SEARCH_LIMIT}
          title={slot.computing ? 'The input changed since this search started: stop it and search the input as it is now' : undefined}
        >
          {found || slot.computing ? 'Find again' : 'Find'}
        </button>
        <span class={styles.plan}>{plan(n)}</span>
      </div>
      {slot.computing && (
        <p class={styles.status} role="status">
          computing… {n <= EXHAUSTIVE_LIMIT ? `scoring ${factorial(n).toLocaleString('en')} orderings under every metric` : 'searching'}
        </p>
      )}
      {slot.error && (
        <p class={styles.error} role="alert">
          {slot.error}
        </p>
      )}
      {found && numbersHidden.value && (
        <p class={styles.method} role="status" data-hidden-until-numbers>
          Found. The orderings and their values appear with the lesson's numbers.
        </p>
      )}
      {found && !numbersHidden.value && (
        <>
          {!upToDate && (
            <p class={styles.stale} role="status">
              Out of date: the documents or parameters changed since these orderings were found. Find again to update them.
            </p>
          )}
          <p class={styles.method}>
            {found.result.method} ({(found.ms / 1000).toFixed(found.ms < 100 ? 2 : 1)} s).{' '}
            <strong class={styles.summary}>{summary(found.result)}</strong>
          </p>
          <div class={styles.scroll}>
            <table class={upToDate ? styles.table : `${styles.table} ${styles.outdated}`}>
              <thead>
                <tr>
                  <th scope="col">metric</th>
                  <th scope="col">fairest ordering</th>
                  <th scope="col">value</th>
                  <th scope="col">least fair ordering</th>
                  <th scope="col">value</th>
                </tr>
              </thead>
              <tbody>
                {found.result.metrics.map((m) => (
                  <Row key={m.id} m={m} found={found} r={r} upToDate={upToDate} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

export function OrderingsPanel() {
  const [slots, setSlots] = useState<Slot[]>([]);
  const rankings = Array.from({ length: rankingCount.value });
  const update = (r: number, change: (slot: Slot) => Slot) =>
    setSlots((previous) => {
      const next = [...previous];
      next[r] = change(previous[r] ?? idle);
      return next;
    });

  const find = (r: number) => {
    const s = scenario.value;
    const key = inputKey(s, r);
    const docs = structuredClone(s.rankings[r]!.docs);
    update(r, (slot) => ({ ...slot, computing: true, computingKey: key, error: null }));
    const start = performance.now();
    engine()
      .orderings(JSON.stringify(s), r)
      .then(
        (result) => update(r, () => ({ computing: false, error: null, found: { key, docs, result, ms: performance.now() - start } })),
        (error: unknown) => {
          if (isSuperseded(error)) return; // a newer Find of this ranking answers instead
          update(r, (slot) => ({ ...slot, computing: false, error: message(error) }));
        },
      );
  };

  return (
    <details class={styles.panel} data-no-print>
      <summary>
        <h2 class={styles.heading}>Best and worst orderings</h2>{' '}
        <span class={styles.lead}>which order of these documents each metric finds fairest</span>
      </summary>
      <p class={styles.intro}>
        For the documents of a ranking, every ordering is scored under every metric, with the scenario's parameters, to find the one each
        metric finds fairest and the one it finds least fair: exhaustively up to {EXHAUSTIVE_LIMIT} documents, by a local search from
        several starts beyond. nDCG is utility, not fairness: its best ordering is sorted by relevance, which shows the trade-off. Where
        several orderings tie, the first found is shown.
      </p>
      {rankings.map((_, r) => (
        <RankingOrderings key={r} r={r} slot={slots[r] ?? idle} onFind={() => find(r)} />
      ))}
    </details>
  );
}
