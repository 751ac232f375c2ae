// Import: paste or open a table (TSV/CSV of text, label, relevance) into a ranking, or a scenario
// JSON as the whole scenario. The core checks the result before anything changes; its message is
// pointed at the table row it concerns.
import { useRef, useState } from 'preact/hooks';

import { count } from '../../state/count';
import { engine } from '../../state/engine';
import { refusal } from '../../state/evaluation';
import { looksLikeJson, looksLikeTrecRun, parseTable, type TableImport } from '../../state/table';
import { SCENARIO_BYTES, TooLargeError, formatBytes } from '../../state/limits';
import { leaveLesson } from '../../state/lessons';
import { refusalLine } from '../../state/messages';
import { acceptScenario, describeRefusal } from '../../state/persistence';
import { evaluateRunText } from '../../state/runs';
import { groups, replaceScenario, scenario, usedIds, type PageScenario } from '../../state/scenario';
import { DialogActions, DialogFrame, dialogStyles, type DialogHandle } from '../Dialog';
import styles from './style.module.css';

type Target = { ranking: number; mode: 'replace' | 'append' };

/** "rankings[0].docs[3].label: …" → "line 5 (label): …" when the import wrote that document. */
function pointAtRow(field: string, message: string, table: TableImport, target: Target, offset: number): string {
  const match = field.match(/^rankings\[(\d+)\]\.docs\[(\d+)\](?:\.(\w+))?$/);
  if (match && Number(match[1]) === target.ranking) {
    const index = Number(match[2]) - offset;
    const row = table.rows[index];
    if (row !== undefined) return `line ${row}${match[3] ? ` (${match[3]})` : ''}: ${message}`;
  }
  return refusalLine({ field, message }, scenario.peek());
}

/**
 * The byte order of UTF-16 text (a byte order mark, or a zero among the first two bytes, as ASCII
 * text has in UTF-16), or null: a spreadsheet's "Unicode text" (Excel's tab-separated export) is
 * UTF-16 with a mark.
 */
function utf16Order(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes.length >= 2 && bytes[1] === 0 && bytes[0] !== 0) return 'utf-16le';
  if (bytes.length >= 2 && bytes[0] === 0 && bytes[1] !== 0) return 'utf-16be';
  return null;
}

/** Bytes as text in `encoding`, or null when they are not such text. */
function decode(bytes: Uint8Array, encoding: 'utf-8' | 'utf-16le' | 'utf-16be'): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * A file's text, or why it is refused: bytes that are not UTF-8 are not read with characters
 * replaced. A table saved as UTF-16 is read as such (it becomes the text box's text, whose
 * encoding no longer matters); a scenario is one UTF-8 JSON, so a UTF-16 or gzip one is refused by
 * the core, in the words the CLI has for such a file; other bytes by the line that holds the first
 * of them.
 */
async function fileText(file: File): Promise<string | { refused: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  // Before UTF-8: ASCII in UTF-16 without a mark is valid UTF-8 too, a zero after every letter.
  const order = utf16Order(bytes);
  const text = order ? decode(bytes, order) : decode(bytes, 'utf-8');
  if (text !== null && !(order && looksLikeJson(text))) return text;
  const replaced = new TextDecoder().decode(bytes);
  const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  if (order || gzip || looksLikeJson(replaced))
    try {
      await acceptScenario(bytes);
    } catch (error) {
      return { refused: `${file.name}: ${error instanceof Error ? error.message : String(error)}` };
    }
  const line = replaced.slice(0, replaced.indexOf('\uFFFD')).split('\n').length;
  return {
    refused: `${file.name}, line ${line}: not UTF-8 text (saved as Latin-1 or Windows-1252?); save it as UTF-8 and open it again`,
  };
}

export function ImportDialog({ dialog }: { dialog: DialogHandle }) {
  const [text, setText] = useState('');
  const [target, setTarget] = useState<Target>({ ranking: 0, mode: 'replace' });
  // `lines` say what went (or went wrong); `notes` how the table was read, said apart and not as errors.
  const [report, setReport] = useState<{ ok: boolean; lines: string[]; notes?: string[] } | null>(null);
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
    if (looksLikeJson(text)) {
      try {
        const accepted = await acceptScenario(text);
        replaceScenario(accepted, { source: accepted.title ? `an imported scenario, “${accepted.title}”` : 'an imported scenario' });
        // A table is an edit of the scenario on screen; a scenario is another one, which a lesson does not speak of.
        leaveLesson();
        // Said by the page's header ("Showing an imported scenario"); the dialog opens empty next time.
        setReport(null);
        setText('');
        dialog.current?.close();
      } catch (error) {
        setReport({ ok: false, lines: [describeRefusal(error), 'Nothing was changed.'] });
      }
      return;
    }
    const current = scenario.value;
    // Fresh ids: a background document's too would be one document to NFaiRR's S.
    const used = usedIds(current);
    let n = 0;
    const table = parseTable(text, groups.value, () => {
      let id: string;
      do id = `t${++n}`;
      while (used.has(id));
      used.add(id);
      return id;
    });
    if (table.problems.length > 0) {
      const shown = table.problems.slice(0, 8);
      if (table.problems.length > shown.length) shown.push(`… and ${table.problems.length - shown.length} more lines like these`);
      setReport({ ok: false, lines: [...shown, 'Nothing was changed.'], notes: table.notes });
      return;
    }
    if (table.docs.length === 0) {
      setReport({ ok: false, lines: ['No row to import.'], notes: table.notes });
      return;
    }
    const candidate: PageScenario = structuredClone(current);
    const docs = candidate.rankings[target.ranking]!.docs;
    const offset = target.mode === 'append' ? docs.length : 0;
    candidate.rankings[target.ranking]!.docs = target.mode === 'append' ? [...docs, ...table.docs] : table.docs;
    try {
      await engine().validate(JSON.stringify(candidate));
      replaceScenario(candidate, { source: 'an imported table' });
      setReport({ ok: true, lines: [`${count(table.docs.length, 'document')} imported.`], notes: table.notes });
    } catch (error) {
      const { field, message } = refusal(error);
      setReport({ ok: false, lines: [pointAtRow(field, message, table, target, offset), 'Nothing was changed.'], notes: table.notes });
    }
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
