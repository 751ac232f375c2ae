// One document of a ranking: its text (group terms highlighted, with counts), label and relevance,
// and the actions on it. Reorder by dragging the handle or with Alt+↑/↓ anywhere in the card.
import type { JSX } from 'preact';

import type { Refusal } from '../../state/evaluation';
import type { PageDocument } from '../../state/scenario';
import type { TermSpan } from '../../state/terms';
import { groupColor } from '../../state/colors';
import { deleteDoc, moveDoc, moveDocToRanking, setDocLabel, setDocRelevance, setDocText, setDocTexts } from '../../state/actions';
import { isCarried, swapNote, swapTerms } from '../../state/terms';
import { HighlightedText } from '../HighlightedText';
import { memo, sameProps } from '../Memo';
import { readNumber, useTypedNumber } from '../NumberField';
import { RefusalText } from '../Refusal';
import { Actions } from './Actions';
import { afterRender, refocus } from './focus';
import styles from './style.module.css';
import { Terms } from './Terms';

/** What a card asks of its ranking: one object per ranking, the same at every render. */
export interface CardHandlers {
  /** Says what a card's swap did, where the ranking says what its swap of all terms did. */
  swapped: (note: string) => void;
  dragStart: (event: DragEvent, j: number) => void;
  dragEnd: (event: DragEvent) => void;
  dragOver: (event: DragEvent, j: number) => void;
  drop: (event: DragEvent, j: number) => void;
  dropOnList: (event: DragEvent) => void;
}

interface Props {
  r: number;
  j: number;
  doc: PageDocument;
  count: number;
  /** The groups in force (the same array while they are the same). */
  groups: string[];
  rankingName: string;
  /** Index and name of the other ranking when comparing (-1 when not), to move the document there. */
  otherIndex: number;
  otherName: string;
  /**
   * Group-term spans of the text, or null before the core has read any text of this document (right
   * after an edit, the previous spans the edit left in place: see `carrySpans`).
   */
  spans: TermSpan[] | null;
  /** The core's refusal when it concerns this document. */
  error: Refusal | null;
  /** The cut-off k when the document is past it (the metrics with a cut-off stop before it), else null. */
  pastCutoff: number | null;
  /** Where a dragged card would land: before this one, or after it (the last card). */
  drop: 'before' | 'after' | null;
  handlers: CardHandlers;
  /** In a virtualised list: the card's top in the list, and the virtualiser's measuring ref. */
  offset?: number | undefined;
  measure?: ((element: HTMLElement | null) => void) | undefined;
}

/** Whether the core's refusal names exactly this field of the document. */
const refuses = (error: Refusal | null, field: string) => error?.field === field;
/** A label the select may cut (it cannot wrap): printed as text beside it. Shorter ones add nothing to a card. */
const groupLong = (label: string) => label.length > 16;

function Card({
  r,
  j,
  doc,
  count,
  groups,
  rankingName,
  otherIndex,
  otherName,
  spans,
  error,
  pastCutoff,
  drop,
  handlers,
  offset,
  measure,
}: Props) {
  const path = `rankings[${r}].docs[${j}]`;
  const errorId = `${path}-error`;
  const termsId = `${path}-terms`;
  const position = `${rankingName}, rank ${j + 1}`;
  const [relevanceText, setRelevanceText] = useTypedNumber(doc.relevance);

  /** Moves the card and keeps focus on the same control of the moved card (caret included). */
  const move = (to: number, field: string | undefined, caret?: [number, number]) => {
    if (to < 0 || to >= count) return;
    moveDoc(r, j, to);
    refocus(r, to, field, caret);
  };

  // One handler, on the card: keys typed in its fields bubble here (the text box has none of its
  // own), so Alt+↑/↓ moves the card exactly once.
  const onKeyDown = (event: JSX.TargetedKeyboardEvent<HTMLElement>) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    const target = event.target as HTMLElement;
    const caret = target instanceof HTMLTextAreaElement ? ([target.selectionStart, target.selectionEnd] as [number, number]) : undefined;
    move(j + (event.key === 'ArrowUp' ? -1 : 1), target.dataset.field, caret);
  };

  /**
   * After the card leaves this ranking (deleted, or moved to the other), focus the same button of
   * the card that took its place (it now has this index), else of the previous card, else "Add":
   * never the page itself.
   */
  const refocusAfterLeaving = (field: string) =>
    afterRender(() => {
      const next =
        document.querySelector<HTMLElement>(`[data-card="${r}:${j}"] [data-field="${field}"]`) ??
        document.querySelector<HTMLElement>(`[data-card="${r}:${j - 1}"] [data-field="${field}"]`) ??
        document.querySelector<HTMLElement>(`[data-add="${r}"]`);
      next?.focus();
      return next !== null;
    });

  const remove = () => {
    deleteDoc(r, j);
    refocusAfterLeaving('delete');
  };

  // Only on the core's spans of the text as it is: those carried across an edit may miss a term.
  const swappable = spans !== null && spans.length > 0 && !isCarried(spans);
  const swap = () => {
    if (!swappable) return;
    const result = swapTerms(doc.text, spans);
    setDocTexts([{ r, j, text: result.text }]);
    handlers.swapped(`${position}: ${swapNote(result.swapped, result.kept)}`);
  };

  return (
    <li
      ref={measure}
      class={drop ? `${styles.card} ${drop === 'before' ? styles.dropBefore : styles.dropAfter}` : styles.card}
      onDragOver={(e) => handlers.dragOver(e, j)}
      onDrop={(e) => handlers.drop(e, j)}
      data-card={`${r}:${j}`}
      data-doc-id={doc.id}
      data-index={j}
      aria-label={`Document ${doc.id}, ${position}`}
      aria-posinset={j + 1}
      aria-setsize={count}
      onKeyDown={onKeyDown}
      style={{
        borderLeftColor: groupColor(groups.indexOf(doc.label)).strong,
        transform: offset === undefined ? undefined : `translateY(${offset}px)`,
      }}
    >
      {/* A form of the card's own: Chromium's autofill reads every field outside a form on each
          keystroke (about 4 ms with the page's 150 controls), a form's fields only. */}
      <form class={styles.fields} onSubmit={(e) => e.preventDefault()}>
        <div class={styles.head}>
          <span
            class={styles.handle}
            draggable
            title="Drag to reorder"
            aria-hidden="true"
            onDragStart={(e) => handlers.dragStart(e, j)}
            onDragEnd={handlers.dragEnd}
          >
            ⠿
          </span>
          <span class={styles.rank} aria-hidden="true">
            {j + 1}
          </span>
          <label class={styles.field}>
            <span class={styles.caption}>label</span>
            <select
              data-field="label"
              value={doc.label}
              aria-label={`Label of ${position}`}
              aria-invalid={refuses(error, `${path}.label`) || undefined}
              aria-describedby={refuses(error, `${path}.label`) ? errorId : undefined}
              onChange={(e) => setDocLabel(r, j, e.currentTarget.value)}
            >
              <option value="neutral">neutral</option>
              {groups.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
              {doc.label !== 'neutral' && !groups.includes(doc.label) && <option value={doc.label}>{doc.label} (unknown)</option>}
            </select>
            {groupLong(doc.label) && (
              <span class={styles.printedLabel} aria-hidden="true">
                {doc.label}
              </span>
            )}
          </label>
          <label class={styles.field}>
            <span class={styles.caption}>relevance</span>
            <input
              data-field="relevance"
              class={styles.relevance}
              type="number"
              step="any"
              value={relevanceText}
              aria-label={`Relevance of ${position}`}
              aria-invalid={refuses(error, `${path}.relevance`) || undefined}
              aria-describedby={refuses(error, `${path}.relevance`) ? errorId : undefined}
              onInput={(e) => {
                setRelevanceText(e.currentTarget.value);
                setDocRelevance(r, j, readNumber(e.currentTarget.value));
              }}
            />
          </label>
          <Actions
            r={r}
            j={j}
            count={count}
            position={position}
            swappable={swappable}
            otherIndex={otherIndex}
            otherName={otherName}
            onMove={move}
            onSwap={swap}
            onOther={() => {
              moveDocToRanking(r, j, otherIndex);
              refocusAfterLeaving('other');
            }}
            onRemove={remove}
          />
        </div>
        <HighlightedText
          value={doc.text}
          spans={spans}
          groups={groups}
          label={`Text of ${position}`}
          invalid={refuses(error, `${path}.text`)}
          describedBy={error ? `${termsId} ${errorId}` : termsId}
          field="text"
          onInput={(text) => setDocText(r, j, text)}
        />
        <Terms spans={spans} groups={groups} id={doc.id} termsId={termsId} pastCutoff={pastCutoff} />
        {error && (
          <p id={errorId} class={styles.error} role="alert">
            <RefusalText refusal={error} />
          </p>
        )}
      </form>
    </li>
  );
}

const sameDoc = (a: PageDocument, b: PageDocument) =>
  a === b || (a.id === b.id && a.text === b.text && a.label === b.label && a.relevance === b.relevance);

/**
 * A card renders again only when something it shows changed: every edit copies the scenario, so
 * its document is compared by value; every other prop is a value or an object kept stable by the
 * ranking (groups, spans, error, handlers).
 */
export const DocCard = memo(Card, (before, after) => sameProps(before, after, { doc: sameDoc }));
