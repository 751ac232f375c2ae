// The gallery: each preset is a scenario from examples/ with a caption saying what to notice and
// where it comes from, in teaching order; one line each, the rest behind *More*, and a link to the
// preset's lesson. Opening one is an undoable step; ?preset=<id> opens it from a link.
import { TEACHING_ORDER, presets } from '../../state/presets';
import { replaceScenario, toPageScenario } from '../../state/scenario';
import { DialogActions, DialogFrame, dialogStyles, type DialogHandle } from '../Dialog';
import own from './style.module.css';

export function Gallery({ dialog, onOpen }: { dialog: DialogHandle; onOpen: (id: string) => void }) {
  return (
    <DialogFrame dialog={dialog} labelledBy="gallery-title" width="wide">
      <h2 id="gallery-title">Gallery: where the metrics disagree</h2>
      <p class={dialogStyles.hint}>
        Each paper's key counterexample and a few of the playground's own, in teaching order, one click away. Opening one replaces the
        scenario (undo brings yours back); a lesson walks through it step by step.
      </p>
      <ul class={own.list} aria-label="Examples">
        {presets.map((p) => {
          return (
            <li key={p.id} class={own.item}>
              <div>
                <h3>{p.title}</h3>
                <p>{p.line}</p>
                {p.caption && (
                  <details class={own.more}>
                    <summary>More</summary>
                    <p>{p.caption}</p>
                  </details>
                )}
                <code class={own.id}>?preset={p.id}</code>
                {/* Every preset in the teaching order has a lesson (tests/web/lessons.test.ts). */}
                {TEACHING_ORDER.includes(p.id) && (
                  <>
                    {' · '}
                    <a href={`?lesson=${encodeURIComponent(p.id)}`} aria-label={`Lesson: ${p.title}`}>
                      Lesson
                    </a>
                  </>
                )}
              </div>
              <button
                type="button"
                class={dialogStyles.primary}
                aria-label={`Open ${p.title}`}
                onClick={() => {
                  replaceScenario(toPageScenario(p.scenario), { source: `preset “${p.title}”` });
                  onOpen(p.id);
                  dialog.current?.close();
                }}
              >
                Open
              </button>
            </li>
          );
        })}
      </ul>
      <DialogActions dialog={dialog} />
    </DialogFrame>
  );
}
