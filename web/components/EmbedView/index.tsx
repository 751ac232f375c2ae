// The embeds a course page puts in an iframe: `?embed=metrics` (the metrics table alone, compact)
// and `?embed=compare` (the two rankings as compact cards, and the four main metrics), with
// `&metrics=` choosing the rows. Nothing here edits the scenario: the link opens the playground.
import type { JSX } from 'preact';

import { groupColor } from '../../state/colors';
import { spansFor } from '../../state/evaluation';
import { groups, scenario, type PageRanking } from '../../state/scenario';
import { currentAddress, withoutEmbed, type EmbedMode } from '../../state/address';
import { MetricsTable } from '../MetricsTable';
import { Problems } from '../Problems';
import styles from './style.module.css';

/** The text with its group terms marked, as the cards of the playground mark them. */
function Marked({ text }: { text: string }) {
  const spans = spansFor(text) ?? [];
  const parts: (string | JSX.Element)[] = [];
  let at = 0;
  for (const span of spans) {
    if (span.start < at) continue;
    parts.push(text.slice(at, span.start));
    const color = groupColor(groups.value.indexOf(span.group));
    parts.push(
      <mark key={span.start} class={styles.mark} style={{ background: color.tint, boxShadow: `inset 0 -2px 0 ${color.strong}` }}>
        {text.slice(span.start, span.end)}
      </mark>,
    );
    at = span.end;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}

function CompactRanking({ ranking, r }: { ranking: PageRanking; r: number }) {
  return (
    <section class={styles.ranking} aria-label={`Ranking ${ranking.name}`}>
      <h2 class={styles.name}>{ranking.name}</h2>
      <ol class={styles.cards}>
        {ranking.docs.map((doc, j) => (
          // A card shows a line or two; focus (a click, or Tab) shows its whole text, since the
          // group terms that make the point are often past the cut.
          <li
            key={doc.id}
            class={styles.card}
            tabIndex={0}
            title="Click or focus to read the whole passage"
            // Named by what it shows (rank, label, relevance, passage), not by the hint above.
            aria-labelledby={`compact-${r}-${j}-meta compact-${r}-${j}-text`}
            data-doc-id={doc.id}
            style={{ borderLeftColor: groupColor(groups.value.indexOf(doc.label)).strong }}
          >
            <span id={`compact-${r}-${j}-meta`} class={styles.meta}>
              {j + 1}. {doc.label} · rel {doc.relevance ?? '—'}
            </span>
            <span id={`compact-${r}-${j}-text`} class={styles.text}>
              <Marked text={doc.text} />
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function EmbedView({ mode, chosen, problems }: { mode: Exclude<EmbedMode, 'page'>; chosen: string[] | null; problems: string[] }) {
  const s = scenario.value;
  return (
    <main class={mode === 'compare' ? `${styles.embed} ${styles.compare}` : styles.embed} data-embed={mode}>
      <h1 class={styles.title}>{s.title ?? 'Fairness metrics'}</h1>
      <Problems problems={problems} compact />
      {mode === 'compare' && (
        <div class={s.rankings.length > 1 ? `${styles.rankings} ${styles.two}` : styles.rankings}>
          {s.rankings.map((ranking, r) => (
            <CompactRanking key={r} ranking={ranking} r={r} />
          ))}
        </div>
      )}
      <MetricsTable chosen={chosen} mainOnly={mode === 'compare'} compact />
      <a class={styles.open} href={withoutEmbed(currentAddress())} target="_blank" rel="noopener">
        Open in the playground ↗
      </a>
    </main>
  );
}
