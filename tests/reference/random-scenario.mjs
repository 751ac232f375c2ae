// Random, valid scenarios (SPEC §The scenario format) for cross-checking the C++ core
// against tests/reference/spec-reference.mjs. Deterministic per integer seed.
//
// Everything is varied: groups (2 or 3, various names and orders), lexicon (built-in or a
// small random one with mixed case), document texts (group terms in any case, filler,
// digits, punctuation, apostrophes, repeated spaces, tabs/newlines, UTF-8 words, empty
// text), labels, relevances (ties, reals, missing), ids (shared, missing), background
// documents, and every parameter (set or left to its default).

/** mulberry32: a tiny 32-bit seeded PRNG returning floats in [0, 1) (multiples of 2^-32). */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function makeRandom(seed) {
  const next = mulberry32(seed);
  const rnd = {
    next,
    /** Integer in [lo, hi] inclusive. */
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (arr) => arr[Math.floor(next() * arr.length)],
    chance: (prob) => next() < prob,
    shuffle: (arr) => {
      const a = [...arr];
      for (let i = a.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [a[i], a[j]] = [a[j], a[i]];
      }
      return a;
    },
  };
  return rnd;
}

// Group name sets; the first one (the SPEC default) is drawn most often.
const GROUP_SETS = [
  ['female', 'male'],
  ['female', 'male'],
  ['female', 'male'],
  ['male', 'female'],
  ['female', 'male', 'nonbinary'],
  ['women', 'men'],
  ['g1', 'g2', 'g3'],
  ['a', 'b'],
];

// Targets that sum to exactly 1 in floating point (simple fractions), by group count.
const TARGETS = {
  2: [
    [0.5, 0.5],
    [0.25, 0.75],
    [0.75, 0.25],
    [0.4, 0.6],
    [0.3, 0.7],
    [0.2, 0.8],
    [1, 0],
    [0, 1],
  ],
  3: [
    [1 / 3, 1 / 3, 1 / 3],
    [0.5, 0.25, 0.25],
    [0.25, 0.5, 0.25],
    [0.2, 0.3, 0.5],
    [0.6, 0.2, 0.2],
    [0, 0.5, 0.5],
    [1, 0, 0],
    [0.1, 0.3, 0.6],
  ],
};

// Pool of distinct base terms for random lexicons (one UTF-8 term among them).
const TERM_POOL = [
  'she',
  'he',
  'her',
  'him',
  'hers',
  'his',
  'woman',
  'man',
  'girl',
  'boy',
  'mother',
  'father',
  'queen',
  'king',
  'they',
  'them',
  'ze',
  'zir',
  'xe',
  'mädchen',
  'sir',
  'madam',
  'aunt',
  'uncle',
  'actress',
  'actor',
  'bride',
  'groom',
  'niece',
  'nephew',
];

// Words that are in the built-in lexicon (data/gender-words/), used when there is no lexicon.
const DEFAULT_LEXICON_WORDS = [
  'he',
  'she',
  'her',
  'him',
  'his',
  'hers',
  'man',
  'woman',
  'girl',
  'boy',
  'mother',
  'father',
  'john',
  'mary',
  'sir',
  'madam',
  'sisters',
  'brother',
  'taylor',
  'lee',
];

// Near-misses (never equal to a term as a token), ordinary filler, digits, UTF-8 words.
const NEAR_MISSES = ['hero', 'shed', 'mankind', 'heroine', 'shes', 'hisself', 'woman2'];
const FILLER = [
  'the',
  'a',
  'doctor',
  'nurse',
  'engineer',
  'of',
  'and',
  'is',
  'was',
  'to',
  'in',
  'team',
  '2024',
  '42',
  '7',
  'x1',
  'b2b',
  'covid19',
  "don't",
  'e-mail',
  'u.s.',
];
const UTF8_WORDS = ['café', 'Mädchen', 'naïve', '日本', 'Ärztin', 'señor', 'MÄDCHEN', 'über'];
const PUNCT = [',', '.', '!', '?', ';', ':', '(', ')', '"', '-', '…'];
const SEPARATORS = [' ', ' ', ' ', ' ', ' ', '  ', '   ', '\t', '\n', ' \n ', ', ', '. ', '-', '/', ' - '];

/** Random case: lower, Capitalised or UPPER (JS toUpperCase: also non-ASCII letters). */
function randomCase(rnd, word) {
  const r = rnd.next();
  if (r < 0.6) return word;
  if (r < 0.8) return word.charAt(0).toUpperCase() + word.slice(1);
  return word.toUpperCase();
}

function randomText(rnd, termWords) {
  const style = rnd.next();
  if (style < 0.07) return ''; // empty text
  if (style < 0.1) return rnd.pick(['  ', ' ... ', '\t\n', '!!', ' - ']); // no tokens
  const nWords = rnd.int(1, 18);
  let text = rnd.chance(0.1) ? rnd.pick([' ', '  ', '\t']) : '';
  for (let i = 0; i < nWords; i++) {
    const kind = rnd.next();
    let word;
    if (kind < 0.35 && termWords.length > 0) word = randomCase(rnd, rnd.pick(termWords));
    else if (kind < 0.42 && termWords.length > 0) word = randomCase(rnd, rnd.pick(termWords)) + "'s";
    else if (kind < 0.5) word = rnd.pick(NEAR_MISSES);
    else if (kind < 0.58) word = rnd.pick(UTF8_WORDS);
    else if (kind < 0.62) word = String(rnd.int(0, 999));
    else word = randomCase(rnd, rnd.pick(FILLER));
    if (rnd.chance(0.15)) word += rnd.pick(PUNCT);
    if (rnd.chance(0.05)) word = rnd.pick(PUNCT) + word;
    text += word;
    if (i < nWords - 1) text += rnd.pick(SEPARATORS);
  }
  if (rnd.chance(0.1)) text += rnd.pick([' ', '  ', '\n', '.']);
  return text;
}

function randomLexicon(rnd, groups) {
  const pool = rnd.shuffle(TERM_POOL);
  const lexicon = {};
  let at = 0;
  for (const g of groups) {
    const count = rnd.int(2, 6);
    const terms = pool.slice(at, at + count).map((t) => randomCase(rnd, t));
    at += count;
    // Sometimes the same term twice in one group, in another case (V_g is a set).
    if (rnd.chance(0.15)) terms.push(terms[0].toUpperCase() === terms[0] ? terms[0].toLowerCase() : terms[0].toUpperCase());
    lexicon[g] = terms;
  }
  return lexicon;
}

function randomRelevance(rnd, mode) {
  if (mode === 'int') return rnd.int(0, 3);
  if (mode === 'real') return rnd.chance(0.5) ? Math.round(rnd.next() * 4000) / 1000 : rnd.next() * 3;
  return rnd.chance(0.5) ? rnd.int(0, 2) : Math.round(rnd.next() * 8) / 4; // mixed, with ties
}

function randomParams(rnd, groups, maxN) {
  const P = {};
  const maybe = (prob = 0.5) => rnd.chance(prob);
  if (maybe(0.6)) P.k = rnd.int(1, maxN + 3);
  if (maybe()) P.tau = rnd.pick([0, 0.5, 1, 2, 3]);
  if (maybe()) P.tauInclusive = rnd.chance(0.5);
  if (maybe()) {
    const t = rnd.pick(TARGETS[groups.length]);
    // Attach the fractions to a random permutation of the groups.
    const order = rnd.shuffle(groups);
    P.targets = Object.fromEntries(order.map((g, i) => [g, t[i]]));
  }
  if (maybe()) P.rbdf = rnd.chance(0.5);
  if (maybe()) P.alpha = rnd.chance(0.3) ? rnd.pick([0, 0.5, 1]) : rnd.next();
  if (maybe()) P.ct = rnd.chance(0.75) ? rnd.pick([0, 0.5, 1]) : rnd.next();
  if (maybe()) {
    const [A, B] = rnd.shuffle(groups);
    P.dipsGroups = [A, B];
  }
  if (maybe()) {
    const browsing = { model: rnd.pick(['uniform', 'exponential', 'logarithmic']) };
    if (rnd.chance(0.7)) browsing.gamma = rnd.chance(0.3) ? rnd.pick([1, 0.5, 0.9]) : 1 - rnd.next();
    P.browsing = browsing;
  }
  if (maybe()) P.tokenizer = rnd.pick(['words', 'whitespace']);
  if (maybe()) P.awrfAlignment = rnd.pick(['terms', 'labels']);
  if (maybe()) P.awrfDistance = rnd.pick(['l1', 'js']);
  if (maybe()) P.ndcgGain = rnd.pick(['linear', 'exponential']);
  if (maybe()) P.rabGroups = rnd.shuffle(groups).slice(0, 2);
  if (maybe()) P.rabMagnitude = rnd.pick(['tc', 'tf', 'bool']);
  if (maybe()) P.ndklTarget = rnd.pick(['targets', 'ranking']);
  if (maybe()) P.ndklEpsilon = rnd.pick([0, 1e-7]);
  return P;
}

/** A random valid scenario, deterministic per integer seed. */
export function randomScenario(seed) {
  const rnd = makeRandom(seed);
  const groups = [...rnd.pick(GROUP_SETS)];
  const isDefaultGroups = groups.length === 2 && groups[0] === 'female' && groups[1] === 'male';

  // Lexicon: the built-in list (only for exactly ["female","male"]) or a random one.
  const useDefaultLexicon = isDefaultGroups && rnd.chance(0.4);
  const lexicon = useDefaultLexicon ? undefined : randomLexicon(rnd, groups);
  const termWords = useDefaultLexicon
    ? DEFAULT_LEXICON_WORDS
    : Object.values(lexicon)
        .flat()
        .map((t) => t.toLowerCase());

  const labels = [...groups, 'neutral'];
  const idPool = Array.from({ length: 30 }, (_, i) => `d${i + 1}`);
  const makeDoc = (id, relMode) => {
    const doc = {};
    if (id !== undefined) doc.id = id;
    doc.text = randomText(rnd, termWords);
    if (rnd.chance(0.85)) doc.label = rnd.pick(labels);
    if (rnd.chance(0.9)) doc.relevance = randomRelevance(rnd, relMode);
    return doc;
  };

  // 1-3 rankings of 1-15 documents, unique names, unique ids within a ranking.
  const nRankings = rnd.int(1, 3);
  const rankings = [];
  for (let q = 0; q < nRankings; q++) {
    const n = rnd.int(1, 15);
    const withIds = rnd.chance(0.8);
    const ids = rnd.shuffle(idPool).slice(0, n);
    const relMode = rnd.pick(['int', 'real', 'mixed']);
    const docs = [];
    for (let i = 0; i < n; i++) {
      const keepId = withIds && rnd.chance(0.9);
      docs.push(makeDoc(keepId ? ids[i] : undefined, relMode));
    }
    rankings.push({ name: `${rnd.pick(['run', 'R', 'bm25', 'ranker'])}-${q + 1}`, docs });
  }
  const maxN = Math.max(...rankings.map((r) => r.docs.length));

  const scenario = {};
  if (!isDefaultGroups || rnd.chance(0.5)) scenario.groups = groups;
  if (lexicon !== undefined) scenario.lexicon = lexicon;
  if (rnd.chance(0.85)) scenario.params = randomParams(rnd, groups, maxN);
  scenario.rankings = rankings;

  // Background: 0-10 documents, some sharing ids with ranking documents (unique among
  // themselves), some without id.
  if (rnd.chance(0.5)) {
    const nBg = rnd.int(0, 10);
    const bgIds = rnd.shuffle(idPool);
    const background = [];
    for (let i = 0; i < nBg; i++) {
      background.push(makeDoc(rnd.chance(0.8) ? bgIds[i] : undefined, 'int'));
    }
    scenario.background = background;
  }
  return scenario;
}

// Lowercase words for the non-ASCII scenarios: accents, Greek (final sigma), Cyrillic, a digraph
// with a title case (ǅ), ß (uppercases to SS, which lowercases to ss: never the term again), k and i
// (written with U+212A KELVIN SIGN or U+0130 İ in some texts).
const UNICODE_TERMS = [
  'élève',
  'señora',
  'mädchen',
  'γυναίκα',
  'άνδρας',
  'οδος',
  'σοφος',
  'kind',
  'ǆemal',
  'øre',
  'ĳssel',
  'straße',
  'ирина',
  'иван',
  'lit',
];
const UNICODE_FILLER = ['the', 'ΤΟ', 'ΣΑΣ', 'Σ', 'ΟΔΟΣ.ΑΒ', "ΑΣ'", 'ﬁne', 'ΐ', 'a\u0345', 'x\u00ad', '日本', '123', '—'];
const UNICODE_SEPARATORS = [' ', ' ', ' ', '  ', '. ', '.', "'", ', ', '\t', '-', ' \u00b7 '];

/** A word in a random case: as is, UPPER, Capitalised, or with k as U+212A and i as U+0130. */
function unicodeCase(rnd, word) {
  const r = rnd.next();
  if (r < 0.3) return word;
  if (r < 0.6) return word.toUpperCase();
  if (r < 0.8) return word.charAt(0).toUpperCase() + word.slice(1);
  return word.toUpperCase().replace(/K/g, '\u212a').replace(/I/g, '\u0130');
}

/**
 * randomScenario(seed) with a lexicon of non-ASCII terms in any case and texts of those terms in
 * any case (non-ASCII uppercase, final sigma, lowercase of another byte length): the core's
 * lowercasing (Python's str.lower()) against the reference's.
 */
export function randomUnicodeScenario(seed) {
  const scenario = randomScenario(seed);
  const rnd = makeRandom(seed ^ 0x5bd1e995);
  const groups = scenario.groups ?? ['female', 'male'];
  const pool = rnd.shuffle(UNICODE_TERMS);
  const lexicon = {};
  let at = 0;
  for (const g of groups) {
    const count = rnd.int(2, 4);
    lexicon[g] = pool.slice(at, at + count).map((t) => unicodeCase(rnd, t));
    at += count;
  }
  scenario.lexicon = lexicon;
  const text = () => {
    const n = rnd.int(0, 14);
    let out = '';
    for (let i = 0; i < n; i++) {
      const kind = rnd.next();
      let word = kind < 0.5 ? unicodeCase(rnd, rnd.pick(UNICODE_TERMS)) : rnd.pick(UNICODE_FILLER);
      if (rnd.chance(0.1)) word += "'s";
      out += word + (i < n - 1 ? rnd.pick(UNICODE_SEPARATORS) : '');
    }
    return out;
  };
  for (const ranking of scenario.rankings) for (const doc of ranking.docs) doc.text = text();
  for (const doc of scenario.background ?? []) doc.text = text();
  return scenario;
}
