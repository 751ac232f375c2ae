// A number input that keeps what the user typed: a half-typed or empty entry is sent to the core
// as null, so the core's message appears beside it, and the field never jumps back under the cursor.
import { useEffect, useState } from 'preact/hooks';

import styles from './style.module.css';

interface Props {
  label: string;
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  min?: number;
  max?: number;
  step?: number | 'any';
  error?: string | null;
  /** The id of a message shown elsewhere that refuses this value (the field is marked, not the message repeated). */
  refusedBy?: string | null;
  id?: string;
  /** The parameter it sets, for the explainer's way to it (editParam). */
  param?: string;
}

/** The number a field's text gives: null when empty, half-typed or not finite (the core then names the field). */
export function readNumber(raw: string): number | null {
  const parsed = raw.trim() === '' ? null : Number(raw);
  return parsed !== null && Number.isFinite(parsed) ? parsed : null;
}

/**
 * A number field's text as typed (`1e4` stays `1e4`, `2.` stays `2.`), and its setter: replaced by
 * the value only when the value changes from outside (undo, import), not by what the field sent.
 */
export function useTypedNumber(value: number | null | undefined): [string, (text: string) => void] {
  const [text, setText] = useState(value === null || value === undefined ? '' : String(value));
  useEffect(() => {
    if (readNumber(text) !== (value ?? null)) setText(value === null || value === undefined ? '' : String(value));
  }, [value]);
  return [text, setText];
}

export function NumberField({ label, value, onChange, min, max, step = 'any', error, refusedBy, id, param }: Props) {
  const [text, setText] = useTypedNumber(value);
  const errorId = error ? (id ? `${id}-error` : undefined) : (refusedBy ?? undefined);
  return (
    <label class={styles.field} data-param={param}>
      <span class={styles.label}>{label}</span>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={text}
        aria-invalid={error || refusedBy ? true : undefined}
        aria-describedby={errorId}
        onInput={(e) => {
          const raw = e.currentTarget.value;
          setText(raw);
          onChange(readNumber(raw));
        }}
      />
      {error && (
        <span id={errorId} class={styles.error} role="alert">
          {error}
        </span>
      )}
    </label>
  );
}
