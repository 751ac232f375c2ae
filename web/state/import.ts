// Writing tables as CSV. (Reading pasted or uploaded tables is web/state/table.ts, which loads
// Papa Parse: only the import dialog imports it, so the parser is not in the page's first chunk.)

/** Text a spreadsheet would run as a formula when it opens the file (CWE-1236). */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A number written as text ("-0.25", "+3", "1e-9"): a spreadsheet reads it as a number, not a
 * formula, and the table import as a relevance (as the core reads a decimal number: no 0x10).
 */
export const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

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
