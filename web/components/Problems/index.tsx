// What the page was asked for and could not do (an unknown preset or metric, a damaged link, a
// refused ?scenario=), each said in words: the page and every embed show them, never a silent
// fallback to something else.
import styles from './style.module.css';

export function Problems({ problems, compact = false }: { problems: string[]; compact?: boolean }) {
  if (problems.length === 0) return null;
  return (
    <div class={compact ? `${styles.problems} ${styles.compact}` : styles.problems} role="alert" data-problems>
      {problems.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </div>
  );
}
