// Saving a file from the page, and what the exports hold.
import type { Results, ViewResults } from '../../wasm/types';
import { toCsv } from './import';
import { descriptors, metricOf } from './metrics';

/** Saves a file from the page: text with its type, or a blob (a chart's PNG). */
export function download(name: string, content: string | Blob, type = 'text/plain'): void {
  const url = URL.createObjectURL(typeof content === 'string' ? new Blob([content], { type }) : content);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** One row per ranking and metric: the value at full precision, its direction, and any note. */
export function resultsCsv(results: Results | ViewResults): string {
  const rows: unknown[][] = [['ranking', 'metric', 'value', 'fairer', 'k', 'note']];
  for (const ranking of results.rankings)
    for (const d of descriptors.value) {
      const m = metricOf(ranking, d.id);
      rows.push([ranking.name, d.name, m.value, d.fairer, d.usesCutoff ? ranking.k : '', m.note ?? '']);
    }
  return toCsv(rows);
}

/**
 * The results in full, as the core returns them (and as the CLI prints them): every value with
 * its parts, `perRank` (what each rank contributes) and `atCutoff` (the value at every cut-off).
 */
export function resultsJson(results: Results): string {
  return JSON.stringify(results, null, 2) + '\n';
}
