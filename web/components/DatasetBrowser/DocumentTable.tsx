// A query's documents in ranking order: which to use, and arrows that reorder them. Keyboard
// focus stays on the arrow that moved a row (moving a node in the DOM drops focus).
import { useLayoutEffect, useRef } from 'preact/hooks';

import { cleanText, type GrepDocument } from '../../state/grepbiasir';
import styles from './style.module.css';

const EXCERPT = 120;
const WORDING: Record<string, string> = { F: 'female', M: 'male', N: 'neutral' };

function excerpt(text: string): string {
  const clean = cleanText(text);
  return clean.length > EXCERPT ? `${clean.slice(0, EXCERPT - 1).trimEnd()}…` : clean;
}

/** "document 171 (M, not relevant)": names a row for screen readers (titles repeat across wordings). */
function describe(doc: GrepDocument): string {
  return `document ${doc.d_id} (${doc.content_gender}, ${doc.relevant ? 'relevant' : 'not relevant'})`;
}

export type Direction = 'up' | 'down';

type Props = {
  rows: GrepDocument[];
  unchecked: ReadonlySet<number>;
  onToggle: (id: number, on: boolean) => void;
  /** Moves row `index` one place; the table then focuses the moved document's arrow. */
  onMove: (index: number, dir: Direction) => void;
};

export function DocumentTable({ rows, unchecked, onToggle, onMove }: Props) {
  const body = useRef<HTMLTableSectionElement>(null);
  const refocus = useRef<{ id: number; dir: Direction } | null>(null);

  useLayoutEffect(() => {
    const pending = refocus.current;
    refocus.current = null;
    if (!pending || !body.current) return;
    const find = (dir: string) => body.current!.querySelector<HTMLButtonElement>(`button[data-move="${dir}"][data-doc="${pending.id}"]`);
    const button = find(pending.dir);
    (button && !button.disabled ? button : find(pending.dir === 'up' ? 'down' : 'up'))?.focus();
  }, [rows]);

  const move = (index: number, dir: Direction) => {
    refocus.current = { id: rows[index]!.d_id, dir };
    onMove(index, dir);
  };
  const chosen = rows.filter((d) => !unchecked.has(d.d_id)).length;

  return (
    <div class={styles.tableWrap}>
      <table class={styles.table}>
        <caption class={styles.caption}>
          Its documents in ranking order ({chosen} of {rows.length} checked); the arrows reorder them.
        </caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Use</th>
            <th scope="col">Title</th>
            <th scope="col">Text</th>
            <th scope="col">Wording</th>
            <th scope="col">Relevant</th>
            <th scope="col">Stereotype annotation</th>
            <th scope="col">Order</th>
          </tr>
        </thead>
        <tbody ref={body}>
          {rows.map((doc, i) => {
            const on = !unchecked.has(doc.d_id);
            const odd = !(doc.content_gender in WORDING);
            return (
              <tr key={doc.d_id} class={on ? undefined : styles.off}>
                <td class={styles.num}>{i + 1}</td>
                <td>
                  <input
                    type="checkbox"
                    checked={on}
                    aria-label={`Use ${describe(doc)}`}
                    onChange={(e) => onToggle(doc.d_id, e.currentTarget.checked)}
                  />
                </td>
                <td class={styles.title}>{cleanText(doc.doc_title)}</td>
                <td class={styles.text}>{excerpt(doc.document)}</td>
                <td>
                  {odd ? (
                    <span class={styles.odd}>
                      {doc.content_gender} → {doc.label}
                    </span>
                  ) : (
                    <abbr title={WORDING[doc.content_gender]}>{doc.content_gender}</abbr>
                  )}
                </td>
                <td class={styles.num}>{doc.relevant}</td>
                <td class={styles.stereotype}>
                  {doc.exp_stereotype}
                  {doc.exp_stereotype_raw !== doc.exp_stereotype && <span class={styles.odd}> (written “{doc.exp_stereotype_raw}”)</span>}
                </td>
                <td class={styles.arrows}>
                  <button
                    type="button"
                    data-move="up"
                    data-doc={doc.d_id}
                    disabled={i === 0}
                    aria-label={`Move ${describe(doc)} up`}
                    onClick={() => move(i, 'up')}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    data-move="down"
                    data-doc={doc.d_id}
                    disabled={i === rows.length - 1}
                    aria-label={`Move ${describe(doc)} down`}
                    onClick={() => move(i, 'down')}
                  >
                    ↓
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
