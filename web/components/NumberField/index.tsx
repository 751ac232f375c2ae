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
}

export function NumberField({ label, value, onChange, min, max, step = 'any', error, refusedBy, id }: Props) {
  const [text, setText] = useState(value === null || value === undefined ? '' : String(value));
  // Follow outside changes (undo, import) unless they are what this field just sent.
  useEffect(() => {
    const typed = text.trim() === '' ? null : Number(text);
    if (typed !== value && !(value === undefined && typed === null)) setText(value === null || value === undefined ? '' : String(value));
  }, [value]);
  const errorId = error ? (id ? `${id}-error` : undefined) : (refusedBy ?? undefined);
  return (
    <label class={styles.field}>
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
          const parsed = raw.trim() === '' ? null : Number(raw);
          onChange(parsed !== null && Number.isFinite(parsed) ? parsed : null);
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
