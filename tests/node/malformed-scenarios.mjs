// Bad inputs every entry point must refuse with one message naming the field (SPEC "Bad input"):
// a hand-written list (`malformedScenarios`), and a systematic one (`generatedMalformedScenarios`):
// every field with values of the wrong types, out-of-range values, unknown, empty and repeated
// keys at every level, bytes after the value, limits exceeded, bad UTF-8. Each entry is
// { why, field, text } where `text` is a string, or bytes (a Buffer) where it must not be UTF-8.
import limitsTable from '../../core/limits.json' with { type: 'json' };

const doc = { text: 'he and she', label: 'female', relevance: 1 };
const ranking = (docs = [doc]) => [{ name: 'A', docs }];
const scenario = (extra) => JSON.stringify({ rankings: ranking(), ...extra });

export const malformedScenarios = [
  { why: 'malformed JSON', field: 'scenario', text: '{"rankings": [' },
  { why: 'a scenario that is not an object', field: 'scenario', text: '[1, 2]' },
  { why: 'no rankings', field: 'rankings', text: '{}' },
  {
    why: 'an unknown label',
    field: 'rankings[0].docs[0].label',
    text: JSON.stringify({ rankings: ranking([{ ...doc, label: 'femal' }]) }),
  },
  { why: 'a negative k', field: 'params.k', text: scenario({ params: { k: -3 } }) },
  { why: 'k = 0', field: 'params.k', text: scenario({ params: { k: 0 } }) },
  { why: 'a fractional k', field: 'params.k', text: scenario({ params: { k: 2.5 } }) },
  { why: 'k above its cap', field: 'params.k', text: scenario({ params: { k: 1000001 } }) },
  { why: 'targets that do not sum to 1', field: 'params.targets', text: scenario({ params: { targets: { female: 0.3, male: 0.6 } } }) },
  {
    why: 'a target for an unknown group',
    field: 'params.targets.women',
    text: scenario({ params: { targets: { women: 0.5, male: 0.5 } } }),
  },
  { why: 'a negative target', field: 'params.targets.female', text: scenario({ params: { targets: { female: -0.5, male: 1.5 } } }) },
  { why: 'a term in two groups', field: 'lexicon.male[0]', text: scenario({ lexicon: { female: ['he'], male: ['He'] } }) },
  {
    why: 'a null (NaN) relevance',
    field: 'rankings[0].docs[0].relevance',
    text: JSON.stringify({ rankings: ranking([{ ...doc, relevance: null }]) }),
  },
  {
    why: 'a string relevance',
    field: 'rankings[0].docs[0].relevance',
    text: JSON.stringify({ rankings: ranking([{ ...doc, relevance: 'NaN' }]) }),
  },
  { why: 'a NaN literal', field: 'scenario', text: '{"rankings":[{"docs":[{"relevance": NaN}]}]}' },
  { why: 'an unknown parameter', field: 'params.tauInclusve', text: scenario({ params: { tauInclusve: false } }) },
  { why: 'a negative tau', field: 'params.tau', text: scenario({ params: { tau: -1 } }) },
  { why: 'alpha above 1', field: 'params.alpha', text: scenario({ params: { alpha: 1.5 } }) },
  { why: 'ct below 0', field: 'params.ct', text: scenario({ params: { ct: -0.1 } }) },
  { why: 'gamma of 0', field: 'params.browsing.gamma', text: scenario({ params: { browsing: { model: 'exponential', gamma: 0 } } }) },
  { why: 'an unknown browsing model', field: 'params.browsing.model', text: scenario({ params: { browsing: { model: 'cascade' } } }) },
  { why: 'an unknown tokenizer', field: 'params.tokenizer', text: scenario({ params: { tokenizer: 'bert' } }) },
  { why: 'DIPS groups naming one group twice', field: 'params.dipsGroups', text: scenario({ params: { dipsGroups: ['male', 'male'] } }) },
  { why: 'a DIPS group that is not a group', field: 'params.dipsGroups[1]', text: scenario({ params: { dipsGroups: ['male', 'other'] } }) },
  { why: 'RaB groups naming one group twice', field: 'params.rabGroups', text: scenario({ params: { rabGroups: ['female', 'female'] } }) },
  { why: 'a RaB group that is not a group', field: 'params.rabGroups[0]', text: scenario({ params: { rabGroups: ['women', 'male'] } }) },
  { why: 'an unknown RaB magnitude', field: 'params.rabMagnitude', text: scenario({ params: { rabMagnitude: 'log' } }) },
  { why: 'a single group', field: 'groups', text: scenario({ groups: ['female'] }) },
  { why: "'neutral' as a group", field: 'groups[2]', text: scenario({ groups: ['female', 'male', 'neutral'] }) },
  { why: 'a lexicon for an unknown group', field: 'lexicon.nonbinary', text: scenario({ lexicon: { nonbinary: ['they'] } }) },
  { why: 'an empty ranking list', field: 'rankings', text: '{"rankings": []}' },
  { why: 'a ranking without documents', field: 'rankings[0].docs', text: '{"rankings": [{"name": "A", "docs": []}]}' },
  {
    why: 'two documents with one id',
    field: 'rankings[0].docs[1].id',
    text: JSON.stringify({
      rankings: ranking([
        { ...doc, id: 'x' },
        { ...doc, id: 'x' },
      ]),
    }),
  },
  { why: 'two rankings with one name', field: 'rankings[1].name', text: JSON.stringify({ rankings: [...ranking(), ...ranking()] }) },
  { why: 'an unknown document key', field: 'rankings[0].docs[0].lable', text: JSON.stringify({ rankings: ranking([{ lable: 'male' }]) }) },
];

// The reproducers of issue 8, each refused by every entry point with the same message.
/** @type {{ why: string; field: string; text: string }[]} */
export const issueReproducers = [
  { why: 'a key named ""', field: 'scenario[""]', text: '{"": 1, "rankings": [{"docs": [{}]}]}' },
  { why: 'a key given twice', field: 'rankings', text: '{"rankings": [{"docs": [{}]}], "rankings": [{"docs": [{}]}]}' },
  { why: 'a trailing NUL', field: 'scenario', text: '{"rankings": [{"docs": [{}]}]}\0' },
  { why: 'an id above 2^53', field: 'rankings[0].docs[0].id', text: '{"rankings": [{"docs": [{"id": 9007199254740993}]}]}' },
  { why: '20,000 empty documents', field: 'rankings[0].docs', text: JSON.stringify({ rankings: [{ docs: Array(20000).fill({}) }] }) },
];

// ------------------------------------------------------------------------------------------------
// The systematic list.

/** A valid scenario touching every field: each case below breaks exactly one thing in a copy. */
function base() {
  return {
    title: 'T',
    description: 'D',
    groups: ['female', 'male'],
    lexicon: { female: ['she'], male: ['he'] },
    params: {
      k: 2,
      tau: 1,
      tauInclusive: true,
      targets: { female: 0.5, male: 0.5 },
      rbdf: true,
      alpha: 0.5,
      ct: 0.5,
      dipsGroups: ['female', 'male'],
      browsing: { model: 'exponential', gamma: 0.9 },
      tokenizer: 'words',
      awrfAlignment: 'terms',
      awrfDistance: 'l1',
      ndcgGain: 'linear',
    },
    rankings: [{ name: 'A', docs: [{ id: 'a', text: 'she said', label: 'female', relevance: 1 }] }],
    background: [{ id: 'b', text: 'he said', label: 'male', relevance: 0 }],
  };
}

/** The JSON path of `keys` as the core writes it: `params.k`, `rankings[0].docs`. */
function pathOf(keys) {
  let out = '';
  for (const key of keys) out = typeof key === 'number' ? `${out || 'scenario'}[${key}]` : out ? `${out}.${key}` : key;
  return out;
}

function withValue(keys, value) {
  const s = base();
  let at = s;
  for (const key of keys.slice(0, -1)) at = at[key];
  at[keys.at(-1)] = value;
  return JSON.stringify(s);
}

const values = { null: null, boolean: true, number: 1, string: 'x', array: [], object: {} };

// Each field, and the kinds of JSON value it accepts: every other kind is a wrong type.
const fields = [
  [['title'], ['string']],
  [['description'], ['string']],
  [['groups'], ['array']],
  [['groups', 0], ['string']],
  [['lexicon'], ['object']],
  [['lexicon', 'female'], ['array']],
  [['lexicon', 'female', 0], ['string']],
  [['params'], ['object']],
  [['params', 'k'], ['number']],
  [['params', 'tau'], ['number']],
  [['params', 'tauInclusive'], ['boolean']],
  [['params', 'targets'], ['object']],
  [['params', 'targets', 'female'], ['number']],
  [['params', 'rbdf'], ['boolean']],
  [['params', 'alpha'], ['number']],
  [['params', 'ct'], ['number']],
  [['params', 'dipsGroups'], ['array']],
  [['params', 'dipsGroups', 0], ['string']],
  [['params', 'browsing'], ['object']],
  [['params', 'browsing', 'model'], ['string']],
  [['params', 'browsing', 'gamma'], ['number']],
  [['params', 'tokenizer'], ['string']],
  [['params', 'awrfAlignment'], ['string']],
  [['params', 'awrfDistance'], ['string']],
  [['params', 'ndcgGain'], ['string']],
  [['rankings'], ['array']],
  [['rankings', 0], ['object']],
  [['rankings', 0, 'name'], ['string']],
  [['rankings', 0, 'docs'], ['array']],
  [['rankings', 0, 'docs', 0], ['object']],
  [
    ['rankings', 0, 'docs', 0, 'id'],
    ['string', 'number'],
  ],
  [['rankings', 0, 'docs', 0, 'text'], ['string']],
  [['rankings', 0, 'docs', 0, 'label'], ['string']],
  [['rankings', 0, 'docs', 0, 'relevance'], ['number']],
  [['background'], ['array']],
  [['background', 0], ['object']],
  [
    ['background', 0, 'id'],
    ['string', 'number'],
  ],
  [['background', 0, 'text'], ['string']],
  [['background', 0, 'label'], ['string']],
  [['background', 0, 'relevance'], ['number']],
];

function wrongTypes() {
  const out = [];
  for (const [keys, accepted] of fields)
    for (const [kind, value] of Object.entries(values)) {
      if (accepted.includes(kind)) continue;
      // A string where a string is expected can still be wrong (an unknown group): not this case.
      out.push({ why: `${pathOf(keys)} as ${kind}`, field: pathOf(keys), text: withValue(keys, value) });
    }
  return out;
}

// Values of the right type that are out of range or unknown.
const outOfRange = [
  [
    ['params', 'k'],
    [0, -1, 1.5, 1e300, limitsTable.limits.k.default + 1],
  ],
  [
    ['params', 'tau'],
    [-0.5, -1e300],
  ],
  [
    ['params', 'alpha'],
    [-0.01, 1.01, 1e300],
  ],
  [
    ['params', 'ct'],
    [-0.01, 1.01],
  ],
  [
    ['params', 'browsing', 'gamma'],
    [0, -0.5, 1.5],
  ],
  [
    ['params', 'browsing', 'model'],
    ['cascade', '', 'Exponential'],
  ],
  [
    ['params', 'tokenizer'],
    ['bert', ''],
  ],
  [['params', 'awrfAlignment'], ['documents']],
  [
    ['params', 'awrfDistance'],
    ['l2', 'JS'],
  ],
  [['params', 'ndcgGain'], ['log']],
  [
    ['params', 'targets', 'female'],
    [-0.5, 0.6],
  ],
  [
    ['params', 'dipsGroups', 0],
    ['nobody', 'neutral'],
  ],
  [
    ['params', 'dipsGroups'],
    [[], ['female'], ['female', 'male', 'female'], ['male', 'male']],
  ],
  [['groups'], [[], ['female'], ['female', 'female']]],
  [
    ['groups', 0],
    ['', 'neutral'],
  ],
  [
    ['lexicon', 'female', 0],
    ['', 'he'],
  ],
  [['rankings'], [[]]],
  [['rankings', 0, 'docs'], [[]]],
  [
    ['rankings', 0, 'docs', 0, 'label'],
    ['femal', '', 'Female'],
  ],
  [
    ['rankings', 0, 'docs', 0, 'id'],
    [9007199254740992, -9007199254740992, 0.5, 1e300],
  ],
  [['background', 0, 'label'], ['nobody']],
  [
    ['background', 0, 'id'],
    [2 ** 64, 1.25],
  ],
];

function outOfRangeValues() {
  const out = [];
  for (const [keys, bad] of outOfRange)
    for (const value of bad) {
      // Some refusals name the list or the object rather than the element.
      let field = pathOf(keys);
      if (keys.at(-1) === 'female' && keys[1] === 'targets' && value === 0.6) field = 'params.targets';
      if (keys.at(-2) === 'female' && keys[0] === 'lexicon' && value === 'he') field = 'lexicon.male[0]';
      if (keys.join() === 'groups,0' && value === '') field = 'groups[0]';
      if (keys.join() === 'groups' && value.length === 2) field = 'groups[1]';
      out.push({ why: `${pathOf(keys)} = ${JSON.stringify(value)}`, field, text: withValue(keys, value) });
    }
  return out;
}

// Every object of the scenario: a key it does not know, a key named "" and one holding a dot.
const objects = [[], ['params'], ['params', 'browsing'], ['rankings', 0], ['rankings', 0, 'docs', 0], ['background', 0]];

function unknownKeys() {
  const out = [];
  for (const keys of objects)
    for (const [key, suffix] of [
      ['colour', '.colour'],
      ['', '[""]'],
      ['a.b', '["a.b"]'],
    ]) {
      const s = base();
      let at = s;
      for (const k of keys) at = at[k];
      at[key] = 1;
      const parent = pathOf(keys);
      const field = suffix.startsWith('.') ? (parent ? `${parent}${suffix}` : key) : `${parent || 'scenario'}${suffix}`;
      out.push({ why: `an unknown key ${JSON.stringify(key)} in ${parent || 'the scenario'}`, field, text: JSON.stringify(s) });
    }
  // Objects keyed by group: an unknown group.
  out.push({ why: 'lexicon of an unknown group', field: 'lexicon.women', text: withValue(['lexicon', 'women'], ['x']) });
  out.push({ why: 'a target of an unknown group', field: 'params.targets.women', text: withValue(['params', 'targets', 'women'], 0) });
  return out;
}

// Every object: one of its keys given twice (JSON.stringify cannot write it, so text is edited).
function duplicateKeys() {
  const out = [];
  const cases = [
    [[], 'title', '"T"'],
    [['params'], 'k', '3'],
    [['params', 'browsing'], 'gamma', '0.5'],
    [['params', 'targets'], 'female', '0.5'],
    [['lexicon'], 'female', '["her"]'],
    [['rankings', 0], 'name', '"B"'],
    [['rankings', 0, 'docs', 0], 'label', '"male"'],
    [['background', 0], 'text', '"x"'],
  ];
  for (const [keys, key, repeat] of cases) {
    const marker = '"__repeat__":0';
    const s = base();
    let at = s;
    for (const k of keys) at = at[k];
    at.__repeat__ = 0;
    const text = JSON.stringify(s).replace(marker, `"${key}":${repeat}`);
    const parent = pathOf(keys);
    out.push({ why: `"${key}" twice in ${parent || 'the scenario'}`, field: parent ? `${parent}.${key}` : key, text });
  }
  return out;
}

function trailingBytes() {
  const valid = JSON.stringify(base());
  return [' x', '{}', '\0', ' \0', ']', '}', ',', '1', '"', '\u00a0', '\ufeff', '\0\0\0'].map((tail) => ({
    why: `bytes after the value: ${JSON.stringify(tail)}`,
    field: 'scenario',
    text: valid + tail,
  }));
}

function badJson() {
  const valid = JSON.stringify(base());
  return [
    ['empty input', ''],
    ['only whitespace', ' \n'],
    ['a NUL first', `\0${valid}`],
    ['a NUL inside a string', valid.replace('she said', 'she\0said')],
    ['a raw tab inside a string', valid.replace('she said', 'she\tsaid')],
    ['a trailing comma', valid.replace('"she"]', '"she",]')],
    ['a comment', `/* c */${valid}`],
    ['single quotes', valid.replace('"T"', "'T'")],
    ['a lone surrogate escape', valid.replace('she said', 'she \\ud800 said')],
    ['a bad escape', valid.replace('she said', 'she \\q said')],
    ['Infinity', valid.replace('"relevance":1', '"relevance":Infinity')],
    ['1e400', valid.replace('"relevance":1', '"relevance":1e400')],
    ['a leading zero', valid.replace('"relevance":1', '"relevance":01')],
    ['a leading +', valid.replace('"relevance":1', '"relevance":+1')],
    ['nesting 65 deep', `{"rankings": [{"docs": [{}]}], "title": ${'['.repeat(65)}${']'.repeat(65)}}`],
  ].map(([why, text]) => ({ why, field: why === 'nesting 65 deep' ? `title${'[0]'.repeat(63)}` : 'scenario', text }));
}

function badUtf8() {
  const valid = JSON.stringify(base());
  const [before, after] = valid.split('she said');
  const cases = [
    ['a lone continuation byte', [0x80]],
    ['0xff', [0xff]],
    ['an overlong slash', [0xc0, 0xaf]],
    ['a truncated sequence', [0xe2, 0x80]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
  ];
  return [
    ...cases.map(([why, bytes]) => ({
      why: `bad UTF-8 in a text: ${why}`,
      field: 'scenario',
      text: Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)]),
    })),
    // gzip's header and a little of its binary, as any .json.gz starts: called gzip, not bad UTF-8.
    { why: 'a gzip-compressed file', field: 'scenario', text: Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 0xab, 0xae, 5, 0]) },
  ];
}

function limitsExceeded() {
  const l = limitsTable.limits;
  const one = (extra) => JSON.stringify({ rankings: [{ docs: [{}] }], ...extra });
  const many = (n, item) => Array.from({ length: n }, (_, i) => item(i));
  return [
    {
      why: 'documentsPerRanking + 1',
      field: 'rankings[0].docs',
      text: JSON.stringify({ rankings: [{ docs: many(l.documentsPerRanking.default + 1, () => ({})) }] }),
    },
    {
      why: 'rankings + 1',
      field: 'rankings',
      text: JSON.stringify({ rankings: many(l.rankings.default + 1, (i) => ({ name: `r${i}`, docs: [{}] })) }),
    },
    { why: 'backgroundDocuments + 1', field: 'background', text: one({ background: many(l.backgroundDocuments.default + 1, () => ({})) }) },
    { why: 'groups + 1', field: 'groups', text: one({ groups: many(l.groups.default + 1, (i) => `g${i}`) }) },
    {
      why: 'lexiconTerms + 1',
      field: `lexicon.male[${l.lexiconTerms.default - 10}]`,
      text: one({ lexicon: { female: many(10, (i) => `f${i}`), male: many(l.lexiconTerms.default - 9, (i) => `m${i}`) } }),
    },
    {
      why: 'textBytes + 1',
      field: 'rankings[0].docs[1].text',
      text: JSON.stringify({ rankings: [{ docs: [{ text: 'a'.repeat(l.textBytes.default) }, { text: 'b' }] }] }),
    },
    { why: 'k + 1', field: 'params.k', text: one({ params: { k: l.k.default + 1 } }) },
    { why: 'scenarioBytes + 1', field: 'scenario', text: one({ title: 'x'.repeat(l.scenarioBytes.default) }) },
  ];
}

/** @typedef {{ why: string; field: string; text: string | Uint8Array }} Malformed */

/** @type {Malformed[]} */
export const generatedMalformedScenarios = [
  ...wrongTypes(),
  ...outOfRangeValues(),
  ...unknownKeys(),
  ...duplicateKeys(),
  ...trailingBytes(),
  ...badJson(),
  ...badUtf8(),
  ...limitsExceeded(),
];
