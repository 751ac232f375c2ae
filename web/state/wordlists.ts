// The word lists the page offers as lexicons, read from the files the core's are generated from:
// the built-in list (NFaiRR's official list, data/gender-words/) and the ARaB list (Rekabsaz and
// Schedl 2020, data/msmarco-query-gender/).
import wordlist from '../../data/gender-words/wordlist_gender_representative.txt?raw';
import arabWordlist from '../../data/msmarco-query-gender/wordlist_genderspecific.txt?raw';

/** A `word,f` / `word,m` list by group (female, male), lowercased. */
function readWordList(text: string): { female: string[]; male: string[] } {
  const out = { female: [] as string[], male: [] as string[] };
  for (const line of text.split(/\r?\n/)) {
    const [word, group] = line.trim().split(',');
    if (word && group === 'f') out.female.push(word.toLowerCase());
    if (word && group === 'm') out.male.push(word.toLowerCase());
  }
  return out;
}

const builtIn: Record<string, string[]> = readWordList(wordlist);

/**
 * The built-in list's terms of a group (the lexicon of a scenario without one is keyed by group
 * name); none for a group it does not name, "constructor" and "toString" included.
 */
export function builtInTerms(group: string): readonly string[] {
  return Object.hasOwn(builtIn, group) ? builtIn[group]! : [];
}

/** The ARaB word list (MIT): 32 female, 32 male gender-specific words. */
export const ARAB_WORDS = readWordList(arabWordlist);

/** The built-in list as a scenario's own lexicon over `groups` (a group it does not name: no terms). */
export function builtInLexicon(groups: readonly string[]): Record<string, string[]> {
  return Object.fromEntries(groups.map((g) => [g, [...builtInTerms(g)]]));
}
