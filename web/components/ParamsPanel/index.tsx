// Every parameter SPEC names, grouped by the metric that reads it. A value the user has not set
// shows the core's default (from the resolved params of the last results); an invalid value shows
// the core's message beside it.
import { resolvedParams } from '../../state/evaluation';
import { paramsOpen } from '../../state/view';
import { LexiconEditor } from '../LexiconEditor';
import { message } from './fields';
import { GroupsEditor } from './GroupsEditor';
import { AllMetricsSet, AwrfNdcgSet, CwexSet, DipsSet, NdklSet, NfairrSet, RabSet, TargetsSet, TexfairSet } from './sets';
import styles from './style.module.css';

/** The parameters in force, in one line, so the closed panel still says what is computed. */
function summarize(p: (typeof resolvedParams)['value']): string {
  if (!p) return '';
  const targets = Object.values(p.targets);
  const uniform = targets.every((t) => Math.abs(t - targets[0]!) < 1e-12);
  return [
    `k = ${p.k}`,
    `τ = ${p.tau} (${p.tauInclusive ? '≤' : '<'})`,
    uniform
      ? 'targets uniform'
      : `targets ${Object.entries(p.targets)
          .map(([g, t]) => `${g} ${t}`)
          .join(', ')}`,
    `RBDF ${p.rbdf ? 'on' : 'off'}`,
    `α = ${p.alpha}`,
    `c_t = ${p.ct}`,
    p.browsing.model === 'exponential' ? `γ^k, γ = ${p.browsing.gamma}` : p.browsing.model,
    `DIPS A = ${p.dipsGroups[0]}, B = ${p.dipsGroups[1]}`,
    `RaB ${p.rabMagnitude}, f = ${p.rabGroups[0]}, m = ${p.rabGroups[1]}`,
    `NDKL D* ${p.ndklTarget}${p.ndklEpsilon ? `, ε = ${p.ndklEpsilon}` : ''}`,
    `${p.tokenizer} tokens`,
  ].join(' · ');
}

export function ParamsPanel() {
  const resolved = resolvedParams.value;
  return (
    <details class={styles.panel} data-params onToggle={(e) => void (paramsOpen.value = e.currentTarget.open)}>
      {/* Named "Parameters", its values' line its description: as its name, the line (some 200
          characters) was heard whole at every Tab through it. */}
      <summary aria-describedby="params-line">
        <h2 class={styles.heading}>Parameters</h2>{' '}
        <span id="params-line" class={styles.summary} aria-hidden="true">
          {summarize(resolved)}
        </span>
      </summary>
      <div class={styles.grid}>
        <AllMetricsSet />
        <TargetsSet />
        <NfairrSet />
        <TexfairSet />
        <CwexSet />
        <DipsSet />
        <RabSet />
        <AwrfNdcgSet />
        <NdklSet />
        <GroupsEditor />
        <LexiconEditor />
      </div>
      {message('params', true) && (
        <p class={styles.error} role="alert">
          {message('params', true)}
        </p>
      )}
    </details>
  );
}
