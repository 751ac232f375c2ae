// How the page is being looked at (the address says which, ./address.ts): the whole playground, an
// embed of the metrics alone or of the two rankings with the main metrics, presenting mode, the
// theme; and the iframe code the share dialog builds for an embed.
import { signal } from '@preact/signals';

import type { EmbedMode, Theme } from './address';
import { PRIMARY } from './metrics';

/** Applies the theme: `data-theme` picks the colours (web/global.css). */
export function setTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
}

/** The ids of `&metrics=` that name no metric, said on the page with the ids there are. */
export function unknownMetricsProblem(chosen: string[] | null, all: { id: string }[]): string | null {
  if (!chosen || all.length === 0) return null;
  const unknown = chosen.filter((id) => !all.some((d) => d.id === id));
  if (unknown.length === 0) return null;
  const shown = chosen.length > unknown.length ? 'the others' : 'the default metrics';
  return `&metrics=${chosen.join(',')}: no metric has the id ${unknown.map((id) => `“${id}”`).join(', ')} (the ids are ${all
    .map((d) => d.id)
    .join(', ')}); showing ${shown}.`;
}

/** Presenting mode: a signal, so the toolbar's toggle and `?present=1` are one switch. */
export const presenting = signal(false);
/** In presenting mode, show every metric rather than the four main ones. */
export const presentAll = signal(false);

/** Whether the Parameters panel is open: its fields then say their own refusals, beside them. */
export const paramsOpen = signal(false);

export function setPresenting(on: boolean): void {
  presenting.value = on;
  document.documentElement.dataset.present = String(on);
}

/** Where the toolbar folds its commands into a menu: a phone, upright or turned. */
const NARROW = '(max-width: 36rem), (max-height: 30rem)';
/**
 * A screen too small for the toolbar: its dozen buttons wrapped into a phone's whole first screen,
 * above the example and the rankings. Follows the screen as it turns.
 */
export const narrow = signal(false);

export function watchNarrow(): void {
  if (typeof matchMedia !== 'function') return;
  const query = matchMedia(NARROW);
  narrow.value = query.matches;
  query.addEventListener('change', (e) => (narrow.value = e.matches));
}

/**
 * The metric rows to show: the ones a link chose (in the table's order), else the four main ones
 * (and `also`: a lesson's) in an embed of the comparison or in presenting mode, else all. Unknown
 * ids are ignored.
 */
export function shownMetrics<T extends { id: string }>(
  all: T[],
  { chosen, mainOnly, also = [] }: { chosen: string[] | null; mainOnly: boolean; also?: string[] },
): T[] {
  if (chosen && chosen.length > 0) {
    const picked = all.filter((d) => chosen.includes(d.id));
    if (picked.length > 0) return picked;
  }
  return mainOnly ? all.filter((d) => PRIMARY.has(d.id) || also.includes(d.id)) : all;
}

/** A sensible iframe height for each embed (width is the course page's). */
export const EMBED_HEIGHT: Record<EmbedMode, number> = { page: 720, metrics: 420, compare: 560 };

/** The iframe code for an embed link: `height`, as the embed measured itself, or a guess for its mode. */
export function embedIframe(src: string, mode: EmbedMode, height: number = EMBED_HEIGHT[mode]): string {
  const escaped = src.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const title =
    mode === 'metrics'
      ? 'Fairness metrics'
      : mode === 'compare'
        ? 'Two rankings compared by fairness metrics'
        : 'Fairness-metrics playground';
  return `<iframe src="${escaped}" title="${title}" width="100%" height="${height}" style="border:1px solid #ccc;border-radius:4px" loading="lazy"></iframe>`;
}
