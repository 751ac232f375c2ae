// A lesson (`?lesson=<preset>`): look at the example, predict what a metric will say, see the
// numbers, change one thing and see which metrics move and why. Walkable with the keyboard alone:
// each step's heading takes focus, and the step's text is announced.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';

import { backToExample } from '../../state/example';
import { LESSONS, findLesson, liveValues, metricName, type Values } from '../../state/lessons';
import { findPreset } from '../../state/presets';
import { numbersHidden } from '../../state/view';
import styles from './style.module.css';

const TITLES = ['Look', 'Predict', 'The numbers', 'Change one thing', 'Your turn'];

export function Lesson({ id }: { id: string }) {
  const def = findLesson(id);
  const [step, setStep] = useState(0);
  const [answer, setAnswer] = useState<number | null>(null);
  const [before, setBefore] = useState<Values | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  // The numbers stay hidden until the prediction is made.
  useEffect(() => {
    numbersHidden.value = !!def && step < 2;
  }, [step, def]);
  useEffect(() => () => void (numbersHidden.value = false), []);
  // A layout effect, so focus moves in the same commit as the new heading (a plain effect runs
  // after paint, and a keyboard user's next key could land on the old step).
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  if (!def)
    return (
      <section class={styles.lesson} aria-label="Lesson">
        <p role="alert">
          There is no lesson “{id}”. Lessons: {LESSONS.map((l) => l.id).join(', ')}.
        </p>
      </section>
    );

  const title = findPreset(def.id)?.title ?? def.id;
  const v = liveValues();
  const options = v ? def.options(v) : [];
  const right = v && answer !== null ? options[answer]?.holds(v) : null;

  const body = () => {
    switch (step) {
      case 0:
        return (
          <p>
            Read the rankings below: each document's words (group terms are highlighted), its label and its relevance. The metric values and
            the caption stay hidden until you have made your prediction.
          </p>
        );
      case 1:
        return (
          <fieldset class={styles.options}>
            <legend>{def.question}</legend>
            {options.map((o, i) => (
              <label key={o.label}>
                <input type="radio" name="lesson-answer" checked={answer === i} onChange={() => setAnswer(i)} /> {o.label}
              </label>
            ))}
          </fieldset>
        );
      case 2:
        return v ? (
          <>
            <p class={right ? styles.right : styles.wrong} data-answer={right ? 'right' : 'wrong'}>
              You said “{options[answer ?? 0]?.label}”: {right ? 'the numbers agree.' : 'the numbers say otherwise.'}
            </p>
            <p>{def.reveal(v)}</p>
          </>
        ) : (
          <p>Computing…</p>
        );
      case 3:
        return (
          <>
            <p>
              Change one thing and watch {new Intl.ListFormat('en', { type: 'conjunction' }).format(def.change.metrics.map(metricName))}.
            </p>
            <button
              type="button"
              class={styles.primary}
              disabled={!!before || !v}
              onClick={() => {
                setBefore(v);
                def.change.apply();
              }}
            >
              {def.change.label}
            </button>
            {before && (v ? <p data-why>{def.change.why(before, v)}</p> : <p>Computing…</p>)}
          </>
        );
      default:
        return (
          <>
            <p>
              Try your own change: swap a passage, drag a card, or change a parameter, and watch the values that change light up with their
              previous value.
            </p>
            <p>
              <button type="button" onClick={backToExample}>
                Back to the example
              </button>{' '}
              <a href={`?preset=${encodeURIComponent(def.id)}`}>Leave the lesson</a>
            </p>
          </>
        );
    }
  };

  const canGoOn = step === 1 ? answer !== null : step === 3 ? !!before && !!v : step < 4;
  return (
    <section class={styles.lesson} aria-labelledby="lesson-step" data-step={step}>
      <p class={styles.kicker}>
        Lesson: {title} · step {step + 1} of {TITLES.length}
      </p>
      <h2 id="lesson-step" ref={heading} tabIndex={-1} class={styles.heading}>
        {TITLES[step]}
      </h2>
      <div aria-live="polite">{body()}</div>
      <div class={styles.nav}>
        {step > 0 && (
          <button type="button" onClick={() => setStep(step - 1)}>
            ← Back
          </button>
        )}
        {step < 4 && (
          <button type="button" class={styles.primary} disabled={!canGoOn} onClick={() => setStep(step + 1)}>
            {step === 1 ? 'Reveal the numbers →' : 'Next →'}
          </button>
        )}
      </div>
    </section>
  );
}
