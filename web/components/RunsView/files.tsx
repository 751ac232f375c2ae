// The Runs view's files: a picker for each input (the browser's own hidden, what is loaded said
// beside it), and where the groups, lexicon and parameters come from.
import { scenario } from '../../state/scenario';
import { form, paramsFileOf, updateForm, type InputKind } from './form';
import styles from './style.module.css';

const INPUTS: { kind: InputKind; label: string; hint: string; multiple?: boolean }[] = [
  { kind: 'run', label: 'Runs', hint: 'TREC run files (qid Q0 docid rank score tag), one or more; .gz read too', multiple: true },
  { kind: 'collection', label: 'Collection', hint: 'docid<TAB>text lines or JSON lines; .gz read as it streams' },
  { kind: 'qrels', label: 'Qrels', hint: 'TREC qrels (qid iter docid rel)' },
  { kind: 'labels', label: 'Labels', hint: 'docid,label (F, M, N or a group name)' },
  { kind: 'queries', label: 'Query list', hint: 'one id a line, qid<TAB>query text, or qid,query text,label' },
  { kind: 'background', label: 'Background run', hint: "NFaiRR's background per query (its first documents up to the depth)" },
  {
    kind: 'params',
    label: 'Params file',
    hint: "a scenario JSON (the playground's export too): its groups, lexicon and params apply (as --params)",
  },
];

export function RunsFiles() {
  const f = form.value;
  const setFiles = (kind: InputKind, list: FileList | null) => {
    const files = { ...f.files, [kind]: list ? [...list] : [] };
    updateForm(kind === 'params' && list?.length ? { files, playgroundParams: null } : { files });
  };
  return (
    <fieldset class={styles.inputs}>
      <legend>Files</legend>
      {INPUTS.map(({ kind, label, hint, multiple }) => (
        // The browser's own picker says "No file chosen" even when the sample files are loaded:
        // it is hidden behind a button, and what is loaded is said beside it.
        <label key={kind} class={styles.file}>
          <span class={styles.name}>{label}</span>
          <input
            type="file"
            class="sr-only"
            data-input={kind}
            multiple={multiple}
            onChange={(e) => setFiles(kind, e.currentTarget.files)}
          />
          <span class={styles.choose} aria-hidden="true">
            {f.files[kind].length ? 'Change…' : multiple ? 'Choose files…' : 'Choose a file…'}
          </span>
          <span class={styles.chosen} data-chosen={kind}>
            {f.files[kind].length ? (
              <strong>{f.files[kind].map((x) => x.name).join(', ')}</strong>
            ) : (
              <>
                <span class="sr-only">No file chosen: </span>
                <span class={styles.hint}>{hint}</span>
                <span class={styles.printOnly}>none</span>
              </>
            )}
          </span>
        </label>
      ))}
      <div class={styles.paramsRow}>
        <button
          type="button"
          data-action="apply-playground-params"
          onClick={() => updateForm({ playgroundParams: paramsFileOf(scenario.value), files: { ...f.files, params: [] } })}
        >
          Use the playground's groups, lexicon and parameters
        </button>
        <span class={styles.chosen}>
          {f.files.params.length
            ? `Params from ${f.files.params[0]!.name}.`
            : f.playgroundParams !== null
              ? "Params: the playground's current ones."
              : "Params: SPEC's defaults (female/male, NFaiRR's word list), as the CLI."}
          {(f.files.params.length > 0 || f.playgroundParams !== null) && (
            <button
              type="button"
              class={styles.link}
              onClick={() => updateForm({ playgroundParams: null, files: { ...f.files, params: [] } })}
            >
              back to the defaults
            </button>
          )}
        </span>
      </div>
    </fieldset>
  );
}
