// A lesson: look at the example, predict what a metric will say, see the numbers, change one thing
// and see which metrics move, then try your own. Walkable with the keyboard alone: each step's
// heading takes focus and its text is announced; → and ← (PageDown and PageUp, a presenter's
// clicker) move between steps. Nothing shows a value before *The numbers*.
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';

import { evaluation } from '../../state/evaluation';
import { backToExample, exampleChanged } from '../../state/example';
import {
  activeLesson,
  lessonExample,
  lessonAnswer,
  lessonChangeMade,
  lessonRequest,
  lessonStep,
  OWN_LESSON,
  liveValues,
  resetLessonWalk,
} from '../../state/lessons';
import { findPreset } from '../../state/presets';
import { scenario } from '../../state/scenario';
import { keepPlace } from '../../state/focus';
import { lessonRefused } from '../../state/messages';
import { RefusalText } from '../Refusal';
import { Change, Look, Numbers, Predict, YourTurn } from './steps';
import styles from './style.module.css';

const TITLES = ['Look', 'Predict', 'The numbers', 'Change one thing', 'Your turn'];
const LAST = TITLES.length - 1;

/**
 * Whether the key belongs to the control it was pressed in. A presenter's clicker sends PageDown
 * and PageUp, and has no other key: they move the steps from any control (a select would take
 * them as another option, an edit of the example; a text box would swallow them). → and ← stay the
 * control's in a text box, a select, and a radio group (an answer just chosen keeps the focus).
 */
function keyOfControl(e: KeyboardEvent): boolean {
  const el = e.target as HTMLElement | null;
  if (!el || e.key === 'PageDown' || e.key === 'PageUp') return false;
  return el.isContentEditable || ['TEXTAREA', 'SELECT', 'INPUT'].includes(el.tagName);
}

/**
 * The steps' keys: a presenter's clicker sends PageDown and PageUp; a keyboard, → and ←. Not
 * while typing, nor while a dialog is open. `go` is read at the key, so it may change each render.
 */
function useStepKeys(go: { next: () => void; back: () => void }): void {
  const latest = useRef(go);
  latest.current = go;
  // Attached in the commit that shows the lesson: a plain effect waits for the next frame, and a
  // key pressed the moment *Look* is on screen could be lost.
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || keyOfControl(e) || document.querySelector('dialog[open]')) return;
      if (e.key === 'ArrowRight' || e.key === 'PageDown') latest.current.next();
      else if (e.key === 'ArrowLeft' || e.key === 'PageUp') latest.current.back();
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

export function Lesson() {
  const lesson = activeLesson.value;
  const example = lessonExample.value;
  const step = lessonStep.value;
  const setStep = (next: number) => void (lessonStep.value = next);
  const answer = lessonAnswer.value;
  // The change, once made (an undo takes the page back to its `from`, a redo to its `to`; any
  // other scenario is the change and more).
  const changed = lessonChangeMade.value;
  const heading = useRef<HTMLHeadingElement>(null);
  // The notice holding *Back to the example* goes with the change it undoes: the step's heading keeps the place.
  const back = () => {
    backToExample();
    keepPlace(() => heading.current);
  };
  const first = useRef(true);

  // A lesson left starts again at its first step (the numbers hidden until the prediction); one
  // moved by presenting, still asked for, goes on where it was.
  useEffect(
    () => () => {
      if (!lessonRequest.peek()) resetLessonWalk();
    },
    [],
  );
  // A layout effect, so focus moves in the same commit as the new heading (a plain effect runs
  // after paint, and a keyboard user's next key could land on the old step).
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const v = liveValues();
  // An edit the core refused (one that breaks what a scenario's own lesson names, say): the
  // values stay the last valid ones, hidden before the prediction, so the lesson says why it waits.
  const { status, error } = evaluation.value;
  const refused = status === 'stale' ? error : null;
  const computing = refused ? null : <p>Computing…</p>;
  const shown = scenario.value;
  const before = changed && shown === changed.to ? changed.before : null; // the change on screen, as made
  // Before the change as an undo leaves it, or at a gallery example as loaded (put back by *Back
  // to the example*, or opened again): the change can be made on it.
  const undone = !changed || shown === changed.from || (!!example && !exampleChanged.value);
  // The numbers the lesson's reveal speaks of: the example's, even once the change is made.
  const revealed = changed && !undone ? changed.before : v;
  // Once the change's values are in, the step's way on is in view: on a slide the column scrolls
  // just enough (its table and explanation may be taller than the slide), the page never does.
  const nav = useRef<HTMLDivElement>(null);
  const changeInView = !!before && !!v;
  useEffect(() => {
    if (changeInView) nav.current?.scrollIntoView({ block: 'nearest' });
  }, [changeInView]);
  const canGoOn = step === 1 ? answer !== null : step === 3 ? !!before && !!v : step < LAST;
  // The example changed before this lesson's own change (an edit while looking, or the change kept
  // by the autosave across a reload, which starts the lesson again): its texts speak of the
  // example as loaded, and its change is to be made on that.
  const edited = !!example && !changed && exampleChanged.value;

  useStepKeys({
    next: () => canGoOn && step < LAST && setStep(step + 1),
    back: () => step > 0 && setStep(step - 1),
  });

  if (!lesson)
    return (
      <section class={styles.lesson} aria-label="Lesson">
        <p role="alert">
          {lessonRequest.value && lessonRequest.value !== OWN_LESSON && !example
            ? `There is no example “${lessonRequest.value}” with a lesson.`
            : 'This scenario has no lesson.'}
        </p>
      </section>
    );

  // The example's own title may give the answer away: before the numbers, the lesson's.
  const title = step >= 2 && example ? (findPreset(example)?.title ?? lesson.title) : (lesson.title ?? 'a lesson');

  const bodies = [
    () => <Look />,
    () => <Predict lesson={lesson} />,
    () => (revealed ? <Numbers lesson={lesson} revealed={revealed} live={v} /> : computing),
    () => <Change lesson={lesson} live={v} before={before} ready={undone && !!v && !edited} undone={undone} computing={computing} />,
    () => <YourTurn example={example} back={back} />,
  ];

  return (
    <section class={styles.lesson} aria-labelledby="lesson-step" data-step={step}>
      <p class={styles.kicker}>
        <span class={styles.kickerTitle}>Lesson: {title} · </span>
        <span class={styles.kickerStep}>
          step {step + 1} of {TITLES.length}
        </span>
      </p>
      <h2 id="lesson-step" ref={heading} tabIndex={-1} class={styles.heading}>
        {TITLES[step]}
      </h2>
      <div aria-live="polite" class={styles.body}>
        {edited && step < LAST && (
          <p class={styles.aside} data-lesson-edited>
            This is the example changed (here, or before the page was reloaded): the lesson speaks of it as it was loaded.{' '}
            <button type="button" onClick={back}>
              Back to the example
            </button>
          </p>
        )}
        {refused &&
          (lessonRefused(refused) ? (
            <p role="alert" class={styles.refused} data-lesson-refused>
              This edit is refused, and the lesson waits for a valid scenario: Undo (Ctrl+Z) takes it back.{' '}
              <RefusalText refusal={refused} />
            </p>
          ) : (
            <p class={styles.aside}>
              The lesson waits for a valid scenario: the refused field says why, and Undo (Ctrl+Z) takes the edit back.
            </p>
          ))}
        {bodies[step]!()}
      </div>
      <div class={styles.nav} ref={nav}>
        {step > 0 && (
          <button type="button" onClick={() => setStep(step - 1)}>
            ← Back
          </button>
        )}
        {step < LAST && (
          <button type="button" class={styles.primary} disabled={!canGoOn} onClick={() => setStep(step + 1)}>
            {step === 1 ? 'Reveal the numbers →' : 'Next →'}
          </button>
        )}
        <span class={styles.keys}>← → or Page Up / Page Down to move between steps</span>
      </div>
    </section>
  );
}
