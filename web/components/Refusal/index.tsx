// A refusal of the core as a person reads it (state/messages.ts): the words first, then the JSON
// path it names, as a detail for those who edit the scenario file.
import type { Refusal } from '../../state/evaluation';
import { refusalInWords } from '../../state/messages';
import { scenario } from '../../state/scenario';
import styles from './style.module.css';

export function RefusalText({ refusal }: { refusal: Refusal }) {
  const { text, detail } = refusalInWords(refusal, scenario.value);
  return (
    <>
      {text}
      {detail && (
        <>
          {' '}
          <code class={styles.path} title="where in the scenario JSON">
            ({detail})
          </code>
        </>
      )}
    </>
  );
}
