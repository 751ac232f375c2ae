// What each metric's per-rank chart shows: one or more series over the ranks, read from the
// core's `perRank` detail. Pure, so the component tests can check it without a canvas.
import type { RankingResults, RankingView } from '../../../wasm/types';
import { groupColor, NEUTRAL } from '../../state/colors';
import { descriptors, metricOf } from '../../state/metrics';

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

/**
 * The chart of what each rank contributes, as the metric's descriptor says to read its `perRank`
 * (`chart`: core/include/fairness/descriptor.hpp); RaB's perRank too, for ARaB.
 */
export function perRankChart(
  id: string,
  ranking: RankingResults | RankingView,
  groups: string[],
  /** Groups A and B of DIPS and its companions (`dipsGroups`), whose items a 'side' chart colours. */
  sides: readonly string[] = groups.slice(0, 2),
): PerRankChart {
  const chart = descriptors.value.find((d) => d.id === id)?.chart;
  if (!chart) return { title: '', series: [] };
  const { kind, key, title } = chart;
  const rows = (metricOf(ranking, id).perRank ?? []) as Row[];
  const byGroup = (pick: (row: Row, g: string) => number, withNeutral = false): PerRankChart => {
    const classes = withNeutral ? ['neutral', ...groups] : groups;
    return {
      title,
      series: classes.map((g) => ({ label: g, values: rows.map((row) => pick(row, g)), color: groupColor(groups.indexOf(g)).strong })),
    };
  };
  switch (kind) {
    case 'value':
      return { title, series: [{ label: key, values: rows.map((row) => Number(row[key] ?? 0)), color: NEUTRAL.strong }] };
    case 'group':
      return byGroup((row, g) => Number((row[key] as Row)[g] ?? 0));
    case 'label':
      return byGroup((row, g) => (row.label === g ? Number(row[key]) : 0), true);
    case 'weighted':
      return byGroup((row, g) => Number(row.weight) * Number((row[key] as Row)[g] ?? 0));
    case 'side':
      return {
        title,
        series: (['A', 'B'] as const).map((side, i) => ({
          label: `${sides[i] ?? side} (${side})`,
          values: rows.map((row) => (row.side === side ? Number(row[key]) : 0)),
          color: groupColor(groups.indexOf(sides[i] ?? '')).strong,
        })),
      };
    case 'pull': {
      // Each rank pulls the value towards m (up, w_i · mag_m) and towards f (down, −w_i · mag_f).
      // The row's magnitudes; w_i is in the row (ARaB), else 1/k' up to k' (RaB).
      const [f, m] = (metricOf(ranking, id) as unknown as { groups: [string, string] }).groups;
      const weight = (row: Row, r: number) => (key in row ? Number(row[key]) : r < ranking.k ? 1 / ranking.k : 0);
      const pull = (g: string, sign: number) =>
        rows.map((row, r) => sign * weight(row, r) * Number((row.mag as Record<string, number> | undefined)?.[g] ?? 0));
      return {
        title,
        series: [
          { label: `${m} (m)`, values: pull(m, 1), color: groupColor(groups.indexOf(m)).strong },
          { label: `${f} (f)`, values: pull(f, -1), color: groupColor(groups.indexOf(f)).strong },
        ],
      };
    }
    default:
      return { title: '', series: [] };
  }
}
