// The scenario's title and caption. A caption describes the example as it was loaded: once the
// scenario is edited, it says so, and *Back to the example* restores the example.
import { useRef } from 'preact/hooks';

import { backToExample, exampleChanged } from '../../state/example';
import { OWN_LESSON, activeLesson, availableLesson, startLesson, numbersHidden } from '../../state/lessons';
import { description as descriptionSignal, title as titleSignal } from '../../state/scenario';
import { firstSentence } from '../../state/presets';
import { printing } from '../../state/print';
import { presenting } from '../../state/view';
import { keepPlace } from '../../state/focus';
import styles from './style.module.css';

/** `heading`: h1 where the caption is the page's first heading (an embed), else h2. */
export function Caption({ heading: Heading = 'h2' }: { heading?: 'h1' | 'h2' }) {
  // A lesson's example title may give its answer away: before the numbers, the lesson's own.
  const lesson = activeLesson.value;
  const title = numbersHidden.value && lesson ? `Lesson: ${lesson.title ?? 'predict, then see'}` : titleSignal.value;
  const description = descriptionSignal.value;
  const offer = !lesson ? availableLesson.value : null;
  const heading = useRef<HTMLHeadingElement>(null);
  if (!title && !description) return Heading === 'h1' ? <h1 class={styles.plain}>Fairness metrics</h1> : null;
  const changed = exampleChanged.value;
  // The slide's short form is for the screen: printed, the caption is whole.
  const slide = presenting.value && !printing.value;
  return (
    <section
      class={changed ? `${styles.caption} ${styles.changed}` : styles.caption}
      aria-label="About this scenario"
      data-changed={changed}
    >
      {/* Focusable by script: where the focus goes when the notice's button goes. */}
      {title && (
        <Heading class={styles.title} ref={heading} tabIndex={-1} data-caption-title>
          {title}
        </Heading>
      )}
      {offer && (
        <button
          type="button"
          class={styles.start}
          onClick={() => {
            startLesson(offer);
            // The button goes as the lesson comes: its first step's heading takes the focus.
            keepPlace(() => document.getElementById('lesson-step'));
          }}
          data-no-print
        >
          ▶ Start {offer === OWN_LESSON ? 'this scenario’s' : 'this example’s'} lesson
        </button>
      )}
      {changed && (
        <p class={styles.notice} role="status">
          <strong>You changed this example.</strong>{' '}
          {/* Presenting: the notice in the caption's one line, its explanation for assistive technology. */}
          <span class={slide ? 'sr-only' : undefined}>The caption describes it as it was, so its numbers may no longer hold.</span>{' '}
          <button
            type="button"
            onClick={() => {
              backToExample();
              keepPlace(() => heading.current);
            }}
          >
            Back to the example
          </button>
        </p>
      )}
      {description &&
        (numbersHidden.value ? (
          <p class={styles.text}>The caption tells what the numbers show, so it appears once you have made your prediction.</p>
        ) : slide && changed ? (
          // Presenting an edited example: the notice is the line; the caption as it was, for whoever asks.
          <details class={styles.more}>
            <summary>Caption</summary>
            <p class={styles.text}>{description}</p>
          </details>
        ) : slide && firstSentence(description) !== description.trim() ? (
          // Presenting: one line on the screen, the rest for whoever asks.
          <>
            <p class={styles.text}>{firstSentence(description)}</p>
            <details class={styles.more}>
              <summary>More</summary>
              <p class={styles.text}>{description.trim().slice(firstSentence(description).length).trim()}</p>
            </details>
          </>
        ) : (
          <p class={styles.text}>{description}</p>
        ))}
    </section>
  );
}
