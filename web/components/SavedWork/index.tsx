// The autosave made visible (state/autosave.ts): when the work was last saved, an offer when
// another save exists that this tab did not write over (load it, keep mine, or not now), and the two ways
// back: to the starting example, and to the autosave from before the last reset or import.
import { signal } from '@preact/signals';
import { useMemo } from 'preact/hooks';

import { autosave, lastSave, offer, previousSave } from '../../state/autosave';
import { focusFallback, keepPlace } from '../../state/focus';
import styles from './style.module.css';

// One formatter for every save: toLocaleTimeString builds a new one per call (about 4 ms each).
const clock = new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const time = (at: number | null) => (at === null ? 'earlier' : clock.format(at));

/** Why a saved scenario could not be loaded (the core refused it): the page keeps what it shows. */
const problem = signal<string | null>(null);

function attempt(load: () => Promise<void>) {
  problem.value = null;
  load().catch((error: unknown) => {
    problem.value = `That saved scenario could not be loaded, and nothing was changed: ${error instanceof Error ? error.message : String(error)}`;
  });
}

/**
 * Another save this tab did not write over, offered. It comes with a save, in the idle time after
 * an edit, so it floats over the page (App docks it with the toast) rather than pushing the page
 * down under the pointer.
 */
export function SavedWorkOffer() {
  const current = offer.value;
  // Where the user was when it came: each answer takes the offer away, and the focus back there.
  const from = useMemo(() => (current ? document.activeElement : null), [current]);
  if (!current) return null;
  const answer = (act: () => void) => () => {
    act();
    keepPlace(() => (from instanceof HTMLElement && from.isConnected && from.checkVisibility?.() !== false ? from : focusFallback()));
  };
  const text =
    current.kind === 'other-tab'
      ? `Another tab saved its work (at ${time(current.savedAt)}). This tab's changes are kept here and not saved over it.`
      : `Your own autosaved work (saved at ${time(current.savedAt)}) is kept: the changes on this page are not saved over it.`;
  return (
    <div class={styles.banner} role="alert" aria-label="Saved work" data-no-print>
      <span>{text}</span>
      <button type="button" onClick={answer(() => attempt(() => autosave().loadOffered()))}>
        {current.kind === 'other-tab' ? 'Load the other tab’s work' : 'Open my saved work'}
      </button>
      <button type="button" onClick={answer(() => autosave().keepMine())}>
        Keep this page’s work (save it instead)
      </button>
      <button type="button" onClick={answer(() => autosave().setOfferAside())} title="This tab keeps its work apart, as now">
        Not now
      </button>
    </div>
  );
}

/** `quiet` (presenting, the Runs view): only a refusal, not the status row. */
export function SavedWork({ quiet = false }: { quiet?: boolean }) {
  const saved = lastSave.value;
  const previous = previousSave.value;
  return (
    <>
      <section class={styles.row} aria-label="Autosave" hidden={quiet} data-no-print>
        {/* A save as usual is said on screen, not announced at every edit; where the work is kept
            otherwise (storage full, this tab only), a screen reader hears it. */}
        {saved === null || saved.where === 'browser' ? (
          <span class={styles.status}>
            {saved === null ? 'Edits are saved in this browser as you work.' : `Saved in this browser at ${time(saved.at)}.`}
          </span>
        ) : null}
        <span class={styles.status} role="status">
          {saved === null || saved.where === 'browser'
            ? ''
            : saved.where === 'full'
              ? `The browser's storage is full: your work is kept in this tab and its address only (${time(saved.at)}).`
              : `Saved in this tab at ${time(saved.at)}.`}
        </span>
        <button
          type="button"
          onClick={() => autosave().reset()}
          title="Replace the scenario by the starting example (Undo, or Restore, brings it back)"
        >
          Reset to the starting example
        </button>
        <button
          type="button"
          disabled={previous === null}
          onClick={() => attempt(() => autosave().restorePrevious())}
          title={
            previous === null
              ? 'No earlier autosave: it is kept when a reset or an import replaces your work'
              : `The autosave from ${time(previous)}, before the last reset or import`
          }
        >
          Restore the previous autosave
        </button>
      </section>
      {problem.value && (
        <p class={styles.problem} role="alert">
          {problem.value}
        </p>
      )}
    </>
  );
}
