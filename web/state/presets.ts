// The gallery: every scenario in examples/ is a preset, loadable by ?preset=<file name>. The same
// files run through the CLI (build/fairness-eval examples/<id>.json), so page and CLI agree.
import type { Lesson, Scenario } from '../../wasm/types';

export interface Preset {
  id: string;
  title: string;
  /** What to notice, in one line (the gallery shows it; the caption follows behind *More*). */
  line: string;
  caption: string;
  /** The example without its lesson: what the gallery loads. */
  scenario: Scenario;
  /** The example's lesson (`?lesson=<id>`), kept apart so that editing the example freely never
   *  breaks what the lesson names. */
  lesson: Lesson | null;
}

const files = import.meta.glob<Scenario & { title?: string; description?: string }>('../../examples/*.json', {
  eager: true,
  import: 'default',
});

/**
 * Teaching order (the README's gallery table), each with what to notice in one line: the starting
 * example, then labels against terms, position, term counts, ties, normalisation, the discount,
 * a real dataset, RaB against ARaB, and NDKL against CWEx. A file not listed here comes after these, by name, with its first sentence.
 */
const LINES: [id: string, line: string][] = [
  [
    'texfair-figure-1',
    'NFaiRR cannot tell a mixed list from an all-male one (0 for both, under either τ convention); TExFAIR calls the mixed one more balanced.',
  ],
  ['cwex-figure-1', 'A passage that mentions both a man and a woman is neutral to NFaiRR (1) but labelled male, and CWEx reads the label.'],
  ['nfairr-figure-1', 'Moving the one male-worded passage from rank 2 to rank 8 makes NFaiRR call the ranking fairer.'],
  ['texfair-section-6', 'To AWRF one female name roughly balances a passage of six male terms; TExFAIR, counting terms, disagrees.'],
  ['dips-ties', 'Ties always broken for one group: DIPS sees it with c_t = 1, not with c_t = 0; exposure measures see it either way.'],
  ['dips-igi-normalization', 'IGI says group B is favoured where REE and DIPS see both groups equally off.'],
  ['texfair-rbdf', 'One gendered passage among four neutral ones: TExFAIR with its discount (RBDF) and without.'],
  ['grep-biasir-labels-vs-terms', 'A document’s label and its words point to opposite groups; DIPS’s sign comes only from ties.'],
  ['rab-arab', 'The same passages in two orders: RaB@4 cannot tell them apart; ARaB, averaging over cut-offs, can.'],
  [
    'ndkl-cwex-neutral-first',
    'Neutral passages first: CWEx calls that fairer; NDKL, which counts only labelled passages, calls it less fair.',
  ],
];
export const TEACHING_ORDER = LINES.map(([id]) => id);
const LINE = new Map(LINES);

const place = (id: string) => {
  const i = TEACHING_ORDER.indexOf(id);
  return i < 0 ? TEACHING_ORDER.length : i;
};

export const presets: Preset[] = Object.entries(files)
  .map(([path, file]) => {
    const id = path.replace(/^.*\//, '').replace(/\.json$/, '');
    const { lesson = null, ...scenario } = file;
    const caption = scenario.description ?? '';
    return { id, title: scenario.title ?? path, line: LINE.get(id) ?? firstSentence(caption), caption, scenario, lesson };
  })
  .sort((a, b) => place(a.id) - place(b.id) || a.id.localeCompare(b.id));

/** A caption's first sentence: the one line the gallery shows before *More*. */
export function firstSentence(caption: string): string {
  const match = caption.match(/^[\s\S]*?[.!?](?=\s+[A-Z(“"]|$)/);
  return (match ? match[0] : caption).trim();
}

export function findPreset(id: string): Preset | undefined {
  return presets.find((p) => p.id === id);
}

/** What the page shows to a first-time visitor. */
export const STARTING_PRESET = 'texfair-figure-1';
