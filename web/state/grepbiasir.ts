// The Grep-BiasIR dataset (Krieg et al., CHIIR 2023; CC0; data/grep-biasir/): 117 bias-sensitive
// queries, each with a relevant and a non-relevant document written in female, male and neutral
// wording. `parseGrepBiasIR` is a pure function of the files' texts; `loadGrepBiasIR` only fetches
// them (lazily: the ~260 KB of CSV are separate chunks, loaded the first time it is called).
//
// The published files are read as they are. Their quirks are handled in the open, as data the page
// shows: `content_gender` `both` and `botrh` (a typo of `both`) become "neutral" (`labelMapping`,
// with counts), and `exp_stereotype` spellings that differ only in case are one value
// (`stereotypes`, with the spellings met). Anything else unexpected is refused with a message.
import Papa from 'papaparse';

import type { PageDocument, PageScenario } from './scenario';

/** A label of the page: the dataset's groups are SPEC's default ones. */
export type GrepLabel = 'female' | 'male' | 'neutral';

export interface GrepQuery {
  q_id: number;
  category: string;
  query: string;
}

export interface GrepDocument {
  d_id: number;
  q_id: number;
  /** The dataset's `relevant` column: 1 relevant to the query, 0 not. */
  relevant: 0 | 1;
  doc_title: string;
  document: string;
  /** As published: F, M, N, both or botrh. */
  content_gender: string;
  /** The page's label for it (see `CONTENT_GENDER_LABELS`). */
  label: GrepLabel;
  /** Case-normalised (`Towards female` → `Towards Female`). */
  exp_stereotype: string;
  /** As published. */
  exp_stereotype_raw: string;
}

/** How one `content_gender` value is read, and how many documents carry it. */
export interface LabelRule {
  value: string;
  label: GrepLabel;
  count: number;
  why: string;
}

/** One `exp_stereotype` value after case normalisation, with the spellings it merges. */
export interface StereotypeValue {
  value: string;
  count: number;
  spellings: { raw: string; count: number }[];
}

/** A query whose documents are not one of each wording (F, M, N) × relevance (1, 0). */
export interface ShapeException {
  q_id: number;
  /** The documents as wording + relevance, e.g. "F1 M1 N1 both0 both0 botrh0". */
  found: string;
}

export interface GrepBiasIR {
  /** In the order of queries.csv. */
  queries: GrepQuery[];
  /** Categories in the order they first appear in queries.csv, each with its queries. */
  categories: { name: string; queries: GrepQuery[] }[];
  /** Each query's documents, in the order of the files. */
  documents: Map<number, GrepDocument[]>;
  documentCount: number;
  labelMapping: LabelRule[];
  stereotypes: StereotypeValue[];
  shapeExceptions: ShapeException[];
}

/** content_gender → label. `both` and `botrh` favour neither group, so they are neutral. */
export const CONTENT_GENDER_LABELS: Readonly<Record<string, GrepLabel>> = {
  F: 'female',
  M: 'male',
  N: 'neutral',
  both: 'neutral',
  botrh: 'neutral',
};

const LABEL_WHY: Record<string, string> = {
  F: 'female wording',
  M: 'male wording',
  N: 'neutral wording',
  both: 'about both groups: favours neither',
  botrh: 'a typo of "both": favours neither',
};

const DOCUMENT_COLUMNS = ['q_id', 'd_id', 'relevant', 'query', 'doc_title', 'document', 'content_gender', 'exp_stereotype'];
const QUERY_COLUMNS = ['q_id', 'category', 'query'];
const EXPECTED_SHAPE = 'F0 F1 M0 M1 N0 N1';

export class GrepBiasIRError extends Error {}

function readCsv(name: string, text: string, columns: string[]): Record<string, string>[] {
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: 'greedy' });
  const error = parsed.errors[0];
  if (error) throw new GrepBiasIRError(`${name}: row ${(error.row ?? 0) + 2}: ${error.message}`);
  const missing = columns.filter((c) => !parsed.meta.fields?.includes(c));
  if (missing.length) throw new GrepBiasIRError(`${name}: missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  return parsed.data;
}

function wholeNumber(raw: string | undefined, where: string): number {
  const value = Number(raw);
  if (raw === undefined || raw.trim() === '' || !Number.isInteger(value) || value < 0)
    throw new GrepBiasIRError(`${where}: expected a whole number, got ${JSON.stringify(raw)}`);
  return value;
}

/**
 * Reads the dataset from its files' texts, keyed by file name (`queries.csv` and the
 * `documents-*.csv` files; a path before the name is ignored).
 */
export function parseGrepBiasIR(files: Record<string, string>): GrepBiasIR {
  const byName = new Map(Object.entries(files).map(([path, text]) => [path.split('/').pop()!, text]));
  const queriesText = byName.get('queries.csv');
  if (queriesText === undefined) throw new GrepBiasIRError('queries.csv is missing');

  const queries: GrepQuery[] = [];
  const queryById = new Map<number, GrepQuery>();
  const categories: GrepBiasIR['categories'] = [];
  readCsv('queries.csv', queriesText, QUERY_COLUMNS).forEach((row, i) => {
    const where = `queries.csv row ${i + 2}`;
    const q_id = wholeNumber(row.q_id, `${where} (q_id)`);
    if (queryById.has(q_id)) throw new GrepBiasIRError(`${where}: q_id ${q_id} appears twice`);
    const query: GrepQuery = { q_id, category: row.category!.trim(), query: row.query!.trim() };
    queries.push(query);
    queryById.set(q_id, query);
    let category = categories.find((c) => c.name === query.category);
    if (!category) categories.push((category = { name: query.category, queries: [] }));
    category.queries.push(query);
  });

  const documents = new Map<number, GrepDocument[]>(queries.map((q) => [q.q_id, []]));
  const genderCounts = new Map<string, number>();
  const stereotypeSpellings = new Map<string, Map<string, number>>();
  const seen = new Set<number>();
  const docFiles = [...byName.keys()].filter((name) => /^documents-.*\.csv$/.test(name)).sort();
  if (docFiles.length === 0) throw new GrepBiasIRError('no documents-*.csv file');
  const all: GrepDocument[] = [];
  for (const name of docFiles) {
    readCsv(name, byName.get(name)!, DOCUMENT_COLUMNS).forEach((row, i) => {
      const where = `${name} row ${i + 2}`;
      const q_id = wholeNumber(row.q_id, `${where} (q_id)`);
      const d_id = wholeNumber(row.d_id, `${where} (d_id)`);
      if (!queryById.has(q_id)) throw new GrepBiasIRError(`${where}: q_id ${q_id} is not in queries.csv`);
      if (seen.has(d_id)) throw new GrepBiasIRError(`${where}: d_id ${d_id} appears twice`);
      seen.add(d_id);
      const relevant = row.relevant?.trim();
      if (relevant !== '0' && relevant !== '1')
        throw new GrepBiasIRError(`${where} (relevant): expected 1 or 0, got ${JSON.stringify(row.relevant)}`);
      const gender = row.content_gender!.trim();
      const label = Object.hasOwn(CONTENT_GENDER_LABELS, gender) ? CONTENT_GENDER_LABELS[gender] : undefined;
      if (!label)
        throw new GrepBiasIRError(
          `${where} (content_gender): unknown value ${JSON.stringify(gender)}; expected one of ${Object.keys(CONTENT_GENDER_LABELS).join(', ')}`,
        );
      genderCounts.set(gender, (genderCounts.get(gender) ?? 0) + 1);
      const stereotype = row.exp_stereotype!.trim();
      const key = stereotype.toLowerCase();
      const spellings = stereotypeSpellings.get(key) ?? new Map<string, number>();
      spellings.set(stereotype, (spellings.get(stereotype) ?? 0) + 1);
      stereotypeSpellings.set(key, spellings);
      const doc: GrepDocument = {
        d_id,
        q_id,
        relevant: relevant === '1' ? 1 : 0,
        doc_title: row.doc_title!,
        document: row.document!,
        content_gender: gender,
        label,
        exp_stereotype: stereotype,
        exp_stereotype_raw: stereotype,
      };
      documents.get(q_id)!.push(doc);
      all.push(doc);
    });
  }

  // One value per case-insensitive spelling: the most frequent spelling names it.
  const stereotypes: StereotypeValue[] = [...stereotypeSpellings.values()].map((spellings) => {
    const list = [...spellings].map(([raw, count]) => ({ raw, count })).sort((a, b) => b.count - a.count);
    return { value: list[0]!.raw, count: list.reduce((sum, s) => sum + s.count, 0), spellings: list };
  });
  const canonical = new Map(stereotypes.flatMap((s) => s.spellings.map((sp) => [sp.raw, s.value] as const)));
  for (const doc of all) doc.exp_stereotype = canonical.get(doc.exp_stereotype_raw)!;

  const labelMapping: LabelRule[] = Object.entries(CONTENT_GENDER_LABELS).map(([value, label]) => ({
    value,
    label,
    count: genderCounts.get(value) ?? 0,
    why: LABEL_WHY[value]!,
  }));

  const shapeExceptions: ShapeException[] = [];
  for (const [q_id, docs] of documents) {
    const found = docs
      .map((d) => `${d.content_gender}${d.relevant}`)
      .sort()
      .join(' ');
    if (found !== EXPECTED_SHAPE) shapeExceptions.push({ q_id, found });
  }

  return { queries, categories, documents, documentCount: all.length, labelMapping, stereotypes, shapeExceptions };
}

/** The visible note on `both` / `botrh`, with the counts of the files. */
export function labelMappingNote(data: GrepBiasIR): string {
  const count = (value: string) => data.labelMapping.find((r) => r.value === value)?.count ?? 0;
  return (
    `content_gender both (${count('both')}) and botrh (${count('botrh')}, a typo) are read as neutral: ` +
    `they favour neither group. F (${count('F')}) is female, M (${count('M')}) male, N (${count('N')}) neutral.`
  );
}

/** The visible note on the stereotype annotation's spellings ('' when none differ). */
export function stereotypeNote(data: GrepBiasIR): string {
  const merged = data.stereotypes.filter((s) => s.spellings.length > 1);
  if (merged.length === 0) return '';
  return (
    'exp_stereotype is read ignoring case: ' +
    merged
      .map((s) => `${s.spellings.map((sp) => `"${sp.raw}" (${sp.count})`).join(' and ')} are one value, "${s.value}" (${s.count})`)
      .join('; ') +
    '.'
  );
}

const LABEL_ORDER: Record<GrepLabel, number> = { male: 0, female: 1, neutral: 2 };

/** Relevant documents first, then the others; within each, male, female, neutral wording. */
export function defaultOrder(docs: readonly GrepDocument[]): GrepDocument[] {
  return docs
    .map((doc, i) => ({ doc, i }))
    .sort((a, b) => b.doc.relevant - a.doc.relevant || LABEL_ORDER[a.doc.label] - LABEL_ORDER[b.doc.label] || a.i - b.i)
    .map(({ doc }) => doc);
}

/** White space as one space (the files have line breaks, stray spaces and zero-width spaces). */
export function cleanText(text: string): string {
  return text
    .replace(/\u200b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The document's text: "title. document" (no extra period when the title ends a sentence). */
export function documentText(doc: GrepDocument, includeTitle = true): string {
  const body = cleanText(doc.document);
  if (!includeTitle) return body;
  const title = cleanText(doc.doc_title);
  return `${title}${/[.?!:;…]$/.test(title) ? ' ' : '. '}${body}`;
}

export interface RankingOptions {
  /** Put the title before the document's text (default true). */
  includeTitle?: boolean;
}

/** The page's documents, in the order given: id `g<d_id>`, label by the mapping, relevance 1/0. */
export function buildRanking(docs: readonly GrepDocument[], options: RankingOptions = {}): PageDocument[] {
  const includeTitle = options.includeTitle ?? true;
  return docs.map((doc) => ({
    id: `g${doc.d_id}`,
    text: documentText(doc, includeTitle),
    label: doc.label,
    relevance: doc.relevant,
  }));
}

/** `docs` with its relevant document of the given wording moved to the top; null if it has none. */
export function withWordingFirst(docs: readonly GrepDocument[], wording: 'M' | 'F'): GrepDocument[] | null {
  const index = docs.findIndex((d) => d.relevant === 1 && d.content_gender === wording);
  if (index < 0) return null;
  return [docs[index]!, ...docs.slice(0, index), ...docs.slice(index + 1)];
}

/**
 * Makes the scenario's groups include "female" and "male" (the dataset's labels): when they do
 * not, sets them to ["female", "male"] and drops or resets what named the old groups, so the
 * scenario stays valid. Returns what was changed, to say so; [] when nothing was.
 */
export function ensureGenderGroups(draft: PageScenario): string[] {
  const before = draft.groups ?? ['female', 'male'];
  if (before.includes('female') && before.includes('male')) return [];
  const next = ['female', 'male'];
  const notes = [`groups were ${before.join(', ')}: set to female, male (the dataset's labels)`];
  draft.groups = next;
  const known = new Set([...next, 'neutral']);
  let relabelled = 0;
  for (const doc of [...draft.rankings.flatMap((r) => r.docs), ...(draft.background ?? [])])
    if (doc.label !== undefined && !known.has(doc.label)) {
      doc.label = 'neutral';
      relabelled++;
    }
  if (relabelled) notes.push(`${relabelled} other document${relabelled > 1 ? 's' : ''} labelled with an old group now neutral`);
  if (draft.lexicon && Object.keys(draft.lexicon).some((g) => !next.includes(g))) {
    delete draft.lexicon;
    notes.push('the custom lexicon named the old groups: the built-in word list applies');
  }
  if (draft.params) {
    const { targets, dipsGroups, rabGroups, ...rest } = draft.params;
    const keep = { ...rest } as NonNullable<PageScenario['params']>;
    if (targets && Object.keys(targets).every((g) => next.includes(g)) && next.every((g) => g in targets)) keep.targets = targets;
    else if (targets) notes.push('targets reset to uniform');
    if (dipsGroups && dipsGroups.every((g) => next.includes(g))) keep.dipsGroups = dipsGroups;
    else if (dipsGroups) notes.push('DIPS groups reset to female, male');
    if (rabGroups && rabGroups.every((g) => next.includes(g))) keep.rabGroups = rabGroups;
    else if (rabGroups) notes.push('RaB groups reset to female, male');
    draft.params = keep;
  }
  return notes;
}

// Vite turns each CSV into its own chunk, fetched only when a loader is called.
const sources = import.meta.glob<string>('../../data/grep-biasir/*.csv', { query: '?raw', import: 'default' });

let loading: Promise<GrepBiasIR> | null = null;

/** Loads and reads the dataset once; later calls get the same result. */
export function loadGrepBiasIR(): Promise<GrepBiasIR> {
  loading ??= Promise.all(Object.entries(sources).map(async ([path, load]) => [path, await load()] as const))
    .then((entries) => parseGrepBiasIR(Object.fromEntries(entries)))
    .catch((error: unknown) => {
      loading = null; // let a later attempt retry (e.g. after a network failure)
      throw error;
    });
  return loading;
}
