// The line under a card's text: its group terms counted, one chip a group (the text box's
// description), whether it is past the cut-off, and its id.
import type { TermSpan } from '../../state/terms';
import { groupColor } from '../../state/colors';
import { pastCutoffNote } from '../../state/metrics';
import styles from './style.module.css';

function counts(spans: TermSpan[] | null, groups: string[]) {
  const byGroup = new Map<string, number>();
  for (const span of spans ?? []) byGroup.set(span.group, (byGroup.get(span.group) ?? 0) + 1);
  // In the list's order, each once; then a group the spans name that the list does not hold (a
  // name refused while being renamed: the spans are the last accepted reading).
  return [...new Set([...groups, ...byGroup.keys()])].filter((g) => byGroup.has(g)).map((g) => ({ group: g, count: byGroup.get(g)! }));
}

export function Terms({
  spans,
  groups,
  id,
  termsId,
  pastCutoff,
}: {
  spans: TermSpan[] | null;
  groups: string[];
  id: string;
  termsId: string;
  pastCutoff: number | null;
}) {
  const terms = counts(spans, groups);
  return (
    <div class={styles.terms}>
      {/* The text box's description, one chip after another ("female ×1, male ×2"); the id is not.
          Not a live region: typing a sentence would say each change, before the values' one status. */}
      <span id={termsId} class={styles.found} data-terms>
        {terms.length === 0 ? (
          <span class={styles.none}>{spans ? 'no group terms' : '…'}</span>
        ) : (
          terms.map(({ group, count: n }, i) => (
            <span
              key={group}
              class={styles.chip}
              style={{ background: groupColor(groups.indexOf(group)).tint, borderColor: groupColor(groups.indexOf(group)).strong }}
            >
              {i > 0 && <span class="sr-only">, </span>}
              {group} ×{n}
            </span>
          ))
        )}
      </span>
      {pastCutoff !== null && (
        <span class={styles.pastCutoff} data-past-cutoff title={pastCutoffNote.value}>
          past k = {pastCutoff}
        </span>
      )}
      <span class={styles.id}>id {id}</span>
    </div>
  );
}
