// Group terms in document texts, as the core found them, for highlighting and for the
// counterfactual swap. The core speaks UTF-8 byte offsets; the page speaks UTF-16 indices
// (converted by wasm/offsets.ts, shared with the engine).
import counterpartsText from '../../data/gender-words/counterparts.txt?raw';

import { spansToUtf16 } from '../../wasm/offsets';
import { count } from './count';

export interface TermSpan {
  start: number;
  end: number;
  group: string;
}

/** The core's byte spans of one document as UTF-16 spans. */
export function toSpans(text: string, matches: { begin: number; end: number; group: string }[]): TermSpan[] {
  return spansToUtf16(
    text,
    matches.map((m) => ({ ...m })),
  ).map((m) => ({ start: m.begin, end: m.end, group: m.group }));
}

const carriedLists = new WeakSet<readonly TermSpan[]>();

/** Whether `spans` were carried across an edit (`carrySpans`), not read by the core from the text as it is. */
export const isCarried = (spans: readonly TermSpan[]): boolean => carriedLists.has(spans);

/**
 * The spans of `before` whose characters an edit to `after` left as they were, moved with the text
 * after the edit: what the page shows between an edit and the core's answer, so a highlight and a
 * count the edit cannot have changed do not blink off for a frame. A span the edit touched goes;
 * one the edit made a word longer around (he → her) stays until the core's answer says otherwise.
 */
export function carrySpans(before: string, spans: readonly TermSpan[], after: string): TermSpan[] {
  const carried: TermSpan[] = [];
  carriedLists.add(carried);
  const shorter = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < shorter && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < shorter - prefix && before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix))
    suffix++;
  const editEnd = before.length - suffix; // the edit replaced before[prefix, editEnd)
  const shift = after.length - before.length;
  for (const span of spans) {
    if (span.end <= prefix) carried.push(span);
    else if (span.start >= editEnd) carried.push({ ...span, start: span.start + shift, end: span.end + shift });
  }
  return carried;
}

/** term → counterpart, from data/gender-words/counterparts.txt ("a,b" both ways, "a>b" one way). */
export const counterparts: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const raw of counterpartsText.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const oneWay = line.match(/^([^>]+)>(.+)$/);
    if (oneWay) {
      map.set(oneWay[1]!, oneWay[2]!);
      continue;
    }
    const [a, b] = line.split(',');
    if (!a || !b) continue;
    if (!map.has(a)) map.set(a, b);
    if (!map.has(b)) map.set(b, a);
  }
  return map;
})();

/** `replacement` written in the case pattern of `original` (he → she, He → She, HE → SHE). */
function matchCase(original: string, replacement: string): string {
  if (original.length > 1 && original === original.toUpperCase()) return replacement.toUpperCase();
  if (original[0] === original[0]?.toUpperCase() && original[0] !== original[0]?.toLowerCase())
    return replacement[0]!.toUpperCase() + replacement.slice(1);
  return replacement;
}

export interface SwapResult {
  text: string;
  swapped: number;
  /** Group terms without a counterpart (first names, mostly), left as they are. */
  kept: string[];
}

/** What a swap says: the terms swapped, and those kept for want of a counterpart (the first eight). */
export function swapNote(swapped: number, kept: Iterable<string>): string {
  const names = [...new Set(kept)];
  return (
    `${count(swapped, 'term')} swapped` +
    (names.length ? `; kept (no counterpart): ${names.slice(0, 8).join(', ')}${names.length > 8 ? ', …' : ''}` : '')
  );
}

/**
 * Words after which "her" is an object ("told her she", "gave her a book", "with her to"), so its
 * counterpart is "him": pronouns, determiners, prepositions, conjunctions and a few adverbs. Before
 * any other word, or none, "her" is taken as possessive ("her book" → "his book"), the counterparts'
 * file's default; after punctuation or at the end of the text it is an object too ("asked her.").
 */
const afterObjectHer = new Set(
  (
    'i you he she it we they me him us them that this these those there who what which whom when where why how ' +
    'a an the some any every all no each both ' +
    'to in on at with for from about as by into onto of over under up down out off away after before through like ' +
    'and or but so because if than while until nor ' +
    'too again now then here very well much yesterday today tomorrow'
  ).split(' '),
);

/** The counterpart of the term `word` found at `end` of `text`; "her" reads the word that follows. */
function counterpartAt(text: string, word: string, end: number): string | undefined {
  const lower = word.toLowerCase();
  if (lower !== 'her') return counterparts.get(lower);
  const next = /^\s*([\p{L}\p{M}']*)/u.exec(text.slice(end, end + 40))![1]!;
  return next === '' || afterObjectHer.has(next.toLowerCase()) ? 'him' : counterparts.get(lower);
}

/** Replaces every group term of `text` that has a counterpart (the counterfactual swap). */
export function swapTerms(text: string, spans: TermSpan[]): SwapResult {
  let out = '';
  let at = 0;
  let swapped = 0;
  const kept: string[] = [];
  for (const span of spans) {
    const word = text.slice(span.start, span.end);
    const counterpart = counterpartAt(text, word, span.end);
    out += text.slice(at, span.start);
    if (counterpart) {
      out += matchCase(word, counterpart);
      swapped++;
    } else {
      out += word;
      kept.push(word);
    }
    at = span.end;
  }
  return { text: out + text.slice(at), swapped, kept };
}
