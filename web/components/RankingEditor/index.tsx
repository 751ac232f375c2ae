// One ranking: its name, its documents in order, and the actions on the whole list.
import { useState } from 'preact/hooks';

import { addDoc, moveDoc, moveDocToRanking, renameRanking, setDocTexts } from '../../state/actions';
import { errorAt, spansFor } from '../../state/evaluation';
import { groups, scenario } from '../../state/scenario';
import { swapTerms } from '../../state/terms';
import { DocCard } from '../DocCard';
import { RefusalText } from '../Refusal';
import styles from './style.module.css';

const DRAG_TYPE = 'application/x-fairness-doc';

export function RankingEditor({ r }: { r: number }) {
  const s = scenario.value;
  const ranking = s.rankings[r]!;
  const otherIndex = s.rankings.length > 1 ? 1 - r : -1;
  const other = otherIndex >= 0 ? { index: otherIndex, name: s.rankings[otherIndex]!.name } : null;
  const [dropAt, setDropAt] = useState<number | null>(null);
  const [swapNote, setSwapNote] = useState('');
  const ownError = errorAt(`rankings[${r}].name`, true) ?? errorAt(`rankings[${r}].docs`, true) ?? errorAt(`rankings[${r}]`, true);

  const swapAll = () => {
    const changes: { r: number; j: number; text: string }[] = [];
    const kept = new Set<string>();
    let swapped = 0;
    ranking.docs.forEach((doc, j) => {
      const spans = spansFor(r, j, doc.text);
      if (!spans || spans.length === 0) return;
      const result = swapTerms(doc.text, spans);
      swapped += result.swapped;
      result.kept.forEach((k) => kept.add(k));
      if (result.text !== doc.text) changes.push({ r, j, text: result.text });
    });
    if (changes.length) setDocTexts(changes);
    setSwapNote(
      `${swapped} term${swapped === 1 ? '' : 's'} swapped` +
        (kept.size ? `; kept (no counterpart): ${[...kept].slice(0, 8).join(', ')}${kept.size > 8 ? ', …' : ''}` : ''),
    );
  };

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    setDropAt(null);
    const data = event.dataTransfer?.getData(DRAG_TYPE);
    if (!data) return;
    const [fromR, fromJ] = data.split(':').map(Number) as [number, number];
    if (fromR === r) {
      moveDoc(r, fromJ, fromJ < index ? index - 1 : index);
    } else {
      moveDocToRanking(fromR, fromJ, r);
      moveDoc(r, ranking.docs.length, index);
    }
  };

  const dropIndex = (event: DragEvent, j: number) => {
    const box = (event.currentTarget as HTMLElement).getBoundingClientRect();
    return event.clientY < box.top + box.height / 2 ? j : j + 1;
  };

  return (
    <section class={styles.ranking} aria-labelledby={`ranking-${r}-title`}>
      <header class={styles.header}>
        <h2 id={`ranking-${r}-title`} class={styles.title}>
          Ranking
          <input
            class={styles.name}
            value={ranking.name}
            size={Math.max(4, [...ranking.name].length + 1)}
            aria-label={`Name of ranking ${r + 1}`}
            onInput={(e) => renameRanking(r, e.currentTarget.value)}
          />
        </h2>
        <span class={styles.count}>
          {ranking.docs.length} document{ranking.docs.length === 1 ? '' : 's'}
        </span>
        <button type="button" onClick={swapAll} title="Replace every group term by its counterpart in this ranking">
          ⇄ Swap all terms
        </button>
      </header>
      {swapNote && (
        <p class={styles.note} role="status">
          {swapNote}
        </p>
      )}
      {ownError && (
        <p class={styles.error} role="alert">
          <RefusalText refusal={ownError} />
        </p>
      )}
      <ol
        class={styles.list}
        onDragOver={(e) => {
          if (e.dataTransfer?.types.includes(DRAG_TYPE)) e.preventDefault();
        }}
        onDrop={(e) => onDrop(e, dropAt ?? ranking.docs.length)}
      >
        {ranking.docs.map((doc, j) => (
          <DocCard
            key={doc.id}
            r={r}
            j={j}
            doc={doc}
            count={ranking.docs.length}
            groups={groups.value}
            rankingName={ranking.name}
            other={other}
            dragHandlers={{
              onDragStart: (e) => {
                e.dataTransfer?.setData(DRAG_TYPE, `${r}:${j}`);
                if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
              },
              onDragEnd: () => setDropAt(null),
            }}
            dropTarget={{
              class: dropAt === j ? styles.dropBefore : dropAt === j + 1 && j === ranking.docs.length - 1 ? styles.dropAfter : undefined,
              onDragOver: (e) => {
                if (!e.dataTransfer?.types.includes(DRAG_TYPE)) return;
                e.preventDefault();
                setDropAt(dropIndex(e, j));
              },
              onDrop: (e) => {
                e.stopPropagation();
                onDrop(e, dropIndex(e, j));
              },
            }}
          />
        ))}
      </ol>
      <button type="button" class={styles.add} data-add={r} onClick={() => addDoc(r)}>
        + Add document
      </button>
    </section>
  );
}
