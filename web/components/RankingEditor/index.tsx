// One ranking: its name, its documents in order, and the actions on the whole list. Up to
// ALL_CARDS_UP_TO documents every card is in the page (find-in-page, print and small scenarios as
// they always were); above, only the cards on screen are (a virtualised list that scrolls with the
// page), plus the focused and the dragged card, so neither is ever unmounted by scrolling.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';

import { addDoc, moveDoc, moveDocToRanking, renameRanking, setDocTexts } from '../../state/actions';
import { count } from '../../state/count';
import { errorAt, resolvedParams, spansFor, termsOf, textsArrivedIn, type TextTerms } from '../../state/evaluation';
import { printing } from '../../state/print';
import { groups, rankingAt, rankingNames, type PageDocument } from '../../state/scenario';
import { carrySpans, swapNote, swapTerms, toSpans, type TermSpan } from '../../state/terms';
import { presenting } from '../../state/view';
import { DocCard, type CardHandlers } from '../DocCard';
import { RefusalText } from '../Refusal';
import { keepStateWhenMoved } from './moves';
import { focusAdded } from '../../state/focus';
import styles from './style.module.css';
import type { CardPosition } from './VirtualCards';

const DRAG_TYPE = 'application/x-fairness-doc';
/** Up to this many documents every card is rendered; above, only those on screen. */
export const ALL_CARDS_UP_TO = 200;

type VirtualModule = typeof import('./VirtualCards');
let virtualModule: Promise<VirtualModule> | null = null;
let virtualLoaded: VirtualModule | null = null;

/**
 * Loads the virtualised list's component (and its library). The start-up awaits it before the
 * first render when a ranking is long, so that render draws only the cards on screen.
 */
export function loadVirtualCards(): Promise<VirtualModule> {
  return (virtualModule ??= import('./VirtualCards').then((m) => (virtualLoaded = m)));
}

/** The virtualised list's component, loaded the first time a ranking needs it. */
function useVirtualCards(needed: boolean): VirtualModule['VirtualCards'] | null {
  const [loaded, setLoaded] = useState<VirtualModule | null>(virtualLoaded);
  useEffect(() => {
    if (needed && !loaded) void loadVirtualCards().then(setLoaded);
  }, [needed, loaded]);
  return loaded?.VirtualCards ?? null;
}

/** The same array while its items are the same, so the cards' `groups` prop stays equal. */
function useStableList(list: string[]): string[] {
  const kept = useRef(list);
  if (kept.current.length !== list.length || kept.current.some((g, i) => g !== list[i])) kept.current = list;
  return kept.current;
}

/**
 * Group-term spans of the ranking's documents, the same array for a document as long as its text
 * and what the engine read of it are the same, so an evaluation re-renders only the cards it changed.
 * Until the engine has read an edited text, its document's previous spans, carried across the edit.
 */
function useSpans(r: number, count: number) {
  const cache = useRef(new Map<string, { text: string; terms: TextTerms | undefined; spans: TermSpan[] }>());
  void textsArrivedIn(r).value; // render again when an answer brings texts of this ranking (and only then)
  // Keyed by id: ids of deleted documents would stay for good, so the cache starts afresh now and then.
  if (cache.current.size > 4 * (count + 64)) cache.current.clear();
  return (doc: PageDocument): TermSpan[] | null => {
    const terms = termsOf(doc.text);
    const kept = cache.current.get(doc.id);
    if (kept && kept.text === doc.text && kept.terms === terms) return kept.spans;
    if (!terms && !kept) return null;
    const spans = terms ? toSpans(doc.text, terms.matches) : carrySpans(kept!.text, kept!.spans, doc.text);
    cache.current.set(doc.id, { text: doc.text, terms, spans });
    return spans;
  };
}

export function RankingEditor({ r }: { r: number }) {
  // Its own ranking and the names, not the whole scenario: an edit of the other ranking renders nothing here.
  const ranking = rankingAt(r).value!;
  const docs = ranking.docs;
  const names = rankingNames.value;
  const otherIndex = names.length > 1 ? 1 - r : -1;
  const otherName = otherIndex >= 0 ? names[otherIndex]! : '';
  const groupList = useStableList(groups.value);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const [swapMessage, setSwapMessage] = useState('');
  const nameError = errorAt(`rankings[${r}].name`, true);
  const ownError = nameError ?? errorAt(`rankings[${r}].docs`, true) ?? errorAt(`rankings[${r}]`, true);
  const spansOf = useSpans(r, docs.length);
  const cardError = (j: number) => errorAt(`rankings[${r}].docs[${j}]`);

  // The handlers every card shares: one object for the ranking's life, reading the current
  // documents through a ref, so no card re-renders because a handler is new.
  const live = useRef({ r, docs, dropAt, dragged: null as string | null });
  live.current.r = r;
  live.current.docs = docs;
  live.current.dropAt = dropAt;
  const handlers = useMemo<CardHandlers>(() => {
    const dropIndex = (event: DragEvent, j: number) => {
      const box = (event.currentTarget as HTMLElement).getBoundingClientRect();
      return event.clientY < box.top + box.height / 2 ? j : j + 1;
    };
    const drop = (event: DragEvent, index: number) => {
      event.preventDefault();
      setDropAt(null);
      live.current.dragged = null;
      const data = event.dataTransfer?.getData(DRAG_TYPE);
      if (!data) return;
      const { r: to, docs: list } = live.current;
      const [fromR, fromJ] = data.split(':').map(Number) as [number, number];
      if (fromR === to) {
        moveDoc(to, fromJ, fromJ < index ? index - 1 : index);
      } else {
        moveDocToRanking(fromR, fromJ, to);
        moveDoc(to, list.length, index);
      }
    };
    return {
      swapped: (note) => setSwapMessage(note),
      dragStart: (event, j) => {
        event.dataTransfer?.setData(DRAG_TYPE, `${live.current.r}:${j}`);
        if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
        live.current.dragged = live.current.docs[j]?.id ?? null;
      },
      dragEnd: () => {
        live.current.dragged = null;
        setDropAt(null);
      },
      dragOver: (event, j) => {
        if (!event.dataTransfer?.types.includes(DRAG_TYPE)) return;
        event.preventDefault();
        setDropAt(dropIndex(event, j));
      },
      drop: (event, j) => {
        event.stopPropagation();
        drop(event, dropIndex(event, j));
      },
      dropOnList: (event) => drop(event, live.current.dropAt ?? live.current.docs.length),
    };
  }, []);

  const swapAll = () => {
    const changes: { r: number; j: number; text: string }[] = [];
    const kept: string[] = [];
    let swapped = 0;
    docs.forEach((doc, j) => {
      const spans = spansFor(doc.text);
      if (!spans || spans.length === 0) return;
      const result = swapTerms(doc.text, spans);
      swapped += result.swapped;
      kept.push(...result.kept);
      if (result.text !== doc.text) changes.push({ r, j, text: result.text });
    });
    if (changes.length) setDocTexts(changes);
    setSwapMessage(swapNote(swapped, kept));
  };

  // The cut-off the values were computed with (the last accepted parameters).
  const cutoff = resolvedParams.value?.k;
  const card = (j: number, position?: CardPosition) => {
    const doc = docs[j]!;
    return (
      <DocCard
        key={doc.id}
        r={r}
        j={j}
        doc={doc}
        count={docs.length}
        groups={groupList}
        rankingName={ranking.name}
        otherIndex={otherIndex}
        otherName={otherName}
        spans={spansOf(doc)}
        error={cardError(j)}
        pastCutoff={cutoff !== undefined && j >= cutoff ? cutoff : null}
        drop={dropAt === j ? 'before' : dropAt === j + 1 && j === docs.length - 1 ? 'after' : null}
        handlers={handlers}
        offset={position?.offset}
        measure={position?.measure}
      />
    );
  };

  const virtual = docs.length > ALL_CARDS_UP_TO && !printing.value;
  const VirtualCards = useVirtualCards(virtual);
  const listProps = {
    onDragOver: (e: DragEvent) => {
      if (e.dataTransfer?.types.includes(DRAG_TYPE)) e.preventDefault();
    },
    onDrop: handlers.dropOnList,
  };

  return (
    <section class={styles.ranking} aria-labelledby={`ranking-${r}-title`}>
      <header class={styles.header}>
        <h2 id={`ranking-${r}-title`} class={styles.title}>
          {/* Presenting: the name is what the room reads, so the word gives way (still read out) and a
              name of twenty characters fits a column at 1024 px. */}
          <span class={presenting.value && !printing.value ? 'sr-only' : undefined}>Ranking</span>
          <input
            class={styles.name}
            value={ranking.name}
            size={Math.max(4, [...ranking.name].length + 1)}
            aria-label={`Name of ranking ${r + 1}`}
            aria-invalid={nameError ? 'true' : undefined}
            aria-describedby={nameError ? `ranking-${r}-error` : undefined}
            onInput={(e) => renameRanking(r, e.currentTarget.value)}
          />
          <span class={styles.printedName} aria-hidden="true">
            {ranking.name}
          </span>
        </h2>
        <span class={styles.count}>{count(docs.length, 'document')}</span>
        <button type="button" onClick={swapAll} title="Replace every group term by its counterpart in this ranking">
          ⇄ Swap all terms
        </button>
      </header>
      <div class={styles.body}>
        {swapMessage && (
          <p class={styles.note} role="status">
            {swapMessage}
          </p>
        )}
        {ownError && (
          <p id={`ranking-${r}-error`} class={styles.error} role="alert">
            <RefusalText refusal={ownError} />
          </p>
        )}
        {virtual && VirtualCards ? (
          <VirtualCards docs={docs} card={card} listProps={listProps} dragged={() => live.current.dragged} />
        ) : (
          // While the virtualised list loads (a moment, once), the first cards.
          <ol ref={keepStateWhenMoved} class={styles.list} {...listProps}>
            {(virtual ? docs.slice(0, ALL_CARDS_UP_TO) : docs).map((_, j) => card(j))}
          </ol>
        )}
        <button
          type="button"
          class={styles.add}
          data-add={r}
          onClick={() => {
            const j = docs.length;
            addDoc(r);
            // The new card's text box, to type its document at once.
            focusAdded(() => document.querySelector<HTMLElement>(`[data-card="${r}:${j}"] [data-field="text"]`));
          }}
        >
          + Add document
        </button>
      </div>
    </section>
  );
}
