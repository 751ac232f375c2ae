// How the page is being looked at, as its URL asks: the whole playground, an embed of the metrics
// alone or of the two rankings with the main metrics, a lesson, presenting mode; and the links the
// share dialog builds for each.
import { signal } from '@preact/signals';

import { PRIMARY } from './metrics';

/** `?embed=1` hides the chrome; `metrics` is the metrics table alone; `compare` the two rankings' cards and the main metrics. */
export type EmbedMode = 'page' | 'metrics' | 'compare';

export interface ViewRequest {
  /** null: not an embed. */
  embed: EmbedMode | null;
  /** `&metrics=nfairr,texfair`: the rows to show (ids, lowercased), or null for the mode's default. */
  metrics: string[] | null;
  /** `?present=1`: large type, high contrast, the main metrics. */
  present: boolean;
  /** `?lesson=<preset>`: the lesson for a gallery example. */
  lesson: string | null;
}

const TRUE = new Set(['1', 'true', 'yes', 'on']);

export function readView(location: { search: string }): ViewRequest {
  const query = new URLSearchParams(location.search);
  const embed = query.get('embed');
  const mode: EmbedMode | null =
    embed === null ? null : embed === 'metrics' || embed === 'compare' ? embed : TRUE.has(embed.toLowerCase()) ? 'page' : null;
  const metrics = query.get('metrics');
  return {
    embed: mode,
    metrics: metrics
      ? metrics
          .split(',')
          .map((m) => m.trim().toLowerCase())
          .filter(Boolean)
      : null,
    present: TRUE.has((query.get('present') ?? '').toLowerCase()),
    lesson: query.get('lesson'),
  };
}

/** Presenting mode: a signal, so the toolbar's toggle and `?present=1` are one switch. */
export const presenting = signal(false);
/** In presenting mode, show every metric rather than the four main ones. */
export const presentAll = signal(false);

export function setPresenting(on: boolean): void {
  presenting.value = on;
  document.documentElement.dataset.present = String(on);
}

/**
 * The metric rows to show: the ones a link chose (in the table's order), else the four main ones
 * in an embed of the comparison or in presenting mode, else all. Unknown ids are ignored.
 */
export function shownMetrics<T extends { id: string }>(
  all: T[],
  { chosen, mainOnly }: { chosen: string[] | null; mainOnly: boolean },
): T[] {
  if (chosen && chosen.length > 0) {
    const picked = all.filter((d) => chosen.includes(d.id));
    if (picked.length > 0) return picked;
  }
  return mainOnly ? all.filter((d) => PRIMARY.has(d.id)) : all;
}

/** A link to this page that opens `encoded` (the `#s=` scenario) as the given embed. */
export function embedLink(base: string, hash: string, { mode, metrics }: { mode: EmbedMode; metrics?: string[] }): string {
  const url = new URL(base);
  url.search = '';
  url.hash = '';
  url.searchParams.set('embed', mode === 'page' ? '1' : mode);
  if (metrics && metrics.length > 0) url.searchParams.set('metrics', metrics.join(','));
  // Commas are readable in a query and safe there: keep them as written.
  return `${url.toString().replace(/%2C/g, ',')}${hash}`;
}

/** The page's own address without the embed (for "Open in the playground"). */
export function withoutEmbed(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('embed');
  url.searchParams.delete('metrics');
  return url.toString();
}

/** A sensible iframe height for each embed (width is the course page's). */
export const EMBED_HEIGHT: Record<EmbedMode, number> = { page: 720, metrics: 420, compare: 560 };

/** The iframe code for an embed link, sized for its mode. */
export function embedIframe(src: string, mode: EmbedMode): string {
  const escaped = src.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const title =
    mode === 'metrics'
      ? 'Fairness metrics'
      : mode === 'compare'
        ? 'Two rankings compared by fairness metrics'
        : 'Fairness-metrics playground';
  return `<iframe src="${escaped}" title="${title}" width="100%" height="${EMBED_HEIGHT[mode]}" style="border:1px solid #ccc;border-radius:4px" loading="lazy"></iframe>`;
}

/** A lesson hides the metric values until the student has predicted them. */
export const numbersHidden = signal(false);
