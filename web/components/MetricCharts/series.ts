// What each metric's per-rank chart shows: one or more series over the ranks, read from the
// core's `perRank` detail. Pure, so the component tests can check it without a canvas.
import type { RankingResults, RankingView } from '../../../wasm/types';
import { groupColor } from '../../state/colors';
import { metricOf } from '../../state/metrics';

export interface Series {
  label: string;
  values: number[];
  color: string;
}

export interface PerRankChart {
  /** What a bar means, in words. */
  title: string;
  series: Series[];
}

type Row = Record<string, unknown>;

/** The chart of what each rank contributes; needs the metric's `perRank` (and RaB's, for ARaB). */
export function perRankChart(id: string, ranking: RankingResults | RankingView, groups: string[]): PerRankChart {
  const rows = (metricOf(ranking, id).perRank ?? []) as Row[];
  const single = (title: string, label: string, key: string): PerRankChart => ({
    title,
    series: [{ label, values: rows.map((row) => Number(row[key] ?? 0)), color: '#4b5563' }],
  });
  const byGroup = (title: string, pick: (row: Row, g: string) => number, withNeutral = false): PerRankChart => {
    const classes = withNeutral ? ['neutral', ...groups] : groups;
    return {
      title,
      series: classes.map((g) => ({ label: g, values: rows.map((row) => pick(row, g)), color: groupColor(groups.indexOf(g)).strong })),
    };
  };
  switch (id) {
    case 'nfairr':
      return single('ω(d) · p(r) / IFaiRR: each rank’s share of NFaiRR', 'contribution', 'contribution');
    case 'texfair':
      return byGroup('p(r) · M_g(d) / |d|: term exposure each rank gives each group', (row, g) => Number((row.exposure as Row)[g] ?? 0));
    case 'cwex':
      return byGroup('p(r) / Σ p: the exposure each rank gives its label', (row, g) => (row.label === g ? Number(row.exposure) : 0), true);
    case 'awrf':
      return byGroup(
        'p(r) · a_d: attention each rank gives each group',
        (row, g) => Number(row.weight) * Number((row.alignment as Row)[g] ?? 0),
      );
    case 'dips':
      return single('each item’s share of M_AB (up, group A) or of M_BA (down, group B)', 'contribution', 'contribution');
    case 'ree':
    case 'igi':
      return single('each item’s share of M_AB (up) or M_BA (down), every position equally visible', 'contribution', 'contribution');
    case 'ee':
    case 'ea':
    case 'eadp': {
      // targetShare is keyed by the names of groups A and B, in that order.
      const names = Object.keys((metricOf(ranking, id) as unknown as { targetShare: Row }).targetShare);
      return {
        title: 'target share − exposure share of each item (up: under-exposed); group A’s add up to δ_A, the value',
        series: (['A', 'B'] as const).map((side, i) => ({
          label: `${names[i] ?? side} (${side})`,
          values: rows.map((row) => (row.side === side ? Number(row.misallocation) : 0)),
          color: groupColor(groups.indexOf(names[i] ?? '')).strong,
        })),
      };
    }
    case 'rab':
    case 'arab': {
      // Each rank pulls the value towards m (up, w_i · mag_m) and towards f (down, −w_i · mag_f).
      // The magnitudes are in RaB's perRank; RaB's w_i is 1/k' up to k', ARaB's in its perRank.
      const [f, m] = ranking.rab.groups;
      const weight = (row: Row, r: number) => (id === 'arab' ? Number(row.weight) : r < ranking.k ? 1 / ranking.k : 0);
      const pull = (g: string, sign: number) =>
        rows.map((row, r) => sign * weight(row, r) * Number(ranking.rab.perRank?.[r]?.mag?.[g] ?? 0));
      return {
        title: `w_i · mag(d): each rank’s pull towards m (${m}, up) and f (${f}, down); the bars add up to the value`,
        series: [
          { label: `${m} (m)`, values: pull(m, 1), color: groupColor(groups.indexOf(m)).strong },
          { label: `${f} (f)`, values: pull(f, -1), color: groupColor(groups.indexOf(f)).strong },
        ],
      };
    }
    case 'ndcg':
      return single('gain · p(r) / IDCG: each rank’s share of nDCG', 'contribution', 'contribution');
    default:
      return { title: '', series: [] };
  }
}
