// Bad inputs every entry point must refuse with one message naming the field (SPEC "Bad input").
const doc = { text: 'he and she', label: 'female', relevance: 1 };
const ranking = (docs = [doc]) => [{ name: 'A', docs }];
const scenario = (extra) => JSON.stringify({ rankings: ranking(), ...extra });

export const malformedScenarios = [
  { why: 'malformed JSON', field: 'scenario', text: '{"rankings": [' },
  { why: 'a scenario that is not an object', field: 'scenario', text: '[1, 2]' },
  { why: 'no rankings', field: 'rankings', text: '{}' },
  { why: 'an unknown label', field: 'rankings[0].docs[0].label', text: JSON.stringify({ rankings: ranking([{ ...doc, label: 'femal' }]) }) },
  { why: 'a negative k', field: 'params.k', text: scenario({ params: { k: -3 } }) },
  { why: 'k = 0', field: 'params.k', text: scenario({ params: { k: 0 } }) },
  { why: 'a fractional k', field: 'params.k', text: scenario({ params: { k: 2.5 } }) },
  { why: 'k above its cap', field: 'params.k', text: scenario({ params: { k: 1000001 } }) },
  { why: 'targets that do not sum to 1', field: 'params.targets', text: scenario({ params: { targets: { female: 0.3, male: 0.6 } } }) },
  { why: 'a target for an unknown group', field: 'params.targets.women', text: scenario({ params: { targets: { women: 0.5, male: 0.5 } } }) },
  { why: 'a negative target', field: 'params.targets.female', text: scenario({ params: { targets: { female: -0.5, male: 1.5 } } }) },
  { why: 'a term in two groups', field: 'lexicon.male[0]', text: scenario({ lexicon: { female: ['he'], male: ['He'] } }) },
  { why: 'a null (NaN) relevance', field: 'rankings[0].docs[0].relevance', text: JSON.stringify({ rankings: ranking([{ ...doc, relevance: null }]) }) },
  { why: 'a string relevance', field: 'rankings[0].docs[0].relevance', text: JSON.stringify({ rankings: ranking([{ ...doc, relevance: 'NaN' }]) }) },
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
  { why: 'a single group', field: 'groups', text: scenario({ groups: ['female'] }) },
  { why: "'neutral' as a group", field: 'groups[2]', text: scenario({ groups: ['female', 'male', 'neutral'] }) },
  { why: 'a lexicon for an unknown group', field: 'lexicon.nonbinary', text: scenario({ lexicon: { nonbinary: ['they'] } }) },
  { why: 'an empty ranking list', field: 'rankings', text: '{"rankings": []}' },
  { why: 'a ranking without documents', field: 'rankings[0].docs', text: '{"rankings": [{"name": "A", "docs": []}]}' },
  { why: 'two documents with one id', field: 'rankings[0].docs[1].id', text: JSON.stringify({ rankings: ranking([{ ...doc, id: 'x' }, { ...doc, id: 'x' }]) }) },
  { why: 'two rankings with one name', field: 'rankings[1].name', text: JSON.stringify({ rankings: [...ranking(), ...ranking()] }) },
  { why: 'an unknown document key', field: 'rankings[0].docs[0].lable', text: JSON.stringify({ rankings: ranking([{ lable: 'male' }]) }) },
];
