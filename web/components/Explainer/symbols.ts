// What each symbol of a metric's formula stands for, shown under the formula ("where …"). The
// parameters' symbols (τ, J, p̂, c_t, α, D*, ε, Ê, F) are explained in the parameters table beside
// it. Kept here, in the explainer's lazy chunk, rather than in the core's descriptors: the
// playground module has a size budget and only the explainer reads these. A test holds each
// symbol to its formula (every one written here appears there).
import type { MetricId } from '../../../wasm/types';

/** [the symbol as the formula writes it (LaTeX), what it stands for]. */
export type Symbol = readonly [tex: string, meaning: string];

const RANK_R: Symbol = ['d_r', 'the document at rank r (from 1)'];
const RELEVANCE: Symbol = ['r_i', 'item i’s relevance'];
const DIPS_PAIRS: Symbol[] = [
  ['\\sigma^{-1}(i)', 'item i’s position in the ranking, counted from 0'],
  ['d_U(i, j)', 'whether j placed above i is unfavourable to i: 1 when i is more relevant, c_t when they tie'],
  ['M_{AB}', 'how much group A’s items are put below group B’s (M_BA the other way round)'],
];
const EXPOSURE: Symbol[] = [
  ['E_g', 'the exposure group g’s items get: the browsing model’s weight F of each one’s position'],
  ['\\sigma^{-1}(i)', 'item i’s position in the ranking, counted from 0'],
  [
    '\\delta^\\sigma',
    'each group’s share of the target minus its share of the exposure; the value is group A’s (positive: A gets less than its target)',
  ],
];

export const SYMBOLS: Record<MetricId, readonly Symbol[]> = {
  nfairr: [
    ['M_g(d)', 'the number of terms of group g’s word list in document d'],
    ['\\omega(d)', 'document d’s neutrality: 1 when neutral, 0 when wholly one group’s (of two)'],
    RANK_R,
    ['S', 'the background set: the ranking’s documents and the scenario’s background documents'],
    ['\\mathrm{IFaiRR@k}(S)', 'FaiRR of the ideal ranking: S’s documents, most neutral first'],
  ],
  texfair: [
    ['\\mathrm{tf}(t, d_r)', 'how often term t occurs in the document at rank r'],
    ['|d_r|', 'that document’s length in tokens'],
    ['V_g', 'group g’s word list'],
    ['p(g)', 'group g’s share of the exposure of all group terms'],
    ['\\mathrm{RBDF}', 'the position-weighted share of the top k documents that hold any group term (Eq. 11; 1 when rbdf is off)'],
    ['\\max(\\mathrm{TED})', 'TED’s largest possible value, 2 (1 − the smallest target); 1 for two groups at 1/2'],
  ],
  dips: [
    RELEVANCE,
    ...DIPS_PAIRS,
    ['\\sigma(k_0)', 'the item at position k_0, counted from 0 (the paper writes k; here k is the cut-off)'],
    ['N_A', 'the number of items of group A (N_B of B)'],
    [
      'C',
      'the normaliser of Eq. 10: the largest value either sum can take (every item of one group below every item of the other), so that DIPS stays within [−1, 1]',
    ],
  ],
  cwex: [
    ['\\ell(d_r)', 'the label of the document at rank r: a group, or neutral'],
    ['\\mathrm{Exposure}_c', 'the share of the top k’s attention that goes to documents labelled c'],
    ['\\max_g', 'over the groups, neutral left out'],
  ],
  awrf: [
    ['a_{d_r}', 'the alignment of the document at rank r: its share in each group (from its terms or its label, by awrfAlignment)'],
    ['M_g(d)', 'the number of terms of group g’s word list in document d'],
    ['E', 'the exposure each group gets, a vector'],
    ['nE', 'E scaled to sum to 1'],
    ['\\Delta', 'the distance chosen by awrfDistance (L1, or Jensen–Shannon)'],
  ],
  ree: [...DIPS_PAIRS, ['N_A N_B', 'the number of pairs of an A item and a B item']],
  igi: [
    RELEVANCE,
    ...DIPS_PAIRS,
    [
      '\\#\\{i \\in A, j \\in B : r_i > r_j\\}',
      'the pairs in which the A item is the more relevant: those that could be put in the wrong order',
    ],
  ],
  ee: [
    RELEVANCE,
    ...EXPOSURE,
    ['\\sigma^{*-1}(j)', 'item j’s position in the ideal ranking (relevance descending)'],
    ['t_i', 'the exposure item i would get in the ideal ranking, shared evenly among the items tied with it'],
    ['T_g', 'the target exposure of group g'],
  ],
  ea: [RELEVANCE, ...EXPOSURE, ['T_g', 'the target of group g: the sum of its items’ relevance']],
  eadp: [...EXPOSURE, ['N_g', 'the number of items of group g (N of both groups together)']],
  rab: [
    ['c_g(d)', 'the number of terms of group g’s word list in document d'],
    ['\\mathrm{mag}_m(d_i)', 'the magnitude chosen by rabMagnitude for group m of the document at rank i (f likewise)'],
    ['t', 'the cut-off'],
    ['n', 'the ranking’s length'],
  ],
  arab: [
    ['\\mathrm{RaB@}x', 'RaB at cut-off x'],
    ['w_i', 'the weight ARaB gives rank i: 1/t′ times the sum of 1/x over the cut-offs x ≥ i, so the top ranks weigh most'],
    ['\\mathrm{mag}_m(d_i)', 'the magnitude chosen by rabMagnitude for group m of the document at rank i (f likewise)'],
    ['t', 'the cut-off'],
    ['n', 'the ranking’s length'],
  ],
  ndkl: [
    ['D_i', 'the groups’ shares among the labelled documents of the top i (neutral documents count in none)'],
    ['I', 'the i from 1 to min(k, n), n the ranking’s length, whose top i holds a labelled document'],
    ['Z', 'the normaliser: the sum of the discounts over I'],
  ],
  ndcg: [
    ['g(d_r)', 'the gain of the document at rank r, from its relevance (ndcgGain)'],
    ['\\mathrm{IDCG@k}', 'DCG of the ideal ranking: the documents by relevance, highest first'],
  ],
};
