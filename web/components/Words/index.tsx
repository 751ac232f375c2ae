// Text in a table's cell whose long words (a group's or a run's name without spaces) may break
// anywhere, so they do not widen the column past a phone, while the short ones stay whole. The
// cell itself must not use `overflow-wrap: anywhere`: a table sizes its columns as if every word
// in such a cell could break, and then breaks short ones ("swappe|d") to widen the others.
import styles from './style.module.css';

export function Words({ text, longer = 12 }: { text: string; longer?: number }) {
  return (
    <>
      {text.split(/(\s+)/).map((word, i) =>
        word.length > longer ? (
          <span key={i} class={styles.long}>
            {word}
          </span>
        ) : (
          word
        ),
      )}
    </>
  );
}
