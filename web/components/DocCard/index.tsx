// One document of a ranking: its text (group terms highlighted, with counts), label and relevance,
// and the actions on it. Reorder by dragging the handle or with Alt+↑/↓ anywhere in the card.
import type { JSX } from 'preact';

import type { PageDocument } from '../../state/scenario';
import { groupColor } from '../../state/colors';
import {
  deleteDoc,
  duplicateDoc,
  moveDoc,
  moveDocToRanking,
  setDocLabel,
  setDocRelevance,
  setDocText,
  setDocTexts,
} from '../../state/actions';
import { errorAt, spansFor } from '../../state/evaluation';
import { swapTerms } from '../../state/terms';
import { HighlightedText } from '../HighlightedText';
import { RefusalText } from '../Refusal';
import styles from './style.module.css';

interface Props {
  r: number;
  j: number;
  doc: PageDocument;
  count: number;
  groups: string[];
  rankingName: string;
  /** Index and name of the other ranking when comparing, to move the document there. */
  other: { index: number; name: string } | null;
  dragHandlers: {
    onDragStart: (event: DragEvent) => void;
    onDragEnd: (event: DragEvent) => void;
  };
  /** Drop-target handlers and the drop marker class, set by the ranking. */
  dropTarget: {
    class?: string;
    onDragOver: (event: DragEvent) => void;
    onDrop: (event: DragEvent) => void;
  };
}

/**
 * After a move, focus the same control of the moved card, or, when that control is now disabled
 * (↑ at the top), its neighbour (↓), so focus never falls to the page.
 */
function refocus(r: number, to: number, field: string | undefined, caret?: [number, number]) {
  requestAnimationFrame(() => {
    const card = document.querySelector<HTMLElement>(`[data-card="${r}:${to}"]`);
    if (!card) return;
    const pick = (f: string | undefined) => (f ? card.querySelector<HTMLElement>(`[data-field="${f}"]:not(:disabled)`) : null);
    const element = pick(field) ?? pick(field === 'up' ? 'down' : field === 'down' ? 'up' : undefined) ?? card.querySelector<HTMLElement>('[data-field="text"]');
    element?.focus();
    if (caret && element instanceof HTMLTextAreaElement) element.setSelectionRange(caret[0], caret[1]);
  });
}

function counts(spans: ReturnType<typeof spansFor>, groups: string[]) {
  const byGroup = new Map<string, number>();
  for (const span of spans ?? []) byGroup.set(span.group, (byGroup.get(span.group) ?? 0) + 1);
  return groups.filter((g) => byGroup.has(g)).map((g) => ({ group: g, count: byGroup.get(g)! }));
}

export function DocCard({ r, j, doc, count, groups, rankingName, other, dragHandlers, dropTarget }: Props) {
  const path = `rankings[${r}].docs[${j}]`;
  const error = errorAt(path);
  const errorId = `${path}-error`;
  const spans = spansFor(r, j, doc.text);
  const terms = counts(spans, groups);
  const position = `${rankingName}, rank ${j + 1}`;

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

  const remove = () => {
    deleteDoc(r, j);
    // Focus the next card's delete button (it now has this index), else the previous card's, else "Add".
    requestAnimationFrame(() => {
      const next =
        document.querySelector<HTMLElement>(`[data-card="${r}:${j}"] [data-field="delete"]`) ??
        document.querySelector<HTMLElement>(`[data-card="${r}:${j - 1}"] [data-field="delete"]`) ??
        document.querySelector<HTMLElement>(`[data-add="${r}"]`);
      next?.focus();
    });
  };

  const swap = () => {
    if (!spans) return;
    setDocTexts([{ r, j, text: swapTerms(doc.text, spans).text }]);
  };

  return (
    <li
      class={dropTarget.class ? `${styles.card} ${dropTarget.class}` : styles.card}
      onDragOver={dropTarget.onDragOver}
      onDrop={dropTarget.onDrop}
      data-card={`${r}:${j}`}
      data-doc-id={doc.id}
      aria-label={`Document ${doc.id}, ${position}`}
      onKeyDown={onKeyDown}
      style={{ borderLeftColor: groupColor(groups.indexOf(doc.label)).strong }}
    >
      <div class={styles.head}>
        <span
          class={styles.handle}
          draggable
          title="Drag to reorder"
          aria-hidden="true"
          onDragStart={dragHandlers.onDragStart}
          onDragEnd={dragHandlers.onDragEnd}
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
            aria-invalid={errorAt(`${path}.label`, true) ? true : undefined}
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
        </label>
        <label class={styles.field}>
          <span class={styles.caption}>relevance</span>
          <input
            data-field="relevance"
            class={styles.relevance}
            type="number"
            step="any"
            value={doc.relevance ?? ''}
            aria-label={`Relevance of ${position}`}
            aria-invalid={errorAt(`${path}.relevance`, true) ? true : undefined}
            onInput={(e) => setDocRelevance(r, j, e.currentTarget.value)}
          />
        </label>
        <div class={styles.actions} role="group" aria-label={`Actions on ${position}`}>
          <button type="button" data-field="up" disabled={j === 0} onClick={() => move(j - 1, 'up')} aria-label={`Move ${position} up`} title="Move up (Alt+↑)">
            ↑
          </button>
          <button type="button" data-field="down" disabled={j === count - 1} onClick={() => move(j + 1, 'down')} aria-label={`Move ${position} down`} title="Move down (Alt+↓)">
            ↓
          </button>
          <button type="button" onClick={swap} disabled={!spans || spans.length === 0} aria-label={`Swap group terms of ${position}`} title="Counterfactual swap: he ↔ she, son ↔ daughter, …">
            ⇄ Swap
          </button>
          <button type="button" onClick={() => duplicateDoc(r, j)} aria-label={`Duplicate ${position}`} title="Duplicate">
            Duplicate
          </button>
          {other && (
            <button type="button" onClick={() => moveDocToRanking(r, j, other.index)} aria-label={`Move ${position} to ranking ${other.name}`} title={`Move to ${other.name}`}>
              {other.index > r ? '→' : '←'}
              {other.name}
            </button>
          )}
          <button type="button" data-field="delete" class={styles.delete} onClick={remove} aria-label={`Delete ${position}`} title="Delete">
            ✕
          </button>
        </div>
      </div>
      <HighlightedText
        value={doc.text}
        spans={spans}
        groups={groups}
        label={`Text of ${position}`}
        invalid={!!errorAt(`${path}.text`, true)}
        describedBy={error ? errorId : undefined}
        field="text"
        onInput={(text) => setDocText(r, j, text)}
      />
      <div class={styles.terms} aria-live="polite">
        {terms.length === 0 ? (
          <span class={styles.none}>{spans ? 'no group terms' : '…'}</span>
        ) : (
          terms.map(({ group, count: n }) => (
            <span key={group} class={styles.chip} style={{ background: groupColor(groups.indexOf(group)).tint, borderColor: groupColor(groups.indexOf(group)).strong }}>
              {group} ×{n}
            </span>
          ))
        )}
        <span class={styles.id}>id {doc.id}</span>
      </div>
      {error && (
        <p id={errorId} class={styles.error} role="alert">
          <RefusalText refusal={error} />
        </p>
      )}
    </li>
  );
}
