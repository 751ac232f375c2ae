// How the page is being looked at, as its URL asks: the whole playground, an embed of the metrics
// alone or of the two rankings with the main metrics, a lesson, presenting mode; and the links the
// share dialog builds for each.
import { signal } from '@preact/signals';

import { PRIMARY } from './metrics';

/** `?embed=1` hides the chrome; `metrics` is the metrics table alone; `compare` the two rankings' cards and the main metrics. */
export type EmbedMode = 'page' | 'metrics' | 'compare';

/** `&theme=`: the colours, whatever the system says (`auto` follows it). */
export type Theme = 'light' | 'dark' | 'auto';
const THEMES: Theme[] = ['light', 'dark', 'auto'];

export interface ViewRequest {
  /** null: not an embed. */
  embed: EmbedMode | null;
  /** `&metrics=nfairr,texfair`: the rows to show (ids, lowercased), or null for the mode's default. */
  metrics: string[] | null;
  /** `?present=1`: large type, high contrast, the main metrics. */
  present: boolean;
  /** `?lesson=<example>`: a gallery example's lesson; `?lesson=1`: the scenario's own. */
  lesson: string | null;
  /** `&theme=`; by default light inside an iframe (a course page), else the system's. */
  theme: Theme;
  /** What the address asks for and the page cannot do, each said on the page (never a silent fallback). */
  problems: string[];
}

const TRUE = new Set(['1', 'true', 'yes', 'on']);

export function readView(location: { search: string }, { framed = false } = {}): ViewRequest {
  const query = new URLSearchParams(location.search);
  const problems: string[] = [];
  const embed = query.get('embed');
  const mode: EmbedMode | null =
    embed === null ? null : embed === 'metrics' || embed === 'compare' ? embed : TRUE.has(embed.toLowerCase()) ? 'page' : null;
  if (embed !== null && mode === null) problems.push(`?embed=${embed}: expected 1, metrics or compare; showing the whole playground.`);
  const metrics = query.get('metrics');
  const asked = query.get('theme');
  const theme = asked === null ? (framed ? 'light' : 'auto') : THEMES.find((t) => t === asked.toLowerCase());
  if (!theme) problems.push(`&theme=${asked}: expected light, dark or auto; showing ${framed ? 'light' : 'the system’s colours'}.`);
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
    theme: theme ?? (framed ? 'light' : 'auto'),
    problems,
  };
}

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

/** Puts `?lesson=` in the address (the lesson then survives a reload), keeping the scenario's `#s=`. */
export function lessonAddress(href: string, lesson: string | null): string {
  const url = new URL(href);
  if (lesson === null) url.searchParams.delete('lesson');
  else url.searchParams.set('lesson', lesson);
  return url.toString();
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
export function embedLink(
  base: string,
  hash: string,
  { mode, metrics, lesson, theme }: { mode: EmbedMode; metrics?: string[]; lesson?: string; theme?: Theme },
): string {
  const url = new URL(base);
  url.search = '';
  url.hash = '';
  // A lesson walks the whole page (its steps, the cards, the table): the chrome-less playground.
  if (lesson) url.searchParams.set('lesson', lesson);
  url.searchParams.set('embed', lesson || mode === 'page' ? '1' : mode);
  if (metrics && metrics.length > 0 && !lesson) url.searchParams.set('metrics', metrics.join(','));
  if (theme && theme !== 'light') url.searchParams.set('theme', theme);
  // Commas are readable in a query and safe there: keep them as written.
  return `${url.toString().replace(/%2C/g, ',')}${hash}`;
}

/** The page's own address without the embed (for "Open in the playground"). */
export function withoutEmbed(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('embed');
  url.searchParams.delete('metrics');
  url.searchParams.delete('theme');
  return url.toString();
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
