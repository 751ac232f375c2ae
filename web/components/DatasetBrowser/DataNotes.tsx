// What the dialog says about the dataset: how its labels are read, its odd queries, the credit.
import { labelMappingNote, stereotypeNote, type GrepBiasIR } from '../../state/grepbiasir';
import styles from './style.module.css';

export function DataNotes({ data }: { data: GrepBiasIR | null }) {
  return (
    <section class={styles.notes} aria-label="About the data">
      {data && (
        <ul>
          <li>
            <strong>Labels:</strong> {labelMappingNote(data)}
          </li>
          {stereotypeNote(data) && <li>{stereotypeNote(data)}</li>}
          {data.shapeExceptions.length > 0 && (
            <li>
              Not every query has one document of each wording and relevance (F, M, N × 1, 0):{' '}
              {data.shapeExceptions.map((e) => `query ${e.q_id} has ${e.found}`).join('; ')}.
            </li>
          )}
          <li>
            Texts are the title, then the document; line breaks and runs of spaces become one space, zero-width spaces are dropped.
            Relevance is the dataset's relevant column (1 or 0).
          </li>
        </ul>
      )}
      <p class={styles.credit}>
        Data: Grep-BiasIR (Krieg et al., CHIIR 2023), CC0 —{' '}
        <a href="https://github.com/KlaraKrieg/GrepBiasIR" target="_blank" rel="noopener">
          KlaraKrieg/GrepBiasIR
        </a>
        .
      </p>
    </section>
  );
}
