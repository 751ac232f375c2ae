// A scenario's JSON text, and a scenario sent as its changes from the one sent before.
//
// Scenarios never change in place: every edit makes a new object and shares every part it did not
// touch (immer's structural sharing). So the text of each object and array is kept, and a new
// scenario's text re-serialises only the path to what changed (one document, its ranking's list,
// the root). The text is JSON.stringify's, character for character.
//
// The same sharing tells what an edit changed without comparing any text: the parts that are not
// the same objects. The page's live evaluation sends the worker those parts (a typed character: a
// path and a short string) instead of the whole scenario (240 kB of JSON at 1,000 documents), and
// the worker applies them to its copy of the scenario sent before, sharing the rest in the same
// way. A change's value crosses as postMessage clones it; a change the copy cannot take (a member
// the scenario's JSON text left out, being undefined, set again) is refused, and the scenario is
// sent whole again.

const texts = new WeakMap<object, string>();

/** JSON.stringify(value), reusing the kept text of every object and array met on the way. */
export function jsonText(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const kept = texts.get(value);
  if (kept !== undefined) return kept;
  // Anything with its own JSON form (a Date, toJSON) is left to JSON.stringify as a whole.
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(value);
  let text: string;
  if (Array.isArray(value)) {
    const items: string[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) items[i] = jsonText(value[i]) ?? 'null';
    text = `[${items.join(',')}]`;
  } else {
    const members: string[] = [];
    for (const key of Object.keys(value)) {
      const member = jsonText((value as Record<string, unknown>)[key]);
      if (member !== undefined) members.push(`${JSON.stringify(key)}:${member}`);
    }
    text = `{${members.join(',')}}`;
  }
  texts.set(value, text);
  return text;
}

/** Where a change is: keys and indexes from the root. */
export type JsonPath = (string | number)[];

/** One change: what is now at `path`. */
export type JsonChange = [path: JsonPath, value: unknown];

type Container = Record<string | number, unknown>;

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

function sameKeys(a: object, b: object): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((key, i) => key === kb[i]);
}

/**
 * The changes that turn `before` into `after`, found by identity: only parts that are not the same
 * object are looked into; an object whose keys changed (or their order), or an array whose length
 * changed, is one change as a whole. null when the root itself changes so (send it whole).
 */
export function changesBetween(before: unknown, after: unknown): JsonChange[] | null {
  const changes: JsonChange[] = [];
  const path: JsonPath = [];
  const walk = (a: unknown, b: unknown): boolean => {
    if (a === b || (Number.isNaN(a) && Number.isNaN(b))) return true;
    const shaped = isContainer(a) && isContainer(b) && Array.isArray(a) === Array.isArray(b);
    if (!shaped || (Array.isArray(a) ? a.length !== (b as unknown as unknown[]).length : !sameKeys(a, b))) {
      if (path.length === 0) return false;
      changes.push([[...path], b]);
      return true;
    }
    const keys: (string | number)[] = Array.isArray(a) ? [...a.keys()] : Object.keys(a);
    for (const key of keys) {
      path.push(key);
      walk(a[key], b[key]);
      path.pop();
    }
    return true;
  };
  return walk(before, after) ? changes : null;
}

/** The value of JSON text, its text kept with it (the text JSON.stringify gives it back). */
export function fromJson(json: string): unknown {
  const value: unknown = JSON.parse(json);
  if (typeof value === 'object' && value !== null) texts.set(value, json);
  return value;
}

/**
 * `root` with `changes` applied (values of their own: they are not copied), sharing every part
 * they do not touch (`root` itself is left as it was). Throws when a path does not lead through
 * objects and arrays of `root` to a member it has.
 */
export function applyChanges(root: unknown, changes: JsonChange[]): unknown {
  const copies = new WeakSet<object>();
  const copy = (value: Container): Container => {
    const fresh = (Array.isArray(value) ? [...value] : { ...value }) as Container;
    copies.add(fresh);
    return fresh;
  };
  if (!isContainer(root)) throw new Error('there is no scenario to change');
  let top = root;
  for (const [path, value] of changes) {
    if (path.length === 0) throw new Error('a change of the whole scenario is sent whole');
    // Assigning it would set the copy's prototype, not a member: such a scenario goes whole.
    if (path.includes('__proto__')) throw new Error(`a change under "__proto__" is sent whole`);
    if (!copies.has(top)) top = copy(top);
    let node = top;
    for (const key of path.slice(0, -1)) {
      const child = node[key];
      if (!isContainer(child) || !Object.hasOwn(node, key)) throw new Error(`no object or array at ${JSON.stringify(path)}`);
      node = node[key] = copies.has(child) ? child : copy(child);
    }
    const last = path[path.length - 1]!;
    if (!Object.hasOwn(node, last)) throw new Error(`no member at ${JSON.stringify(path)}`);
    node[last] = value;
  }
  return top;
}
