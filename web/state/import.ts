// Writing tables as CSV. (Reading pasted or uploaded tables is web/state/table.ts, which loads
// Papa Parse: only the import dialog imports it, so the parser is not in the page's first chunk.)
function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of a CSV file, quoted where needed. */
export function toCsv(rows: unknown[][]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
