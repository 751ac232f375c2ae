// Reading pasted or uploaded tables (TSV/CSV) into documents, and writing results as CSV.
// Validation stays with the core: this only shapes rows into documents and says how it read them.
import Papa from 'papaparse';

import type { PageDocument } from './scenario';

/** Header names recognised for each column, lowercased. */
const COLUMNS: Record<'id' | 'text' | 'label' | 'relevance', string[]> = {
  id: ['id', 'docid', 'doc_id', 'd_id', 'docno'],
  text: ['text', 'document', 'passage', 'content', 'body', 'doc'],
  label: ['label', 'group', 'gender', 'content_gender', 'class'],
  relevance: ['relevance', 'rel', 'relevant', 'score', 'grade', 'qrel'],
};

export interface TableImport {
  docs: PageDocument[];
  /** How the table was read: header or positional columns, the delimiter, label mappings. */
  notes: string[];
  /** The table row (1-based, counting a header) of each document, to point errors at rows. */
  rows: number[];
  hasHeader: boolean;
}

export function looksLikeJson(text: string): boolean {
  return /^\s*[{[]/.test(text);
}

/**
 * Maps a label as written to one of the groups or `neutral`: exact, then ignoring case, then a
 * unique initial (F, M, N). Anything else is kept as written, so the core names it as unknown.
 */
export function resolveLabel(raw: string, groups: string[]): string {
  const label = raw.trim();
  if (label === '') return 'neutral';
  const names = [...groups, 'neutral'];
  if (names.includes(label)) return label;
  const lower = label.toLowerCase();
  const byCase = names.find((n) => n.toLowerCase() === lower);
  if (byCase) return byCase;
  if (lower.length === 1) {
    const byInitial = names.filter((n) => n[0]?.toLowerCase() === lower);
    if (byInitial.length === 1) return byInitial[0]!;
  }
  return label;
}

function parseRelevance(raw: string | undefined): number | null {
  if (raw === undefined || raw.trim() === '') return 0;
  const value = Number(raw.trim());
  return Number.isFinite(value) ? value : null;
}

/** Reads a TSV or CSV table (delimiter detected) of text, label, relevance and optionally id. */
export function parseTable(text: string, groups: string[], nextId: (n: number) => string): TableImport {
  const parsed = Papa.parse<string[]>(text.trim(), { skipEmptyLines: 'greedy' });
  const rows = parsed.data;
  const notes: string[] = [];
  if (rows.length === 0) return { docs: [], notes: ['the table is empty'], rows: [], hasHeader: false };

  const header = rows[0]!.map((cell) => cell.trim().toLowerCase());
  const find = (names: string[]) => header.findIndex((cell) => names.includes(cell));
  const named = { id: find(COLUMNS.id), text: find(COLUMNS.text), label: find(COLUMNS.label), relevance: find(COLUMNS.relevance) };
  const hasHeader = named.text >= 0;
  const columns = hasHeader ? named : { id: -1, text: 0, label: 1, relevance: 2 };
  const delimiter = parsed.meta.delimiter === '\t' ? 'tab' : JSON.stringify(parsed.meta.delimiter);
  notes.push(
    hasHeader
      ? `header found (${delimiter}-separated): ${Object.entries(columns)
          .filter(([, i]) => i >= 0)
          .map(([name, i]) => `${name} = "${rows[0]![i]}"`)
          .join(', ')}`
      : `no header (${delimiter}-separated): columns read as text, label, relevance`,
  );

  const mapped = new Map<string, string>();
  const docs: PageDocument[] = [];
  const lines: number[] = [];
  rows.slice(hasHeader ? 1 : 0).forEach((row, i) => {
    const cell = (index: number) => (index >= 0 ? row[index] : undefined);
    const rawLabel = cell(columns.label) ?? '';
    const label = resolveLabel(rawLabel, groups);
    if (rawLabel.trim() !== label && rawLabel.trim() !== '') mapped.set(rawLabel.trim(), label);
    const id = cell(columns.id)?.trim();
    docs.push({ id: id || nextId(i), text: cell(columns.text) ?? '', label, relevance: parseRelevance(cell(columns.relevance)) });
    lines.push(i + 1 + (hasHeader ? 1 : 0));
  });
  if (mapped.size > 0) notes.push(`labels read as: ${[...mapped].map(([from, to]) => `${from} → ${to}`).join(', ')}`);
  return { docs, notes, rows: lines, hasHeader };
}

/** Text a spreadsheet would run as a formula when it opens the file (CWE-1236). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A number written as text ("-0.25", "+3", "1e-9"): a spreadsheet reads it as a number, not a formula. */
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A text cell as a spreadsheet will only display it: one starting like a formula gets a leading
 * apostrophe (the mark spreadsheets use for "text"). Numbers, and text that is a plain number,
 * stay as they are.
 */
export function neutraliseCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

function csvCell(value: unknown): string {
  const text = neutraliseCell(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of a CSV file, quoted where needed, formulas neutralised (neutraliseCell). */
export function toCsv(rows: unknown[][]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
