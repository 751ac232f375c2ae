// Hand-written types of the scenario (SPEC "The scenario format") and of the results the core
// returns (core/src/evaluate.cpp and the `to_json` of each core/src/metrics/*.cpp).
//
// The results type is the core's JSON as it is, so it also describes the CLI's output.
// Conventions of the results:
// - `value: number | null`: null means undefined for this input, and a `note` beside it says why.
// - `perRank[i]` is the document at rank i + 1, for every document of the ranking (below the
//   cut-off its weight or contribution is 0, depending on the metric).
// - `atCutoff[c - 1]` is the metric's value with the cut-off set to c, for c = 1..n. For DIPS,
//   REE and IGI (which ignore k) it is the metric on the top c documents taken as the ranking.

/** A group's name, as listed in `groups` (default `["female", "male"]`). */
export type GroupName = string;

/** A label: a group, or `"neutral"` (a document of no group). */
export type Label = GroupName | 'neutral';

/** One document of a ranking or of the background. */
export interface ScenarioDocument {
  /** Identifies the document across the rankings and the background (NFaiRR's set S merges by id). */
  id?: string | number;
  /** What the term-based metrics read. Default "". */
  text?: string;
  /** A group or "neutral" (default): what the label-based metrics (CWEx, DIPS, REE, IGI) read. */
  label?: Label;
  /** Relevance, for DIPS, REE, IGI and nDCG. Default 0. */
  relevance?: number;
}

/** One ranked list: documents in rank order. */
export interface ScenarioRanking {
  /** Unique among the rankings; default A, B, C, … by position. */
  name?: string;
  docs: ScenarioDocument[];
}

/** Every parameter of every metric; anything left out takes the default shown. */
export interface ScenarioParams {
  /** The cut-off (default 10); a whole number of at least 1. */
  k?: number;
  /** NFaiRR: a document with at most τ group terms is neutral (default 1). */
  tau?: number;
  /** NFaiRR: `true` (default) compares with ≤ τ, `false` with < τ. */
  tauInclusive?: boolean;
  /** Target share of each group (one entry per group, summing to 1; default uniform). */
  targets?: Record<GroupName, number>;
  /** TExFAIR: multiply TED by the rank-biased document frequency (default true). */
  rbdf?: boolean;
  /** CWEx: weight of the neutral exposure against the disparity (default 0.5, in [0, 1]). */
  alpha?: number;
  /** DIPS, REE, IGI: weight of a pair tied in relevance (default 0.5, in [0, 1]). */
  ct?: number;
  /** DIPS, REE, IGI: groups A and B (default the first two groups). */
  dipsGroups?: [GroupName, GroupName];
  /** DIPS: the browsing model F(k0) (default exponential with γ = 0.9). */
  browsing?: { model?: 'uniform' | 'exponential' | 'logarithmic'; gamma?: number };
  /** How text becomes terms (default `words`). */
  tokenizer?: 'words' | 'whitespace';
  /** AWRF: a document's alignment from its term shares (default) or its label. */
  awrfAlignment?: 'terms' | 'labels';
  /** AWRF: L1 distance (default) or Jensen-Shannon divergence. */
  awrfDistance?: 'l1' | 'js';
  /** nDCG: gain `rel` (linear, default) or `2^rel - 1` (exponential). */
  ndcgGain?: 'linear' | 'exponential';
  /** RaB, ARaB: groups f and m (default `["female", "male"]`; without those groups, the first two). */
  rabGroups?: [GroupName, GroupName];
  /** RaB, ARaB: the document magnitude reported as `value` (default `tf`); all three are reported. */
  rabMagnitude?: RabMagnitude;
  /** NDKL: D* is `targets` (default) or the ranking's own group shares (`ranking`, as FairRankTune). */
  ndklTarget?: 'targets' | 'ranking';
  /** NDKL: ε added to both distributions of the KL divergence (default 0, in [0, 1]). */
  ndklEpsilon?: number;
}

/** RaB/ARaB document magnitudes: `tc` the count c, `tf` ln(c + 1), `bool` 1 if c > 0. */
export type RabMagnitude = 'tc' | 'tf' | 'bool';

/** SPEC's one input format: the page's import/export, shared links, the CLI and the tests. */
export interface Scenario {
  /** Optional title and description, carried along and not read by the metrics. */
  title?: string;
  description?: string;
  /** The groups, in order (default `["female", "male"]`). */
  groups?: GroupName[];
  /** Each group's representative terms; absent means the built-in gender word list. */
  lexicon?: Record<GroupName, string[]>;
  params?: ScenarioParams;
  rankings: ScenarioRanking[];
  /** Extra documents of NFaiRR's background set S. */
  background?: ScenarioDocument[];
  /** A lesson the page walks a class through (README "Lessons"); not read by the metrics. */
  lesson?: Lesson;
}

/**
 * What makes a lesson's option right: one metric's verdict between the two rankings (`fairer`:
 * a ranking's name, or `neither`), or where one ranking's value lies (`zero`, `above`, `below`;
 * `ranking` defaults to the first).
 */
export interface LessonCondition {
  metric: string;
  ranking?: string;
  fairer?: string;
  zero?: boolean;
  above?: number;
  below?: number;
}

export interface LessonOption {
  label: string;
  /** Every condition holds when the option is right. */
  right: LessonCondition[];
}

/** A document of a ranking, by the ranking's name and the document's id. */
export interface LessonTarget {
  ranking: string;
  doc: string;
}

/** The one change a lesson applies, with the metrics to watch as it is made. Exactly one of
 *  `params` (merged into the scenario's), `swap` (the document's group terms, as *Swap* does),
 *  `relabel` or `move` (to a rank, from 1). */
export interface LessonChange {
  label: string;
  params?: ScenarioParams;
  swap?: LessonTarget;
  relabel?: LessonTarget & { label: Label };
  move?: LessonTarget & { to: number };
  watch: string[];
  /** Why the metrics moved or did not; `{metric@ranking}` is a value after the change, `{metric@ranking:before}` before it. */
  why?: string;
}

/** A lesson: the texts may hold `{metric@ranking}`, the value as the table shows it. */
export interface Lesson {
  /** Shown before the numbers: a title that does not give the answer away. */
  title?: string;
  question: string;
  options: LessonOption[];
  reveal: string;
  change: LessonChange;
}

/** The scenario as the page holds it (the same type). */
export type ScenarioInput = Scenario;

// ---------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------

/** A metric's value at every cut-off c = 1..n (element c - 1); null where undefined. */
export type AtCutoff = (number | null)[];

/** A number per group. */
export type PerGroup = Record<GroupName, number>;

/** NFaiRR (Rekabsaz et al., SIGIR 2021). */
export interface NfairrResult {
  /** FaiRR / IFaiRR; null when IFaiRR = 0 (see `note`). */
  value: number | null;
  note?: string;
  fairr: number;
  ifairr: number;
  /** The ranker-agnostic baseline (the paper's SetFaiRR); null when IFaiRR = 0. */
  baseline: number | null;
  /** ω of each of the top k' documents. */
  omega: number[];
  /** |S|: the ranking's documents plus the background, de-duplicated by id. */
  backgroundSize: number;
  perRank: {
    omega: number;
    /** p(r) = 1 / log2(r + 1). */
    weight: number;
    /** ω p(r) / IFaiRR (0 below the cut-off or when IFaiRR = 0); they sum to `value`. */
    contribution: number;
  }[];
  atCutoff: AtCutoff;
}

/** TExFAIR (Abolghasemi et al., ECIR 2024). */
export interface TexfairResult {
  /** max(TED) - TED. */
  value: number;
  note?: string;
  /** 1 - TED / max(TED). */
  normalized: number;
  /** Σ_g |p(g) - p̂_g|, times RBDF when `rbdf` is on. */
  ted: number;
  rbdf: number;
  maxTed: number;
  /** p(g), each group's share of the term exposure; null without group terms in the top k'. */
  share: Record<GroupName, number | null>;
  /** TE@k(t) of every term with exposure in the top k', by group then exposure. */
  termExposure: { term: string; group: GroupName; exposure: number }[];
  perRank: {
    /** p(r) · M_g(d_r) / |d_r| per group (0 below the cut-off). */
    exposure: PerGroup;
    /** Has at least one group term (counts in RBDF). */
    representative: boolean;
    weight: number;
  }[];
  atCutoff: AtCutoff;
}

/** DIPS, REE and IGI (Fabris et al., WSDM 2023): M_AB - M_BA over the whole ranking. */
export interface PairwiseResult {
  /** M_AB - M_BA; null when a group is absent or C = 0 (see `note`). */
  value: number | null;
  note?: string;
  mAB: number | null;
  mBA: number | null;
  /** Number of documents of group A and of group B. */
  nA: number;
  nB: number;
  perRank: {
    /** "A", "B", or null for a document of neither group. */
    side: 'A' | 'B' | null;
    /** F(k0) of this position (1 for REE and IGI). */
    weight: number;
    /** M_i: F-weighted unfavourable pairs against every item above, any group. */
    dissatisfaction: number;
    /** Share of M_AB (positive) or of M_BA (negative); they sum to `value`. */
    contribution: number;
  }[];
  atCutoff: AtCutoff;
}

/** CWEx (Mousavian et al., ICTIR 2025), from the labels. */
export interface CwexResult {
  /** α Exposure_neutral - (1 - α) deltaExposure. */
  value: number;
  /** Exposure of the neutral class and of each group in the top k'. */
  exposure: { neutral: number } & PerGroup;
  /** max_g Exposure_g - min_g Exposure_g. */
  deltaExposure: number;
  perRank: {
    label: Label;
    /** p(r) / Σ_{r ≤ k'} p(r) (0 below the cut-off). */
    exposure: number;
  }[];
  atCutoff: AtCutoff;
}

/** NDKL (Geyik et al., KDD 2019, Eq. 4), from the labels. */
export interface NdklResult {
  /** (1/Z) Σ_{i ∈ I} KL(D_i ‖ D*) / log2(i + 1); null when I is empty or a KL is infinite (see `note`). */
  value: number | null;
  note?: string;
  /** Σ_{i ∈ I} 1 / log2(i + 1). */
  z: number;
  /** D*, the desired share of each group. */
  target: PerGroup;
  perRank: {
    label: Label;
    /** KL(D_i ‖ D*); null when the top i holds no labelled document, or the KL is infinite. */
    kl: number | null;
    /** 1 / log2(i + 1) within the cut-off and I, else 0. */
    weight: number;
    /** weight · KL / Z: the contributions add up to the value. */
    contribution: number;
  }[];
  atCutoff: AtCutoff;
}

/** AWRF (Sapiezynski et al., WWW 2019), as the TExFAIR paper writes it. */
export interface AwrfResult {
  /** Distance between the exposure distribution and the targets. */
  value: number;
  /** The normalised exposure of each group. */
  distribution: PerGroup;
  perRank: {
    /** The document's alignment with each group (term shares or its label). */
    alignment: PerGroup;
    weight: number;
  }[];
  atCutoff: AtCutoff;
}

/**
 * EE, EA and EA-dp (Fabris et al., WSDM 2023, §5.1): the misallocation δ (Eq. 12) between each
 * group's share of a target and its share of the exposure F (DIPS's browsing model), groups A and
 * B of `dipsGroups`, over the whole ranking. Targets: EA Σ r_i (Eq. 13), EA-dp N_g / N (Eq. 14),
 * EE the mean exposure of the items as relevant in the ideal ranking of every document (Eq. 15-16).
 */
export interface ExposureResult {
  /** δ_A = T_A / (T_A + T_B) - E_A / (E_A + E_B); positive: group A under-exposed. Null when a group is absent or a denominator is 0 (see `note`). */
  value: number | null;
  note?: string;
  /** ‖δ‖₁ = |δ_A| + |δ_B| (= 2 |δ_A|). */
  l1: number | null;
  deltaA: number | null;
  deltaB: number | null;
  /** T_g / (T_A + T_B), keyed by the names of A and B; null when T_A + T_B = 0. */
  targetShare: Record<GroupName, number | null>;
  /** E_g / (E_A + E_B), keyed by the names of A and B; null when E_A + E_B = 0. */
  exposureShare: Record<GroupName, number | null>;
  nA: number;
  nB: number;
  perRank: {
    side: 'A' | 'B' | null;
    /** t_i (EE), r_i (EA) or 1 (EA-dp); 0 for a document of neither group. */
    target: number;
    /** t_i / (T_A + T_B). */
    targetShare: number;
    /** targetShare minus this item's exposure share F(k0) / (E_A + E_B) (F(k0) is in DIPS'
     *  perRank); summed over group g, δ_g (positive: under-exposed). */
    misallocation: number;
  }[];
  atCutoff: AtCutoff;
}

/** One magnitude of RaB or ARaB at the cut-off: `value = parts[m] - parts[f]`. */
export interface RabMeasure {
  /** Null for an empty ranking. */
  value: number | null;
  /** The same mean taken over mag_f and mag_m alone, keyed by the names of f and m. */
  parts: Record<GroupName, number | null>;
}

/**
 * RaB and ARaB (Rekabsaz and Schedl, SIGIR 2020, with the conventions of their public code):
 * c_f, c_m count a document's group terms of `groups` (f, m); mag is tc c, tf ln(c + 1) or
 * bool [c > 0]. RaB@t = (1/t') Σ_{i ≤ t'} (mag_m − mag_f), t' = min(t, n); ARaB@t = (1/t')
 * Σ_{x ≤ t'} RaB@x. Positive leans to m, negative to f; closer to 0 is fairer.
 */
export interface RabResult {
  /** The value of `magnitude` (params.rabMagnitude); null for an empty ranking (see `note`). */
  value: number | null;
  note?: string;
  magnitude: RabMagnitude;
  /** f then m (params.rabGroups). */
  groups: [GroupName, GroupName];
  tc: RabMeasure;
  tf: RabMeasure;
  bool: RabMeasure;
  /**
   * Only what is not derivable (it is written for every document): mag_f and mag_m under
   * `magnitude`, keyed by the names of f and m (the counts are `docs[i].magnitude`; RaB's weight
   * w_i is 1/k' up to k', else 0). A rank's contribution w_i (mag_m − mag_f) sums to `value`.
   */
  perRank: { mag: PerGroup }[];
  /** The value of `magnitude` at t = 1..n. */
  atCutoff: AtCutoff;
}

/** ARaB: RaB's fields, with its own weight per rank beside the magnitudes. */
export interface ArabResult extends Omit<RabResult, 'perRank'> {
  /** w_i = (1/t') Σ_{x=i..t'} 1/x (0 below the cut-off). */
  perRank: { mag: PerGroup; weight: number }[];
}

/** nDCG@k (Järvelin and Kekäläinen, TOIS 2002): utility beside fairness. */
export interface NdcgResult {
  /** DCG / IDCG; null when IDCG is not positive (see `note`). */
  value: number | null;
  note?: string;
  dcg: number;
  idcg: number;
  perRank: {
    gain: number;
    /** gain · p(r) / IDCG (0 below the cut-off or when IDCG ≤ 0). */
    contribution: number;
  }[];
  atCutoff: AtCutoff;
}

/**
 * Where a group term occurs in a document's text, as the core reports it in the results:
 * UTF-8 byte offsets (the same in the CLI's JSON). For the UTF-16 indices of JS strings, use
 * `spansToUtf16` of ./offsets (identical for ASCII text).
 */
export interface ByteSpan {
  begin: number;
  end: number;
  group: GroupName;
}

/** A group term found in a text by `Engine.findTerms`: `text.slice(begin, end)` (UTF-16 indices). */
export interface TermMatch {
  begin: number;
  end: number;
  group: GroupName;
  /** The lexicon term it matched (lowercased). */
  term: string;
}

/** What the term-based metrics read of one document of a ranking. */
export interface DocumentInfo {
  id: string | null;
  label: Label;
  relevance: number;
  /** |d|, the number of tokens. */
  tokens: number;
  /** M_g(d): the count of group g's terms. */
  magnitude: PerGroup;
  /** The group terms in the document's text, in text order (UTF-8 byte offsets: see `ByteSpan`). */
  matches: ByteSpan[];
}

/** A background document (NFaiRR's set S beyond the rankings): its ω and what the core read of its text. */
export interface BackgroundInfo extends Pick<DocumentInfo, 'id' | 'tokens' | 'magnitude' | 'matches'> {
  /** ω(d), NFaiRR's neutrality (Eq. 2) under the parameters. */
  omega: number;
}

/** Every metric for one ranking. */
export interface RankingResults {
  name: string;
  /** Number of documents. */
  n: number;
  /** k' = min(k, n). */
  k: number;
  nfairr: NfairrResult;
  texfair: TexfairResult;
  dips: PairwiseResult;
  cwex: CwexResult;
  awrf: AwrfResult;
  ree: PairwiseResult;
  igi: PairwiseResult;
  ee: ExposureResult;
  ea: ExposureResult;
  eadp: ExposureResult;
  rab: RabResult;
  arab: ArabResult;
  ndkl: NdklResult;
  ndcg: NdcgResult;
  docs: DocumentInfo[];
}

/** The parameters as the core resolved them (every default filled in). */
export interface ResolvedParams {
  k: number;
  tau: number;
  tauInclusive: boolean;
  targets: PerGroup;
  rbdf: boolean;
  alpha: number;
  ct: number;
  dipsGroups: [GroupName, GroupName];
  browsing: { model: 'uniform' | 'exponential' | 'logarithmic'; gamma: number };
  tokenizer: 'words' | 'whitespace';
  awrfAlignment: 'terms' | 'labels';
  awrfDistance: 'l1' | 'js';
  ndcgGain: 'linear' | 'exponential';
  rabGroups: [GroupName, GroupName];
  rabMagnitude: RabMagnitude;
  ndklTarget: 'targets' | 'ranking';
  ndklEpsilon: number;
}

/** SPEC's results: every metric of every ranking, in the scenario's order. */
export interface Results {
  rankings: RankingResults[];
  /** The scenario's background documents, in its order: with detail (or ViewOptions `background`), when it has any. */
  background?: BackgroundInfo[];
  groups: GroupName[];
  params: ResolvedParams;
  /** Which lexicon was used. */
  lexicon: 'built-in' | 'scenario';
  /** Accepted, but worth telling (e.g. a group without terms). */
  warnings: string[];
}

/** The choices of one evaluation (`Engine.evaluate`, `Engine.evaluateText`). */
export interface EvaluateOptions {
  /**
   * Which tier of core/limits.json bounds the scenario: 'default' (the page's, and the default),
   * or 'large' (what `fairness-eval --large` takes; for Node tooling and benchmarks), whose
   * outputBytes stays at the default's so that the results fit in one JS string.
   */
  limits?: 'default' | 'large';
  /**
   * true (default): every metric's `perRank` and `atCutoff`, each ranking's `docs` and the `background`.
   * false: the values and their parts only (`SummaryResults`), a few kB per ranking however many
   * documents; the values are the same.
   */
  detail?: boolean;
}

/** A metric's result without `perRank` and `atCutoff` (EvaluateOptions `detail: false`). */
export type MetricSummary<T> = Omit<T, 'perRank' | 'atCutoff'>;

/** Every metric for one ranking without the detail: no `perRank`, `atCutoff` or `docs`. */
export type RankingSummary = {
  [K in Exclude<keyof RankingResults, 'docs'>]: RankingResults[K] extends { perRank: unknown }
    ? MetricSummary<RankingResults[K]>
    : RankingResults[K];
};

/** SPEC's results without the detail (EvaluateOptions `detail: false`). */
export interface SummaryResults extends Omit<Results, 'rankings' | 'background'> {
  rankings: RankingSummary[];
}

/** What the page asks of an evaluation (`Engine.evaluateView`): only what is on screen. */
export interface ViewOptions {
  limits?: 'default' | 'large';
  /** The metrics whose `perRank` and `atCutoff` to include (an open row's charts). */
  detail?: readonly MetricId[];
  /**
   * Which texts' terms to list in each ranking's `texts`: 'all', or 'unreported', those the
   * module's view evaluator has not returned before (an edit returns one, a move none).
   */
  texts: 'all' | 'unreported';
  /** Whether to list the background documents (`Results.background`): the page's background panel, when open. */
  background?: boolean;
}

/** What the core read of one distinct text of a ranking (`ViewResults`). */
export interface TextInfo extends Pick<DocumentInfo, 'tokens' | 'magnitude' | 'matches'> {
  /** The text's first position in the ranking (from 0). */
  at: number;
}

/** One ranking in the page's view: each metric's values and parts, with the detail asked for. */
export type RankingView = {
  [K in Exclude<keyof RankingResults, 'docs'>]: RankingResults[K] extends { perRank: infer P; atCutoff: infer A }
    ? MetricSummary<RankingResults[K]> & { perRank?: P; atCutoff?: A }
    : RankingResults[K];
} & {
  /** The texts asked for (ViewOptions `texts`), each distinct text once, in the first ranking that has it. */
  texts: TextInfo[];
};

/** SPEC's results as the page asks for them (`Engine.evaluateView`). */
export interface ViewResults extends Omit<Results, 'rankings'> {
  rankings: RankingView[];
}

/** The key of each metric in a `RankingResult`, in the order the page shows them. */
export type MetricId =
  'nfairr' | 'texfair' | 'dips' | 'cwex' | 'awrf' | 'ree' | 'igi' | 'ee' | 'ea' | 'eadp' | 'rab' | 'arab' | 'ndkl' | 'ndcg';

/** How the page charts a metric's `perRank` (core/include/fairness/descriptor.hpp, ChartSpec). */
export interface ChartSpec {
  kind: 'value' | 'group' | 'label' | 'weighted' | 'side' | 'pull';
  /** The perRank field a bar reads. */
  key: string;
  /** What a bar means, in words. */
  title: string;
}

/**
 * A part of a metric's result the page's table lists under its value
 * (core/include/fairness/descriptor.hpp, PartSpec): "value", result[key] labelled `label`;
 * "groups", each member of result[key] labelled by its name (after `label`, if any);
 * "magnitudes", RaB's magnitude in use by group, then the other magnitudes' values.
 */
export interface PartSpec {
  kind: 'value' | 'groups' | 'magnitudes';
  key: string;
  label: string;
  /** A boolean parameter without which the part means nothing (TExFAIR's RBDF); "" for none. */
  when: string;
}

/** What the core says about a metric, for explainers (`Engine.describe`). */
export interface MetricDescriptor {
  id: MetricId;
  /** Display name, e.g. "NFaiRR". */
  name: string;
  /** One line of meaning. */
  summary: string;
  /** Citation. */
  paper: string;
  /** Where in the paper. */
  equations: string;
  range: string;
  fairer: 'higher' | 'lower' | 'closer to 0';
  /** False for the metrics that read the whole ranking (DIPS, REE, IGI). */
  usesCutoff: boolean;
  params: { key: keyof ScenarioParams; default: string; meaning: string }[];
  /** LaTeX, for the page's explainer. */
  formula: string;
  chart: ChartSpec;
  /** The parts the table lists under the value (none for some metrics). */
  parts: PartSpec[];
}

// ---------------------------------------------------------------------------------------------
// Best and worst orderings (core/include/fairness/orderings.hpp)
// ---------------------------------------------------------------------------------------------

/** One ordering of a ranking's documents and a metric's value for it. */
export interface OrderingExtreme {
  /** Indices into the ranking's documents (as given), rank 1 first. */
  order: number[];
  /** The same documents' ids (null for a document without one). */
  ids: (string | null)[];
  /** The metric's value for this ordering, as the results would report it. */
  value: number;
  /** Exhaustive only: how many orderings reach this value (within 1e-12, relative). */
  ties?: number;
}

/** A metric's fairest and least fair ordering (for nDCG, utility: the most and least useful). */
export interface MetricOrderings {
  id: MetricId;
  name: string;
  fairer: MetricDescriptor['fairer'];
  /** The value of the ranking as it is (null when undefined). */
  current: number | null;
  /** Fairest: max (higher), min (lower), min |value| (closer to 0); null when undefined for every ordering tried. */
  best: OrderingExtreme | null;
  /** Least fair: the opposite extreme; null as `best`. */
  worst: OrderingExtreme | null;
  /** Why best and worst are null. */
  note?: string;
}

/** `Engine.orderings`: the extremes of every metric over the orderings of one ranking. */
export interface Orderings {
  /** The ranking's name. */
  ranking: string;
  /** Number of documents. */
  n: number;
  /** k' = min(k, n). */
  k: number;
  /** "exhaustive: 40320 orderings", or "local search: S starts, M evaluations; may miss the optimum". */
  method: string;
  /** True when every ordering was scored (n ≤ 8): the extremes are exact. */
  exhaustive: boolean;
  /** Exhaustive: orderings scored (each under every metric); search: metric evaluations. */
  evaluated: number;
  /** One per metric, in the order of `Engine.describe()`. */
  metrics: MetricOrderings[];
}

// ---------------------------------------------------------------------------------------------
// The DIPS paper's synthetic experiments (core/include/fairness/experiments.hpp)
// ---------------------------------------------------------------------------------------------

/**
 * Which experiment of the DIPS paper's §6.1 to run, and how. Figure "a" (systematic group
 * advantage): the 20 most relevant B items promoted to ranks k..k+19; figure "b" (relevance
 * ties): relevance rounded to 0/1, ties broken in favour of A with probability p_A.
 */
export interface ExperimentSpec {
  figure: 'a' | 'b';
  /** k (whole numbers 0..980) or p_A (in [0, 1]); default 0..99 for "a", 0, 0.1, …, 1 for "b". */
  xs?: number[];
  /** Repetitions averaged at each x (default 100, at most 10,000); repetition r draws with seed + r. */
  repetitions?: number;
  /** Default 1; a whole number up to 2^53 - 1. */
  seed?: number;
  /** c_t of DIPS and REE: default [0.5] for "a" (no ties there), [0, 1] for "b". */
  cts?: number[];
}

/** The spec with its defaults filled in (`Engine.experimentPlan`). */
export type ResolvedExperimentSpec = Required<ExperimentSpec>;

/** M_AB - M_BA and its two sides, averaged over the repetitions. */
export interface ExperimentPairwise {
  value: number;
  mAB: number;
  mBA: number;
}

/** ‖δ‖₁ and δ_A (Eq. 12), averaged over the repetitions. */
export interface ExperimentExposure {
  l1: number;
  deltaA: number;
}

/** Every measure at one x, averaged over the repetitions. */
export interface ExperimentPoint {
  /** k (figure "a") or p_A (figure "b"). */
  x: number;
  /** DIPS and REE for each c_t of the spec, in its order. */
  pairwise: { ct: number; dips: ExperimentPairwise; ree: ExperimentPairwise }[];
  ee: ExperimentExposure;
  ea: ExperimentExposure;
  eadp: ExperimentExposure;
}

/** A run: the resolved spec and one point per x. */
export interface ExperimentResult extends ResolvedExperimentSpec {
  points: ExperimentPoint[];
}

/** What the worker reports after each point of a stepwise run. */
export interface ExperimentProgress {
  /** Points computed so far, out of `total`. */
  done: number;
  total: number;
  /** The point just computed. */
  point: ExperimentPoint;
}
