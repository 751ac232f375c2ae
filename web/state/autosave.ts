// The autosave: the user's work kept in the browser, so that no reload, closed tab, refused edit,
// second tab or embedded copy of the page loses it.
//
// - What is saved is the last scenario the core *accepted* (what the values on screen are for);
//   an edit it refused, or has not judged yet, is saved beside it as the draft, with the undo and
//   redo steps, and put back on top of it after a reload (the core then names the field again).
// - Two stores: the tab's own copy (sessionStorage: survives a reload of this tab, always
//   written) and the user's autosave (localStorage: shared by the tabs of this site). A tab writes
//   the autosave only over the save it started from (its `baseRev`): a newer save by another tab,
//   or the user's own work when this page was opened from a preset, a file or a link, is never
//   overwritten silently, but offered (load it, or keep mine). An embed never writes it.
// - A save happens 400 ms after a change, in the main thread's next idle time, and at once when the
//   page is hidden or unloaded. The scenario's JSON is the text the evaluation already made for the
//   engine (./serialise.ts), and the address's `#s=` is compressed in a worker (./link-encoder.ts).
// - A whole replacement (import, preset, reset, restore) keeps what it replaced as the previous
//   autosave, so it can be restored.
import { effect, signal } from '@preact/signals';

import { evaluation } from './evaluation';
import { replaceScenario, replacements, restoreSession, scenario, undoHistory, type PageScenario } from './scenario';
import { encodeOffThread } from './link-encoder';
import { scenarioJson as json } from './serialise';
import { hashFor } from './share';

export const KEYS = {
  /** localStorage: the accepted scenario JSON (the key earlier versions wrote, still read). */
  scenario: 'fairness-playground:scenario',
  /** localStorage: which save that is (SaveMeta). */
  meta: 'fairness-playground:meta',
  /** localStorage: the draft and the undo steps of that save (SavedSession). */
  session: 'fairness-playground:history',
  /** localStorage: the autosave before the last replacement ({ scenario, savedAt }). */
  previous: 'fairness-playground:previous',
  /** sessionStorage: this tab's own copy (TabCopy). */
  tab: 'fairness-playground:tab',
  /** sessionStorage: the `#s=` value this tab last wrote into its address. */
  tabHash: 'fairness-playground:tab-hash',
} as const;

const SAVE_DELAY_MS = 400;
/** The longest a due save waits for the main thread to be idle. */
const IDLE_WAIT_MS = 1000;

/** Runs `task` when the main thread is idle (within IDLE_WAIT_MS); returns a cancel function. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: IDLE_WAIT_MS });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 0);
  return () => clearTimeout(timer);
}
/** Characters of undo steps kept with a save (the newest first); browsers allow ~5 M per site. */
const HISTORY_CHARS = 1_500_000;

export interface SaveMeta {
  /** Increases with every write of the autosave, by any tab. */
  rev: number;
  /** The tab that wrote it. */
  tab: string;
  savedAt: number;
}

/** What is saved beside the accepted scenario. */
export interface SavedSession {
  /** The scenario on screen when it differs from the accepted one (refused, or not judged yet). */
  draft: PageScenario | null;
  past: PageScenario[];
  future: PageScenario[];
}

/** The user's autosave as stored. */
export interface StoredWork {
  scenario: string;
  rev: number;
  meta: SaveMeta | null;
  session: SavedSession | null;
}

/** This tab's own copy. */
export interface TabCopy {
  tab: string;
  baseRev: number | null;
  scenario: PageScenario;
  session: SavedSession;
  /** The `#s=` value last written into this tab's address, if any. */
  hash: string | null;
}

/** Another save that this tab did not write over: offered to the user, never imposed. */
export interface Offer {
  /** other-tab: another tab saved after this one; kept: this page was opened from elsewhere. */
  kind: 'other-tab' | 'kept';
  savedAt: number | null;
}

export const offer = signal<Offer | null>(null);
/** When the work was last saved, and where (`tab`: only in this tab, the autosave was not written). */
export const lastSave = signal<{ at: number; where: 'browser' | 'tab' | 'full' } | null>(null);
/** When the previous autosave (restorable) was saved, if there is one. */
export const previousSave = signal<number | null>(null);

function storage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? localStorage : sessionStorage;
  } catch {
    return null; // disabled (private mode, a sandboxed iframe)
  }
}

function read(kind: 'local' | 'session', key: string): string | null {
  try {
    return storage(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function parse<T>(text: string | null): T | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

function isMeta(value: unknown): value is SaveMeta {
  const m = value as SaveMeta | null;
  return !!m && typeof m.rev === 'number' && typeof m.tab === 'string' && typeof m.savedAt === 'number';
}

function isSession(value: unknown): value is SavedSession {
  const s = value as SavedSession | null;
  return !!s && Array.isArray(s.past) && Array.isArray(s.future) && (s.draft === null || typeof s.draft === 'object');
}

/** The user's autosave, if there is one. */
export function readStored(): StoredWork | null {
  const text = read('local', KEYS.scenario);
  if (text === null) return null;
  const meta = parse<unknown>(read('local', KEYS.meta));
  const session = parse<unknown>(read('local', KEYS.session));
  return {
    scenario: text,
    meta: isMeta(meta) ? meta : null,
    rev: isMeta(meta) ? meta.rev : 0,
    session: isSession(session) ? session : null,
  };
}

/** This tab's copy, if this tab saved one (before a reload). */
export function readTabCopy(): TabCopy | null {
  const copy = parse<Partial<TabCopy>>(read('session', KEYS.tab));
  if (!copy || typeof copy.tab !== 'string' || typeof copy.scenario !== 'object' || !isSession(copy.session)) return null;
  return {
    tab: copy.tab,
    baseRev: typeof copy.baseRev === 'number' ? copy.baseRev : null,
    scenario: copy.scenario as PageScenario,
    session: copy.session,
    hash: read('session', KEYS.tabHash),
  };
}

export function readPrevious(): { scenario: string; savedAt: number } | null {
  const previous = parse<{ scenario: string; savedAt: number }>(read('local', KEYS.previous));
  return previous && typeof previous.scenario === 'string' ? previous : null;
}

/** The session as JSON: the draft always, then undo and redo steps nearest first, within a budget. */
export function sessionJson(session: SavedSession, budget = HISTORY_CHARS): string {
  const past: string[] = [];
  const future: string[] = [];
  let left = budget;
  let i = session.past.length - 1;
  let j = 0;
  const take = (s: PageScenario, into: string[], front: boolean) => {
    const text = json(s);
    if (text.length > left) return false;
    left -= text.length;
    if (front) into.unshift(text);
    else into.push(text);
    return true;
  };
  while (i >= 0 || j < session.future.length) {
    if (i >= 0 && !take(session.past[i--]!, past, true)) break;
    if (j < session.future.length && !take(session.future[j++]!, future, false)) break;
  }
  return `{"draft":${session.draft ? json(session.draft) : 'null'},"past":[${past.join(',')}],"future":[${future.join(',')}]}`;
}

function newTabId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export interface AutosaveOptions {
  /** An embed never writes the user's autosave (only its own tab's copy). */
  embed: boolean;
  /** The autosave revision the page started from (null: it did not start from the autosave). */
  baseRev: number | null;
  /** The tab's id, when the page continues a tab (after a reload). */
  tab?: string | undefined;
  /** The draft and undo steps to put back once the accepted scenario has been evaluated. */
  session?: SavedSession | null | undefined;
  /** Whether the page continues this tab's own copy (otherwise that copy is obsolete). */
  fromTab?: boolean;
  /** The `#s=` value in the address the page was loaded from, when its state is that link's. */
  hash?: string | null | undefined;
  /** Checks scenario JSON with the core and returns it in the page's form (to load a save). */
  accept: (text: string) => Promise<PageScenario>;
  /** The starting example (for Reset). */
  starting: () => PageScenario;
}

let active: Autosave | null = null;

/** The running autosave (for the buttons that load, keep, reset or restore). */
export function autosave(): Autosave {
  if (!active) throw new Error('the autosave is not started');
  return active;
}

export class Autosave {
  readonly tab: string;
  private baseRev: number | null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Cancels a save that is due and waits for idle time. */
  private cancelIdle: (() => void) | undefined;
  private dirty = false;
  private restoring: boolean;
  private written: unknown[] = [];
  private savedReplacements = replacements.peek();
  private hashed: PageScenario | null = null;
  private readonly stops: (() => void)[] = [];

  constructor(private readonly options: AutosaveOptions) {
    this.tab = options.tab ?? newTabId();
    this.baseRev = options.baseRev;
    this.restoring = !!options.session;
    previousSave.value = readPrevious()?.savedAt ?? null;
    // The tab's copy and the address must describe the same state for a reload to prefer the copy.
    try {
      const session = storage('session');
      if (!options.fromTab) session?.removeItem(KEYS.tab);
      if (options.hash) session?.setItem(KEYS.tabHash, options.hash);
      else session?.removeItem(KEYS.tabHash);
    } catch {
      // no session storage: a reload then reads the address
    }
    const stored = readStored();
    if (!options.embed && stored && options.baseRev !== null && stored.rev !== options.baseRev)
      offer.value = { kind: 'other-tab', savedAt: stored.meta?.savedAt ?? null };

    let first = true;
    this.stops.push(
      effect(() => {
        void scenario.value;
        if (first || this.restoring) {
          first = false;
          return;
        }
        this.dirty = true;
      }),
      effect(() => {
        const { status } = evaluation.value;
        if (this.restoring && status !== 'pending') this.restore(status === 'current');
        else if (this.dirty && status !== 'pending') this.schedule();
      }),
    );
    const flush = () => {
      this.flush();
      this.keepUnsavedAsPrevious();
    };
    const onVisibility = () => document.visibilityState === 'hidden' && this.flush();
    const onStorage = (event: StorageEvent) => this.onStorage(event);
    // Back or Forward returns to an entry whose address holds an older state (the Runs view
    // left for a query): the address is brought back to the state shown.
    const onPopState = () => {
      this.hashed = null;
      const { evaluated } = evaluation.peek();
      if (evaluated) this.writeHash(evaluated, json(evaluated));
    };
    addEventListener('popstate', onPopState);
    addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    addEventListener('storage', onStorage);
    this.stops.push(() => {
      removeEventListener('popstate', onPopState);
      removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      removeEventListener('storage', onStorage);
      this.cancelPending();
    });
  }

  stop(): void {
    for (const stop of this.stops) stop();
    if (active === this) active = null;
  }

  /** Saves now what a pending save would have saved (the page is being hidden or closed). */
  flush(): void {
    if (this.dirty || this.timer !== undefined || this.cancelIdle !== undefined) this.save();
  }

  /**
   * When the tab closes while another tab's newer save keeps it from writing the autosave, its
   * accepted work becomes the previous autosave (Restore brings it back) rather than being lost.
   */
  private keepUnsavedAsPrevious(): void {
    const { evaluated } = evaluation.peek();
    const stored = readStored();
    if (this.options.embed || offer.peek()?.kind !== 'other-tab' || !evaluated || !stored || this.baseRev === null) return;
    const text = json(evaluated);
    if (text === stored.scenario || text === readPrevious()?.scenario) return;
    try {
      storage('local')?.setItem(KEYS.previous, JSON.stringify({ scenario: text, savedAt: Date.now() }));
    } catch {
      // full: the tab's own copy still holds it
    }
  }

  /** Loads the autosave another tab (or an earlier session) wrote, as one undoable step. */
  async loadOffered(): Promise<void> {
    const stored = readStored();
    if (!stored) return void (offer.value = null);
    const next = await this.options.accept(stored.scenario); // a refusal keeps the offer and the page as they are
    offer.value = null;
    this.baseRev = stored.rev;
    replaceScenario(next, { source: 'the autosave of another tab' });
  }

  /** Keeps this tab's work: it becomes the autosave, and the one it replaces the previous one. */
  keepMine(): void {
    const stored = readStored();
    offer.value = null;
    this.baseRev = stored ? stored.rev : null;
    this.savedReplacements = -1; // what is written over is kept as the previous autosave
    this.dirty = true;
    this.save();
  }

  /** Replaces the scenario by the starting example (undoable; the autosave becomes the previous). */
  reset(): void {
    replaceScenario(this.options.starting(), { source: 'the starting example' });
  }

  /** Brings back the autosave from before the last replacement (which in turn becomes the previous). */
  async restorePrevious(): Promise<void> {
    const previous = readPrevious();
    if (!previous) return;
    replaceScenario(await this.options.accept(previous.scenario), { source: 'the previous autosave' });
  }

  /** Puts the saved draft and undo steps back on top of the accepted scenario, once evaluated. */
  private restore(accepted: boolean): void {
    const session = this.options.session;
    if (accepted && session) restoreSession(session.draft ?? scenario.peek(), session);
    this.restoring = false;
  }

  /** A save 400 ms after the last change, in the main thread's next idle time (not in a keystroke's frame). */
  private schedule(): void {
    this.cancelPending();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.cancelIdle = whenIdle(() => {
        this.cancelIdle = undefined;
        this.save();
      });
    }, SAVE_DELAY_MS);
  }

  private cancelPending(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.cancelIdle?.();
    this.cancelIdle = undefined;
  }

  private onStorage(event: StorageEvent): void {
    if (event.key === KEYS.previous) previousSave.value = readPrevious()?.savedAt ?? null;
    if (event.key !== KEYS.meta || this.options.embed) return;
    const meta = parse<unknown>(event.newValue);
    if (!isMeta(meta) || meta.tab === this.tab || meta.rev === this.baseRev) return;
    offer.value = { kind: 'other-tab', savedAt: meta.savedAt };
  }

  /** Writes the tab's copy, the autosave where this tab may, and the accepted state into the URL. */
  save(): void {
    this.cancelPending();
    const { evaluated } = evaluation.peek();
    if (!evaluated) return;
    const now = scenario.peek();
    const steps = undoHistory();
    const session: SavedSession = { draft: now === evaluated ? null : now, ...steps };
    const fingerprint = [evaluated, session.draft, steps.past, steps.future, this.baseRev];
    if (fingerprint.every((part, i) => part === this.written[i])) return;
    this.dirty = false;

    const acceptedText = json(evaluated);
    const sessionText = sessionJson(session);
    const where = this.options.embed ? 'tab' : this.writeAutosave(acceptedText, sessionText);
    this.written = [evaluated, session.draft, steps.past, steps.future, this.baseRev];
    try {
      storage('session')?.setItem(
        KEYS.tab,
        `{"tab":${JSON.stringify(this.tab)},"baseRev":${JSON.stringify(this.baseRev)},"scenario":${acceptedText},"session":${sessionText}}`,
      );
    } catch {
      // full: the URL still holds the accepted state
    }
    lastSave.value = { at: Date.now(), where };
    // The address no longer loads a preset or a file (a reload would replace the work by it).
    if (location.search !== viewQuery()) history.replaceState(history.state, '', `${location.pathname}${viewQuery()}${location.hash}`);
    this.writeHash(evaluated, acceptedText);
  }

  /** Writes the user's autosave unless another save would be overwritten; says where it went. */
  private writeAutosave(acceptedText: string, sessionText: string): 'browser' | 'tab' | 'full' {
    const local = storage('local');
    if (!local) return 'tab';
    const stored = readStored();
    if (stored && stored.rev !== this.baseRev && stored.scenario !== acceptedText) {
      offer.value ??= { kind: this.baseRev === null ? 'kept' : 'other-tab', savedAt: stored.meta?.savedAt ?? null };
      return 'tab';
    }
    const rev = (stored?.rev ?? 0) + 1;
    try {
      if (stored && replacements.peek() !== this.savedReplacements && stored.scenario !== acceptedText) {
        local.setItem(KEYS.previous, JSON.stringify({ scenario: stored.scenario, savedAt: stored.meta?.savedAt ?? Date.now() }));
        previousSave.value = stored.meta?.savedAt ?? Date.now();
      }
      this.savedReplacements = replacements.peek();
      local.setItem(KEYS.scenario, acceptedText);
      try {
        local.setItem(KEYS.session, sessionText);
      } catch {
        local.removeItem(KEYS.session); // no room for the undo steps: the scenario itself matters most
      }
      local.setItem(KEYS.meta, JSON.stringify({ rev, tab: this.tab, savedAt: Date.now() } satisfies SaveMeta));
      this.baseRev = rev;
      return 'browser';
    } catch {
      return 'full';
    }
  }

  /** The accepted state as the address's `#s=` (so the address bar is always a share link). */
  private writeHash(accepted: PageScenario, acceptedText: string): void {
    if (this.hashed === accepted) return;
    this.hashed = accepted;
    void encodeOffThread(acceptedText).then((encoded) => {
      if (this.hashed !== accepted) return;
      try {
        history.replaceState(history.state, '', `${location.pathname}${viewQuery()}${hashFor(encoded)}`);
        storage('session')?.setItem(KEYS.tabHash, encoded);
      } catch {
        // An address longer than the browser takes (megabytes of scenario): the tab's copy and
        // the autosave still hold the work; the address keeps the last state that fitted.
      }
    });
  }
}

/** Starts the autosave (once per page). */
export function startAutosave(options: AutosaveOptions): Autosave {
  active?.stop();
  active = new Autosave(options);
  return active;
}

/** The parts of the address that say how the page is looked at (embed, metrics, present, lesson, view):
 * kept when the autosave rewrites the address; what loads content (?preset=, ?scenario=) is not. */
const VIEW_KEYS = ['embed', 'metrics', 'present', 'lesson', 'view'];
function viewQuery(): string {
  const query = new URLSearchParams(location.search);
  const kept = new URLSearchParams();
  for (const key of VIEW_KEYS) {
    const value = query.get(key);
    if (value !== null) kept.set(key, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}
