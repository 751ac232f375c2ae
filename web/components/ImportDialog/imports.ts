// What Import does with the text: a scenario JSON replaces the scenario on screen; a table's rows
// become one ranking's documents (or are added to it), as one undoable step. Either way, what was
// refused is said, and nothing changes.
import { count } from '../../state/count';
import { engine } from '../../state/engine';
import { refusal } from '../../state/evaluation';
import { leaveLesson } from '../../state/lessons';
import { refusalLine } from '../../state/messages';
import { acceptScenario, describeRefusal } from '../../state/persistence';
import { parseTable, type TableImport } from '../../state/table';
import { groups, replaceScenario, scenario, usedIds, type PageScenario } from '../../state/scenario';

export type Target = { ranking: number; mode: 'replace' | 'append' };

/** What an import says: `lines` what went (or went wrong); `notes` how a table was read, said apart and not as errors. */
export interface Report {
  ok: boolean;
  lines: string[];
  notes?: string[];
}

/** "rankings[0].docs[3].label: …" → "line 5 (label): …" when the import wrote that document. */
function pointAtRow(field: string, message: string, table: TableImport, target: Target, offset: number): string {
  const match = field.match(/^rankings\[(\d+)\]\.docs\[(\d+)\](?:\.(\w+))?$/);
  if (match && Number(match[1]) === target.ranking) {
    const index = Number(match[2]) - offset;
    const row = table.rows[index];
    if (row !== undefined) return `line ${row}${match[3] ? ` (${match[3]})` : ''}: ${message}`;
  }
  return refusalLine({ field, message }, scenario.peek());
}

/** Imports a scenario JSON in place of the one on screen: null once it is shown, else why it is refused. */
export async function importScenario(text: string): Promise<Report | null> {
  try {
    const accepted = await acceptScenario(text);
    replaceScenario(accepted, { source: accepted.title ? `an imported scenario, “${accepted.title}”` : 'an imported scenario' });
    // A table is an edit of the scenario on screen; a scenario is another one, which a lesson does not speak of.
    leaveLesson();
    return null;
  } catch (error) {
    return { ok: false, lines: [describeRefusal(error), 'Nothing was changed.'] };
  }
}

/** A table's rows as documents, with ids new to the scenario (a background document's too would be one document to NFaiRR's S). */
function readTable(text: string, current: PageScenario): TableImport {
  const used = usedIds(current);
  let n = 0;
  return parseTable(text, groups.value, () => {
    let id: string;
    do id = `t${++n}`;
    while (used.has(id));
    used.add(id);
    return id;
  });
}

/** Imports a table into the target ranking, checked by the core first: what went in, or why nothing did. */
export async function importTable(text: string, target: Target): Promise<Report> {
  const current = scenario.value;
  const table = readTable(text, current);
  if (table.problems.length > 0) {
    const shown = table.problems.slice(0, 8);
    if (table.problems.length > shown.length) shown.push(`… and ${table.problems.length - shown.length} more lines like these`);
    return { ok: false, lines: [...shown, 'Nothing was changed.'], notes: table.notes };
  }
  if (table.docs.length === 0) return { ok: false, lines: ['No row to import.'], notes: table.notes };
  const candidate: PageScenario = structuredClone(current);
  const docs = candidate.rankings[target.ranking]!.docs;
  const offset = target.mode === 'append' ? docs.length : 0;
  candidate.rankings[target.ranking]!.docs = target.mode === 'append' ? [...docs, ...table.docs] : table.docs;
  try {
    await engine().validate(JSON.stringify(candidate));
    replaceScenario(candidate, { source: 'an imported table' });
    return { ok: true, lines: [`${count(table.docs.length, 'document')} imported.`], notes: table.notes };
  } catch (error) {
    const { field, message } = refusal(error);
    return { ok: false, lines: [pointAtRow(field, message, table, target, offset), 'Nothing was changed.'], notes: table.notes };
  }
}
