// The lexicon: the built-in word list (NFaiRR's official list) or the scenario's own, one term
// list per group, edited as comma- or line-separated words.
import wordlist from '../../../data/gender-words/wordlist_gender_representative.txt?raw';

import { useEffect, useState } from 'preact/hooks';

import { setLexicon } from '../../state/actions';
import { errorAt } from '../../state/evaluation';
import { groups, scenario } from '../../state/scenario';
import { RefusalText } from '../Refusal';
import styles from './style.module.css';

/** The built-in list by group, read from the same file the core is generated from. */
export const BUILT_IN: Record<string, string[]> = (() => {
  const out: Record<string, string[]> = { female: [], male: [] };
  for (const line of wordlist.split(/\r?\n/)) {
    const [word, group] = line.trim().split(',');
    if (word && group === 'f') out.female!.push(word.toLowerCase());
    if (word && group === 'm') out.male!.push(word.toLowerCase());
  }
  return out;
})();

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
        {group} ({terms.length} terms)
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
  const lexicon = scenario.value.lexicon;
  const list = groups.value;
  const error = errorAt('lexicon');
  return (
    <fieldset class={styles.set}>
      <legend>Lexicon (NFaiRR, TExFAIR, AWRF by terms)</legend>
      {!lexicon ? (
        <>
          <p class={styles.text}>
            Built-in list, from the official NFaiRR code (MIT):{' '}
            {list.map((g) => `${(BUILT_IN[g] ?? []).length} ${g}`).join(', ')} terms.
          </p>
          <button type="button" onClick={() => setLexicon(Object.fromEntries(list.map((g) => [g, [...(BUILT_IN[g] ?? [])]])))}>
            Edit a copy
          </button>
        </>
      ) : (
        <>
          {list.map((g) => (
            <TermsField key={g} group={g} terms={lexicon[g] ?? []} onChange={(terms) => setLexicon({ ...lexicon, [g]: terms })} />
          ))}
          <button type="button" onClick={() => setLexicon(null)}>
            Back to the built-in list
          </button>
        </>
      )}
      {error && (
        <p class={styles.error} role="alert">
          <RefusalText refusal={error} />
        </p>
      )}
    </fieldset>
  );
}
