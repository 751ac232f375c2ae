// The Runs view's options, as the CLI's, and the core's refusal of one, which names the field as
// the form labels it.
import { computed } from '@preact/signals';

import { runsRefusal, runsResults } from '../../state/runs';
import { form, runNames, typedNumber, updateForm } from './form';
import styles from './style.module.css';

/** The form's fields' labels by the CLI option each sets (its `data-option`, the option without its dashes): a refusal names the field so. */
const OPTION_LABELS: Record<string, string> = {
  cutoffs: 'Cut-offs',
  order: 'Order',
  baseline: 'Baseline',
  'background-from': 'Background from',
  'background-depth': 'Background depth',
  metrics: 'Metrics',
  'query-label': 'Query label',
  ci: 'Intervals',
  'bootstrap-samples': 'Bootstrap samples',
  'bootstrap-seed': 'Bootstrap seed',
  official: 'Official NFaiRR parity',
};

/** The form's field a refusal is about (its `data-option`), when it is an option's. */
const refusedOption = computed(() => {
  const file = runsRefusal.value?.file ?? '';
  return file.startsWith('--') && file.slice(2) in OPTION_LABELS ? file.slice(2) : null;
});

/** A field's marks while the core refuses its value: invalid, described by the refusal. */
const refusedMarks = (option: string) =>
  refusedOption.value === option ? { 'aria-invalid': true, 'aria-describedby': 'runs-refusal' } : {};

export function Refusal() {
  const r = runsRefusal.value;
  if (!r) return null;
  const option = refusedOption.value;
  // An option's refusal names the field as the form labels it, the CLI's option beside it.
  const message =
    option && r.message.startsWith(`--${option}:`)
      ? `${OPTION_LABELS[option]} (--${option})${r.message.slice(option.length + 2)}`
      : r.message;
  return (
    <p id="runs-refusal" class={styles.refusal} role="alert" data-file={r.file} data-line={r.line || undefined}>
      {message}
      {runsResults.value ? ' (the results below are the last ones computed)' : ''}
    </p>
  );
}

export function RunsOptions() {
  const f = form.value;
  const names = runNames(f);
  return (
    <fieldset class={styles.options}>
      <legend>Options (as the CLI's)</legend>
      <label>
        {OPTION_LABELS.cutoffs}{' '}
        <input
          type="text"
          value={f.cutoffs}
          placeholder="those of the metrics, else 10,20"
          onInput={(e) => updateForm({ cutoffs: e.currentTarget.value })}
          data-option="cutoffs"
          {...refusedMarks('cutoffs')}
        />
      </label>
      <label>
        {OPTION_LABELS.order}
        <select
          value={f.order}
          onChange={(e) => updateForm({ order: e.currentTarget.value as 'score' | 'file' })}
          data-option="order"
          {...refusedMarks('order')}
        >
          <option value="score">by score (trec_eval)</option>
          <option value="file">as in the file</option>
        </select>
      </label>
      <label>
        {OPTION_LABELS.baseline}
        <select
          value={f.baseline}
          onChange={(e) => updateForm({ baseline: e.currentTarget.value })}
          data-option="baseline"
          {...refusedMarks('baseline')}
        >
          <option value="">the first run{names[0] ? ` (${names[0]})` : ''}</option>
          {names.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
          {/* A baseline from the address or from runs chosen before: shown, so its refusal names what is on screen. */}
          {f.baseline !== '' && !names.includes(f.baseline) && <option value={f.baseline}>{f.baseline} (no run of that name)</option>}
        </select>
      </label>
      <label>
        {OPTION_LABELS['background-from']}
        <select
          value={f.backgroundFrom}
          disabled={f.files.background.length > 0}
          onChange={(e) => updateForm({ backgroundFrom: e.currentTarget.value as 'run' | 'collection' })}
          data-option="background-from"
          {...refusedMarks('background-from')}
        >
          <option value="run">the run itself</option>
          <option value="collection">the whole collection</option>
        </select>
      </label>
      <label>
        {OPTION_LABELS['background-depth']}
        <input
          type="number"
          min={1}
          value={f.backgroundDepth}
          onInput={(e) => updateForm({ backgroundDepth: typedNumber(e.currentTarget.value) })}
          data-option="background-depth"
          {...refusedMarks('background-depth')}
        />
      </label>
      <label>
        {OPTION_LABELS.metrics}{' '}
        <input
          type="text"
          value={f.metrics}
          placeholder="all (or e.g. NFaiRR, nDCG@10)"
          onInput={(e) => updateForm({ metrics: e.currentTarget.value })}
          data-option="metrics"
          {...refusedMarks('metrics')}
        />
      </label>
      <label>
        {OPTION_LABELS['query-label']}{' '}
        <input
          type="text"
          value={f.queryLabel}
          placeholder="all queries"
          onInput={(e) => updateForm({ queryLabel: e.currentTarget.value })}
          data-option="query-label"
          {...refusedMarks('query-label')}
        />
      </label>
      <label>
        {OPTION_LABELS.ci}
        <select
          value={f.ci}
          onChange={(e) => updateForm({ ci: e.currentTarget.value as 't' | 'bootstrap' })}
          data-option="ci"
          {...refusedMarks('ci')}
        >
          <option value="t">Student's t</option>
          <option value="bootstrap">t and bootstrap percentile</option>
        </select>
      </label>
      {f.ci === 'bootstrap' && (
        <>
          <label>
            {OPTION_LABELS['bootstrap-samples']}
            <input
              type="number"
              min={100}
              max={1000000}
              value={f.bootstrapSamples}
              onInput={(e) => updateForm({ bootstrapSamples: typedNumber(e.currentTarget.value) })}
              data-option="bootstrap-samples"
              {...refusedMarks('bootstrap-samples')}
            />
          </label>
          <label>
            {OPTION_LABELS['bootstrap-seed']}
            <input
              type="number"
              min={0}
              max={4294967295}
              value={f.bootstrapSeed}
              onInput={(e) => updateForm({ bootstrapSeed: typedNumber(e.currentTarget.value) })}
              data-option="bootstrap-seed"
              {...refusedMarks('bootstrap-seed')}
            />
          </label>
        </>
      )}
      <label class={styles.check}>
        <input
          type="checkbox"
          checked={f.official}
          onChange={(e) => updateForm({ official: e.currentTarget.checked })}
          data-option="official"
          {...refusedMarks('official')}
        />
        {OPTION_LABELS.official} (file order, whitespace tokens, inclusive τ, S = the background only)
      </label>
    </fieldset>
  );
}
