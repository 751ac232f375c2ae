// The query list, narrowed by category and by a filter on the queries' words or numbers.
import type { GrepBiasIR, GrepQuery } from '../../state/grepbiasir';
import styles from './style.module.css';

export type ShownCategory = { name: string; queries: GrepQuery[] };

/** The categories and queries the category choice and the filter leave in view. */
export function shownQueries(data: GrepBiasIR | null, category: string, filter: string): ShownCategory[] {
  const needle = filter.trim().toLowerCase();
  return (data?.categories ?? [])
    .filter((c) => category === '' || c.name === category)
    .map((c) => ({
      name: c.name,
      queries: c.queries.filter((q) => needle === '' || q.query.toLowerCase().includes(needle) || String(q.q_id) === needle),
    }))
    .filter((c) => c.queries.length > 0);
}

type Props = {
  data: GrepBiasIR;
  shown: ShownCategory[];
  category: string;
  onCategory: (category: string) => void;
  filter: string;
  onFilter: (filter: string) => void;
  qId: number | null;
  onSelect: (qId: number) => void;
};

export function QueryPicker({ data, shown, category, onCategory, filter, onFilter, qId, onSelect }: Props) {
  const shownCount = shown.reduce((n, c) => n + c.queries.length, 0);
  return (
    <fieldset class={styles.pick}>
      <legend>Query</legend>
      <div class={styles.row}>
        <label>
          Category{' '}
          <select value={category} onChange={(e) => onCategory(e.currentTarget.value)}>
            <option value="">All categories ({data.queries.length})</option>
            {data.categories.map((c) => (
              <option key={c.name} value={c.name}>
                {c.name} ({c.queries.length})
              </option>
            ))}
          </select>
        </label>
        <label>
          Filter{' '}
          <input
            type="search"
            value={filter}
            class={styles.filter}
            placeholder="query words or number"
            onInput={(e) => onFilter(e.currentTarget.value)}
          />
        </label>
        <span class={styles.count} aria-live="polite">
          {shownCount} of {data.queries.length} queries
        </span>
      </div>
      <label class={styles.queryLabel}>
        <span>Queries</span>
        <select class={styles.queries} size={8} value={qId ?? ''} onChange={(e) => onSelect(Number(e.currentTarget.value))}>
          {shown.map((c) => (
            <optgroup key={c.name} label={c.name}>
              {c.queries.map((q) => (
                <option key={q.q_id} value={q.q_id}>
                  {q.q_id}: {q.query}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
    </fieldset>
  );
}
