// A metric's explainer: its formula (KaTeX), where it comes from, its range and direction, and
// the parameters it reads with their values now. Loaded only when a row is opened.
import katex from 'katex';
import 'katex/dist/katex.min.css';
import { Fragment } from 'preact';
import { useMemo } from 'preact/hooks';

import type { MetricDescriptor } from '../../../wasm/types';
import { resolvedParams } from '../../state/evaluation';
import { editParam } from '../../state/focus';
import { DIRECTION_TEXT } from '../../state/metrics';
import { Words } from '../Words';
import styles from './style.module.css';
import { SYMBOLS } from './symbols';

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

/**
 * The equations of a formula, split where the descriptor separates them (\qquad, or a line break
 * of a `gathered` block) but never inside braces or an environment such as `cases`: each is set
 * on its own, so a narrow panel stacks them instead of cutting one long line.
 */
export function equations(formula: string): string[] {
  const gathered = formula.trim().match(/^\\begin\{gathered\}([\s\S]*)\\end\{gathered\}$/);
  const text = gathered ? gathered[1]! : formula;
  const parts: string[] = [];
  let braces = 0;
  let envs = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.startsWith('\\begin{', i)) envs++;
    else if (text.startsWith('\\end{', i)) envs--;
    const c = text[i];
    if (c === '\\') {
      const split = braces === 0 && envs === 0 && (text.startsWith('\\qquad', i) || text[i + 1] === '\\');
      if (split) {
        parts.push(text.slice(start, i));
        i += text[i + 1] === '\\' ? 1 : '\\qquad'.length - 1;
        start = i + 1;
        continue;
      }
      i++; // an escaped character (\{, \}, \,) is never a brace
      continue;
    }
    if (c === '{') braces++;
    else if (c === '}') braces--;
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

export function Explainer({ descriptor: d }: { descriptor: MetricDescriptor }) {
  const html = useMemo(
    () =>
      equations(d.formula)
        .map(
          (eq) =>
            `<span class="${styles.equation}">${katex.renderToString(eq, { displayMode: true, throwOnError: false, output: 'htmlAndMathml' })}</span>`,
        )
        .join(''),
    [d.formula],
  );
  const symbols = useMemo(
    () =>
      (SYMBOLS[d.id] ?? []).map(([tex, meaning]) => ({
        tex,
        meaning,
        html: katex.renderToString(tex, { throwOnError: false, output: 'htmlAndMathml' }),
      })),
    [d.id],
  );
  const params = (resolvedParams.value ?? {}) as unknown as Record<string, unknown>;
  const editable = typeof document !== 'undefined' && document.querySelector('details[data-params]') !== null;
  return (
    <div class={styles.explainer}>
      {/* Focusable, so a keyboard user can scroll a formula wider than the panel. */}
      <div
        class={styles.formula}
        tabIndex={0}
        role="region"
        aria-label={`Formula of ${d.name}`}
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {symbols.length > 0 && (
        <dl class={styles.symbols} aria-label={`Where, in the formula of ${d.name}`}>
          {symbols.map((s) => (
            <Fragment key={s.tex}>
              <dt dangerouslySetInnerHTML={{ __html: s.html }} />
              <dd>{s.meaning}</dd>
            </Fragment>
          ))}
        </dl>
      )}
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
      <div class={styles.paramsBox}>
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
                  {/* The way to the field that sets it, where the page has the Parameters panel. */}
                  {editable ? (
                    <button type="button" class={styles.param} onClick={() => editParam(p.key)} title="Edit in Parameters">
                      <code>{p.key}</code>
                      <span class="sr-only"> (edit in Parameters)</span>
                    </button>
                  ) : (
                    <code>{p.key}</code>
                  )}
                </th>
                <td>
                  <Words text={currentValue(p.key, params)} longer={16} />
                </td>
                <td>{p.default}</td>
                <td>{p.meaning}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
