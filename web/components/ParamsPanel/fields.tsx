// The panel's fields: a select and a check box that name the parameter they set, and the core's
// message for a parameter, in the page's words.
import { errorAt } from '../../state/evaluation';
import { refusalLine } from '../../state/messages';
import { scenario } from '../../state/scenario';
import styles from './style.module.css';

export function Select({
  label,
  value,
  options,
  onChange,
  error,
  param,
}: {
  label: string;
  value: string | undefined;
  options: string[];
  onChange: (v: string) => void;
  error?: string | null;
  /** The parameter it sets, for the explainer's way to it (editParam). */
  param?: string;
}) {
  return (
    <label class={styles.field} data-param={param}>
      <span class={styles.label}>{label}</span>
      <select value={value} onChange={(e) => onChange(e.currentTarget.value)} aria-invalid={error ? true : undefined}>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      {error && (
        <span class={styles.error} role="alert">
          {error}
        </span>
      )}
    </label>
  );
}

export function Check({
  label,
  checked,
  onChange,
  hint,
  param,
}: {
  label: string;
  checked: boolean | undefined;
  onChange: (v: boolean) => void;
  hint?: string;
  param?: string;
}) {
  return (
    <label class={styles.check} title={hint} data-param={param}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} />
      {label}
    </label>
  );
}

/** The core's refusal of the value at `path` (or, not `exact`, of anything under it), as a line; null when none. */
export const message = (path: string, exact = false) => {
  const e = errorAt(path, exact);
  return e ? refusalLine(e, scenario.value) : null;
};
