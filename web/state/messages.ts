// The core's refusals as a person reads them: "Left, document 2: relevance must be a finite
// number, got null", with the JSON path (rankings[0].docs[1].relevance) kept as the detail. The
// core's message is the source of truth; this only puts the path into words, from the scenario
// the message is about (for the rankings' names).
import type { Refusal } from './evaluation';

/**
 * What names the rankings in a message: the page's scenario, or JSON the core has just refused
 * (where a name may be missing, blank or not a string at all).
 */
export interface RankingNames {
  readonly rankings: readonly unknown[];
}

/** The name of ranking `r` as a message shows it: its number when it has none to show. */
function rankingName(scenario: RankingNames | null, r: number): string {
  const entry = scenario?.rankings[r];
  const name = typeof entry === 'object' && entry !== null ? (entry as { name?: unknown }).name : undefined;
  return typeof name === 'string' && name.trim() ? name : `Ranking ${r + 1}`;
}

export interface Words {
  /** The message in words. */
  text: string;
  /** The JSON path the core named, when there is one. */
  detail: string;
}

/** Parameter names as the parameters panel labels them. */
const PARAMS: Record<string, string> = {
  k: 'cut-off k',
  tau: 'τ',
  tauInclusive: 'τ inclusive',
  targets: 'target shares',
  rbdf: 'RBDF',
  alpha: 'α',
  ct: 'c_t',
  dipsGroups: 'DIPS groups',
  'browsing.model': 'browsing model',
  'browsing.gamma': 'γ of the browsing model',
  browsing: 'browsing model',
  tokenizer: 'tokenizer',
  awrfAlignment: 'AWRF alignment',
  awrfDistance: 'AWRF distance',
  ndcgGain: 'nDCG gain',
  rabGroups: 'RaB groups f and m',
  rabMagnitude: 'RaB magnitude',
  ndklTarget: 'NDKL D*',
  ndklEpsilon: 'NDKL ε',
};

const DOC_FIELDS: Record<string, string> = { relevance: 'relevance', text: 'text', label: 'label', id: 'id' };

/** A path split into its steps: `rankings[1].docs[0].text` → ['rankings', 1, 'docs', 0, 'text']. */
export function pathSteps(path: string): (string | number)[] {
  const steps: (string | number)[] = [];
  for (const match of path.matchAll(/([^.[\]]+)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/g)) {
    if (match[2] !== undefined) steps.push(Number(match[2]));
    else steps.push(match[1] ?? match[3] ?? '');
  }
  return steps;
}

/** Where a path points, in words: a place ("Left, document 2") and a field ("relevance"). */
export function placeOf(path: string, scenario: RankingNames | null): { place: string; field: string } | null {
  const steps = pathSteps(path);
  const [head, a, b, c, d] = steps;
  if (head === 'rankings' && typeof a === 'number') {
    const ranking = rankingName(scenario, a);
    if (b === undefined) return { place: ranking, field: '' };
    if (b === 'name') return { place: ranking, field: 'name' };
    if (b === 'docs' && c === undefined) return { place: ranking, field: 'documents' };
    if (b === 'docs' && typeof c === 'number' && steps.length <= 5) {
      const field = d === undefined ? '' : (DOC_FIELDS[String(d)] ?? String(d));
      return { place: `${ranking}, document ${c + 1}`, field };
    }
    return null;
  }
  if (head === 'params' && a !== undefined) {
    if (a === 'targets' && typeof b === 'string') return { place: 'Parameters', field: `target share of ${b}` };
    const key = b === undefined ? String(a) : `${a}.${b}`;
    const field = PARAMS[key] ?? (typeof b === 'number' ? `${PARAMS[String(a)] ?? a}, entry ${b + 1}` : undefined);
    return field ? { place: 'Parameters', field } : null;
  }
  if (head === 'lexicon') {
    if (a === undefined) return { place: 'Lexicon', field: '' };
    return { place: `Lexicon, group ${a}`, field: typeof b === 'number' ? `term ${b + 1}` : '' };
  }
  // A scenario's own lesson names its rankings and documents: an edit of them can break it.
  if (head === 'lesson') {
    if (a === 'change') return { place: 'The lesson’s change', field: '' };
    if (a === 'options' && typeof b === 'number') return { place: `The lesson’s answer ${b + 1}`, field: '' };
    return { place: 'The lesson', field: '' };
  }
  if (head === 'groups') return { place: 'Groups', field: typeof a === 'number' ? `group ${a + 1}` : '' };
  if (head === 'background' && typeof a === 'number')
    return { place: `Background, document ${a + 1}`, field: typeof b === 'string' ? (DOC_FIELDS[b] ?? b) : '' };
  return null;
}

/** Messages that read on from the field's name ("relevance must be …"); others follow a colon. */
const CONTINUES = /^(must|is|are|has|have|cannot|can't|should|needs?|does|do|may|contains|and)\b/;

/**
 * A warning of the core as a refusal is read: the JSON path it starts with ("rankings[0].docs[2].text
 * contains …", "lexicon.non binary[0]: the term …", "lexicon: group …") as its field, the rest as its
 * message; a warning that names no place in the scenario as it is.
 */
export function warningAsRefusal(warning: string): Refusal {
  // A path holds a space only in a group's name, under lexicon: else it ends at the first space,
  // whatever colon the message holds further on.
  const colon = /^(.+?): (.+)$/s.exec(warning);
  const split = colon && /^(lexicon\b|\S+$)/.test(colon[1]!) ? colon : /^(\S+) (.+)$/s.exec(warning);
  if (!split || !/^(rankings\[|background\[|lexicon\b|groups\b|params\.)/.test(split[1]!)) return { field: '', message: warning };
  return { field: split[1]!, message: split[2]! };
}

/**
 * The core says what it got; the page sends a number field left empty, or holding what the browser
 * cannot read as a number (`1e`, `-`, which a number input reports as empty), as null, so "must be
 * …, got null" is said as the person sees it: "is empty or not a number; it must be …".
 */
function emptyInWords(message: string): string | null {
  const rule = /^((?:must|should) .*), got null$/.exec(message);
  // Only a rule for a number: a string, an object or a list that is null (in a file or a link) is
  // not an empty number field, and keeps the core's words.
  return rule && /number|between|at least|in [([]/.test(rule[1]!) ? `is empty or not a number; it ${rule[1]}` : null;
}

/** What two scenarios' names are compared by: their rankings' names and their groups. */
export interface Names {
  readonly rankings: readonly { readonly name?: string }[];
  readonly groups?: readonly string[];
}

/**
 * A name given twice is refused at its second place (`rankings[1].name`, `groups[1]`); when the
 * edit gave the first place that name, the refusal is put there, on the field just typed in. The
 * messages ("another ranking is already named 'Right'", "group 'male' is listed twice") read the
 * same from either place.
 */
export function blameTheEdit(refusal: Refusal, before: Names | null, now: Names): Refusal {
  if (!before) return refusal;
  const pointTo = (
    names: readonly (string | undefined)[],
    was: readonly (string | undefined)[],
    i: number,
    path: (j: number) => string,
  ) => {
    const j = names.findIndex((name, k) => k !== i && name === names[i] && was[k] !== name);
    return j >= 0 && was[i] === names[i] ? { ...refusal, field: path(j) } : refusal;
  };
  const ranking = /^rankings\[(\d+)\]\.name$/.exec(refusal.field);
  if (ranking && refusal.message.startsWith('another ranking is already named'))
    return pointTo(
      now.rankings.map((r) => r.name),
      before.rankings.map((r) => r.name),
      Number(ranking[1]),
      (j) => `rankings[${j}].name`,
    );
  const group = /^groups\[(\d+)\]$/.exec(refusal.field);
  if (group && refusal.message.endsWith('is listed twice') && now.groups && before.groups)
    return pointTo(now.groups, before.groups, Number(group[1]), (j) => `groups[${j}]`);
  return refusal;
}

/** Whether a refusal is of a scenario's own lesson (an edit broke what it names): no field on the page shows it. */
export const lessonRefused = (refusal: Refusal) => refusal.field === 'lesson' || /^lesson[.[]/.test(refusal.field);

/** The refusal in words, with its path as the detail. */
export function refusalInWords(refusal: Refusal, scenario: RankingNames | null): Words {
  const { field: path, message } = refusal;
  if (!path) return { text: message, detail: '' };
  const empty = emptyInWords(message);
  const where = placeOf(path, scenario);
  // A key the format does not have, at the top (a parameter put beside `params`, say): said as such.
  if (!where && message.startsWith('unknown key') && pathSteps(path).length === 1)
    return { text: `The scenario, key “${path}”: ${message}`, detail: path };
  if (!where) return { text: empty ? `${path} ${empty}` : `${path}: ${message}`, detail: '' };
  const { place, field } = where;
  if (!field) return { text: `${place}: ${message}`, detail: path };
  if (empty) return { text: `${place}: ${field} ${empty}`, detail: path };
  return { text: CONTINUES.test(message) ? `${place}: ${field} ${message}` : `${place}, ${field}: ${message}`, detail: path };
}

/** The refusal as one line of text: the words, then the path in parentheses. */
export function refusalLine(refusal: Refusal, scenario: RankingNames | null): string {
  const { text, detail } = refusalInWords(refusal, scenario);
  return detail ? `${text} (${detail})` : text;
}
