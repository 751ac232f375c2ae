// Lessons (`?lesson=<preset>`): for each gallery example, a question to predict, the numbers, one
// change (a swap, τ, c_t, RBDF, a label, the browsing model) and which metrics moved and why. Every
// sentence that states a number reads it from the live results: nothing here is a copied value.
import { setBrowsing, setDocLabel, setDocTexts, setParam } from './actions';
import { evaluation, spansFor } from './evaluation';
import { descriptors, formatValue, metricOf } from './metrics';
import { scenario } from './scenario';
import { swapTerms } from './terms';

/** What a lesson's sentences read: a metric's value for a ranking (by index), and names. */
export interface Values {
  value(r: number, metric: string): number | null;
  /** The value formatted as the table shows it. */
  show(r: number, metric: string): string;
  ranking(r: number): string;
}

export interface LessonOption {
  label: string;
  /** Whether this answer matches the numbers. */
  holds: (v: Values) => boolean;
}

export interface LessonDef {
  /** The preset the lesson walks through. */
  id: string;
  question: string;
  options: (v: Values) => LessonOption[];
  /** After the reveal: what the numbers say, in words. */
  reveal: (v: Values) => string;
  change: {
    /** What the button does, e.g. "Set c_t to 0". */
    label: string;
    apply: () => void;
    /** The metrics to watch before and after. */
    metrics: string[];
    /** Why they moved (or did not), with the numbers after the change. */
    why: (before: Values, after: Values) => string;
  };
}

export function liveValues(): Values | null {
  const { results, status } = evaluation.value;
  if (!results || status !== 'current') return null;
  return snapshot(results.rankings);
}

function snapshot(rankings: NonNullable<typeof evaluation.value.results>['rankings']): Values {
  return {
    value: (r, metric) => (rankings[r] ? metricOf(rankings[r]!, metric).value : null),
    show: (r, metric) => (rankings[r] ? formatValue(metricOf(rankings[r]!, metric).value) : '—'),
    ranking: (r) => rankings[r]?.name ?? String.fromCharCode(65 + r),
  };
}

export function metricName(id: string): string {
  return descriptors.value.find((d) => d.id === id)?.name ?? id;
}

const near = (a: number | null, b: number | null) => a !== null && b !== null && Math.abs(a - b) <= 1e-9;

/** "Which of two rankings will <metric> call fairer?": A, B, or neither. */
function whichIsFairer(metric: string, fairer: 'higher' | 'lower' | 'closer to 0'): (v: Values) => LessonOption[] {
  const score = (v: Values, r: number) => {
    const x = v.value(r, metric);
    return x === null ? null : fairer === 'higher' ? x : fairer === 'lower' ? -x : -Math.abs(x);
  };
  const side = (v: Values) => {
    const a = score(v, 0);
    const b = score(v, 1);
    if (a === null || b === null || near(a, b)) return 0;
    return a > b ? -1 : 1;
  };
  return (v) => [
    { label: v.ranking(0), holds: (w) => side(w) === -1 },
    { label: v.ranking(1), holds: (w) => side(w) === 1 },
    { label: 'Neither: the same', holds: (w) => side(w) === 0 },
  ];
}

/** Replaces every group term of document j of ranking r by its counterpart (as *Swap* does). */
function swapDocument(r: number, j: number): void {
  const doc = scenario.peek().rankings[r]?.docs[j];
  const spans = doc ? spansFor(doc.text) : null;
  if (!doc || !spans) return;
  setDocTexts([{ r, j, text: swapTerms(doc.text, spans).text }]);
}

/** "X: a → b" or "X: stays a". */
function moved(before: Values, after: Values, r: number, metric: string): string {
  const a = before.show(r, metric);
  const b = after.show(r, metric);
  return a === b
    ? `${metricName(metric)} for ${after.ranking(r)} stays ${b}`
    : `${metricName(metric)} for ${after.ranking(r)} goes from ${a} to ${b}`;
}

export const LESSONS: LessonDef[] = [
  {
    id: 'texfair-figure-1',
    question: 'Left mixes male and female passages; Right is all male. Which list will NFaiRR call fairer?',
    options: whichIsFairer('nfairr', 'higher'),
    reveal: (v) =>
      `NFaiRR gives ${v.ranking(0)} ${v.show(0, 'nfairr')} and ${v.ranking(1)} ${v.show(1, 'nfairr')}: every passage has two group terms, more than τ allows, so NFaiRR sees each one as non-neutral and cannot tell the lists apart. ` +
      `TExFAIR counts which group the terms belong to: ${v.show(0, 'texfair')} for ${v.ranking(0)}, ${v.show(1, 'texfair')} for ${v.ranking(1)}.`,
    change: {
      label: "Swap the terms of Left's second passage (she → he, her → his)",
      apply: () => swapDocument(0, 1),
      metrics: ['nfairr', 'texfair'],
      why: (b, a) =>
        `${moved(b, a, 0, 'texfair')}: Left now has three male passages of four, so its term exposure is less balanced. ` +
        `${moved(b, a, 0, 'nfairr')}: the passage was non-neutral before and is non-neutral after; NFaiRR asks whether a passage leans, not which way.`,
    },
  },
  {
    id: 'cwex-figure-1',
    question: 'Every passage is labelled male. The (b)-like passages mention both a man and a woman. Which list will NFaiRR call fairer?',
    options: whichIsFairer('nfairr', 'higher'),
    reveal: (v) =>
      `NFaiRR reads only the words: ${v.ranking(0)} ${v.show(0, 'nfairr')}, ${v.ranking(1)} ${v.show(1, 'nfairr')}. ` +
      `CWEx reads the labels, which are all male: ${v.show(0, 'cwex')} and ${v.show(1, 'cwex')}, the same for both.`,
    change: {
      label: 'Relabel passage (b), the first of “like (b)”, as neutral',
      apply: () => setDocLabel(1, 0, 'neutral'),
      metrics: ['cwex', 'nfairr'],
      why: (b, a) =>
        `${moved(b, a, 1, 'cwex')}: CWEx gives the top rank's exposure to the label, and that label is now neutral. ` +
        `${moved(b, a, 1, 'nfairr')}: the words did not change, and NFaiRR reads only words.`,
    },
  },
  {
    id: 'nfairr-figure-1',
    question: 'BertAdv moves the one male-worded passage from rank 2 to rank 8. Which ranking will NFaiRR call fairer?',
    options: whichIsFairer('nfairr', 'higher'),
    reveal: (v) =>
      `NFaiRR: ${v.ranking(0)} ${v.show(0, 'nfairr')}, ${v.ranking(1)} ${v.show(1, 'nfairr')}. The non-neutral passage weighs less at rank 8 than at rank 2, so the adversarial order is fairer.`,
    change: {
      label: 'Swap the terms of that passage in BertAdv (he → she, his → her)',
      apply: () => swapDocument(1, 7),
      metrics: ['nfairr', 'texfair'],
      why: (b, a) =>
        `${moved(b, a, 1, 'nfairr')}: six female terms make a passage exactly as non-neutral as six male ones. ` +
        `${moved(b, a, 1, 'texfair')}: TExFAIR counts which group the terms belong to, but with one group's terms alone either way, the list is as unbalanced as before.`,
    },
  },
  {
    id: 'texfair-section-6',
    question:
      'The first ranking puts one female name against a passage of six male terms; the second balances pronoun against pronoun. Which will AWRF call fairer?',
    options: whichIsFairer('awrf', 'lower'),
    reveal: (v) =>
      `AWRF gives ${v.ranking(0)} ${v.show(0, 'awrf')} and ${v.ranking(1)} ${v.show(1, 'awrf')}: each passage counts as wholly one group's, so one name balances six pronouns. ` +
      `TExFAIR counts terms: ${v.show(0, 'texfair')} against ${v.show(1, 'texfair')}.`,
    change: {
      label: 'Set k to 1 (only the first passage counts)',
      apply: () => setParam('k', 1),
      metrics: ['awrf', 'texfair'],
      why: (b, a) =>
        `${moved(b, a, 0, 'awrf')} and ${moved(b, a, 1, 'awrf').replace(/^AWRF /, '')}; ${moved(b, a, 0, 'texfair')} and ${moved(b, a, 1, 'texfair').replace(/^TExFAIR /, '')}. ` +
        'With one passage each list shows one group only, whatever the number of terms: the lists no longer differ.',
    },
  },
  {
    id: 'dips-ties',
    question: 'Both rankings sort by relevance; they differ only in how ties are broken. Which will DIPS (c_t = 1) call fairer?',
    options: whichIsFairer('dips', 'closer to 0'),
    reveal: (v) =>
      `DIPS: ${v.ranking(0)} ${v.show(0, 'dips')}, ${v.ranking(1)} ${v.show(1, 'dips')}. With c_t = 1 a tie counts as a full unfavourable pair, so always breaking ties for one group shows.`,
    change: {
      label: 'Set c_t to 0 (ties count for nothing)',
      apply: () => setParam('ct', 0),
      metrics: ['dips', 'cwex', 'ee'],
      why: (b, a) =>
        `${moved(b, a, 0, 'dips')}: DIPS sees ties only through c_t. ` +
        `${moved(b, a, 0, 'cwex')} and ${moved(b, a, 0, 'ee')}: exposure does not read c_t, so CWEx and EE still separate the rankings (${a.ranking(1)}: CWEx ${a.show(1, 'cwex')}, EE ${a.show(1, 'ee')}).`,
    },
  },
  {
    id: 'dips-igi-normalization',
    question: 'In “swapped”, one pair goes against each group. Which metric will call “swapped” unfair to one group?',
    options: () => [
      { label: 'IGI only', holds: (w) => !near(w.value(0, 'igi'), 0) && near(w.value(0, 'dips'), 0) },
      { label: 'DIPS only', holds: (w) => near(w.value(0, 'igi'), 0) && !near(w.value(0, 'dips'), 0) },
      { label: 'Both', holds: (w) => !near(w.value(0, 'igi'), 0) && !near(w.value(0, 'dips'), 0) },
    ],
    reveal: (v) =>
      `IGI gives ${v.show(0, 'igi')}: it divides each group's count by that group's own number of possible swaps. DIPS gives ${v.show(0, 'dips')} and REE ${v.show(0, 'ree')}: they divide by the same worst case for both groups.`,
    change: {
      label: 'Switch the browsing model from uniform to exponential',
      apply: () => setBrowsing({ model: 'exponential' }),
      metrics: ['dips', 'igi'],
      why: (b, a) =>
        `${moved(b, a, 0, 'dips')}: with exponential browsing the pair higher up weighs more, so the two unfavourable pairs no longer cancel. ` +
        `${moved(b, a, 0, 'igi')}: IGI counts pairs and ignores where they are.`,
    },
  },
  {
    id: 'texfair-rbdf',
    question: 'One passage speaks of a man; four are neutral. How fair will TExFAIR call this list?',
    options: () => [
      { label: 'Fair (above 0.8)', holds: (w) => (w.value(0, 'texfair') ?? -1) > 0.8 },
      {
        label: 'In between (0.2 to 0.8)',
        holds: (w) => {
          const x = w.value(0, 'texfair') ?? -1;
          return x >= 0.2 && x <= 0.8;
        },
      },
      {
        label: 'Unfair (below 0.2)',
        holds: (w) => {
          const x = w.value(0, 'texfair');
          return x !== null && x < 0.2;
        },
      },
    ],
    reveal: (v) =>
      `TExFAIR is ${v.show(0, 'texfair')}: all term exposure is male, but the rank-biased discount (RBDF, on here) scales that by the position-weighted share of documents with any group term, and four of five have none.`,
    change: {
      label: 'Turn RBDF off',
      apply: () => setParam('rbdf', false),
      metrics: ['texfair', 'nfairr'],
      why: (b, a) =>
        `${moved(b, a, 0, 'texfair')}: without the discount, one male passage makes the whole list one-sided. ${moved(b, a, 0, 'nfairr')}: NFaiRR does not read RBDF.`,
    },
  },
  {
    id: 'grep-biasir-labels-vs-terms',
    question: 'The two rankings are mirror images, and all three passages are equally relevant. Which will DIPS call fairer?',
    options: whichIsFairer('dips', 'closer to 0'),
    reveal: (v) =>
      `DIPS: ${v.ranking(0)} ${v.show(0, 'dips')}, ${v.ranking(1)} ${v.show(1, 'dips')}: equally far from 0 in opposite directions, so neither is fairer; each disadvantages a different group. ` +
      'All passages are equally relevant: every pair is a tie, and c_t = 0.5 counts each tie half.',
    change: {
      label: 'Set c_t to 0 (ties count for nothing)',
      apply: () => setParam('ct', 0),
      metrics: ['dips', 'cwex'],
      why: (b, a) =>
        `${moved(b, a, 0, 'dips')} and ${moved(b, a, 1, 'dips').replace(/^DIPS /, '')}: the sign came only from ties. ` +
        `${moved(b, a, 0, 'cwex')}: CWEx reads labels and exposure, not ties.`,
    },
  },
  {
    id: 'rab-arab',
    question:
      'Both lists hold the same four passages, one male-worded and one female-worded, in opposite orders. Which will ARaB call fairer (closer to 0)?',
    options: whichIsFairer('arab', 'closer to 0'),
    reveal: (v) =>
      `RaB@4 is ${v.show(0, 'rab')} for ${v.ranking(0)} and ${v.show(1, 'rab')} for ${v.ranking(1)}: the mean over the top four is the same whatever their order. ` +
      `ARaB averages RaB over the cut-offs 1 to 4, so the top ranks weigh most: ${v.ranking(0)} ${v.show(0, 'arab')}, ${v.ranking(1)} ${v.show(1, 'arab')}.`,
    change: {
      label: 'Count each passage once (magnitude bool)',
      apply: () => setParam('rabMagnitude', 'bool'),
      metrics: ['rab', 'arab'],
      why: (b, a) =>
        `${moved(b, a, 0, 'rab')}: with bool, a passage counts 1 for a group however many of its words it holds, and each list has one male and one female passage. ` +
        `${moved(b, a, 0, 'arab')} and ${moved(b, a, 1, 'arab').replace(/^ARaB /, '')}: the order still decides which group the top ranks lean to.`,
    },
  },
];

export function findLesson(id: string): LessonDef | undefined {
  return LESSONS.find((l) => l.id === id);
}
