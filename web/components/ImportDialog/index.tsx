// Import: paste or open a table (TSV/CSV of text, label, relevance) into a ranking, or a scenario
// JSON as the whole scenario. The core checks the result before anything changes; its message is
// pointed at the table row it concerns.
import { useRef, useState } from 'preact/hooks';

import { SCENARIO_BYTES, TooLargeError, formatBytes } from '../../state/limits';
import { evaluateRunText } from '../../state/runs';
import { scenario } from '../../state/scenario';
import { looksLikeJson, looksLikeTrecRun } from '../../state/table';
import { DialogActions, DialogFrame, dialogStyles, type DialogHandle } from '../Dialog';
import { fileText } from './fileText';
import { importScenario, importTable, type Report, type Target } from './imports';
import styles from './style.module.css';

export function ImportDialog({ dialog }: { dialog: DialogHandle }) {
  const [text, setText] = useState('');
  const [target, setTarget] = useState<Target>({ ranking: 0, mode: 'replace' });
  const [report, setReport] = useState<Report | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const rankings = scenario.value.rankings;

  const run = async () => {
    if (!text.trim()) {
      setReport({ ok: false, lines: ['Nothing to import: paste a table or a scenario JSON, or open a file.'] });
      return;
    }
    if (text.length > SCENARIO_BYTES / 3 && new TextEncoder().encode(text).length > SCENARIO_BYTES) {
      setReport({ ok: false, lines: [new TooLargeError(SCENARIO_BYTES, 'The pasted text').message, 'Nothing was changed.'] });
      return;
    }
    if (!looksLikeJson(text)) {
      setReport(await importTable(text, target));
      return;
    }
    const refused = await importScenario(text);
    setReport(refused);
    if (refused) return;
    // Said by the page's header ("Showing an imported scenario"); the dialog opens empty next time.
    setText('');
    dialog.current?.close();
  };

  return (
    <DialogFrame dialog={dialog} labelledBy="import-title">
      <form
        id="import-form"
        method="dialog"
        class={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <h2 id="import-title">Import</h2>
        <p class={dialogStyles.hint}>
          A table, tab-, comma- or semicolon-separated, one document a row: <code>text, label, relevance</code> (a header row naming the
          columns is detected, e.g. <code>passage</code>, <code>gender</code>, <code>rel</code>; labels may be written F / M / N, and{' '}
          <code>both</code> is read as neutral), or a whole scenario JSON. Run files (TREC format) go to <em>Runs…</em> in the toolbar, or
          to <code>fairness-eval runs</code>.
        </p>
        <textarea
          class={styles.paste}
          rows={8}
          value={text}
          aria-label="Table or scenario JSON to import"
          placeholder={'text\tlabel\trelevance\nShe won the match.\tfemale\t1\nHe lost the match.\tmale\t0'}
          // A report is about the text it read: another text clears it.
          onInput={(e) => {
            setText(e.currentTarget.value);
            setReport(null);
          }}
        />
        <div class={styles.row}>
          <label>
            Open a file{' '}
            <input
              ref={file}
              type="file"
              accept=".json,.csv,.tsv,.txt,application/json,text/csv,text/tab-separated-values"
              onChange={async (e) => {
                const f = e.currentTarget.files?.[0];
                if (f && f.size > SCENARIO_BYTES)
                  setReport({
                    ok: false,
                    lines: [new TooLargeError(SCENARIO_BYTES, `${f.name} (${formatBytes(f.size)})`).message, 'Nothing was changed.'],
                  });
                else if (f) {
                  const read = await fileText(f);
                  if (typeof read === 'string') {
                    setText(read);
                    setReport(null);
                  } else setReport({ ok: false, lines: [read.refused, 'Nothing was changed.'] });
                }
              }}
            />
          </label>
        </div>
        {!looksLikeJson(text) && (
          // A group, so the radios are read with what they choose.
          <fieldset class={`${styles.row} ${styles.target}`}>
            <legend class="sr-only">Where the table goes</legend>
            <label>
              Into{' '}
              <select value={target.ranking} onChange={(e) => setTarget({ ...target, ranking: Number(e.currentTarget.value) })}>
                {rankings.map((r, i) => (
                  <option key={i} value={i}>
                    ranking {r.name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <input
                type="radio"
                name="mode"
                checked={target.mode === 'replace'}
                onChange={() => setTarget({ ...target, mode: 'replace' })}
              />{' '}
              replace its documents
            </label>
            <label>
              <input
                type="radio"
                name="mode"
                checked={target.mode === 'append'}
                onChange={() => setTarget({ ...target, mode: 'append' })}
              />{' '}
              append
            </label>
          </fieldset>
        )}
        {report && (
          <ul class={report.ok ? styles.ok : styles.error} role={report.ok ? 'status' : 'alert'}>
            {report.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        {report?.notes && report.notes.length > 0 && (
          <ul class={styles.notes} aria-label="How the table was read" data-import-notes>
            {report.notes.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        {report && !report.ok && looksLikeTrecRun(text) && (
          <button
            type="button"
            class={styles.toRuns}
            onClick={() => {
              dialog.current?.close();
              evaluateRunText(text);
            }}
          >
            Evaluate it in the Runs view
          </button>
        )}
      </form>
      <DialogActions dialog={dialog}>
        <button type="submit" form="import-form" class={dialogStyles.primary}>
          Import
        </button>
      </DialogActions>
    </DialogFrame>
  );
}
