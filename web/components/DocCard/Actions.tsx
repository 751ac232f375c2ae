// A card's actions: move up and down, swap its group terms, duplicate, move to the other ranking,
// delete. Each names the card's place, as a screen reader says it.
import { duplicateDoc } from '../../state/actions';
import styles from './style.module.css';

interface Props {
  r: number;
  j: number;
  count: number;
  /** "A, rank 3": how each button names the card. */
  position: string;
  swappable: boolean;
  /** Index and name of the other ranking when comparing (-1 when not). */
  otherIndex: number;
  otherName: string;
  onMove: (to: number, field: string) => void;
  onSwap: () => void;
  onOther: () => void;
  onRemove: () => void;
}

export function Actions({ r, j, count, position, swappable, otherIndex, otherName, onMove, onSwap, onOther, onRemove }: Props) {
  return (
    <div class={styles.actions} role="group" aria-label={`Actions on ${position}`}>
      <button
        type="button"
        data-field="up"
        disabled={j === 0}
        onClick={() => onMove(j - 1, 'up')}
        aria-label={`Move ${position} up`}
        title="Move up (Alt+↑)"
      >
        ↑
      </button>
      <button
        type="button"
        data-field="down"
        disabled={j === count - 1}
        onClick={() => onMove(j + 1, 'down')}
        aria-label={`Move ${position} down`}
        title="Move down (Alt+↓)"
      >
        ↓
      </button>
      <button
        type="button"
        data-field="swap"
        onClick={onSwap}
        disabled={!swappable}
        aria-label={`Swap group terms of ${position}`}
        title="Counterfactual swap: he ↔ she, son ↔ daughter, …"
      >
        ⇄ Swap
      </button>
      <button type="button" onClick={() => duplicateDoc(r, j)} aria-label={`Duplicate ${position}`} title="Duplicate">
        Duplicate
      </button>
      {otherIndex >= 0 && (
        <button
          type="button"
          data-field="other"
          onClick={onOther}
          aria-label={`Move ${position} to ranking ${otherName}`}
          title={`Move to ${otherName}`}
        >
          {otherIndex > r ? '→' : '←'}
          {otherName}
        </button>
      )}
      <button type="button" data-field="delete" class={styles.delete} onClick={onRemove} aria-label={`Delete ${position}`} title="Delete">
        ✕
      </button>
    </div>
  );
}
