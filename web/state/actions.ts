// Every edit the page can make to the scenario, each one undoable step.
import { isDraft, original } from 'immer';

import { edit, freshId, scenario, type PageDocument, type PageScenario } from './scenario';
import { builtInLexicon, builtInTerms } from './wordlists';

const docKey = (r: number, j: number, field: string) => `rankings[${r}].docs[${j}].${field}`;

export function setDocText(r: number, j: number, text: string) {
  edit((s) => void (s.rankings[r]!.docs[j]!.text = text), docKey(r, j, 'text'));
}

export function setDocLabel(r: number, j: number, label: string) {
  edit((s) => void (s.rankings[r]!.docs[j]!.label = label));
}

/** A document's relevance, null when its field is empty or holds no finite number (the core refuses it, naming the field). */
export function setDocRelevance(r: number, j: number, value: number | null) {
  edit((s) => void (s.rankings[r]!.docs[j]!.relevance = value), docKey(r, j, 'relevance'));
}

/**
 * The scenario before the edit. Reading the draft instead (looking for a free id, splicing a list)
 * made a draft of every document read: 1,000 of them at 1,000 documents.
 */
const before = (s: PageScenario): PageScenario => (isDraft(s) ? original(s)! : s);

/**
 * Changes a ranking's list as a plain copy of its list before the edit (so, first in an edit).
 * The copy is frozen before it goes in: immer walks an unfrozen value put into a draft, each of
 * its documents and their fields, looking for drafts (a millisecond a move at 1,000 documents).
 */
function changeList(s: PageScenario, r: number, change: (docs: PageDocument[]) => void): void {
  const docs = before(s).rankings[r]!.docs.slice();
  change(docs);
  s.rankings[r]!.docs = Object.freeze(docs) as PageDocument[];
}

export function moveDoc(r: number, from: number, to: number) {
  edit((s) => {
    if (to < 0 || to >= s.rankings[r]!.docs.length || from === to) return;
    changeList(s, r, (docs) => {
      const [doc] = docs.splice(from, 1);
      docs.splice(to, 0, doc!);
    });
  });
}

export function addDoc(r: number, doc?: Partial<PageDocument>) {
  edit((s) => {
    s.rankings[r]!.docs.push({ id: freshId(before(s)), text: '', label: 'neutral', relevance: 0, ...doc });
  });
}

export function duplicateDoc(r: number, j: number) {
  edit((s) => {
    const id = freshId(before(s));
    changeList(s, r, (docs) => void docs.splice(j + 1, 0, { ...docs[j]!, id }));
  });
}

export function deleteDoc(r: number, j: number) {
  edit((s) => changeList(s, r, (docs) => void docs.splice(j, 1)));
}

/** Moves a document to the end of another ranking; a clash of ids there gets a fresh id. */
export function moveDocToRanking(r: number, j: number, target: number) {
  edit((s) => {
    const was = before(s);
    const doc = was.rankings[r]!.docs[j]!;
    const moved = was.rankings[target]!.docs.some((d) => d.id === doc.id) ? { ...doc, id: freshId(was) } : doc;
    changeList(s, r, (docs) => void docs.splice(j, 1));
    changeList(s, target, (docs) => void docs.push(moved));
  });
}

export function setDocTexts(changes: { r: number; j: number; text: string }[]) {
  edit((s) => {
    for (const { r, j, text } of changes) s.rankings[r]!.docs[j]!.text = text;
  });
}

/** The background (NFaiRR's set S beyond the rankings): a document's text. */
export function setBackgroundText(i: number, text: string) {
  edit((s) => void (s.background![i]!.text = text), `background[${i}].text`);
}

/** Adds an empty background document, with an id no document has. */
export function addBackgroundDoc() {
  edit((s) => {
    const was = before(s);
    s.background = Object.freeze([...(was.background ?? []), { id: freshId(was, 'b'), text: '' }]) as PageScenario['background'];
  });
}

/** Removes background document `i`; the last one removed removes the background. */
export function deleteBackgroundDoc(i: number) {
  edit((s) => {
    const docs = (before(s).background ?? []).filter((_, j) => j !== i);
    if (docs.length > 0) s.background = Object.freeze(docs) as PageScenario['background'];
    else delete s.background;
  });
}

/** Adds ranking B as a copy of A (the usual start of a comparison), or removes B. */
export function setComparing(on: boolean) {
  edit((s: PageScenario) => {
    if (on && s.rankings.length === 1) {
      const a = s.rankings[0]!;
      s.rankings.push({ name: a.name === 'B' ? 'C' : 'B', docs: a.docs.map((d) => ({ ...d })) });
    } else if (!on && s.rankings.length > 1) {
      s.rankings.splice(1);
    }
  });
}

/**
 * Puts `docs` (an ordering of a ranking's documents, e.g. a metric's fairest) into ranking B,
 * named `name`, creating B if there is only A: one undoable step.
 */
export function showAsRankingB(docs: PageDocument[], name: string) {
  edit((s: PageScenario) => {
    const copy = docs.map((d) => ({ ...d }));
    const taken = s.rankings[0]!.name;
    const unique = name === taken ? `${name} (B)` : name;
    if (s.rankings.length === 1) s.rankings.push({ name: unique, docs: copy });
    else s.rankings[1] = { name: unique, docs: copy };
  });
}

export function renameRanking(r: number, name: string) {
  edit((s) => void (s.rankings[r]!.name = name), `rankings[${r}].name`);
}

type Params = NonNullable<PageScenario['params']>;

/** Sets one parameter; `undefined` removes it, so the core's default applies. */
export function setParam<K extends keyof Params>(key: K, value: Params[K] | null | undefined) {
  edit(
    // Set on the draft, not as a new object: the same value again is then no change, and no undo step.
    (s) => {
      if (value === undefined && !s.params) return;
      const params = (s.params ??= {}) as Record<string, unknown>;
      if (value === undefined) delete params[key as string];
      else params[key as string] = value;
    },
    `params.${String(key)}`,
  );
}

export function setTarget(group: string, value: number | null, groups: string[]) {
  edit((s) => {
    const current = (s.params?.targets ?? Object.fromEntries(groups.map((g) => [g, 1 / groups.length]))) as Record<string, number | null>;
    s.params = { ...(s.params ?? {}), targets: { ...current, [group]: value } as Params['targets'] };
  }, `params.targets.${group}`);
}

export function setBrowsing(change: { model?: string; gamma?: number | null }) {
  edit(
    (s) => {
      const params = (s.params ??= {});
      Object.assign((params.browsing ??= {} as NonNullable<Params['browsing']>), change);
    },
    `params.browsing.${Object.keys(change).join()}`,
  );
}

const groupsOf = (s: PageScenario) => s.groups ?? ['female', 'male'];

/** Every labelled document: the rankings' and the background's. */
const labelled = (s: PageScenario) => [...s.rankings.flatMap((r) => r.docs), ...(s.background ?? [])];

/**
 * Whether `name` may take a group's place without merging it with another: not empty, not another
 * group's name, not "neutral", and (when the list holds it twice after such a name) not ambiguous.
 * Otherwise an action changes the list of groups only; the core refuses the list, naming it, and
 * every label, term and target stays where it was, so the name chosen again (or Undo) gives the
 * work back whole. The groups editor marks the fields whose names it refuses by it.
 */
export const distinct = (groups: string[], name: string) =>
  name !== '' && name !== 'neutral' && groups.indexOf(name) === groups.lastIndexOf(name);

/**
 * Groups whose rename stopped at a refused name (another group's, "neutral" or none, then corrected:
 * "male" where "males" was meant), by index: the name their documents, words and parameters still carry.
 * An entry counts only while its group's name is refused and the carried name is in no group's,
 * and only for the list of groups the refused rename made (`carriedFor`): an Undo, an import or a
 * preset gives the scenario another list, and the memory is dropped (a Redo gives the same list back).
 */
const carried = new Map<number, string>();
let carriedFor: readonly string[] | undefined;

/** Drops the memory unless the scenario's groups are still the list it was made for. */
function carriedOrForget(): void {
  if (scenario.peek().groups !== carriedFor) carried.clear();
}

/** The name the things of group `index` carry, or undefined where two groups share it and which one's is unknown. */
function carriedBy(groups: string[], index: number): string | undefined {
  const name = groups[index]!;
  const remembered = carried.get(index);
  if (distinct(groups, name)) return name;
  if (remembered !== undefined && !groups.includes(remembered)) return remembered;
  // The group whose name another took: its things carry its name, the other's carry their own.
  for (const [i, other] of carried) if (i !== index && groups[i] === name && !groups.includes(other)) return name;
  return undefined;
}

/** The list as the groups' things carry it (`index` carrying `name`): for the built-in words' keys. */
function asCarried(groups: string[], index: number, name: string): string[] {
  return groups.map((g, i) => {
    if (i === index) return name;
    const other = carried.get(i);
    return other !== undefined && !distinct(groups, g) && !groups.includes(other) ? other : g;
  });
}

/** Relabels every document, word and parameter of group `from` as `to`; `groups` the list as carried. */
function relabel(s: PageScenario, groups: string[], from: string, to: string) {
  if (!s.lexicon && builtInTerms(from).length) s.lexicon = builtInLexicon(groups);
  for (const doc of labelled(s)) if (doc.label === from) doc.label = to;
  const rename = <T>(record: Record<string, T> | undefined) =>
    record && Object.fromEntries(Object.entries(record).map(([k, v]) => [k === from ? to : k, v]));
  if (s.lexicon) s.lexicon = rename(s.lexicon)!;
  if (s.params?.targets) s.params = { ...s.params, targets: rename(s.params.targets as Record<string, number>) as Params['targets'] };
  if (s.params?.dipsGroups)
    s.params = { ...s.params, dipsGroups: s.params.dipsGroups.map((g) => (g === from ? to : g)) as Params['dipsGroups'] };
  if (s.params?.rabGroups)
    s.params = { ...s.params, rabGroups: s.params.rabGroups.map((g) => (g === from ? to : g)) as Params['rabGroups'] };
}

/**
 * Renames the group at `index` everywhere it appears: labels, targets, lexicon, DIPS and RaB
 * groups. The built-in list is keyed by group name, so a group renamed under it would lose its
 * words: the list becomes the scenario's own, with the group's words under its new name, and every
 * value stays. A name another group has, or "neutral", is put in the list only (`distinct`), and
 * the group's things keep the name they carry until it is renamed again (`carried`).
 */
export function renameGroup(index: number, to: string) {
  carriedOrForget();
  edit((s) => {
    const groups = groupsOf(s);
    if (groups[index] === undefined) return;
    const from = carriedBy(groups, index);
    s.groups = groups.map((g, i) => (i === index ? to : g));
    if (!distinct(s.groups, to)) {
      if (from === undefined) carried.delete(index);
      else carried.set(index, from);
      return;
    }
    carried.delete(index);
    if (from !== undefined && from !== to) relabel(s, asCarried(groups, index, from), from, to);
    // A group left with another's name, now its own again (the other renamed away): its things take it.
    for (const [i, name] of carried)
      if (distinct(s.groups, s.groups[i]!) && !s.groups.includes(name)) {
        carried.delete(i);
        relabel(s, asCarried(s.groups, i, name), name, s.groups[i]!);
      }
  }, `groups.rename.${index}`);
  carriedFor = carried.size > 0 ? scenario.peek().groups : undefined;
}

/** Adds a group (targets return to uniform, since the old ones no longer sum to 1). */
export function addGroup(name: string) {
  carried.clear(); // indices shift with the list
  edit((s) => {
    const groups = groupsOf(s);
    s.groups = [...groups, name];
    if (!distinct(s.groups, name)) return;
    if (s.params?.targets) {
      const { targets: _dropped, ...rest } = s.params;
      s.params = rest;
    }
    if (s.lexicon) s.lexicon = { ...s.lexicon, [name]: [] };
  });
}

/** Removes the group at `index`: its documents become neutral, targets return to uniform. */
export function removeGroup(index: number) {
  carried.clear();
  edit((s) => {
    const groups = groupsOf(s);
    const name = groups[index];
    if (name === undefined) return;
    s.groups = groups.filter((_, i) => i !== index);
    if (!distinct(groups, name)) return;
    for (const doc of labelled(s)) if (doc.label === name) doc.label = 'neutral';
    if (s.lexicon) {
      const { [name]: _dropped, ...rest } = s.lexicon;
      s.lexicon = rest;
    }
    if (s.params) {
      const { targets: _t, ...rest } = s.params;
      s.params = rest;
      if (rest.dipsGroups?.includes(name)) delete s.params.dipsGroups;
      if (rest.rabGroups?.includes(name)) delete s.params.rabGroups;
    }
  });
}

/** The lexicon as edited on the page (null: the built-in list). */
export function setLexicon(lexicon: Record<string, string[]> | null) {
  edit(
    (s) => {
      if (lexicon === null) delete s.lexicon;
      else s.lexicon = lexicon;
    },
    lexicon === null ? undefined : 'lexicon',
  );
}

/** Merges `change` into the parameters (`browsing` key by key), as one step: a lesson's change. */
export function mergeParams(change: Params) {
  edit((s) => {
    const { browsing, ...rest } = change;
    s.params = { ...(s.params ?? {}), ...rest, ...(browsing ? { browsing: { ...(s.params?.browsing ?? {}), ...browsing } } : {}) };
  });
}
