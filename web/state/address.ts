// The one owner of the address bar. Every parameter the page reads from its URL or writes to it is
// named here, read through `queryOf`, and written through `replaceAddress` or `pushAddress`:
//   ?preset=, ?scenario=   what loads content (dropped once the page holds its own work);
//   ?embed=, &metrics=, &theme=, ?present=, ?lesson=, ?view=, the Runs view's runs-*   how the page
//                          is looked at (kept when the scenario changes);
//   #s=                    the scenario itself, compressed (./share.ts).
// The links the share dialog builds are made here too, so a link and a loaded address agree.

/** `?embed=1` hides the chrome; `metrics` is the metrics table alone; `compare` the two rankings' cards and the main metrics. */
export type EmbedMode = 'page' | 'metrics' | 'compare';

/** `&theme=`: the colours, whatever the system says (`auto` follows it). */
export type Theme = 'light' | 'dark' | 'auto';
const THEMES: Theme[] = ['light', 'dark', 'auto'];

/** The query parameters, by what they mean. */
export const PARAMS = {
  preset: 'preset',
  scenario: 'scenario',
  embed: 'embed',
  metrics: 'metrics',
  theme: 'theme',
  present: 'present',
  lesson: 'lesson',
  view: 'view',
} as const;

/** The Runs view's options in the address (`runs-cutoffs=5,10`), by the form's field. */
export const RUNS_PARAMS = {
  cutoffs: 'runs-cutoffs',
  order: 'runs-order',
  official: 'runs-official',
  backgroundFrom: 'runs-background',
  backgroundDepth: 'runs-depth',
  metrics: 'runs-metrics',
  baseline: 'runs-baseline',
  queryLabel: 'runs-label',
  ci: 'runs-ci',
  bootstrapSamples: 'runs-samples',
  bootstrapSeed: 'runs-seed',
} as const;

/** The Runs view's options of a few values, as the address spells them (the first is the default). */
export const RUNS_CHOICES = {
  order: ['score', 'file'],
  official: ['0', '1'],
  backgroundFrom: ['run', 'collection'],
  ci: ['t', 'bootstrap'],
} as const;
/** The Runs view's options that are whole numbers (their range is the core's to check, by name). */
export const RUNS_WHOLE = ['backgroundDepth', 'bootstrapSamples', 'bootstrapSeed'] as const;

/** A Runs view option the address gives a value it cannot take: said, as the page's other options are. */
function runsProblems(query: URLSearchParams): string[] {
  const problems: string[] = [];
  for (const [option, values] of Object.entries(RUNS_CHOICES)) {
    const key = RUNS_PARAMS[option as keyof typeof RUNS_CHOICES];
    const v = query.get(key);
    if (v !== null && !(values as readonly string[]).includes(v))
      problems.push(`&${key}=${v}: expected ${values.join(' or ')}; the Runs view takes ${values[0]}.`);
  }
  for (const option of RUNS_WHOLE) {
    const v = query.get(RUNS_PARAMS[option]);
    if (v !== null && !/^\d+$/.test(v))
      problems.push(`&${RUNS_PARAMS[option]}=${v}: expected a whole number; the Runs view keeps its default.`);
  }
  return problems;
}

/** The hash's key for the scenario: `#s=…`. */
const HASH_KEY = 's';

/** What loads content: replaced by the page's own work once it saves (a reload would load it again). */
const CONTENT_PARAMS: string[] = [PARAMS.preset, PARAMS.scenario];

export function queryOf(search: string): URLSearchParams {
  return new URLSearchParams(search);
}

/** The page's address now. */
export function currentAddress(): string {
  return location.href;
}

/** The address's query and hash now; empty outside a page (Node tests, workers). */
export function currentLocation(): { search: string; hash: string } {
  return typeof location === 'undefined' ? { search: '', hash: '' } : { search: location.search, hash: location.hash };
}

/** Shows `href` in the address bar without a new history entry (the entry's state kept unless given). */
export function replaceAddress(href: string | URL, state: unknown = history.state): void {
  history.replaceState(state, '', href);
}

/** Shows `href` in the address bar as a new history entry, which Back leaves. */
export function pushAddress(href: string | URL, state: unknown): void {
  history.pushState(state, '', href);
}

/** `href` with each parameter of `changes` set, or removed when null. */
export function withParams(href: string, changes: Record<string, string | null>): string {
  const url = new URL(href);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) url.searchParams.delete(key);
    else url.searchParams.set(key, value);
  }
  return url.toString();
}

// ------------------------------------------------------------------------------------------------
// The scenario: #s=

/** The encoded scenario in a location hash (`#s=…`), if any. */
export function scenarioFromHash(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get(HASH_KEY);
}

export function hashFor(encoded: string): string {
  return `#${HASH_KEY}=${encoded}`;
}

/**
 * The page's address holding `hash` (a scenario's `#s=…`, or the current hash), with every
 * parameter of how the page is looked at and none of what loads content (?preset=, ?scenario=).
 */
export function addressWithWork(hash: string = location.hash): string {
  const url = new URL(location.href);
  for (const key of CONTENT_PARAMS) url.searchParams.delete(key);
  return `${url.pathname}${url.search}${hash}`;
}

/** Whether the address still names content to load (?preset=, ?scenario=). */
export function addressLoadsContent(): boolean {
  const query = queryOf(location.search);
  return CONTENT_PARAMS.some((key) => query.has(key));
}

// ------------------------------------------------------------------------------------------------
// What the address asks for

/** What the page was asked to show by its URL. */
export interface UrlRequest {
  /** `?scenario=URL`: a JSON file to load (relative to the page, or absolute). */
  scenarioUrl: string | null;
  /** `?preset=id`: a gallery preset. */
  preset: string | null;
  /** `?embed=1`: hide the chrome, for an iframe. */
  embed: boolean;
  /** `#s=…`: a shared scenario. */
  encoded: string | null;
}

export function readUrl(location: { search: string; hash: string }): UrlRequest {
  const query = queryOf(location.search);
  return {
    scenarioUrl: query.get(PARAMS.scenario),
    preset: query.get(PARAMS.preset),
    embed: query.get(PARAMS.embed) === '1' || query.get(PARAMS.embed) === 'true',
    encoded: scenarioFromHash(location.hash),
  };
}

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
const FALSE = new Set(['0', 'false', 'no', 'off', '']);

/** The page's views (`?view=`); the playground is the one without the parameter. */
const VIEWS = ['runs', 'playground'] as const;
type View = (typeof VIEWS)[number];

export function readView(location: { search: string }, { framed = false } = {}): ViewRequest {
  const query = queryOf(location.search);
  const problems: string[] = [];
  const embed = query.get(PARAMS.embed);
  const mode: EmbedMode | null =
    embed === null ? null : embed === 'metrics' || embed === 'compare' ? embed : TRUE.has(embed.toLowerCase()) ? 'page' : null;
  if (embed !== null && mode === null) problems.push(`?embed=${embed}: expected 1, metrics or compare; showing the whole playground.`);
  const metrics = query.get(PARAMS.metrics);
  const asked = query.get(PARAMS.theme);
  const theme = asked === null ? (framed ? 'light' : 'auto') : THEMES.find((t) => t === asked.toLowerCase());
  if (!theme) problems.push(`&theme=${asked}: expected light, dark or auto; showing ${framed ? 'light' : 'the system’s colours'}.`);
  const present = query.get(PARAMS.present);
  if (present !== null && !TRUE.has(present.toLowerCase()) && !FALSE.has(present.toLowerCase()))
    problems.push(`?present=${present}: expected 1 or 0; not presenting.`);
  // Not an option, but the one a reader of "each paper's example" tries first.
  const example = query.get('example');
  if (example !== null)
    problems.push(`?example=${example} is not an option: ?preset=${example} opens a gallery example, ?lesson=${example} its lesson.`);
  const view = query.get(PARAMS.view);
  if (view !== null && !(VIEWS as readonly string[]).includes(view))
    problems.push(`?view=${view}: expected ${VIEWS.join(' or ')}; showing the playground.`);
  problems.push(...runsProblems(query));
  return {
    embed: mode,
    metrics: metrics
      ? metrics
          .split(',')
          .map((m) => m.trim().toLowerCase())
          .filter(Boolean)
      : null,
    present: TRUE.has((present ?? '').toLowerCase()),
    lesson: query.get(PARAMS.lesson),
    theme: theme ?? (framed ? 'light' : 'auto'),
    problems,
  };
}

/** The view the URL asks for (`?view=runs`). */
export function viewOf(search: string): View {
  return queryOf(search).get(PARAMS.view) === 'runs' ? 'runs' : 'playground';
}

/** The page's address showing `view`. */
export function addressOfView(view: View): string {
  return withParams(currentAddress(), { [PARAMS.view]: view === 'runs' ? 'runs' : null });
}

// ------------------------------------------------------------------------------------------------
// Links

/** A link that reproduces `encoded` on this page, optionally as an embed. */
export function shareLink(base: string, encoded: string, { embed = false } = {}): string {
  const url = new URL(base);
  url.hash = '';
  url.search = embed ? `?${PARAMS.embed}=1` : '';
  return `${url.toString()}${hashFor(encoded)}`;
}

/** Puts `?lesson=` in the address (the lesson then survives a reload), keeping the scenario's `#s=`. */
export function lessonAddress(href: string, lesson: string | null): string {
  return withParams(href, { [PARAMS.lesson]: lesson });
}

/** A link to this page that opens `hash` (the `#s=` scenario) as the given embed. */
export function embedLink(
  base: string,
  hash: string,
  { mode, metrics, lesson, theme }: { mode: EmbedMode; metrics?: string[]; lesson?: string; theme?: Theme },
): string {
  const url = new URL(base);
  url.search = '';
  url.hash = '';
  // A lesson walks the whole page (its steps, the cards, the table): the chrome-less playground.
  if (lesson) url.searchParams.set(PARAMS.lesson, lesson);
  url.searchParams.set(PARAMS.embed, lesson || mode === 'page' ? '1' : mode);
  if (metrics && metrics.length > 0 && !lesson) url.searchParams.set(PARAMS.metrics, metrics.join(','));
  if (theme && theme !== 'light') url.searchParams.set(PARAMS.theme, theme);
  // Commas are readable in a query and safe there: keep them as written.
  return `${url.toString().replace(/%2C/g, ',')}${hash}`;
}

/** The page's own address without the embed (for "Open in the playground"). */
export function withoutEmbed(href: string): string {
  return withParams(href, { [PARAMS.embed]: null, [PARAMS.metrics]: null, [PARAMS.theme]: null });
}
