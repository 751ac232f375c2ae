// The lexicon: the built-in word list (NFaiRR's official list) or the scenario's own, one term
// list per group, edited as comma- or line-separated words; or the ARaB word list (Rekabsaz and
// Schedl 2020) that RaB and ARaB count in the public code.
import { useEffect, useState } from 'preact/hooks';

import { setLexicon } from '../../state/actions';
import { count } from '../../state/count';
import { errorAt, resolvedParams } from '../../state/evaluation';
import { groups, lexicon as lexiconSignal } from '../../state/scenario';
import { ARAB_WORDS, builtInLexicon, builtInTerms } from '../../state/wordlists';
import { RefusalText } from '../Refusal';
import styles from './style.module.css';

/** The ARaB list as a lexicon: its f words for RaB's group f, its m words for m, none for the others. */
function arabLexicon(list: string[]): Record<string, string[]> {
  const [f, m] = resolvedParams.value?.rabGroups ?? (list.includes('female') && list.includes('male') ? ['female', 'male'] : list);
  return Object.fromEntries(list.map((g) => [g, g === f ? [...ARAB_WORDS.female] : g === m ? [...ARAB_WORDS.male] : []]));
}

const splitTerms = (text: string) =>
  text
    .split(/[,\n]/)
    .map((t) => t.trim())
    .filter(Boolean);

/** One group's terms; keeps the typed text (a trailing comma included) while it parses the same. */
function TermsField({ group, terms, onChange }: { group: string; terms: string[]; onChange: (terms: string[]) => void }) {
  const [text, setText] = useState(terms.join(', '));
  useEffect(() => {
    if (splitTerms(text).join('\n') !== terms.join('\n')) setText(terms.join(', '));
  }, [terms]);
  return (
    <label class={styles.group}>
      <span class={styles.label}>
        {group} ({count(terms.length, 'term')})
      </span>
      <textarea
        rows={3}
        value={text}
        aria-label={`Terms of group ${group}`}
        onInput={(e) => {
          setText(e.currentTarget.value);
          onChange(splitTerms(e.currentTarget.value));
        }}
      />
    </label>
  );
}

export function LexiconEditor() {
  const lexicon = lexiconSignal.value;
  const list = groups.value;
  const error = errorAt('lexicon');
  return (
    <fieldset class={styles.set}>
      <legend>Lexicon (NFaiRR, TExFAIR, AWRF by terms, RaB, ARaB)</legend>
      {!lexicon ? (
        <>
          <p class={styles.text}>
            Built-in list, from the official NFaiRR code (MIT): {list.map((g) => `${builtInTerms(g).length} ${g}`).join(', ')} terms.
          </p>
          <button type="button" onClick={() => setLexicon(builtInLexicon(list))}>
            Edit a copy
          </button>
        </>
      ) : (
        <>
          {list.map((g) => (
            <TermsField
              key={g}
              group={g}
              terms={Object.hasOwn(lexicon, g) ? lexicon[g]! : []}
              onChange={(terms) => setLexicon({ ...lexicon, [g]: terms })}
            />
          ))}
          <button type="button" onClick={() => setLexicon(null)}>
            Back to the built-in list
          </button>
        </>
      )}
      <button
        type="button"
        onClick={() => setLexicon(arabLexicon(list))}
        title="the public RaB/ARaB code also splits on spaces only: tokenizer whitespace"
      >
        Use the ARaB word list ({ARAB_WORDS.female.length} + {ARAB_WORDS.male.length}, Rekabsaz and Schedl 2020)
      </button>
      {error && (
        <p class={styles.error} role="alert">
          <RefusalText refusal={error} />
        </p>
      )}
    </fieldset>
  );
}
