// The panel's fieldsets, one per metric (or family) that reads the parameters it holds. A value the
// user has not set shows the core's default, from the resolved params of the last results.
import { setBrowsing, setParam, setTarget } from '../../state/actions';
import { resolvedParams } from '../../state/evaluation';
import { groups, params } from '../../state/scenario';
import { NumberField } from '../NumberField';
import { Check, Select, message } from './fields';
import styles from './style.module.css';

/** A parameter's value: the scenario's own, else the core's default. */
function value<T>(key: string): T | undefined {
  const set = (params.value ?? {}) as Record<string, unknown>;
  return key in set ? (set[key] as T) : (resolvedParams.value as unknown as Record<string, T> | undefined)?.[key];
}

export function AllMetricsSet() {
  return (
    <fieldset class={styles.set}>
      <legend>All metrics</legend>
      <NumberField
        id="param-k"
        param="k"
        label="cut-off k"
        min={1}
        step={1}
        value={value('k')}
        onChange={(v) => setParam('k', v as never)}
        error={message('params.k')}
      />
      <Select
        param="tokenizer"
        label="tokenizer"
        value={value('tokenizer')}
        options={['words', 'whitespace']}
        onChange={(v) => setParam('tokenizer', v as never)}
      />
    </fieldset>
  );
}

export function TargetsSet() {
  const list = groups.value;
  const targets = value<Record<string, number | null>>('targets') ?? {};
  return (
    <fieldset class={styles.set} data-param="targets">
      <legend>Targets (NFaiRR J, TExFAIR p̂, AWRF)</legend>
      {list.map((g) => (
        <NumberField
          key={g}
          id={`param-target-${g}`}
          label={g}
          min={0}
          max={1}
          step={0.05}
          value={targets[g]}
          onChange={(v) => setTarget(g, v, list)}
          error={message(`params.targets.${g}`, true)}
        />
      ))}
      <button type="button" onClick={() => setParam('targets', undefined)}>
        uniform
      </button>
      {message('params.targets', true) && (
        <p class={styles.error} role="alert">
          {message('params.targets', true)}
        </p>
      )}
    </fieldset>
  );
}

export function NfairrSet() {
  return (
    <fieldset class={styles.set}>
      <legend>NFaiRR</legend>
      <NumberField
        id="param-tau"
        param="tau"
        label="τ (neutral up to τ terms)"
        min={0}
        step={0.5}
        value={value('tau')}
        onChange={(v) => setParam('tau', v as never)}
        error={message('params.tau')}
      />
      <Check
        param="tauInclusive"
        label="inclusive (Σ M ≤ τ is neutral)"
        checked={value('tauInclusive')}
        onChange={(v) => setParam('tauInclusive', v as never)}
        hint="on: the official code and the TExFAIR paper; off: '< τ' as printed in the NFaiRR paper"
      />
    </fieldset>
  );
}

export function TexfairSet() {
  return (
    <fieldset class={styles.set}>
      <legend>TExFAIR</legend>
      <Check
        param="rbdf"
        label="RBDF (discount by the share of documents with group terms)"
        checked={value('rbdf')}
        onChange={(v) => setParam('rbdf', v as never)}
      />
    </fieldset>
  );
}

export function CwexSet() {
  return (
    <fieldset class={styles.set}>
      <legend>CWEx</legend>
      <NumberField
        id="param-alpha"
        param="alpha"
        label="α (neutral exposure vs group gap)"
        min={0}
        max={1}
        step={0.1}
        value={value('alpha')}
        onChange={(v) => setParam('alpha', v as never)}
        error={message('params.alpha')}
      />
    </fieldset>
  );
}

export function DipsSet() {
  const list = groups.value;
  const dipsGroups = value<string[]>('dipsGroups') ?? list.slice(0, 2);
  // The scenario's browsing may name γ alone (a first edit of γ writes only it): the model is then
  // the core's default, which the resolved parameters hold.
  type Browsing = { model?: string; gamma?: number | null };
  const browsing: Browsing = {
    ...(resolvedParams.value?.browsing as Browsing | undefined),
    ...(params.value?.browsing as Browsing | undefined),
  };
  return (
    <fieldset class={styles.set}>
      <legend>DIPS, REE, IGI</legend>
      <Select
        param="dipsGroups"
        label="group A"
        value={dipsGroups[0]}
        options={list}
        onChange={(v) => setParam('dipsGroups', [v, dipsGroups[1]!] as never)}
        error={message('params.dipsGroups')}
      />
      <Select label="group B" value={dipsGroups[1]} options={list} onChange={(v) => setParam('dipsGroups', [dipsGroups[0]!, v] as never)} />
      <NumberField
        id="param-ct"
        param="ct"
        label="c_t (weight of a tie)"
        min={0}
        max={1}
        step={0.5}
        value={value('ct')}
        onChange={(v) => setParam('ct', v as never)}
        error={message('params.ct')}
      />
      <Select
        param="browsing"
        label="browsing model (DIPS, EE, EA)"
        value={browsing.model}
        options={['exponential', 'logarithmic', 'uniform']}
        onChange={(v) => setBrowsing({ model: v })}
        error={message('params.browsing.model')}
      />
      {/* Also under another model while γ is refused: the field to mend it stays. */}
      {(browsing.model === 'exponential' || message('params.browsing.gamma')) && (
        <NumberField
          id="param-gamma"
          label="γ"
          min={0}
          max={1}
          step={0.05}
          value={browsing.gamma}
          onChange={(v) => setBrowsing({ gamma: v })}
          error={message('params.browsing.gamma')}
        />
      )}
    </fieldset>
  );
}

export function RabSet() {
  const list = groups.value;
  const rabGroups = value<string[]>('rabGroups') ?? list.slice(0, 2);
  return (
    <fieldset class={styles.set}>
      <legend>RaB, ARaB</legend>
      <Select
        param="rabGroups"
        label="group f"
        value={rabGroups[0]}
        options={list}
        onChange={(v) => setParam('rabGroups', [v, rabGroups[1]!] as never)}
        error={message('params.rabGroups')}
      />
      <Select
        label="group m (positive leans to m)"
        value={rabGroups[1]}
        options={list}
        onChange={(v) => setParam('rabGroups', [rabGroups[0]!, v] as never)}
      />
      <Select
        param="rabMagnitude"
        label="magnitude (tc count, tf ln(1 + count), bool count > 0)"
        value={value('rabMagnitude')}
        options={['tf', 'tc', 'bool']}
        onChange={(v) => setParam('rabMagnitude', v as never)}
        error={message('params.rabMagnitude')}
      />
    </fieldset>
  );
}

export function AwrfNdcgSet() {
  return (
    <fieldset class={styles.set}>
      <legend>AWRF, nDCG</legend>
      <Select
        param="awrfAlignment"
        label="AWRF alignment"
        value={value('awrfAlignment')}
        options={['terms', 'labels']}
        onChange={(v) => setParam('awrfAlignment', v as never)}
      />
      <Select
        param="awrfDistance"
        label="AWRF distance"
        value={value('awrfDistance')}
        options={['l1', 'js']}
        onChange={(v) => setParam('awrfDistance', v as never)}
      />
      <Select
        param="ndcgGain"
        label="nDCG gain"
        value={value('ndcgGain')}
        options={['linear', 'exponential']}
        onChange={(v) => setParam('ndcgGain', v as never)}
      />
    </fieldset>
  );
}

export function NdklSet() {
  return (
    <fieldset class={styles.set}>
      <legend>NDKL</legend>
      <Select
        param="ndklTarget"
        label="desired distribution D* (targets, or the ranking's own shares)"
        value={value('ndklTarget')}
        options={['targets', 'ranking']}
        onChange={(v) => setParam('ndklTarget', v as never)}
        error={message('params.ndklTarget')}
      />
      <NumberField
        id="param-ndkl-epsilon"
        param="ndklEpsilon"
        label="ε (smoothing; FairRankTune uses 1e-7)"
        min={0}
        max={1}
        step={1e-7}
        value={value('ndklEpsilon')}
        onChange={(v) => setParam('ndklEpsilon', v as never)}
        error={message('params.ndklEpsilon')}
      />
    </fieldset>
  );
}
