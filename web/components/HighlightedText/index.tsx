// A textarea whose group terms are highlighted as the user types: the same text is drawn in a
// backdrop behind a transparent textarea, with <mark>s where the core found group terms.
import type { JSX } from 'preact';

import type { TermSpan } from '../../state/terms';
import { groupColor } from '../../state/colors';
import styles from './style.module.css';

interface Props {
  value: string;
  /** Spans of group terms in `value` (UTF-16 offsets), or null before the core has read it. */
  spans: TermSpan[] | null;
  groups: string[];
  label: string;
  invalid?: boolean;
  describedBy?: string;
  onInput: (value: string) => void;
  /** `data-field` of the textarea, so its card can find it again (e.g. after moving). */
  field?: string;
}

function backdrop(value: string, spans: TermSpan[] | null, groups: string[]) {
  const parts: (string | JSX.Element)[] = [];
  let at = 0;
  // Marks keyed by their order: an edit before a mark moves it, and a mark moved is the same element.
  (spans ?? []).forEach((span, i) => {
    if (span.start < at || span.end > value.length) return;
    parts.push(value.slice(at, span.start));
    const color = groupColor(groups.indexOf(span.group));
    parts.push(
      <mark
        key={i}
        class={styles.mark}
        style={{ background: color.tint, boxShadow: `inset 0 -2px 0 ${color.strong}`, '--mark-line': color.line }}
      >
        {value.slice(span.start, span.end)}
      </mark>,
    );
    at = span.end;
  });
  // A trailing newline needs a character after it to take up a line in the backdrop.
  parts.push(value.slice(at) + '\u200b');
  return parts;
}

export function HighlightedText({ value, spans, groups, label, invalid, describedBy, onInput, field }: Props) {
  return (
    <div class={styles.wrap}>
      <div class={styles.backdrop} aria-hidden="true">
        {backdrop(value, spans, groups)}
      </div>
      <textarea
        class={styles.input}
        value={value}
        rows={2}
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        spellcheck={false}
        data-field={field}
        onInput={(e) => onInput(e.currentTarget.value)}
        onScroll={(e) => {
          const back = e.currentTarget.previousElementSibling as HTMLElement | null;
          if (back) back.scrollTop = e.currentTarget.scrollTop;
        }}
      />
    </div>
  );
}
