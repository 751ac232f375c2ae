// The Runs view: the same run evaluation as `fairness-eval runs`, on the user's files, in a worker
// of its own (the files never leave the browser). Inputs and the CLI's options on top, then the
// progress, and the last results: their exports, the summary, the charts and the per-query table.
import { useEffect, useState } from 'preact/hooks';

import { cancelRunsAsked, runsRunning, showView, startRuns, warmRunsWorker } from '../../state/runs';
import { RunsFiles } from './files';
import { emptyFiles, form, jobOf, keepFormInUrl, updateForm } from './form';
import { RunsOptions, Refusal } from './options';
import { LastResults } from './results';
import { sampleFiles } from './samples';
import { Announce, Cancelled, Progress } from './status';
import styles from './style.module.css';

export function RunsView() {
  const f = form.value;
  const [loadingSample, setLoadingSample] = useState(false);
  useEffect(warmRunsWorker, []);
  // The options in the address bar while the view is shown, and out of it when it is left.
  useEffect(() => {
    keepFormInUrl();
    return () => keepFormInUrl(null);
  }, []);

  const trySample = async () => {
    setLoadingSample(true);
    try {
      const samples = await sampleFiles();
      updateForm({ files: { ...emptyFiles(), ...samples }, baseline: '', queryLabel: '', playgroundParams: null });
      startRuns(jobOf(form.value));
    } finally {
      setLoadingSample(false);
    }
  };

  return (
    <section class={styles.view} aria-label="Run evaluation">
      <p class={styles.intro}>
        Evaluate whole TREC runs, as <code>fairness-eval runs</code> does: every metric per query at every cut-off, means with 95%
        confidence intervals, and paired tests against a baseline run. Your files are read here, in the browser, and never uploaded.
      </p>
      <div class={styles.columns}>
        <RunsFiles />
        <RunsOptions />
      </div>
      <div class={styles.actions}>
        <button
          type="button"
          class={styles.primary}
          data-action="evaluate-runs"
          disabled={f.files.run.length === 0}
          onClick={() => startRuns(jobOf(form.value))}
        >
          Evaluate
        </button>
        <button type="button" data-action="cancel-runs" disabled={!runsRunning.value} onClick={cancelRunsAsked}>
          Cancel
        </button>
        <button
          type="button"
          data-action="sample-runs"
          // Not `disabled` while loading: a disabled button drops the focus to the page.
          aria-disabled={loadingSample}
          onClick={() => void (loadingSample || trySample())}
        >
          Try with the sample runs
        </button>
        <button type="button" class={styles.link} onClick={() => showView('playground')}>
          ← Back to the playground
        </button>
      </div>
      <Announce />
      <Progress />
      <Cancelled />
      <Refusal />
      <LastResults />
    </section>
  );
}
