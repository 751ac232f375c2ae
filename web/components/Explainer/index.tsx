// A metric's explainer: its formula (KaTeX), where it comes from, its range and direction, and
// the parameters it reads with their values now. Loaded only when a row is opened.
import katex from 'katex';
import 'katex/dist/katex.min.css';
import { useMemo } from 'preact/hooks';

import type { MetricDescriptor } from '../../../wasm/types';
import { evaluation } from '../../state/evaluation';
import { DIRECTION_TEXT } from '../../state/metrics';
import styles from './style.module.css';

function currentValue(key: string, params: Record<string, unknown>): string {
  const value = params[key];
  if (value === undefined) return '';
  if (typeof value === 'object' && value !== null)
    return Array.isArray(value)
      ? value.join(', ')
      : Object.entries(value)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ');
  return String(value);
}

export function Explainer({ descriptor: d }: { descriptor: MetricDescriptor }) {
  const html = useMemo(() => katex.renderToString(d.formula, { displayMode: true, throwOnError: false, output: 'htmlAndMathml' }), [d.formula]);
  const params = (evaluation.value.results?.params ?? {}) as unknown as Record<string, unknown>;
  return (
    <div class={styles.explainer}>
      {/* Focusable, so a keyboard user can scroll a formula wider than the panel. */}
      <div class={styles.formula} tabIndex={0} role="region" aria-label={`Formula of ${d.name}`} dangerouslySetInnerHTML={{ __html: html }} />
      <dl class={styles.facts}>
        <dt>Meaning</dt>
        <dd>{d.summary}</dd>
        <dt>Fairer</dt>
        <dd>{DIRECTION_TEXT[d.fairer] ?? d.fairer}</dd>
        <dt>Range</dt>
        <dd>{d.range}</dd>
        <dt>Source</dt>
        <dd>
          {d.paper} <span class={styles.eq}>{d.equations}</span>
        </dd>
        {!d.usesCutoff && (
          <>
            <dt>Cut-off</dt>
            <dd>reads the whole ranking; k does not apply (the curve below takes the top c documents as the ranking)</dd>
          </>
        )}
      </dl>
      <table class={styles.params}>
        <caption>Parameters it reads</caption>
        <thead>
          <tr>
            <th scope="col">parameter</th>
            <th scope="col">now</th>
            <th scope="col">default</th>
            <th scope="col">meaning</th>
          </tr>
        </thead>
        <tbody>
          {d.params.map((p) => (
            <tr key={p.key}>
              <th scope="row">
                <code>{p.key}</code>
              </th>
              <td>{currentValue(p.key, params)}</td>
              <td>{p.default}</td>
              <td>{p.meaning}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
