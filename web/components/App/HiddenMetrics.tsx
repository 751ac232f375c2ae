// The metrics' place while a lesson hides them, a component of its own: what it reads of the
// evaluation (a refusal) renders it alone, not the page, at every answer.
import { answer, stale } from '../../state/evaluation';
import { lessonRefused } from '../../state/messages';
import styles from './style.module.css';

export function HiddenMetrics() {
  const error = stale.value ? answer.value.error : null;
  return (
    <section id="metrics" tabIndex={-1} class={styles.hidden} aria-label="Metrics (hidden)">
      <h2>Metrics</h2>
      <p>Hidden until you predict: answer the lesson's question first.</p>
      {/* The refusal is said once, in the lesson; here, where the eye is while editing, where to read it. */}
      {error && lessonRefused(error) && <p data-hidden-refused>The last edit is refused: the lesson above says why.</p>}
    </section>
  );
}
