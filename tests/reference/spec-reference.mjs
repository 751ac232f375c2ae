// Independent reference implementation of the metrics in shared/SPEC.md.
//
// Purpose: a slow, literal, obviously-correct oracle that the C++ core is cross-checked
// against (to 1e-9) on random scenarios. Nothing here is optimised: every metric is
// recomputed from scratch, cut-off curves re-run the whole metric at each cut-off, and
// pairwise measures use plain O(n^2) loops. Plain JavaScript, Node 20, no dependencies.
//
// Section references ("SPEC §NFaiRR", ...) point at the headings of shared/SPEC.md;
// equation numbers point at the papers in shared/papers/.

import { readFileSync } from 'node:fs';
import { pythonLower } from './python-lower.mjs';

// ---------------------------------------------------------------------------------------
// Default lexicon (SPEC §Terms and tokens: data/gender-words/)
// ---------------------------------------------------------------------------------------

/**
 * Reads a `word,f` / `word,m` list (one entry a line) into {female: [...], male: [...]}.
 * Words are returned as written (case is folded later, when the lexicon is built).
 */
export function loadDefaultLexicon(path) {
  const female = [];
  const male = [];
  for (const rawLine of readFileSync(path, 'utf8').split('\n')) {
    const line = rawLine.replace(/\r$/, '').trim();
    if (line === '') continue;
    const comma = line.lastIndexOf(',');
    const word = line.slice(0, comma).trim();
    const tag = line.slice(comma + 1).trim();
    if (tag === 'f') female.push(word);
    else if (tag === 'm') male.push(word);
    else throw new Error(`loadDefaultLexicon: bad line ${JSON.stringify(rawLine)}`);
  }
  return { female, male };
}

// ---------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------

/** Position bias p(r) = 1 / log2(r + 1), r 1-based (SPEC, notation). */
function p(r) {
  return 1 / Math.log2(r + 1);
}

/** A byte string (one JS char per byte, 'latin1') of the UTF-8 encoding of s. */
function utf8Bytes(s) {
  return Buffer.from(s, 'utf8').toString('latin1');
}

// ---------------------------------------------------------------------------------------
// Tokenizers (SPEC §Terms and tokens). Tokens are returned as byte strings (latin1 view
// of the UTF-8 bytes) so that matching against lexicon terms is an exact byte comparison.
// ---------------------------------------------------------------------------------------

/**
 * tokenize(text, mode): lowercase the whole text as Python's str.lower() (the README's departure
 * from SPEC's "ASCII letters" for `words`; python-lower.mjs), then
 *  - "words": a token is a maximal run of bytes that are ASCII letters, ASCII digits, or >= 0x80
 *    (so UTF-8 sequences stay whole). "He's" -> he, s.
 *  - "whitespace": split on the byte 0x20 only; empty pieces dropped.
 */
export function tokenize(text, mode = 'words') {
  const bytes = Buffer.from(pythonLower(text), 'utf8');
  if (mode !== 'whitespace' && mode !== 'words') throw new Error(`unknown tokenizer ${mode}`);
  const isTokenByte =
    mode === 'whitespace'
      ? (b) => b !== 0x20
      : (b) =>
          (b >= 0x61 && b <= 0x7a) || // a-z (A-Z already lowered)
          (b >= 0x30 && b <= 0x39) || // 0-9
          b >= 0x80; // any byte of a multi-byte UTF-8 sequence
  // Each token is a maximal run of token bytes, [start, i), read as latin1.
  const tokens = [];
  let start = -1;
  for (let i = 0; i <= bytes.length; i++) {
    const inToken = i < bytes.length && isTokenByte(bytes[i]);
    if (inToken && start < 0) start = i;
    else if (!inToken && start >= 0) {
      tokens.push(bytes.toString('latin1', start, i));
      start = -1;
    }
  }
  return tokens;
}

// ---------------------------------------------------------------------------------------
// Scenario normalisation: defaults for params, documents and the lexicon.
// ---------------------------------------------------------------------------------------

function resolveContext(scenario, defaultLexicon) {
  const groups = scenario.groups ?? ['female', 'male'];
  const P = scenario.params ?? {};

  // Targets J / p̂: default uniform over G.
  const targets = {};
  for (const g of groups) {
    targets[g] = P.targets !== undefined ? P.targets[g] : 1 / groups.length;
  }

  const browsing = P.browsing ?? {};
  const params = {
    k: P.k ?? 10,
    tau: P.tau ?? 1,
    tauInclusive: P.tauInclusive ?? true,
    targets,
    rbdf: P.rbdf ?? true,
    alpha: P.alpha ?? 0.5,
    ct: P.ct ?? 0.5,
    dipsGroups: P.dipsGroups ?? [groups[0], groups[1]],
    browsing: { model: browsing.model ?? 'exponential', gamma: browsing.gamma ?? 0.9 },
    tokenizer: P.tokenizer ?? 'words',
    awrfAlignment: P.awrfAlignment ?? 'terms',
    awrfDistance: P.awrfDistance ?? 'l1',
    ndcgGain: P.ndcgGain ?? 'linear',
    // SPEC §RaB and ARaB: ["female", "male"] by default; a scenario whose groups are named
    // otherwise has no such groups, and then f, m are its first two (the core's documented choice).
    rabGroups: P.rabGroups ?? (groups.includes('female') && groups.includes('male') ? ['female', 'male'] : [groups[0], groups[1]]),
    rabMagnitude: P.rabMagnitude ?? 'tf',
    ndklTarget: P.ndklTarget ?? 'targets',
    ndklEpsilon: P.ndklEpsilon ?? 0,
  };

  // Lexicon: V_g = set of terms of group g, lowercased (Python's str.lower()) and de-duplicated.
  // Stored as byte strings so that they compare exactly with tokens.
  const source = scenario.lexicon ?? defaultLexicon;
  const vocab = {};
  for (const g of groups) {
    const set = new Set();
    for (const term of source[g] ?? []) set.add(utf8Bytes(pythonLower(term)));
    vocab[g] = [...set];
  }

  // A text's tokens, kept for the evaluation (TExFAIR reads every document once per term and cut-off).
  return { groups, params, vocab, tokens: new Map() };
}

/** Fills in document defaults: label "neutral", relevance 0, text "", id absent. */
function normalizeDoc(d) {
  return {
    id: d.id === undefined || d.id === null ? undefined : d.id,
    text: d.text ?? '',
    label: d.label ?? 'neutral',
    relevance: d.relevance ?? 0,
  };
}

// ---------------------------------------------------------------------------------------
// Term statistics (SPEC §Terms and tokens): tf(t, d), |d|, M_g(d).
// ---------------------------------------------------------------------------------------

/** The document's tokens under the scenario's tokenizer. */
function tokensOf(doc, ctx) {
  let tokens = ctx.tokens.get(doc.text);
  if (!tokens) ctx.tokens.set(doc.text, (tokens = tokenize(doc.text, ctx.params.tokenizer)));
  return tokens;
}

function tf(term, tokens) {
  let count = 0;
  for (const tok of tokens) if (tok === term) count++;
  return count;
}

/** M_g(d) = sum over the terms t of group g of tf(t, d). */
function magnitudes(doc, ctx) {
  const tokens = tokensOf(doc, ctx);
  const M = {};
  for (const g of ctx.groups) {
    let sum = 0;
    for (const t of ctx.vocab[g]) sum += tf(t, tokens);
    M[g] = sum;
  }
  return M;
}

/** True when the document contains at least one representative term of any group. */
function isRepresentative(doc, ctx) {
  const M = magnitudes(doc, ctx);
  return ctx.groups.some((g) => M[g] > 0);
}

// ---------------------------------------------------------------------------------------
// NFaiRR (SPEC §NFaiRR; NFaiRR paper / TExFAIR paper Eq. 1-3)
// ---------------------------------------------------------------------------------------

/** Neutrality ω(d) (Eq. 1). A document without any group term is neutral (ω = 1). */
function omega(doc, ctx) {
  const { tau, tauInclusive, targets } = ctx.params;
  const M = magnitudes(doc, ctx);
  let total = 0;
  for (const g of ctx.groups) total += M[g];
  if (total === 0) return 1;
  const belowThreshold = tauInclusive ? total <= tau : total < tau;
  if (belowThreshold) return 1;
  let dev = 0;
  for (const g of ctx.groups) dev += Math.abs(M[g] / total - targets[g]);
  return 1 - dev;
}

/**
 * Background set S: the ranking's documents then the scenario's background documents,
 * de-duplicated by id (first occurrence wins, so the ranking's copy wins); documents
 * without id are never merged.
 */
function backgroundSet(docs, background) {
  const seen = new Set();
  const S = [];
  for (const d of [...docs, ...background]) {
    if (d.id !== undefined) {
      if (seen.has(d.id)) continue;
      seen.add(d.id);
    }
    S.push(d);
  }
  return S;
}

function nfairr(docs, background, ctx, k) {
  const n = docs.length;
  const kp = Math.min(k, n);

  // ω of each of the top k' documents, and FaiRR@k = sum_{r<=k'} ω(d_r) p(r) (Eq. 2).
  const om = [];
  let fairr = 0;
  for (let r = 1; r <= kp; r++) {
    const w = omega(docs[r - 1], ctx);
    om.push(w);
    fairr += w * p(r);
  }

  // IFaiRR@k: FaiRR of S sorted by ω descending, over min(k, |S|) ranks.
  const S = backgroundSet(docs, background);
  const sortedOmega = S.map((d) => omega(d, ctx)).sort((a, b) => b - a);
  const kS = Math.min(k, S.length);
  let ifairr = 0;
  for (let r = 1; r <= kS; r++) ifairr += sortedOmega[r - 1] * p(r);

  // Ranker-agnostic baseline: mean_{d in S} ω(d) * sum_{r=1..k} p(r) / IFaiRR
  // (the sum runs to k, not k').
  let meanOmega = 0;
  for (const w of sortedOmega) meanOmega += w;
  meanOmega /= S.length;
  let sumPk = 0;
  for (let r = 1; r <= k; r++) sumPk += p(r);

  // Undefined when IFaiRR is not positive: below 0 (ω < 0 with more groups or non-uniform
  // targets) the ratio would turn the order round (docs/conventions.md).
  const defined = ifairr > 0;
  return {
    value: defined ? fairr / ifairr : null,
    fairr,
    ifairr,
    baseline: defined ? (meanOmega * sumPk) / ifairr : null,
    omega: om,
  };
}

// ---------------------------------------------------------------------------------------
// TExFAIR (SPEC §TExFAIR; TExFAIR paper Eq. 8-13)
// ---------------------------------------------------------------------------------------

function texfair(docs, ctx, k) {
  const { targets, rbdf: rbdfOn } = ctx.params;
  const kp = Math.min(k, docs.length);

  // max(TED) = 2 (1 - min_g p̂_g).
  let minTarget = Infinity;
  for (const g of ctx.groups) minTarget = Math.min(minTarget, targets[g]);
  const maxTED = 2 * (1 - minTarget);

  // RBDF = sum_{r<=k'} [d_r representative] p(r) / sum_{r<=k'} p(r) (Eq. 11).
  let num = 0;
  let den = 0;
  let anyRepresentative = false;
  for (let r = 1; r <= kp; r++) {
    const rep = isRepresentative(docs[r - 1], ctx);
    if (rep) {
      num += p(r);
      anyRepresentative = true;
    }
    den += p(r);
  }
  const rbdf = den > 0 ? num / den : 0;

  const share = {};
  if (!anyRepresentative) {
    // No representative term in the top k': shares undefined, TED = 0, TExFAIR = max(TED).
    for (const g of ctx.groups) share[g] = null;
    return { value: maxTED, normalized: 1, ted: 0, rbdf: 0, share };
  }

  // TE@k(t) = sum_{r<=k'} (tf(t, d_r) / |d_r|) p(r); a document with |d| = 0 adds 0 (Eq. 8).
  const termExposure = (t) => {
    let te = 0;
    for (let r = 1; r <= kp; r++) {
      const tokens = tokensOf(docs[r - 1], ctx);
      if (tokens.length === 0) continue;
      te += (tf(t, tokens) / tokens.length) * p(r);
    }
    return te;
  };

  // Group share p(g) = sum_{t in V_g} TE(t) / sum_x sum_{t in V_x} TE(t) (Eq. 9).
  const groupTE = {};
  let totalTE = 0;
  for (const g of ctx.groups) {
    let s = 0;
    for (const t of ctx.vocab[g]) s += termExposure(t);
    groupTE[g] = s;
    totalTE += s;
  }
  for (const g of ctx.groups) share[g] = groupTE[g] / totalTE;

  // TED = sum_g |p(g) - p̂_g| (Eq. 10); with RBDF on, TED := TED * RBDF (Eq. 12).
  let ted = 0;
  for (const g of ctx.groups) ted += Math.abs(share[g] - targets[g]);
  if (rbdfOn) ted *= rbdf;

  return { value: maxTED - ted, normalized: 1 - ted / maxTED, ted, rbdf, share };
}

// ---------------------------------------------------------------------------------------
// Pairwise measures: DIPS, REE, IGI (SPEC §DIPS; DIPS paper Eq. 7-11)
// ---------------------------------------------------------------------------------------

/** Browsing model F on 0-based position k0. */
function browsingWeight(model, gamma, k0) {
  if (model === 'uniform') return 1;
  if (model === 'exponential') return Math.pow(gamma, k0);
  if (model === 'logarithmic') return 1 / Math.log2(k0 + 2);
  throw new Error(`unknown browsing model ${model}`);
}

/** Unfavourable discordant pair d_U(i, j) = 1[r_i > r_j] + c_t 1[r_i = r_j]. */
function dU(relI, relJ, ct) {
  return (relI > relJ ? 1 : 0) + (relI === relJ ? ct : 0);
}

/**
 * Un-normalised cross-group dissatisfaction of group X against group Y:
 * sum_{i in X} sum_{k0 strictly above i, σ(k0) in Y} F(k0) d_U(i, σ(k0)).
 */
function crossDissatisfaction(docs, X, Y, F, ct) {
  let sum = 0;
  for (let pos = 0; pos < docs.length; pos++) {
    if (docs[pos].label !== X) continue;
    for (let k0 = 0; k0 < pos; k0++) {
      if (docs[k0].label !== Y) continue;
      sum += F(k0) * dU(docs[pos].relevance, docs[k0].relevance, ct);
    }
  }
  return sum;
}

function countGroup(docs, g) {
  let c = 0;
  for (const d of docs) if (d.label === g) c++;
  return c;
}

const NULL_PAIRWISE = Object.freeze({ value: null, mAB: null, mBA: null });

/** DIPS with the scenario's browsing model; C = max(N_A sum_{k0<N_B} F, N_B sum_{k0<N_A} F). */
function dips(docs, ctx) {
  const [A, B] = ctx.params.dipsGroups;
  const { model, gamma } = ctx.params.browsing;
  const F = (k0) => browsingWeight(model, gamma, k0);
  const NA = countGroup(docs, A);
  const NB = countGroup(docs, B);
  if (NA === 0 || NB === 0) return { ...NULL_PAIRWISE };
  let sumFB = 0;
  for (let k0 = 0; k0 < NB; k0++) sumFB += F(k0);
  let sumFA = 0;
  for (let k0 = 0; k0 < NA; k0++) sumFA += F(k0);
  const C = Math.max(NA * sumFB, NB * sumFA);
  const mAB = crossDissatisfaction(docs, A, B, F, ctx.params.ct) / C;
  const mBA = crossDissatisfaction(docs, B, A, F, ctx.params.ct) / C;
  return { value: mAB - mBA, mAB, mBA };
}

/** REE: F = 1, C = N_A N_B. */
function ree(docs, ctx) {
  const [A, B] = ctx.params.dipsGroups;
  const F = () => 1;
  const NA = countGroup(docs, A);
  const NB = countGroup(docs, B);
  if (NA === 0 || NB === 0) return { ...NULL_PAIRWISE };
  const C = NA * NB;
  const mAB = crossDissatisfaction(docs, A, B, F, ctx.params.ct) / C;
  const mBA = crossDissatisfaction(docs, B, A, F, ctx.params.ct) / C;
  return { value: mAB - mBA, mAB, mBA };
}

/** IGI: F = 1, C_AB = #{i in A, j in B : r_i > r_j}, C_BA likewise (anywhere in the list). */
function igi(docs, ctx) {
  const [A, B] = ctx.params.dipsGroups;
  const F = () => 1;
  const NA = countGroup(docs, A);
  const NB = countGroup(docs, B);
  if (NA === 0 || NB === 0) return { ...NULL_PAIRWISE };
  const countBetter = (X, Y) => {
    let c = 0;
    for (const i of docs) {
      if (i.label !== X) continue;
      for (const j of docs) if (j.label === Y && i.relevance > j.relevance) c++;
    }
    return c;
  };
  const CAB = countBetter(A, B);
  const CBA = countBetter(B, A);
  const mAB = CAB === 0 ? null : crossDissatisfaction(docs, A, B, F, ctx.params.ct) / CAB;
  const mBA = CBA === 0 ? null : crossDissatisfaction(docs, B, A, F, ctx.params.ct) / CBA;
  const value = mAB === null || mBA === null ? null : mAB - mBA;
  return { value, mAB, mBA };
}

// ---------------------------------------------------------------------------------------
// Exposure-based measures EE, EA, EA-dp (DIPS paper §5.1, Eq. 12-16)
// ---------------------------------------------------------------------------------------

/**
 * δ = [T_A/(T_A+T_B) - E_A/(E_A+E_B), T_B/(T_A+T_B) - E_B/(E_A+E_B)] (Eq. 12), groups A and B
 * as for DIPS, F the DIPS browsing model, the whole ranking; other labels count in no E_g, T_g.
 * Targets: EA T_g = Σ_{i∈g} r_i (Eq. 13); EA-dp T_g = N_g / N (Eq. 14); EE T_g = Σ_{i∈g} t_i
 * with t_i = mean over the items j with r_j = r_i (any label) of F(σ*⁻¹(j)), σ* = every item
 * by relevance descending (Eq. 15-16). value = δ_A; null when a group is absent or a
 * denominator is 0; a share is null only when its own denominator is 0.
 */
function exposureMeasure(docs, ctx, kind) {
  const [A, B] = ctx.params.dipsGroups;
  const { model, gamma } = ctx.params.browsing;
  const F = (k0) => browsingWeight(model, gamma, k0);
  const n = docs.length;

  // Ideal ranking σ*: every document by relevance, descending (ties in any order).
  const ideal = [...docs].sort((a, b) => b.relevance - a.relevance);
  const target = (d) => {
    if (kind === 'ea') return d.relevance;
    if (kind === 'eadp') return 1 / n; // N_g / N, one item at a time
    let sum = 0;
    let count = 0;
    for (let p = 0; p < n; p++) {
      if (ideal[p].relevance === d.relevance) {
        sum += F(p);
        count++;
      }
    }
    return sum / count;
  };

  let EA = 0;
  let EB = 0;
  let TA = 0;
  let TB = 0;
  docs.forEach((d, pos) => {
    if (d.label === A) {
      EA += F(pos);
      TA += target(d);
    } else if (d.label === B) {
      EB += F(pos);
      TB += target(d);
    }
  });
  const T = TA + TB;
  const E = EA + EB;
  const targetShare = { [A]: T !== 0 ? TA / T : null, [B]: T !== 0 ? TB / T : null };
  const exposureShare = { [A]: E !== 0 ? EA / E : null, [B]: E !== 0 ? EB / E : null };
  const defined = countGroup(docs, A) > 0 && countGroup(docs, B) > 0 && T !== 0 && E !== 0;
  if (!defined) return { value: null, l1: null, deltaA: null, deltaB: null, targetShare, exposureShare };
  const deltaA = TA / T - EA / E;
  const deltaB = TB / T - EB / E;
  return { value: deltaA, l1: Math.abs(deltaA) + Math.abs(deltaB), deltaA, deltaB, targetShare, exposureShare };
}

const ee = (docs, ctx) => exposureMeasure(docs, ctx, 'ee');
const ea = (docs, ctx) => exposureMeasure(docs, ctx, 'ea');
const eadp = (docs, ctx) => exposureMeasure(docs, ctx, 'eadp');

// ---------------------------------------------------------------------------------------
// CWEx (SPEC §CWEx; CWEx paper)
// ---------------------------------------------------------------------------------------

function cwex(docs, ctx, k) {
  const { alpha } = ctx.params;
  const kp = Math.min(k, docs.length);
  const classes = ['neutral', ...ctx.groups];

  // Exposure_c = sum_{r<=k', label = c} p(r) / sum_{r<=k'} p(r).
  let den = 0;
  for (let r = 1; r <= kp; r++) den += p(r);
  const exposure = {};
  for (const c of classes) {
    let num = 0;
    for (let r = 1; r <= kp; r++) if (docs[r - 1].label === c) num += p(r);
    exposure[c] = den > 0 ? num / den : null;
  }
  if (den === 0) return { value: null, exposure, deltaExposure: null };

  // deltaExposure = max_g Exposure_g - min_g Exposure_g over the groups only.
  let max = -Infinity;
  let min = Infinity;
  for (const g of ctx.groups) {
    max = Math.max(max, exposure[g]);
    min = Math.min(min, exposure[g]);
  }
  const deltaExposure = max - min;
  return { value: alpha * exposure.neutral - (1 - alpha) * deltaExposure, exposure, deltaExposure };
}

// ---------------------------------------------------------------------------------------
// AWRF (TExFAIR paper Eq. 4-6 and Eq. 14)
// ---------------------------------------------------------------------------------------

/** Alignment vector a_d over the groups. */
function alignment(doc, ctx) {
  const G = ctx.groups;
  const uniform = Object.fromEntries(G.map((g) => [g, 1 / G.length]));
  if (ctx.params.awrfAlignment === 'labels') {
    // One-hot on the label; a "neutral" document gets the uniform vector.
    if (doc.label === 'neutral') return uniform;
    return Object.fromEntries(G.map((g) => [g, g === doc.label ? 1 : 0]));
  }
  // "terms": a_d[g] = M_g(d) / sum_x M_x(d) (Eq. 14); no group term -> uniform.
  const M = magnitudes(doc, ctx);
  let total = 0;
  for (const g of G) total += M[g];
  if (total === 0) return uniform;
  return Object.fromEntries(G.map((g) => [g, M[g] / total]));
}

/** Jensen-Shannon divergence, log base 2, 0 log 0 = 0. */
function jensenShannon(P, Q, groups) {
  const kl = (X, Y) => {
    let s = 0;
    for (const g of groups) if (X[g] > 0) s += X[g] * Math.log2(X[g] / Y[g]);
    return s;
  };
  const M = Object.fromEntries(groups.map((g) => [g, (P[g] + Q[g]) / 2]));
  return 0.5 * kl(P, M) + 0.5 * kl(Q, M);
}

function awrf(docs, ctx, k) {
  const G = ctx.groups;
  const kp = Math.min(k, docs.length);

  // E = sum_{r<=k'} p(r) a_{d_r} (Eq. 4).
  const E = Object.fromEntries(G.map((g) => [g, 0]));
  for (let r = 1; r <= kp; r++) {
    const a = alignment(docs[r - 1], ctx);
    for (const g of G) E[g] += p(r) * a[g];
  }
  // nE = E / ||E||_1 (Eq. 5).
  let norm = 0;
  for (const g of G) norm += Math.abs(E[g]);
  if (norm === 0) {
    return { value: null, distribution: Object.fromEntries(G.map((g) => [g, null])) };
  }
  const distribution = Object.fromEntries(G.map((g) => [g, E[g] / norm]));

  // AWRF = Δ(nE, Ê) (Eq. 6).
  const targets = ctx.params.targets;
  let value;
  if (ctx.params.awrfDistance === 'js') {
    value = jensenShannon(distribution, targets, G);
  } else if (ctx.params.awrfDistance === 'l1') {
    value = 0;
    for (const g of G) value += Math.abs(distribution[g] - targets[g]);
  } else {
    throw new Error(`unknown awrfDistance ${ctx.params.awrfDistance}`);
  }
  return { value, distribution };
}

// ---------------------------------------------------------------------------------------
// RaB and ARaB (SPEC §RaB and ARaB; Rekabsaz and Schedl, SIGIR 2020, as in their public code)
// ---------------------------------------------------------------------------------------

/** mag(d) of one group under a magnitude: tc c, tf ln(c + 1), bool 1 if c > 0 else 0. */
function rabMagnitude(kind, c) {
  if (kind === 'tc') return c;
  if (kind === 'tf') return Math.log(c + 1);
  return c > 0 ? 1 : 0;
}

/** M_g(d), remembered per document: ARaB's literal double sum would otherwise tokenize O(n^3) times. */
function rabCounts(doc, ctx) {
  ctx.rabCounts ??= new WeakMap();
  if (!ctx.rabCounts.has(doc)) ctx.rabCounts.set(doc, magnitudes(doc, ctx));
  return ctx.rabCounts.get(doc);
}

/**
 * RaB@t for one magnitude, literally: t' = min(t, n); value = (1/t') Σ_{i<=t'} (mag_m - mag_f);
 * each group's part is the same mean over that group's magnitudes alone. Null when t' = 0.
 */
function rabAt(docs, ctx, t, kind) {
  const [f, m] = ctx.params.rabGroups;
  const tp = Math.min(t, docs.length);
  if (tp === 0) return { value: null, parts: { [f]: null, [m]: null } };
  let diff = 0;
  let sumF = 0;
  let sumM = 0;
  for (let i = 0; i < tp; i++) {
    const M = rabCounts(docs[i], ctx);
    const magF = rabMagnitude(kind, M[f]);
    const magM = rabMagnitude(kind, M[m]);
    diff += magM - magF;
    sumF += magF;
    sumM += magM;
  }
  return { value: diff / tp, parts: { [f]: sumF / tp, [m]: sumM / tp } };
}

/** ARaB@t = (1/t') Σ_{x=1..t'} RaB@x, each RaB@x recomputed from scratch; parts alike. */
function arabAt(docs, ctx, t, kind) {
  const [f, m] = ctx.params.rabGroups;
  const tp = Math.min(t, docs.length);
  if (tp === 0) return { value: null, parts: { [f]: null, [m]: null } };
  let value = 0;
  let partF = 0;
  let partM = 0;
  for (let x = 1; x <= tp; x++) {
    const r = rabAt(docs, ctx, x, kind);
    value += r.value;
    partF += r.parts[f];
    partM += r.parts[m];
  }
  return { value: value / tp, parts: { [f]: partF / tp, [m]: partM / tp } };
}

/** Every magnitude; `value` is that of params.rabMagnitude. */
function rankBias(measure, docs, ctx, t) {
  const out = { tc: measure(docs, ctx, t, 'tc'), tf: measure(docs, ctx, t, 'tf'), bool: measure(docs, ctx, t, 'bool') };
  return { value: out[ctx.params.rabMagnitude].value, magnitude: ctx.params.rabMagnitude, ...out };
}
const rab = (docs, ctx, t) => rankBias(rabAt, docs, ctx, t);
const arab = (docs, ctx, t) => rankBias(arabAt, docs, ctx, t);

// ---------------------------------------------------------------------------------------
// nDCG@k
// ---------------------------------------------------------------------------------------

function ndcg(docs, ctx, k) {
  const kp = Math.min(k, docs.length);
  const gain = ctx.params.ndcgGain === 'exponential' ? (rel) => Math.pow(2, rel) - 1 : (rel) => rel;
  const dcgOf = (list) => {
    let s = 0;
    for (let r = 1; r <= kp; r++) s += gain(list[r - 1].relevance) / Math.log2(r + 1);
    return s;
  };
  const dcg = dcgOf(docs);
  const ideal = [...docs].sort((a, b) => b.relevance - a.relevance);
  const idcg = dcgOf(ideal);
  return { value: idcg > 0 ? dcg / idcg : null };
}

// ---------------------------------------------------------------------------------------
// NDKL (SPEC §NDKL; Geyik et al., KDD 2019, Eq. 4), each prefix counted afresh
// ---------------------------------------------------------------------------------------

/** The shares of each group among the labelled documents of `docs` ({} counts when none). */
function groupShares(docs, groups) {
  const labelled = docs.filter((d) => d.label !== 'neutral');
  return Object.fromEntries(groups.map((g) => [g, labelled.length ? labelled.filter((d) => d.label === g).length / labelled.length : 0]));
}

function ndkl(docs, ctx, k) {
  const { ndklTarget, ndklEpsilon: eps } = ctx.params;
  const target = ndklTarget === 'ranking' ? groupShares(docs, ctx.groups) : ctx.params.targets;
  let weighted = 0;
  let z = 0;
  for (let i = 1; i <= Math.min(k, docs.length); i++) {
    const prefix = docs.slice(0, i);
    if (!prefix.some((d) => d.label !== 'neutral')) continue; // i is not in I
    const shares = groupShares(prefix, ctx.groups);
    let kl = 0;
    for (const g of ctx.groups) {
      const P = shares[g] + eps;
      const Q = target[g] + eps;
      if (P === 0) continue;
      if (Q === 0) return { value: null, z: null, target };
      kl += P * Math.log(P / Q);
    }
    weighted += kl / Math.log2(i + 1);
    z += 1 / Math.log2(i + 1);
  }
  return { value: z > 0 ? weighted / z : null, z: z > 0 ? z : null, target };
}

// ---------------------------------------------------------------------------------------
// Driver
// ---------------------------------------------------------------------------------------

/**
 * evaluateReference(scenario, defaultLexicon) -> { rankings: [...] }
 *
 * `scenario` is a parsed, valid scenario (SPEC §The scenario format); `defaultLexicon`
 * ({female, male}) is used when the scenario has no `lexicon`. For each ranking, in order:
 *   { name, nfairr, texfair, dips, ree, igi, ee, ea, eadp, cwex, awrf, rab, arab, ndkl, ndcg }
 * each with its `value` (null when undefined), its companions (fairr, ifairr, baseline,
 * omega / normalized, ted, rbdf, share / mAB, mBA / exposure, deltaExposure /
 * distribution / l1, deltaA, deltaB, targetShare, exposureShare / magnitude, tc, tf, bool
 * each {value, parts: {f, m}}) and `atCutoff`: n values,
 * element c-1 being the value at k = c (or, for DIPS / REE / IGI / EE / EA / EA-dp, the value
 * on the ranking truncated to its first c documents).
 */
export function evaluateReference(scenario, defaultLexicon) {
  const ctx = resolveContext(scenario, defaultLexicon);
  const background = (scenario.background ?? []).map(normalizeDoc);
  const k = ctx.params.k;

  const rankings = scenario.rankings.map((ranking) => {
    const docs = ranking.docs.map(normalizeDoc);
    const n = docs.length;

    // Curves over the cut-off: metric re-run from scratch with k = c, c = 1..n.
    const curveK = (fn) => {
      const out = [];
      for (let c = 1; c <= n; c++) out.push(fn(c).value);
      return out;
    };
    // Curves for the pairwise measures (which ignore k): the ranking truncated to c docs.
    const curvePrefix = (fn) => {
      const out = [];
      for (let c = 1; c <= n; c++) out.push(fn(docs.slice(0, c), ctx).value);
      return out;
    };

    return {
      name: ranking.name,
      nfairr: { ...nfairr(docs, background, ctx, k), atCutoff: curveK((c) => nfairr(docs, background, ctx, c)) },
      texfair: { ...texfair(docs, ctx, k), atCutoff: curveK((c) => texfair(docs, ctx, c)) },
      dips: { ...dips(docs, ctx), atCutoff: curvePrefix(dips) },
      ree: { ...ree(docs, ctx), atCutoff: curvePrefix(ree) },
      igi: { ...igi(docs, ctx), atCutoff: curvePrefix(igi) },
      ee: { ...ee(docs, ctx), atCutoff: curvePrefix(ee) },
      ea: { ...ea(docs, ctx), atCutoff: curvePrefix(ea) },
      eadp: { ...eadp(docs, ctx), atCutoff: curvePrefix(eadp) },
      cwex: { ...cwex(docs, ctx, k), atCutoff: curveK((c) => cwex(docs, ctx, c)) },
      awrf: { ...awrf(docs, ctx, k), atCutoff: curveK((c) => awrf(docs, ctx, c)) },
      rab: { ...rab(docs, ctx, k), atCutoff: curveK((c) => rab(docs, ctx, c)) },
      arab: { ...arab(docs, ctx, k), atCutoff: curveK((c) => arab(docs, ctx, c)) },
      ndkl: { ...ndkl(docs, ctx, k), atCutoff: curveK((c) => ndkl(docs, ctx, c)) },
      ndcg: { ...ndcg(docs, ctx, k), atCutoff: curveK((c) => ndcg(docs, ctx, c)) },
    };
  });

  return { rankings };
}
