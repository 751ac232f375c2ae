// Every parameter SPEC names, grouped by the metric that reads it. A value the user has not set
// shows the core's default (from the resolved params of the last results); an invalid value shows
// the core's message beside it.
import { useState } from 'preact/hooks';

import { addGroup, distinct, removeGroup, renameGroup, setBrowsing, setParam, setTarget } from '../../state/actions';
import { errorAt, resolvedParams } from '../../state/evaluation';
import { refusalLine } from '../../state/messages';
import { groups, params, scenario } from '../../state/scenario';
import { LexiconEditor } from '../LexiconEditor';
import { NumberField } from '../NumberField';
import { paramsOpen } from '../../state/view';
import styles from './style.module.css';

function Select({
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

function Check({
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

const message = (path: string, exact = false) => {
  const e = errorAt(path, exact);
  return e ? refusalLine(e, scenario.value) : null;
};

function GroupsEditor() {
  const [draft, setDraft] = useState('');
  const list = groups.value;
  const error = message('groups');
  return (
    <fieldset class={styles.set}>
      <legend>Groups</legend>
      <ul class={styles.groups}>
        {list.map((g, i) => (
          <li key={i}>
            <input
              value={g}
              aria-label={`Name of group ${i + 1}`}
              // Every field whose name the core refuses: an empty one, "neutral", each of two alike.
              aria-invalid={distinct(list, g) ? undefined : true}
              aria-describedby={error ? 'groups-error' : undefined}
              onChange={(e) => {
                // An emptied name too: the core's message says a group needs one (the field kept it).
                const name = e.currentTarget.value.trim();
                if (name !== g) renameGroup(i, name);
              }}
            />
            <button type="button" disabled={list.length <= 2} onClick={() => removeGroup(i)} aria-label={`Remove group ${g}`}>
              ✕
            </button>
          </li>
        ))}
      </ul>
      <form
        class={styles.inline}
        onSubmit={(e) => {
          e.preventDefault();
          const name = draft.trim();
          if (name) addGroup(name);
          setDraft('');
        }}
      >
        <input value={draft} placeholder="nonbinary" aria-label="New group name" onInput={(e) => setDraft(e.currentTarget.value)} />
        <button type="submit">Add group</button>
      </form>
      {error && (
        <p id="groups-error" class={styles.error} role="alert">
          {error}
        </p>
      )}
      <p class={styles.hint}>Adding or removing a group resets the targets to uniform.</p>
    </fieldset>
  );
}

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
  const set = (params.value ?? {}) as Record<string, unknown>;
  const resolved = resolvedParams.value;
  const value = <T,>(key: string): T | undefined =>
    key in set ? (set[key] as T) : (resolved as unknown as Record<string, T> | undefined)?.[key];
  const list = groups.value;
  const targets = value<Record<string, number | null>>('targets') ?? {};
  // The scenario's browsing may name γ alone (a first edit of γ writes only it): the model is then
  // the core's default, which the resolved parameters hold.
  type Browsing = { model?: string; gamma?: number | null };
  const browsing: Browsing = { ...(resolved?.browsing as Browsing | undefined), ...(set.browsing as Browsing | undefined) };
  const dipsGroups = value<string[]>('dipsGroups') ?? list.slice(0, 2);
  const rabGroups = value<string[]>('rabGroups') ?? list.slice(0, 2);

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
        <fieldset class={styles.set}>
          <legend>TExFAIR</legend>
          <Check
            param="rbdf"
            label="RBDF (discount by the share of documents with group terms)"
            checked={value('rbdf')}
            onChange={(v) => setParam('rbdf', v as never)}
          />
        </fieldset>
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
          <Select
            label="group B"
            value={dipsGroups[1]}
            options={list}
            onChange={(v) => setParam('dipsGroups', [dipsGroups[0]!, v] as never)}
          />
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
