// Reading pasted or uploaded tables (TSV/CSV) into documents. Validation of the scenario stays
// with the core: this only shapes rows into documents, says how it read them, and refuses what is
// not a table of documents at all (a TREC run) or a row it cannot read (a relevance that is missing
// or not a number), naming the row and the value. Only the import dialog imports this module, so
// Papa Parse loads with that dialog.
import Papa from 'papaparse';

import type { PageDocument } from './scenario';
import { PLAIN_NUMBER } from './import';

/** Header names recognised for each column, lowercased. */
const COLUMNS: Record<'id' | 'text' | 'label' | 'relevance', string[]> = {
  id: ['id', 'docid', 'doc_id', 'd_id', 'docno'],
  text: ['text', 'document', 'passage', 'content', 'body', 'doc'],
  label: ['label', 'group', 'gender', 'content_gender', 'class'],
  relevance: ['relevance', 'rel', 'relevant', 'grade', 'qrel'],
};

/** A ranking's export names its retrieval score so: a number, but no judgment of relevance. */
const RETRIEVAL_SCORE = 'score';

/** Labels that favour neither group, read as neutral (as the Grep-BiasIR dialog reads them; the core's labels files too, tests/node/labels-agree.test.ts). */
export const NEUTRAL_WORDS = new Set(['both', 'botrh', 'none', 'n/a']);

export interface TableImport {
  docs: PageDocument[];
  /** How the table was read: header or positional columns, the delimiter, label mappings. */
  notes: string[];
  /** Rows that cannot become documents, each naming its row and value; nothing is imported then. */
  problems: string[];
  /** The line (1-based, in the text as given, a header counted) each document starts on, to point errors at it. */
  rows: number[];
  hasHeader: boolean;
}

export function looksLikeJson(text: string): boolean {
  return /^\s*[{[]/.test(text);
}

/**
 * A TREC run line: `query Q0 docno rank score tag`, six fields separated by white space, the second
 * being Q0 and the fourth and fifth numbers.
 */
export function looksLikeTrecRun(text: string): boolean {
  return trecRunShape(text) !== null;
}

/** A TREC run's first line: its six fields, or five when the Q0 column is left out (a common slip). */
function trecRunShape(text: string): 'run' | 'no Q0' | null {
  const first = text.split(/\r?\n/).find((line) => line.trim() !== '');
  if (!first) return null;
  const fields = first.trim().split(/\s+/);
  const ranked = (rank: string | undefined, score: string | undefined) => /^\d+$/.test(rank ?? '') && Number.isFinite(Number(score));
  if (fields.length === 6 && /^q0$/i.test(fields[1]!) && ranked(fields[3], fields[4])) return 'run';
  if (fields.length === 5 && ranked(fields[2], fields[3])) return 'no Q0';
  return null;
}

/**
 * Maps a label as written to one of the groups or `neutral`: exact, then ignoring case, then
 * `both` (favours neither group), then a unique initial (F, M, N). Anything else is kept as
 * written, so the core names it as unknown.
 */
export function resolveLabel(raw: string, groups: string[]): string {
  const label = raw.trim();
  if (label === '') return 'neutral';
  const names = [...groups, 'neutral'];
  if (names.includes(label)) return label;
  const lower = label.toLowerCase();
  const byCase = names.find((n) => n.toLowerCase() === lower);
  if (byCase) return byCase;
  if (NEUTRAL_WORDS.has(lower)) return 'neutral';
  if (lower.length === 1) {
    const byInitial = names.filter((n) => n[0]?.toLowerCase() === lower);
    if (byInitial.length === 1) return byInitial[0]!;
  }
  return label;
}

/** A number written with a decimal comma (0,5), as spreadsheets in many locales write it. */
const DECIMAL_COMMA = /^[+-]?\d*,\d+$/;

/**
 * The relevance of a row, or why there is none. `decimalComma`: the table is not comma-separated,
 * so a comma in a number can only be its decimal sign (a spreadsheet's copy, or a semicolon CSV).
 */
function parseRelevance(raw: string | undefined, decimalComma: boolean): { value: number; comma?: boolean } | { problem: string } {
  if (raw === undefined || raw.trim() === '') return { problem: 'relevance is missing' };
  const written = raw.trim();
  if (decimalComma && DECIMAL_COMMA.test(written)) return { value: Number(written.replace(',', '.')), comma: true };
  const value = Number(written);
  return PLAIN_NUMBER.test(written) && Number.isFinite(value) ? { value } : { problem: `relevance "${written}" is not a number` };
}

/** Reads a TSV or CSV table (delimiter detected) of text, label, relevance and optionally id. */
export function parseTable(text: string, groups: string[], nextId: (n: number) => string): TableImport {
  const empty = { docs: [], rows: [], hasHeader: false };
  const run = trecRunShape(text);
  if (run)
    return {
      ...empty,
      notes: [],
      problems: [
        `This looks like a TREC run${run === 'no Q0' ? ' without its Q0 column (query docno rank score tag; a run has query Q0 docno rank score tag)' : ' (query Q0 docno rank score tag)'}, not a table of documents: a run names documents without their texts or labels. ` +
          'Evaluate runs in the Runs view (Runs… in the toolbar), beside the collection that holds their texts, or with the command fairness-eval runs; here, import a table of text, label and relevance, or a scenario JSON.',
      ],
    };
  const parsed = Papa.parse<string[]>(text.trimEnd(), { skipEmptyLines: false });
  // Rows are named by the line they start on in the text as pasted or opened: blank lines (left
  // out) and a quoted text's line breaks count, as the person sees them.
  const rows: string[][] = [];
  const rowLines: number[] = [];
  const startLines: number[] = [];
  let at = 1;
  for (const row of parsed.data) {
    startLines.push(at);
    if (!row.every((cell) => cell.trim() === '')) (rows.push(row), rowLines.push(at));
    at += 1 + row.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
  }
  const notes: string[] = [];
  // A quote opened and never closed swallows the rows after it: said as such, not as what they lack.
  const unclosed = parsed.errors.find((e) => e.code === 'MissingQuotes');
  if (unclosed)
    return {
      ...empty,
      notes: [],
      problems: [
        `line ${startLines[unclosed.row ?? 0] ?? 1}: a quoted field is not closed (a " without its pair): the lines after it run into it`,
      ],
    };
  if (rows.length === 0) return { ...empty, notes: ['the table is empty'], problems: [] };

  const header = rows[0]!.map((cell) => cell.trim().toLowerCase());
  const find = (names: string[]) => header.findIndex((cell) => names.includes(cell));
  const named = { id: find(COLUMNS.id), text: find(COLUMNS.text), label: find(COLUMNS.label), relevance: find(COLUMNS.relevance) };
  const hasHeader = named.text >= 0;
  const columns = hasHeader ? named : { id: -1, text: 0, label: 1, relevance: 2 };
  // One cell a row: no delimiter was found (Papa Parse then names its default, the comma).
  const single = rows.every((row) => row.length === 1);
  const layout = single ? 'one column' : `${parsed.meta.delimiter === '\t' ? 'tab' : JSON.stringify(parsed.meta.delimiter)}-separated`;
  notes.push(
    hasHeader
      ? `header found (${layout}): ${Object.entries(columns)
          .filter(([, i]) => i >= 0)
          .map(([name, i]) => `${name} = "${rows[0]![i]}"`)
          .join(', ')}`
      : single
        ? 'no header, one column: each line read as a text'
        : `no header (${layout}): columns read as text, label, relevance`,
  );
  if (hasHeader && named.relevance < 0 && header.includes(RETRIEVAL_SCORE))
    notes.push(
      `column "${rows[0]![header.indexOf(RETRIEVAL_SCORE)]!.trim()}" is not read as relevance: a retrieval score is no judgment (name the column relevance if it holds judgments)`,
    );

  // Without a relevance column every row lacks one: said once, of the table.
  if (single || (hasHeader && named.relevance < 0))
    return {
      ...empty,
      notes,
      problems: [
        `no relevance column: each document needs its relevance (${hasHeader ? 'a column named relevance' : 'the third column, after text and label'}), never read as 0`,
      ],
    };
  if (!hasHeader) {
    const wide = rows.flatMap((row, i) => (row.length > 3 ? [rowLines[i]!] : []));
    if (wide.length > 0)
      notes.push(
        `cells past the third are not read (line${wide.length > 1 ? 's' : ''} ${wide.slice(0, 5).join(', ')}${wide.length > 5 ? ', …' : ''}): a header row (text, label, relevance, id) chooses the columns`,
      );
  }

  const decimalComma = parsed.meta.delimiter !== ',';
  const commas: string[] = [];
  const mapped = new Map<string, string>();
  const docs: PageDocument[] = [];
  const lines: number[] = [];
  const problems: string[] = [];
  rows.slice(hasHeader ? 1 : 0).forEach((row, i) => {
    const line = rowLines[i + (hasHeader ? 1 : 0)]!;
    const cell = (index: number) => (index >= 0 ? row[index] : undefined);
    const rawLabel = cell(columns.label) ?? '';
    const label = resolveLabel(rawLabel, groups);
    if (rawLabel.trim() !== label && rawLabel.trim() !== '') mapped.set(rawLabel.trim(), label);
    const relevance = parseRelevance(cell(columns.relevance), decimalComma);
    if ('problem' in relevance) problems.push(`line ${line}: ${relevance.problem}`);
    else if (relevance.comma) commas.push(`${cell(columns.relevance)!.trim()} → ${relevance.value}`);
    const id = cell(columns.id)?.trim();
    docs.push({ id: id || nextId(i), text: cell(columns.text) ?? '', label, relevance: 'value' in relevance ? relevance.value : null });
    lines.push(line);
  });
  if (mapped.size > 0) notes.push(`labels read as: ${[...mapped].map(([from, to]) => `${from} → ${to}`).join(', ')}`);
  if (commas.length > 0)
    notes.push(`relevance read with a decimal comma: ${[...new Set(commas)].slice(0, 5).join(', ')}${commas.length > 5 ? ', …' : ''}`);
  return { docs, notes, problems, rows: lines, hasHeader };
}
