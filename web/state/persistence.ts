// Where the scenario comes from at start-up: a JSON file named by ?scenario=URL, a preset
// (?preset=id), a shared link (#s=…), this tab's own copy (after a reload), the browser's
// autosave, or the default. Everything loaded is checked by the core first; a refused source is
// reported, never half-used, and the page then falls back to the user's own saved work. Saved
// work the core refuses as it is comes back as the draft over the starting example (refusedWork).
import { ScenarioError } from '../../wasm/errors';
import type { Scenario } from '../../wasm/types';
import {
  ownsAddress,
  readStored,
  readTabCopy,
  startAutosave,
  type Autosave,
  type SavedSession,
  type StoredWork,
  type TabCopy,
} from './autosave';
import { engine } from './engine';
import { evaluation, refusal } from './evaluation';
import { refusalLine, type RankingNames } from './messages';
import { findPreset } from './presets';
import { fetchScenario, scenarioSource } from './remote';
import { scenario, toPageScenario, type PageScenario } from './scenario';
import { encodeOffThread } from './link-encoder';
import { scenarioJson } from './serialise';
import type { UrlRequest } from './address';
import { decodeScenario } from './share';

export interface Loaded {
  scenario: PageScenario;
  /** Where it came from, said to the user. */
  source: string;
  /** Why a requested source could not be used (the page then falls back). */
  problem: string | null;
  presetId: string | null;
  /** The origin of a ?scenario= file, shown above its caption. */
  origin: string | null;
  /** The autosave revision this state continues (null: it does not come from the autosave). */
  baseRev: number | null;
  /** This tab's id, when the state is this tab's own copy. */
  tab: string | undefined;
  /** The draft and undo steps saved with it. */
  session: SavedSession | null;
  /** Whether this is the tab's own copy (after a reload). */
  fromTab: boolean;
  /** Whether this is saved work (the tab's copy, the autosave), which the address may not load. */
  fromSave: boolean;
  /** The address's `#s=` value when the state is that link's (or the tab's copy of it). */
  hash: string | null;
}

function describeRefusal(error: unknown): string {
  return refusalLine(refusal(error), scenario.peek());
}

/** JSON text's value, or null when it is not JSON. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The rankings of scenario text, to name them in a refusal (null when it is not even JSON). */
function rankingsOf(text: string): RankingNames | null {
  const rankings = (parsed(text) as { rankings?: unknown } | null)?.rankings;
  return Array.isArray(rankings) ? { rankings } : null;
}

/**
 * Saved work the core refuses as it is (saved by a version that took it, or edited by hand), as
 * the session to put on top of the starting example: the work is the draft, shown with the core's
 * message beside its field, so that nothing saved is lost. Null when it is not a scenario the page
 * can show at all.
 */
function refusedWork(saved: unknown, session: SavedSession | null): SavedSession | null {
  try {
    const work = toPageScenario(saved as Scenario);
    if (work.rankings.length === 0) return null;
    // A draft saved beside it is newer still: the work is then one undo step under it.
    return session?.draft
      ? { draft: session.draft, past: [...session.past, work], future: [] }
      : { draft: work, past: session?.past ?? [], future: [] };
  } catch {
    return null;
  }
}

/**
 * Checks scenario JSON, as text or as a file's bytes (which the core reads as the CLI does: bytes
 * that are not UTF-8 are refused, not replaced), and turns it into the page's form. A refusal is
 * thrown as a message in words, naming the rankings of the scenario (not those on screen).
 */
export async function acceptScenario(input: string | Uint8Array): Promise<PageScenario> {
  const text = () => (typeof input === 'string' ? input : new TextDecoder().decode(input));
  try {
    await engine().validate(input);
    // A byte order mark, which the core reads past as the CLI does, is no JSON to JSON.parse.
    return toPageScenario(JSON.parse(text().replace(/^\uFEFF/, '')) as Scenario);
  } catch (error) {
    if (!(error instanceof ScenarioError)) throw error;
    throw new Error(refusalLine(refusal(error), rankingsOf(text())));
  }
}

/**
 * The autosave revision `accepted` continues: the stored one when it is exactly that, 0 when
 * there is none yet (a fresh browser: a save another tab makes meanwhile is then offered, and
 * this tab's work kept apart), null otherwise (then saving over the autosave is not safe).
 */
function revisionOf(accepted: PageScenario, stored: StoredWork | null): number | null {
  if (!stored) return 0;
  return stored.scenario === scenarioJson(accepted) ? stored.rev : null;
}

export async function loadInitial(request: UrlRequest, fallback: PageScenario, baseUrl: string): Promise<Loaded> {
  const problems: string[] = [];
  const stored = readStored();
  const tabCopy = readTabCopy();
  const loaded = (scenario: PageScenario, source: string, more: Partial<Loaded> = {}): Loaded => ({
    scenario,
    source,
    problem: problems[0] ?? null,
    presetId: null,
    origin: null,
    baseRev: revisionOf(scenario, stored),
    tab: undefined,
    session: null,
    fromTab: false,
    fromSave: false,
    hash: null,
    ...more,
  });
  const fromTab = async (copy: TabCopy) =>
    loaded(await acceptScenario(JSON.stringify(copy.scenario)), 'your work in this tab', {
      baseRev: copy.baseRev,
      tab: copy.tab,
      session: copy.session,
      fromTab: true,
      fromSave: true,
      hash: request.encoded,
    });
  /** Saved work the core refused, back as the draft over the starting example (see refusedWork). */
  const asDraft = (error: unknown, session: SavedSession | null, source: string, more: Partial<Loaded>): Loaded | null =>
    session &&
    loaded(fallback, source, {
      ...more,
      session,
      // After what was asked for and could not be used, if anything (a damaged link, say).
      problem: [
        ...problems,
        `${source[0]!.toUpperCase()}${source.slice(1)} is back, but the core refuses it as it is: ${describeRefusal(error)}`,
      ].join(' '),
    });

  // The address names one scenario: what else it names is said, not dropped in silence.
  if (request.scenarioUrl === '') problems.push('?scenario= is empty: it names no file.');
  if (request.encoded === '') problems.push('#s= is empty: the link holds no scenario.');
  if (request.preset === '') problems.push('?preset= is empty: it names no example.');
  if (request.scenarioUrl) {
    try {
      const url = scenarioSource(request.scenarioUrl, baseUrl);
      const accepted = await acceptScenario(await fetchScenario(url));
      if (request.preset) problems.push(`?preset=${request.preset} not used: ?scenario= gives the scenario.`);
      return loaded(accepted, `the scenario from ${request.scenarioUrl}`, { origin: url.origin });
    } catch (error) {
      problems.push(`Could not load ?scenario=${request.scenarioUrl}: ${describeRefusal(error)}`);
    }
  }
  if (request.preset) {
    const preset = findPreset(request.preset);
    if (preset) return loaded(toPageScenario(preset.scenario), `preset “${preset.title}”`, { presetId: preset.id });
    problems.push(`There is no preset “${request.preset}”.`);
  }
  if (request.encoded) {
    try {
      // An address this tab held itself: its own copy holds that state or a newer one, and more
      // (draft, undo steps).
      if (tabCopy && ownsAddress(tabCopy, request.encoded)) return await fromTab(tabCopy);
      return loaded(await acceptScenario(await decodeScenario(request.encoded)), 'shared link', { hash: request.encoded });
    } catch (error) {
      problems.push(linkRefused(error));
    }
  }
  if (tabCopy) {
    try {
      return await fromTab(tabCopy);
    } catch (error) {
      const more = { baseRev: tabCopy.baseRev, tab: tabCopy.tab, fromTab: true, hash: request.encoded };
      const back = asDraft(error, refusedWork(tabCopy.scenario, tabCopy.session), 'your work in this tab', more);
      if (back) return back;
      problems.push(`This tab's saved work could not be read: ${describeRefusal(error)}`);
    }
  }
  if (stored) {
    try {
      return loaded(await acceptScenario(stored.scenario), 'your last session (autosaved)', {
        baseRev: stored.rev,
        session: stored.session,
        fromSave: true,
      });
    } catch (error) {
      const back = asDraft(error, refusedWork(parsed(stored.scenario), stored.session), 'your last session (autosaved)', {
        baseRev: stored.rev,
      });
      if (back) return back;
      problems.push(`The autosaved scenario could not be read: ${describeRefusal(error)}`);
    }
  }
  return loaded(fallback, 'the starting example');
}

function linkRefused(error: unknown): string {
  return `The shared link could not be used: ${describeRefusal(error)}`;
}

/** A shared link's `#s=` value, decoded and checked by the core (a link opened in the open page). */
export async function openLink(encoded: string): Promise<PageScenario> {
  try {
    return await acceptScenario(await decodeScenario(encoded));
  } catch (error) {
    throw new Error(linkRefused(error));
  }
}

/** The current scenario as a share link's hash (for the share dialog): the last accepted one. */
export async function currentEncoded(): Promise<string> {
  return encodeOffThread(scenarioJson(evaluation.peek().evaluated ?? scenario.value));
}

export { describeRefusal };

/** Starts the autosave on what the page loaded: the tab's copy with its draft and steps, the revision it continues, the address it held. */
export function startAutosaveOn(loaded: Loaded, options: { embed: boolean; starting: () => PageScenario }): Autosave {
  return startAutosave({
    embed: options.embed,
    baseRev: loaded.baseRev,
    tab: loaded.tab,
    session: loaded.session,
    fromTab: loaded.fromTab,
    fromSave: loaded.fromSave,
    hash: loaded.hash,
    accept: acceptScenario,
    openLink,
    starting: options.starting,
  });
}
