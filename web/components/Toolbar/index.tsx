// The page's commands: undo and redo, comparing two rankings, import, export, share.
import { computed } from '@preact/signals';
import { useRef, useState } from 'preact/hooks';

import { download, resultsCsv, resultsJson } from '../../state/download';
import { engine } from '../../state/engine';
import { answer, refusal } from '../../state/evaluation';
import { toggleComparing } from '../../state/ranking-b';
import { canRedo, canUndo, rankingCount, redo, scenario, undo } from '../../state/scenario';
import { scenarioJson } from '../../state/serialise';
import { showToast } from '../../state/toast';
import { presenting, setPresenting } from '../../state/view';
import { numbersHidden } from '../../state/lessons';
import { focusFallback, keepPlace } from '../../state/focus';
import styles from './style.module.css';

interface Props {
  onGallery: () => void;
  onDataset: () => void;
  onImport: () => void;
  onShare: () => void;
  /** Opens the DIPS paper's synthetic experiments (Figure 1a and 1b). */
  onExperiments?: () => void;
  /** Switches between the playground and the run evaluation (?view=runs). */
  onRuns?: () => void;
  runsShown?: boolean;
  /** Presenting, or a phone: the commands folded into one small menu (undo and redo beside it), so the slide or the screen keeps its room. */
  folded?: boolean;
}

/**
 * The full results of the scenario the values on screen are for: the page keeps only what it
 * shows, so the export asks the engine for everything (every detail, every document's terms).
 */
async function exportResultsJson(): Promise<void> {
  const { evaluated } = answer.peek();
  if (!evaluated) return;
  try {
    download('results.json', resultsJson(await engine().evaluate(scenarioJson(evaluated))), 'application/json');
  } catch (error) {
    showToast({ message: `The results could not be exported: ${refusal(error).message}` });
  }
}

/**
 * Presenting on folds the toolbar into ☰ Menu, and off unfolds it: the control used goes with the
 * toolbar it was in, and the focus to ☰ Menu, or to the unfolded toolbar's Presenting.
 */
function present(on: boolean): void {
  setPresenting(on);
  keepPlace(() => (on ? focusFallback() : document.querySelector<HTMLElement>('[data-command="presenting"]')));
}

/** Whether there are values to export (the toolbar renders again on that, not on every answer). */
const hasResults = computed(() => answer.value.results !== null);

function downloadResultsCsv(): void {
  const { results } = answer.peek();
  if (results) download('results.csv', resultsCsv(results), 'text/csv');
}

/**
 * Undo and Redo. The last step undone (or redone) disables its button, and a disabled button drops
 * the focus to the page: it goes to the other one, which that step enabled (once rendered).
 */
function StepButtons() {
  const buttons = [useRef<HTMLButtonElement>(null), useRef<HTMLButtonElement>(null)];
  const steps = [
    { act: undo, can: canUndo, text: '↶ Undo', title: 'Undo (Ctrl+Z)' },
    { act: redo, can: canRedo, text: '↷ Redo', title: 'Redo (Ctrl+Shift+Z)' },
  ];
  return (
    <>
      {steps.map(({ act, can, text, title }, i) => (
        <button
          key={text}
          type="button"
          ref={buttons[i]}
          onClick={() => {
            act();
            if (!can.value) requestAnimationFrame(() => buttons[1 - i]!.current?.focus());
          }}
          disabled={!can.value}
          title={title}
        >
          {text}
        </button>
      ))}
    </>
  );
}

export function Toolbar({ onGallery, onDataset, onImport, onShare, onExperiments, onRuns, runsShown = false, folded = false }: Props) {
  const comparing = rankingCount.value > 1;
  const [menuOpen, setMenuOpen] = useState(false);
  // A lesson's values wait for its numbers: exporting them before would give the answer away.
  const results = hasResults.value && !numbersHidden.value;
  const history = (
    <div class={styles.group}>
      <StepButtons />
    </div>
  );
  // The Runs view keeps the commands that open something (a dialog, an example, the playground);
  // those that act on the playground's scenario in place (undo, the toggles, its exports, its link)
  // would change or save a page that is not on screen.
  const playground = !runsShown;
  const commands = (
    <nav class={folded ? `${styles.toolbar} ${styles.vertical}` : styles.toolbar} aria-label="Playground commands">
      {!folded && playground && history}
      {playground && (
        <>
          <label class={styles.toggle}>
            <input type="checkbox" checked={comparing} onChange={(e) => toggleComparing(e.currentTarget.checked)} />
            Compare two rankings
          </label>
          <label class={styles.toggle}>
            <input
              type="checkbox"
              data-command="presenting"
              checked={presenting.value}
              onChange={(e) => present(e.currentTarget.checked)}
            />
            Presenting
          </label>
        </>
      )}
      <div class={styles.group}>
        <button type="button" class={styles.primary} onClick={onGallery}>
          Gallery…
        </button>
        <button type="button" onClick={onDataset}>
          Grep-BiasIR…
        </button>
        {onExperiments && (
          <button type="button" onClick={onExperiments}>
            DIPS experiments…
          </button>
        )}
        {onRuns && (
          <button type="button" data-action="runs-view" aria-pressed={runsShown} onClick={onRuns}>
            {runsShown ? '← Playground' : 'Runs…'}
          </button>
        )}
        <button type="button" onClick={onImport}>
          Import…
        </button>
        {playground && (
          <>
            <button
              type="button"
              onClick={() => download('scenario.json', JSON.stringify(scenario.peek(), null, 2) + '\n', 'application/json')}
            >
              Export scenario
            </button>
            <button type="button" disabled={!results} onClick={() => downloadResultsCsv()}>
              Export results (CSV)
            </button>
            <button
              type="button"
              disabled={!results}
              title="Every value with its parts, what each rank contributes, and the value at every cut-off"
              onClick={() => void exportResultsJson()}
            >
              Export results (JSON)
            </button>
            <button type="button" onClick={onShare}>
              Share / embed…
            </button>
          </>
        )}
      </div>
    </nav>
  );
  if (!folded) return commands;
  // Undo and redo stay at hand. The popover closes on Escape and on a click outside it (the
  // browser's light dismiss).
  return (
    <div class={styles.folded}>
      {playground && history}
      <button type="button" class={styles.menuButton} popovertarget="commands-menu" aria-expanded={menuOpen} data-focus-fallback>
        ☰ Menu
      </button>
      {presenting.value && (
        <button type="button" onClick={() => present(false)}>
          Stop presenting
        </button>
      )}
      <div
        id="commands-menu"
        popover="auto"
        class={styles.menu}
        onToggle={(e) => setMenuOpen(e.newState === 'open')}
        // A command done (an export) or begun (a dialog) closes the menu; a toggle leaves it open.
        onClick={(e) => {
          if ((e.target as Element).closest('button')) (e.currentTarget as HTMLElement).hidePopover();
        }}
      >
        {commands}
      </div>
    </div>
  );
}
