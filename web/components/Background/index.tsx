// NFaiRR's background: the documents its set S holds beyond each ranking's own (SPEC), each with
// its ω as the core computed it, edited like a ranking's texts. Closed, it costs an edit nothing;
// open, the engine lists the background with every answer (state/evaluation.ts, `backgroundShown`).
import { computed } from '@preact/signals';

import type { BackgroundInfo } from '../../../wasm/types';
import { addBackgroundDoc, deleteBackgroundDoc, setBackgroundText } from '../../state/actions';
import { answer, backgroundShown, errorAt, resolvedParams } from '../../state/evaluation';
import { scenario } from '../../state/scenario';
import { carrySpans, toSpans, type TermSpan } from '../../state/terms';
import { formatValue } from '../../state/metrics';
import { HighlightedText } from '../HighlightedText';
import { RefusalText } from '../Refusal';
import styles from './style.module.css';

/** The documents the panel lists: a course's handful, not the 100,000 a scenario may hold (a text box each). */
export const LISTED = 100;

/** The background as a signal of its own: an edit of a ranking leaves it the same object (immer). */
const background = computed(() => scenario.value.background ?? []);

/** What the core read of document `i`'s text, and that text, from the last answer that listed it. */
function readOf(i: number): { info: BackgroundInfo; text: string } | null {
  const { results, evaluated } = answer.value;
  const info = results?.background?.[i];
  const text = evaluated?.background?.[i]?.text;
  return info && text !== undefined ? { info, text } : null;
}

/** The spans of `text`: the core's, or while it reads an edit, those the edit left in place. */
function spansOf(text: string, read: { info: BackgroundInfo; text: string } | null): TermSpan[] | null {
  if (!read) return null;
  const spans = toSpans(read.text, read.info.matches);
  return read.text === text ? spans : carrySpans(read.text, spans, text);
}

function Omega({ read, text }: { read: { info: BackgroundInfo; text: string } | null; text: string }) {
  if (!read || read.text !== text) return <span class={styles.omega}>ω …</span>;
  const counts = Object.entries(read.info.magnitude).filter(([, m]) => m > 0);
  return (
    <span class={styles.omega} data-omega={read.info.omega}>
      ω {formatValue(read.info.omega)}{' '}
      <span class={styles.why}>({counts.length === 0 ? 'no group terms' : counts.map(([g, m]) => `${g} ${m}`).join(', ')})</span>
    </span>
  );
}

function Documents() {
  const docs = background.value;
  const groups = answer.value.results?.groups ?? scenario.value.groups ?? ['female', 'male'];
  return (
    <>
      {docs.length === 0 ? (
        <p class={styles.none}>No background documents: S is each ranking's own documents.</p>
      ) : (
        <ol class={styles.list}>
          {docs.slice(0, LISTED).map((doc, i) => {
            const text = doc.text ?? '';
            const read = readOf(i);
            const error = errorAt(`background[${i}]`);
            const name = `background document ${doc.id ?? i + 1}`;
            return (
              <li key={i} class={styles.doc} data-background={i}>
                <div class={styles.head}>
                  <span class={styles.id}>id {doc.id ?? '(none)'}</span>
                  <Omega read={read} text={text} />
                  <button
                    type="button"
                    class={styles.delete}
                    onClick={() => deleteBackgroundDoc(i)}
                    aria-label={`Delete ${name}`}
                    title="Delete"
                  >
                    ✕
                  </button>
                </div>
                <HighlightedText
                  value={text}
                  spans={spansOf(text, read)}
                  groups={groups}
                  label={`Text of ${name}`}
                  invalid={error !== null}
                  describedBy={error ? `background-${i}-error` : undefined}
                  onInput={(value) => setBackgroundText(i, value)}
                />
                {error && (
                  <p id={`background-${i}-error`} class={styles.error} role="alert">
                    <RefusalText refusal={error} />
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {docs.length > LISTED && (
        <p class={styles.none} data-unlisted={docs.length - LISTED}>
          {docs.length - LISTED} more background documents are in S, not listed here: edit them in the scenario's file.
        </p>
      )}
      <button type="button" onClick={addBackgroundDoc}>
        + Add background document
      </button>
    </>
  );
}

export function BackgroundPanel() {
  const count = background.value.length;
  const k = resolvedParams.value?.k;
  return (
    <details
      class={styles.panel}
      open={backgroundShown.value}
      onToggle={(e) => (backgroundShown.value = e.currentTarget.open)}
      data-background-panel
    >
      <summary>
        <h2 class={styles.heading}>Background</h2>{' '}
        <span class={styles.summary}>
          NFaiRR's set S: {count === 0 ? 'no documents' : `${count} document${count === 1 ? '' : 's'}`} besides each ranking's own
        </span>
      </summary>
      {backgroundShown.value && (
        <>
          <p class={styles.intro}>
            NFaiRR divides a ranking's FaiRR by IFaiRR: the FaiRR of the {k === undefined ? 'k' : k} most neutral documents of S, its set of
            candidates, best first. S is the ranking's own documents and these (a document in both, by id, counts once). Only NFaiRR reads
            them, by their words alone.
          </p>
          <Documents />
        </>
      )}
    </details>
  );
}
