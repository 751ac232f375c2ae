// Checks tests/reference/spec-reference.mjs against values computed by hand (the hand
// computation is written in the comments next to each expectation), and checks that
// tests/reference/random-scenario.mjs is deterministic and produces valid scenarios.
//
// Run: npx vitest run tests/node/reference.test.mjs

import { test } from 'vitest';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';

import { evaluateReference, loadDefaultLexicon, tokenize } from '../reference/spec-reference.mjs';
import { randomScenario } from '../reference/random-scenario.mjs';

const LEXICON_PATH = fileURLToPath(new URL('../../data/gender-words/wordlist_gender_representative.txt', import.meta.url));
const DEFAULT_LEXICON = loadDefaultLexicon(LEXICON_PATH);

const EPS = 1e-12;
const L3 = Math.log2(3); // log2(3) ≈ 1.5849625
const L5 = Math.log2(5);
const p = (r) => 1 / Math.log2(r + 1); // p(1)=1, p(2)=1/log2 3, p(3)=1/2, p(4)=1/log2 5

function close(actual, expected, msg = '') {
  assert.ok(typeof actual === 'number' && Math.abs(actual - expected) <= EPS, `${msg} expected ${expected}, got ${actual}`);
}

/** Evaluates a one-ranking scenario and returns that ranking's result. */
function evalOne({ docs, params = {}, lexicon = { female: ['she'], male: ['he'] }, groups, background }) {
  const scenario = { lexicon, params, rankings: [{ name: 'R', docs }] };
  if (groups) scenario.groups = groups;
  if (background) scenario.background = background;
  return evaluateReference(scenario, DEFAULT_LEXICON).rankings[0];
}

const repeat = (word, times) => Array(times).fill(word).join(' ');
const bytesToUtf8 = (tok) => Buffer.from(tok, 'latin1').toString('utf8');

test('default lexicon loads 163 female and 163 male words', () => {
  assert.equal(DEFAULT_LEXICON.female.length, 163);
  assert.equal(DEFAULT_LEXICON.male.length, 163);
  assert.ok(DEFAULT_LEXICON.male.includes('John'));
  assert.ok(DEFAULT_LEXICON.female.includes('she'));
});

test("tokenizers: words vs whitespace, Python's lowercasing, UTF-8 words whole", () => {
  // words: "He's" -> he, s (SPEC example); "HE" -> he.
  assert.deepEqual(tokenize("He's HE he", 'words').map(bytesToUtf8), ['he', 's', 'he', 'he']);
  // whitespace: split on ' ' only; the apostrophe stays; empty pieces dropped.
  assert.deepEqual(tokenize("  He's HE  he ", 'whitespace').map(bytesToUtf8), ["he's", 'he', 'he']);
  // whitespace: tab and newline are not separators.
  assert.deepEqual(tokenize('she\the\nhim x', 'whitespace').map(bytesToUtf8), ['she\the\nhim', 'x']);
  // words: Ä is lowercased too, as Python's lower() does; bytes >= 0x80 belong to the token.
  assert.deepEqual(tokenize('Café MÄDCHEN, x1-日本', 'words').map(bytesToUtf8), ['café', 'mädchen', 'x1', '日本']);
  // Full mappings and final sigma, decided on the whole text: '.' is case-ignorable, so the first Σ
  // has a cased letter after it; U+212A KELVIN SIGN is k.
  assert.deepEqual(tokenize('ΟΔΟΣ.ΑΒ ΟΔΟΣ \u212Aing \u0130', 'words').map(bytesToUtf8), ['οδοσ', 'αβ', 'οδος', 'king', 'i\u0307']);
  assert.deepEqual(tokenize('', 'words'), []);
  assert.deepEqual(tokenize(' ... ', 'words'), []);
});

test("NFaiRR: SPEC's worked magnitudes 10/0, 6/4, 8/2, 5/5", () => {
  // J = (1/2, 1/2), τ = 1 (inclusive). ω = 1 - |f/(f+m) - 1/2| - |m/(f+m) - 1/2|:
  //   10/0 -> 1 - (0.5 + 0.5) = 0;   6/4 -> 1 - (0.1 + 0.1) = 0.8;
  //   8/2  -> 1 - (0.3 + 0.3) = 0.4; 5/5 -> 1 - 0 = 1.
  const docs = [
    { id: 'a', text: repeat('she', 10) },
    { id: 'b', text: `${repeat('she', 6)} ${repeat('he', 4)}` },
    { id: 'c', text: `${repeat('He', 8)}, ${repeat('SHE', 2)}` }, // male 8, female 2
    { id: 'd', text: `${repeat('she', 5)} and ${repeat('he', 5)}` },
  ];
  const res = evalOne({ docs, params: { k: 4 } }).nfairr;
  const expectedOmega = [0, 0.8, 0.4, 1];
  res.omega.forEach((w, i) => close(w, expectedOmega[i], `omega[${i}]`));

  // FaiRR = 0·1 + 0.8/log2 3 + 0.4/2 + 1/log2 5.
  const fairr = 0.8 / L3 + 0.2 + 1 / L5;
  // S = the 4 documents; sorted ω = 1, 0.8, 0.4, 0: IFaiRR = 1 + 0.8/log2 3 + 0.4/2 + 0.
  const ifairr = 1 + 0.8 / L3 + 0.2;
  close(res.fairr, fairr, 'fairr');
  close(res.ifairr, ifairr, 'ifairr');
  close(res.value, fairr / ifairr, 'nfairr');
  // baseline = mean ω (= 2.2/4 = 0.55) · (p1+p2+p3+p4) / IFaiRR.
  close(res.baseline, (0.55 * (1 + 1 / L3 + 0.5 + 1 / L5)) / ifairr, 'baseline');
  // atCutoff[0] (k = 1): FaiRR = 0, IFaiRR = 1 -> 0.
  close(res.atCutoff[0], 0, 'atCutoff[0]');
  close(res.atCutoff[3], res.value, 'atCutoff[3]');
});

test('NFaiRR: τ threshold, tauInclusive, background de-duplication, baseline sum to k', () => {
  // One "he": sum of magnitudes 1 <= τ = 1 -> ω = 1 (inclusive).
  const one = [{ text: 'he said' }];
  close(evalOne({ docs: one }).nfairr.omega[0], 1, 'inclusive');
  // tauInclusive false: 1 < 1 is false -> ω = 1 - (|0 - 0.5| + |1 - 0.5|) = 0.
  close(evalOne({ docs: one, params: { tauInclusive: false } }).nfairr.omega[0], 0, 'exclusive');
  // IFaiRR = 0 (only document has ω = 0) -> value and baseline null.
  const r0 = evalOne({ docs: one, params: { tauInclusive: false } }).nfairr;
  assert.equal(r0.value, null);
  assert.equal(r0.baseline, null);
  // τ = 0, exclusive: a document without group term is still neutral (ω = 1).
  close(evalOne({ docs: [{ text: 'nothing here' }], params: { tau: 0, tauInclusive: false } }).nfairr.omega[0], 1);

  // Ranking: x (ω 0, "she she"), y (ω 1, neutral); k = 3 > n = 2.
  // Background: a copy of id x with neutral text (ignored: the ranking's copy wins),
  // and two documents without id (never merged): "she she she" (ω 0), "" (ω 1).
  // S = {x: 0, y: 1, bg3: 0, bg4: 1}; sorted 1, 1, 0, 0; IFaiRR over min(3, 4) = 3 ranks
  //   = 1 + 1/log2 3 + 0.
  // FaiRR over k' = 2: 0·1 + 1/log2 3.
  // baseline = mean ω (2/4) · (p1 + p2 + p3) / IFaiRR  (sum to k = 3, not k' = 2).
  const res = evalOne({
    docs: [
      { id: 'x', text: 'she she' },
      { id: 'y', text: 'the weather' },
    ],
    background: [{ id: 'x', text: 'neutral text' }, { text: 'she she she' }, { text: '' }],
    params: { k: 3 },
  }).nfairr;
  const ifairr = 1 + 1 / L3;
  close(res.fairr, 1 / L3, 'fairr');
  close(res.ifairr, ifairr, 'ifairr');
  close(res.value, 1 / L3 / ifairr, 'value');
  close(res.baseline, (0.5 * (1 + 1 / L3 + 0.5)) / ifairr, 'baseline');
  assert.equal(res.omega.length, 2);
  // atCutoff[0] (k = 1): FaiRR = 0, IFaiRR = 1 -> 0; atCutoff[1] (k = 2): (1/log2 3)/(1 + 1/log2 3).
  close(res.atCutoff[0], 0);
  close(res.atCutoff[1], 1 / L3 / (1 + 1 / L3));
});

test("DIPS / IGI / REE: SPEC's worked example (uniform F, c_t = 0)", () => {
  // Groups A = female, B = male. Ideal [A0, B1, A2, A3] with relevance 4, 3, 2, 1;
  // ranking [A2, B1, A0, A3] (positions 0..3).
  const docs = [
    { id: 'A2', label: 'female', relevance: 2 },
    { id: 'B1', label: 'male', relevance: 3 },
    { id: 'A0', label: 'female', relevance: 4 },
    { id: 'A3', label: 'female', relevance: 1 },
  ];
  const r = evalOne({ docs, params: { ct: 0, browsing: { model: 'uniform' } } });
  // Raw sums: A-items below a B-item with higher relevance: A0 (4) below B1 (3) -> 1;
  //           A3 (1) below B1 (3): 1 > 3 false -> 0. Raw M_AB = 1.
  //           B1 (3) below A2 (2): 3 > 2 -> 1. Raw M_BA = 1.
  // IGI: C_AB = #{A > B} = {A0>B1} = 1; C_BA = #{B > A} = {B1>A2, B1>A3} = 2.
  close(r.igi.mAB, 1);
  close(r.igi.mBA, 0.5);
  close(r.igi.value, 0.5);
  // REE: C = N_A N_B = 3 -> 1/3, 1/3, 0.
  close(r.ree.mAB, 1 / 3);
  close(r.ree.mBA, 1 / 3);
  close(r.ree.value, 0);
  // DIPS, uniform F: C = max(3·1, 1·3) = 3 -> 1/3 - 1/3 = 0.
  close(r.dips.mAB, 1 / 3);
  close(r.dips.mBA, 1 / 3);
  close(r.dips.value, 0);
  // Truncations: c=1 [A2]: N_B = 0 -> null.
  //   c=2 [A2, B1]: M_AB = 0, M_BA = 1 (B1 vs A2); C = max(1·1, 1·1) = 1 -> -1.
  //   c=3 [A2, B1, A0]: M_AB = 1, M_BA = 1; C = max(2·1, 1·2) = 2 -> 0.  c=4: 0.
  assert.equal(r.dips.atCutoff[0], null);
  close(r.dips.atCutoff[1], -1);
  close(r.dips.atCutoff[2], 0);
  close(r.dips.atCutoff[3], 0);
  // IGI at c=2: C_AB = #{A2 > B1} = 0 -> mAB null -> value null.
  assert.equal(r.igi.atCutoff[1], null);
});

test('DIPS: exponential browsing model and tie handling', () => {
  const docs = [
    { label: 'female', relevance: 2 },
    { label: 'male', relevance: 3 },
    { label: 'female', relevance: 4 },
    { label: 'female', relevance: 1 },
  ];
  // γ = 0.5: F = 1, 0.5, 0.25, 0.125 at k0 = 0..3.
  // Raw M_AB: A0 (pos 2) below B1 (pos 1): F(1)·1 = 0.5. Raw M_BA: B1 below A2 (pos 0): F(0)·1 = 1.
  // C = max(N_A·F(0), N_B·(F(0)+F(1)+F(2))) = max(3, 1.75) = 3.
  const r = evalOne({ docs, params: { ct: 0, browsing: { model: 'exponential', gamma: 0.5 } } });
  close(r.dips.mAB, 0.5 / 3);
  close(r.dips.mBA, 1 / 3);
  close(r.dips.value, -1 / 6);

  // Ties, c_t = 0.5, logarithmic F = 1/log2(k0 + 2):
  // [B (1), A (1), A (0)]: A at pos 1 vs B at pos 0: tie -> 0.5·F(0) = 0.5;
  //                       A at pos 2 vs B at pos 0: 0 > 1 false, no tie -> 0.
  // Raw M_AB = 0.5, M_BA = 0 (B is at the top).
  // C = max(N_A·F(0), N_B·(F(0) + F(1))) = max(2, 1 + 1/log2 3 ≈ 1.63) = 2 -> mAB = 0.25.
  const t = evalOne({
    docs: [
      { label: 'male', relevance: 1 },
      { label: 'female', relevance: 1 },
      { label: 'female', relevance: 0 },
    ],
    params: { ct: 0.5, browsing: { model: 'logarithmic' } },
  });
  close(t.dips.mAB, 0.25);
  close(t.dips.mBA, 0);
  // REE with the same c_t: C = 2 -> mAB = 0.25. IGI: C_AB = #{A > B} = 0 -> null.
  close(t.ree.mAB, 0.25);
  assert.equal(t.igi.mAB, null);
  assert.equal(t.igi.value, null);
  // dipsGroups reversed swaps the roles: value changes sign.
  const s = evalOne({
    docs: [
      { label: 'male', relevance: 1 },
      { label: 'female', relevance: 1 },
      { label: 'female', relevance: 0 },
    ],
    params: { ct: 0.5, browsing: { model: 'logarithmic' }, dipsGroups: ['male', 'female'] },
  });
  close(s.dips.value, -t.dips.value);
});

test('EE / EA / EA-dp (DIPS paper Eq. 12-16): a small case by hand', () => {
  // [B (0), A (1), N (2), A (1)], F = 0.9^k0 = 1, 0.9, 0.81, 0.729.
  // E_A = 0.9 + 0.729 = 1.629, E_B = 1, E = 2.629.
  const docs = [
    { label: 'male', relevance: 0 },
    { label: 'female', relevance: 1 },
    { label: 'neutral', relevance: 2 },
    { label: 'female', relevance: 1 },
  ];
  const r = evalOne({ docs });
  // EA: T_A = 2, T_B = 0 -> δ_A = 1 - 1.629 / 2.629 = 1 / 2.629.
  close(r.ea.value, 1 / 2.629, 'EA');
  close(r.ea.l1, 2 / 2.629, 'EA l1');
  close(r.ea.targetShare.female, 1, 'EA target share');
  // EA-dp: T_A share 2/3.
  close(r.eadp.value, 2 / 3 - 1.629 / 2.629, 'EA-dp');
  // EE: σ* = [N, A, A, B]: t(1) = (0.9 + 0.81) / 2 = 0.855, t(0) = 0.729; T_A = 1.71, T_B = 0.729.
  close(r.ee.value, 1.71 / 2.439 - 1.629 / 2.629, 'EE');
  close(r.ee.deltaB, 0.729 / 2.439 - 1 / 2.629, 'EE δ_B');
  // Top 2 ([B (0), A (1)]): EE T_A / T = 1 / 1.9, E_A / E = 0.9 / 1.9; top 1: no A, null.
  assert.equal(r.ee.atCutoff[0], null);
  close(r.ee.atCutoff[1], 0.1 / 1.9, 'EE at 2');
  // All relevance 0: EA undefined (T_A + T_B = 0), its shares null; EA-dp defined.
  const z = evalOne({ docs: [{ label: 'female' }, { label: 'male' }] });
  assert.equal(z.ea.value, null);
  assert.equal(z.ea.targetShare.female, null);
  close(z.eadp.value, 0.5 - 1 / 1.9, 'EA-dp, all relevance 0');
});

test('CWEx: a small case by hand', () => {
  // Labels [male, neutral, female, male], k = 3, α = 0.5.
  // p = 1, 1/log2 3, 1/2; P = 1.5 + 1/log2 3.
  // Exposure: male 1/P, neutral (1/log2 3)/P, female 0.5/P; Δ = (1 - 0.5)/P = 0.5/P.
  // CWEx = 0.5·(1/log2 3)/P - 0.5·0.5/P.
  const docs = [{ label: 'male' }, { label: 'neutral' }, { label: 'female' }, { label: 'male' }];
  const r = evalOne({ docs, params: { k: 3 } }).cwex;
  const P = 1.5 + 1 / L3;
  close(r.exposure.male, 1 / P);
  close(r.exposure.neutral, 1 / L3 / P);
  close(r.exposure.female, 0.5 / P);
  close(r.deltaExposure, 0.5 / P);
  close(r.value, (0.5 * (1 / L3)) / P - (0.5 * 0.5) / P);
  // atCutoff[0] (k = 1, only the male document): neutral 0, Δ = 1 - 0 = 1 -> -0.5.
  close(r.atCutoff[0], -0.5);
  // α = 1: CWEx = Exposure_neutral.
  close(evalOne({ docs, params: { k: 3, alpha: 1 } }).cwex.value, 1 / L3 / P);
});

test('TExFAIR: a small case with and without RBDF', () => {
  // d1 "She is a doctor": |d| = 4, tf(she) = 1.  d2 "the weather": no group term.
  // d3 "he and he": |d| = 3, tf(he) = 2.  k = 3; p = 1, 1/log2 3, 1/2.
  // TE(she) = (1/4)·1 = 1/4; TE(he) = (2/3)·(1/2) = 1/3; total = 7/12.
  // share female = 3/7, male = 4/7; TED = |3/7 - 1/2| + |4/7 - 1/2| = 1/7.
  // RBDF = (p1 + p3)/(p1 + p2 + p3) = 1.5/(1.5 + 1/log2 3).
  const docs = [{ text: 'She is a doctor' }, { text: 'the weather' }, { text: 'he and he' }];
  const rbdf = 1.5 / (1.5 + 1 / L3);
  const on = evalOne({ docs, params: { k: 3 } }).texfair;
  close(on.share.female, 3 / 7);
  close(on.share.male, 4 / 7);
  close(on.rbdf, rbdf);
  close(on.ted, rbdf / 7);
  // max(TED) = 2(1 - 1/2) = 1 -> TExFAIR = 1 - TED·RBDF, normalized the same.
  close(on.value, 1 - rbdf / 7);
  close(on.normalized, 1 - rbdf / 7);
  // RBDF off: TED = 1/7, value 6/7; rbdf still reported.
  const off = evalOne({ docs, params: { k: 3, rbdf: false } }).texfair;
  close(off.ted, 1 / 7);
  close(off.value, 6 / 7);
  close(off.rbdf, rbdf);
  // k = 1: only d1 (female only): shares 1, 0; TED = 1; RBDF = 1 -> value 0.
  close(on.atCutoff[0], 0);
  // Non-uniform targets (female 0.25, male 0.75): max(TED) = 2(1 - 0.25) = 1.5;
  // TED = |3/7 - 1/4| + |4/7 - 3/4| = 5/28 + 5/28 = 5/14; with RBDF: 5/14·rbdf.
  const nu = evalOne({ docs, params: { k: 3, targets: { female: 0.25, male: 0.75 } } }).texfair;
  close(nu.ted, (5 / 14) * rbdf);
  close(nu.value, 1.5 - (5 / 14) * rbdf);
  close(nu.normalized, 1 - ((5 / 14) * rbdf) / 1.5);
  // No representative term in the top k': shares null, TED 0, RBDF 0, TExFAIR = max(TED).
  const none = evalOne({ docs: [{ text: 'the weather' }, { text: 'she' }], params: { k: 1 } }).texfair;
  assert.deepEqual(none.share, { female: null, male: null });
  assert.equal(none.ted, 0);
  assert.equal(none.rbdf, 0);
  assert.equal(none.value, 1);
  assert.equal(none.normalized, 1);
});

test('nDCG: linear and exponential gain', () => {
  // Relevance [1, 3, 0, 2], k = 3.
  // Linear: DCG = 1/1 + 3/log2 3 + 0/2; ideal [3, 2, 1, 0]: IDCG = 3 + 2/log2 3 + 1/2.
  const docs = [{ relevance: 1 }, { relevance: 3 }, { relevance: 0 }, { relevance: 2 }];
  const lin = evalOne({ docs, params: { k: 3 } }).ndcg;
  close(lin.value, (1 + 3 / L3) / (3 + 2 / L3 + 0.5));
  // Exponential gains 2^rel - 1 = [1, 7, 0, 3]: DCG = 1 + 7/log2 3; IDCG = 7 + 3/log2 3 + 1/2.
  const exp = evalOne({ docs, params: { k: 3, ndcgGain: 'exponential' } }).ndcg;
  close(exp.value, (1 + 7 / L3) / (7 + 3 / L3 + 0.5));
  // k = 1: 1/3 (linear). All-zero relevance -> IDCG = 0 -> null.
  close(lin.atCutoff[0], 1 / 3);
  assert.equal(evalOne({ docs: [{}, {}] }).ndcg.value, null);
});

test('AWRF: Jensen-Shannon with label alignment, L1 with term alignment', () => {
  // One female-labelled document, k = 1: distribution P = (1, 0), Q = targets (1/2, 1/2),
  // M = (3/4, 1/4). KL(P||M) = log2(4/3); KL(Q||M) = ½ log2(2/3) + ½ log2 2.
  // JS = ½ log2(4/3) + ¼ log2(2/3) + ¼ = (1 - ½ log2 3) + (¼ - ¼ log2 3) + ¼ = 1.5 - 0.75 log2 3.
  const js = evalOne({
    docs: [{ label: 'female' }],
    params: { awrfAlignment: 'labels', awrfDistance: 'js' },
  }).awrf;
  close(js.distribution.female, 1);
  close(js.distribution.male, 0);
  close(js.value, 1.5 - 0.75 * L3);
  // Identical distributions: JS = 0 (neutral label -> uniform alignment).
  close(evalOne({ docs: [{ label: 'neutral' }], params: { awrfAlignment: 'labels', awrfDistance: 'js' } }).awrf.value, 0);

  // Terms: d1 "she he he" -> a = (1/3, 2/3); d2 no group term -> (1/2, 1/2); k = 2.
  // E = (1/3 + ½ p2, 2/3 + ½ p2), ||E||_1 = 1 + p2 with p2 = 1/log2 3.
  // L1 = |E_f/S - ½| + |E_m/S - ½| = (1/6)/S + (1/6)/S = (1/3)/(1 + 1/log2 3).
  const l1 = evalOne({ docs: [{ text: 'she he he' }, { text: 'nothing' }], params: { k: 2 } }).awrf;
  close(l1.distribution.female, (1 / 3 + 0.5 / L3) / (1 + 1 / L3));
  close(l1.value, 1 / 3 / (1 + 1 / L3));
  // k = 1: distribution (1/3, 2/3) -> L1 = 1/6 + 1/6 = 1/3.
  close(l1.atCutoff[0], 1 / 3);
});

test('three groups: ω can go below 0 and max(TED) = 2(1 - min target)', () => {
  // Groups f, m, x with terms she / he / ze, targets uniform 1/3.
  // Document "she she she": magnitudes 3, 0, 0 > τ = 1:
  //   ω = 1 - (|1 - 1/3| + |0 - 1/3| + |0 - 1/3|) = 1 - 4/3 = -1/3.
  const r = evalOne({
    groups: ['f', 'm', 'x'],
    lexicon: { f: ['she'], m: ['he'], x: ['ze'] },
    docs: [{ text: 'she she she' }],
  });
  close(r.nfairr.omega[0], -1 / 3);
  // TExFAIR: shares 1, 0, 0; TED = 4/3; RBDF = 1; max(TED) = 2(1 - 1/3) = 4/3 -> value 0.
  close(r.texfair.ted, 4 / 3);
  close(r.texfair.value, 0);
  close(r.texfair.normalized, 0);
});

test('IFaiRR below 0: NFaiRR and its baseline undefined (the order would turn round)', () => {
  // Groups f, m, x (uniform targets), k = 2: "she she" has ω = -1/3, nine "she" and a "he"
  // (shares 9/10, 1/10, 0) ω = 1 - (17/30 + 7/30 + 10/30) = -2/15. IFaiRR = -2/15 - 1/3 · p(2) < 0.
  const r = evalOne({
    groups: ['f', 'm', 'x'],
    lexicon: { f: ['she'], m: ['he'], x: ['ze'] },
    docs: [{ text: repeat('she', 2) }, { text: `${repeat('she', 9)} he` }],
    params: { k: 2 },
  }).nfairr;
  close(r.ifairr, -2 / 15 - p(2) / 3);
  close(r.fairr, -1 / 3 - (2 / 15) * p(2));
  assert.equal(r.value, null);
  assert.equal(r.baseline, null);
});

test('RaB and ARaB: every magnitude, the parts, t beyond n', () => {
  // c_f, c_m per rank: "she she he" 2, 1; "he" 0, 1; "" 0, 0.
  const docs = [{ text: 'she she he' }, { text: 'he' }, { text: '' }];
  const r = evalOne({ docs, params: { k: 2 } });
  const ln2 = Math.log(2);
  const ln3 = Math.log(3);
  // RaB@2, tc: ((1 - 2) + (1 - 0)) / 2 = 0; parts f (2 + 0) / 2 = 1, m (1 + 1) / 2 = 1.
  close(r.rab.tc.value, 0, 'RaB tc');
  close(r.rab.tc.parts.female, 1, 'RaB tc f');
  close(r.rab.tc.parts.male, 1, 'RaB tc m');
  // tf: f (ln 3 + 0) / 2, m (ln 2 + ln 2) / 2 = ln 2; value ln 2 - ln 3 / 2 (the default magnitude).
  close(r.rab.tf.parts.female, ln3 / 2, 'RaB tf f');
  close(r.rab.value, ln2 - ln3 / 2, 'RaB value = tf');
  assert.equal(r.rab.magnitude, 'tf');
  // bool: f (1 + 0) / 2, m (1 + 1) / 2: 1/2.
  close(r.rab.bool.value, 0.5, 'RaB bool');
  // ARaB@2 = (RaB@1 + RaB@2) / 2. tc: RaB@1 = 1 - 2 = -1, so -1/2; parts f (2 + 1) / 2, m (1 + 1) / 2.
  close(r.arab.tc.value, -0.5, 'ARaB tc');
  close(r.arab.tc.parts.female, 1.5, 'ARaB tc f');
  close(r.arab.tc.parts.male, 1, 'ARaB tc m');
  // tf: RaB@1 = ln 2 - ln 3, RaB@2 = ln 2 - ln 3 / 2: ARaB = ln 2 - 3 ln 3 / 4.
  close(r.arab.tf.value, ln2 - (3 * ln3) / 4, 'ARaB tf');
  // bool: RaB@1 = 1 - 1 = 0, RaB@2 = 1/2: 1/4.
  close(r.arab.bool.value, 0.25, 'ARaB bool');
  // atCutoff is RaB at t = 1, 2, 3 (tf): ln 2 - ln 3; ln 2 - ln 3 / 2; (2 ln 2 - ln 3) / 3.
  close(r.rab.atCutoff[0], ln2 - ln3, 'RaB@1');
  close(r.rab.atCutoff[2], (2 * ln2 - ln3) / 3, 'RaB@3');
  // k = 5 > n = 3: t' = 3, the same as k = 3.
  const beyond = evalOne({ docs, params: { k: 5, rabMagnitude: 'bool' } });
  // bool RaB@3: f (1 + 0 + 0) / 3, m (1 + 1 + 0) / 3: 1/3.
  close(beyond.rab.value, 1 / 3, 'RaB bool t > n');
  assert.equal(beyond.rab.magnitude, 'bool');
  // rabGroups swapped: every value negated.
  const swapped = evalOne({ docs, params: { k: 2, rabGroups: ['male', 'female'] } });
  close(swapped.arab.tf.value, -(ln2 - (3 * ln3) / 4), 'ARaB tf, f = male');
});

test('RaB with the public code setup: whitespace tokens, the ARaB word list, its own example text', () => {
  const list = loadDefaultLexicon(fileURLToPath(new URL('../../data/msmarco-query-gender/wordlist_genderspecific.txt', import.meta.url)));
  assert.equal(list.female.length, 32);
  assert.equal(list.male.length, 32);
  // The step 1 notebook's example: "a war day and many boys , women and men": boys, men (m), women (f).
  const r = evalOne({
    docs: [{ text: 'a war day and many boys , women and men' }],
    lexicon: list,
    params: { tokenizer: 'whitespace', k: 10 },
  });
  close(r.rab.tc.value, 2 - 1, 'tc');
  close(r.rab.tf.value, Math.log(3) - Math.log(2), 'tf');
  close(r.rab.bool.value, 0, 'bool');
  close(r.arab.tc.value, 1, 'ARaB of one document is its RaB');
});

test('RaB groups default to the first two when the scenario has no female and male', () => {
  // Groups a, b, c: f = a, m = b; "y y" holds two b terms.
  const r = evalOne({ docs: [{ text: 'y y z' }], groups: ['a', 'b', 'c'], lexicon: { a: ['x'], b: ['y'], c: ['z'] } });
  close(r.rab.tc.value, 2, 'b - a');
  assert.deepEqual(Object.keys(r.rab.tc.parts), ['a', 'b']);
});

test('randomScenario is deterministic per seed and yields evaluable scenarios', () => {
  assert.deepEqual(randomScenario(42), randomScenario(42));
  assert.deepEqual(randomScenario(7), randomScenario(7));
  assert.notDeepEqual(randomScenario(42), randomScenario(43));

  const k10 = (s) => s.params?.k ?? 10;
  for (let seed = 1; seed <= 150; seed++) {
    const scenario = randomScenario(seed);
    // Round-trips through JSON unchanged (what the C++ side will read).
    assert.deepEqual(JSON.parse(JSON.stringify(scenario)), scenario);
    const groups = scenario.groups ?? ['female', 'male'];
    if (scenario.lexicon === undefined) assert.deepEqual(groups, ['female', 'male']);
    const targets = scenario.params?.targets;
    if (targets) {
      const sum = groups.reduce((s, g) => s + targets[g], 0);
      assert.ok(Math.abs(sum - 1) < 1e-12, `seed ${seed}: targets sum ${sum}`);
    }
    const out = evaluateReference(scenario, DEFAULT_LEXICON);
    assert.equal(out.rankings.length, scenario.rankings.length);
    out.rankings.forEach((res, q) => {
      const n = scenario.rankings[q].docs.length;
      for (const metric of ['nfairr', 'texfair', 'dips', 'ree', 'igi', 'ee', 'ea', 'eadp', 'cwex', 'awrf', 'rab', 'arab', 'ndcg']) {
        const m = res[metric];
        assert.equal(m.atCutoff.length, n, `${metric} atCutoff length`);
        for (const v of [m.value, ...m.atCutoff]) {
          assert.ok(v === null || Number.isFinite(v), `seed ${seed} ${metric}: ${v}`);
        }
      }
      // Consistency: the curve at c = k equals the value (k-dependent metrics, k <= n) and
      // the pairwise curves end at the whole-ranking value.
      const k = k10(scenario);
      if (k <= n) {
        for (const metric of ['nfairr', 'texfair', 'cwex', 'awrf', 'rab', 'arab', 'ndcg']) {
          assert.equal(res[metric].atCutoff[k - 1], res[metric].value, `seed ${seed} ${metric}`);
        }
      }
      for (const metric of ['dips', 'ree', 'igi', 'ee', 'ea', 'eadp']) {
        assert.equal(res[metric].atCutoff[n - 1], res[metric].value, `seed ${seed} ${metric}`);
      }
    });
  }
});
