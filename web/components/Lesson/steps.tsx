// The lesson's steps, each a component of its own: what it shows and what it reads. The frame
// (./index.tsx) holds the walk: the step, its heading, the notes above it and the way on.
import type { ComponentChildren } from 'preact';

import type { Lesson as LessonData } from '../../../wasm/types';
import {
  applyChange,
  fairerRanking,
  fillText,
  lessonAnswer,
  lessonChangeMade,
  lessonChangeMissing,
  metricName,
  movements,
  rightOptions,
  type Values,
} from '../../state/lessons';
import { currentAddress, lessonAddress } from '../../state/address';
import { scenario } from '../../state/scenario';
import styles from './style.module.css';

/** A lesson's text with its `{metric@ranking}` shown as the table shows them. */
function Filled({ text, now, before }: { text: string; now: Values; before?: Values }) {
  return (
    <>
      {fillText(text, now, before).map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : (
          <span
            key={i}
            class={styles.value}
            data-lesson-metric={part.metric}
            data-lesson-ranking={part.ranking}
            data-lesson-when={part.before ? 'before' : 'after'}
            data-value={part.value === null ? '' : String(part.value)}
          >
            {part.shown}
          </span>
        ),
      )}
    </>
  );
}

/**
 * After the change: each watched metric's values before and after, and what it now calls fairer,
 * as a table (a row a metric, a column a ranking), short enough to leave the rankings on a slide.
 */
function Moves({ lesson, before, after }: { lesson: LessonData; before: Values; after: Values }) {
  const moves = movements(lesson.change, before, after);
  const two = after.names.length === 2;
  return (
    <table class={styles.moves}>
      <thead>
        <tr>
          <th scope="col">metric</th>
          {after.names.map((name) => (
            <th scope="col" key={name}>
              {name}
            </th>
          ))}
          {two && <th scope="col">fairer now</th>}
        </tr>
      </thead>
      <tbody>
        {lesson.change.watch.map((metric) => {
          const fairer = two ? fairerRanking(metric, after) : null;
          return (
            <tr key={metric} data-watch={metric}>
              <th scope="row">{metricName(metric)}</th>
              {moves
                .filter((m) => m.metric === metric)
                .map((m) => (
                  <td key={m.ranking} data-move-ranking={m.ranking} data-before={m.before} data-after={m.after} data-moved={m.moved}>
                    {m.moved ? `${m.before} → ${m.after}` : `stays ${m.after}`}
                  </td>
                ))}
              {two && <td data-fairer={fairer ?? ''}>{fairer ?? '—'}</td>}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function Look() {
  return (
    <p>
      Read the rankings: each document's words (group terms are highlighted), its label and its relevance. The metric values and the caption
      stay hidden until you have made your prediction.
    </p>
  );
}

export function Predict({ lesson }: { lesson: LessonData }) {
  const answer = lessonAnswer.value;
  return (
    <fieldset class={styles.options}>
      <legend>{lesson.question}</legend>
      {lesson.options.map((o, i) => (
        <label key={o.label}>
          <input type="radio" name="lesson-answer" checked={answer === i} onChange={() => (lessonAnswer.value = i)} /> {o.label}
        </label>
      ))}
    </fieldset>
  );
}

/** Whether the prediction holds, and why: `revealed` the example's values, `live` those on screen. */
export function Numbers({ lesson, revealed, live }: { lesson: LessonData; revealed: Values; live: Values | null }) {
  const chosen = lessonAnswer.value ?? 0;
  const right = rightOptions(lesson, revealed)[chosen];
  return (
    <>
      <p class={right ? styles.right : styles.wrong} data-answer={right ? 'right' : 'wrong'}>
        You said “{lesson.options[chosen]?.label}”: {right ? 'the numbers agree.' : 'the numbers say otherwise.'}
      </p>
      <p data-reveal>
        <Filled text={lesson.reveal} now={revealed} />
      </p>
      {revealed !== live && <p class={styles.aside}>These are the example’s numbers, before the change of the next step.</p>}
    </>
  );
}

interface ChangeProps {
  lesson: LessonData;
  live: Values | null;
  /** The values before the change, while the change is on screen as made; null otherwise. */
  before: Values | null;
  /** Whether the change can be made: not made, or undone, on the example as loaded. */
  ready: boolean;
  /** Whether the scenario on screen is the one before the change. */
  undone: boolean;
  computing: ComponentChildren;
}

export function Change({ lesson, live, before, ready, undone, computing }: ChangeProps) {
  const changed = lessonChangeMade.value;
  return (
    <>
      <p>Change one thing and watch {new Intl.ListFormat('en', { type: 'conjunction' }).format(lesson.change.watch.map(metricName))}.</p>
      <button
        type="button"
        class={styles.primary}
        // Not `disabled` once used: a disabled button drops the focus to the page.
        aria-disabled={!ready}
        onClick={() => {
          if (!ready || !live) return;
          const from = scenario.peek();
          if (applyChange(lesson.change)) lessonChangeMade.value = { before: live, from, to: scenario.peek() };
          else lessonChangeMissing.value = true;
        }}
      >
        {lesson.change.label}
      </button>
      {/* Paper has no buttons: a handout says what the change is, and whether it was made. */}
      <p class={styles.printedChange} data-printed-change>
        The change: {lesson.change.label}
        {before ? ' (made)' : ''}.
      </p>
      {lessonChangeMissing.value && (
        <p role="alert">The change names a ranking or a document that is no longer here: go back to the example to try it.</p>
      )}
      {changed && !before && !undone && (
        <p class={styles.aside}>The example has changed since: Undo to see the change again, or go back to the example.</p>
      )}
      {before &&
        (live ? (
          <div data-why>
            <Moves lesson={lesson} before={before} after={live} />
            {lesson.change.why && (
              <p>
                <Filled text={lesson.change.why} now={live} before={before} />
              </p>
            )}
          </div>
        ) : (
          computing
        ))}
    </>
  );
}

/** The last step: the student's own changes; a gallery example's lesson offers the example back. */
export function YourTurn({ example, back }: { example: string | null; back: () => void }) {
  return (
    <>
      <p>
        Try your own change: swap a passage, drag a card, or change a parameter, and watch the values that change light up with their
        previous value.
      </p>
      <p>
        {example && (
          <>
            <button type="button" onClick={back}>
              Back to the example
            </button>{' '}
          </>
        )}
        <a href={example ? `?preset=${encodeURIComponent(example)}` : lessonAddress(currentAddress(), null)}>Leave the lesson</a>
      </p>
    </>
  );
}
