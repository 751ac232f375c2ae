// The autosave: the user's work kept in the browser, so that no reload, closed tab, refused edit,
// second tab or embedded copy of the page loses it. Its rules, as a small state machine:
//
// What a save holds: the last scenario the core *accepted* (what the values on screen are for),
// and beside it the draft (the scenario on screen when the core refused it or has not judged it
// yet) with the undo and redo steps. Where it goes: always the tab's own copy (sessionStorage);
// the user's autosave (localStorage, shared by the tabs) only in the state *owning*; the address's
// `#s=` (compressed in a worker, ./link-encoder.ts) after both.
//
// States of a tab (an embed writes its tab's copy only, in every state):
// - owning: the autosave is the save this tab started from (`baseRev`; 0 in a fresh browser).
// - held back: another save stands (another tab's, or the user's own when this page came from a
//   preset, a file or a link): it is offered (load it, or keep mine), never overwritten.
// - restoring (beside either): a reload's draft and undo steps wait for the accepted scenario's
//   values, then go back on top; an edit made before that stays, the saved ones under it.
//
// Events:
// - change: a save 400 ms later in idle time; at once on pagehide or when hidden.
// - another tab's save (storage event): owning → held back, with the offer.
// - Keep mine: held back → owning; the save written over becomes the previous.
// - Load theirs: held back → owning, as a replacement.
// - replacement (reset, restore, import, preset, Load theirs, a link opened in the page): what it
//   replaced becomes the previous at once (accepted + draft), so Reset right after typing keeps
//   the typing.
// - the address changes (Back, Forward, a hash typed or pasted): a `#s=` the tab never held is a
//   link, loaded as a replacement once the core accepts it; any other address is brought back to
//   the state on screen.
// - pagehide while held back with work of its own: the work is left under the tab's id
//   (KEYS.closed); the same tab reloading takes it back, any other tab starting makes it the
//   previous, so closing a tab before choosing loses nothing.
// - start: the address, if this tab held it (a reload may start from an address the old page
//   has replaced since: every address the tab held is remembered), yields to the tab's copy.
import { effect, signal } from '@preact/signals';

import { evaluation } from './evaluation';
import { lastReplacement, replaceScenario, replacements, restoreSession, scenario, undoHistory, type PageScenario } from './scenario';
import { encodeOffThread } from './link-encoder';
import { scenarioJson as json } from './serialise';
import { addressLoadsContent, addressWithWork, currentLocation, hashFor, replaceAddress, scenarioFromHash } from './address';
import { showToast } from './toast';
import { readSession, readStep, storeSession, type StepSession } from './saved-steps';

export const KEYS = {
  /** localStorage: the accepted scenario JSON (the key earlier versions wrote, still read). */
  scenario: 'fairness-playground:scenario',
  /** localStorage: which save that is (SaveMeta). */
  meta: 'fairness-playground:meta',
  /** localStorage: the draft and the undo steps' ids of that save (the steps: ./saved-steps.ts). */
  session: 'fairness-playground:history',
  /** localStorage: the work before the last replacement, or a closed tab's held-back work (PreviousWork). */
  previous: 'fairness-playground:previous',
  /** localStorage: the work of a tab that closed while another save kept it from the autosave ({ tab, …PreviousWork }). */
  closed: 'fairness-playground:closed',
  /** sessionStorage: this tab's own copy (TabCopy; its scenario and steps by id, ./saved-steps.ts). */
  tab: 'fairness-playground:tab',
  /** sessionStorage: digests of the `#s=` values this tab's address has held, newest last. */
  tabAddresses: 'fairness-playground:tab-addresses',
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
/** How many of the tab's past addresses are remembered (a reload may start from any recent one). */
const ADDRESSES_KEPT = 64;

/** A short digest of an address's `#s=` value (cyrb53: two 32-bit multiply-xor lanes). */
export function addressDigest(encoded: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < encoded.length; i++) {
    const c = encoded.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${(h2 >>> 0).toString(36)}.${(h1 >>> 0).toString(36)}`;
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

/**
 * What is saved beside the accepted scenario: the scenario on screen when it differs from the
 * accepted one (refused, or not judged yet), and the undo and redo steps.
 */
export type SavedSession = StepSession;

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
  /** Digests of the `#s=` values this tab's address has held (addressDigest). */
  addresses: string[];
}

/**
 * Whether `encoded` (a reloaded address's `#s=`) is one this tab wrote or loaded itself. Its copy
 * is then at least as new: the copy is written before the address, and a reload may start from an
 * address the tab has replaced since (the old page runs on until the new one arrives).
 */
export function ownsAddress(copy: TabCopy, encoded: string): boolean {
  return copy.addresses.includes(addressDigest(encoded));
}

function readAddresses(): string[] {
  const list = parse<unknown>(read('session', KEYS.tabAddresses));
  return Array.isArray(list) ? list.filter((d): d is string => typeof d === 'string') : [];
}

/** Remembers that this tab's address holds `encoded` (before the address is written). */
function rememberAddress(encoded: string, keep: string[] = readAddresses()): void {
  const digest = addressDigest(encoded);
  const list = [...keep.filter((d) => d !== digest), digest].slice(-ADDRESSES_KEPT);
  storage('session')?.setItem(KEYS.tabAddresses, JSON.stringify(list));
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

/** The user's autosave without its undo steps (what a save checks before writing over it). */
function readStoredHead(): Omit<StoredWork, 'session'> | null {
  const text = read('local', KEYS.scenario);
  if (text === null) return null;
  const meta = parse<unknown>(read('local', KEYS.meta));
  return { scenario: text, meta: isMeta(meta) ? meta : null, rev: isMeta(meta) ? meta.rev : 0 };
}

/** A stored session with its steps read (by id, or inline in older saves). */
function sessionIn(kind: 'local' | 'session', raw: unknown): SavedSession | null {
  const area = storage(kind);
  return area && isSession(raw) ? readSession(area, raw) : null;
}

/** The user's autosave, if there is one. */
export function readStored(): StoredWork | null {
  const head = readStoredHead();
  return head && { ...head, session: sessionIn('local', parse<unknown>(read('local', KEYS.session))) };
}

/** This tab's copy, if this tab saved one (before a reload). */
export function readTabCopy(): TabCopy | null {
  const copy = parse<Partial<TabCopy> & { scenarioStep?: unknown }>(read('session', KEYS.tab));
  if (!copy || typeof copy.tab !== 'string') return null;
  const area = storage('session');
  // The accepted scenario is a stored step (older copies hold it inline).
  const accepted =
    typeof copy.scenarioStep === 'string' && area
      ? readStep(area, copy.scenarioStep)
      : typeof copy.scenario === 'object'
        ? copy.scenario
        : null;
  const session = sessionIn('session', copy.session);
  if (!accepted || !session) return null;
  return {
    tab: copy.tab,
    baseRev: typeof copy.baseRev === 'number' ? copy.baseRev : null,
    scenario: accepted,
    session,
    addresses: readAddresses(),
  };
}

/** What Restore brings back: the accepted scenario, and what was on screen over it. */
export interface PreviousWork {
  /** The accepted scenario's JSON. */
  scenario: string;
  /** The scenario on screen when it differed (refused, or not judged yet): put back on top. */
  draft: PageScenario | null;
  savedAt: number;
}

export function readPrevious(): PreviousWork | null {
  const previous = parse<Partial<PreviousWork>>(read('local', KEYS.previous));
  if (!previous || typeof previous.scenario !== 'string') return null;
  const draft = previous.draft && typeof previous.draft === 'object' && Array.isArray(previous.draft.rankings) ? previous.draft : null;
  return { scenario: previous.scenario, draft, savedAt: typeof previous.savedAt === 'number' ? previous.savedAt : 0 };
}

function workJson(work: PreviousWork): string {
  return `{"scenario":${JSON.stringify(work.scenario)},"draft":${work.draft ? json(work.draft) : 'null'},"savedAt":${work.savedAt}}`;
}

function writePrevious(work: PreviousWork): void {
  try {
    storage('local')?.setItem(KEYS.previous, workJson(work));
    previousSave.value = work.savedAt;
  } catch {
    // full: the undo steps and the tab's copy still hold it
  }
}

/**
 * A closing tab's work that the autosave could not take is left under its tab's id: if the tab
 * comes back (a reload), its own copy holds the work and the entry goes; any other tab that
 * starts makes it the previous autosave, for Restore.
 */
function writeClosedWork(tab: string, work: PreviousWork): void {
  try {
    storage('local')?.setItem(KEYS.closed, `{"tab":${JSON.stringify(tab)},"work":${workJson(work)}}`);
  } catch {
    // full: nothing more can be kept
  }
}

function settleClosedWork(tab: string): void {
  const closed = parse<{ tab?: unknown; work?: PreviousWork }>(read('local', KEYS.closed));
  if (!closed) return;
  try {
    storage('local')?.removeItem(KEYS.closed);
    if (closed.tab !== tab && closed.work && typeof closed.work.scenario === 'string') writePrevious(closed.work);
  } catch {
    // no storage: nothing to settle
  }
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
  /**
   * The state was saved work (the tab's copy, the autosave), which the address may not load (a
   * reload before the last edit's link was written): the address is written once it is evaluated.
   */
  fromSave?: boolean;
  /** Checks scenario JSON with the core and returns it in the page's form (to load a save). */
  accept: (text: string) => Promise<PageScenario>;
  /** Decodes a shared link's `#s=` value and checks it with the core; a refusal's message is in words. */
  openLink: (encoded: string) => Promise<PageScenario>;
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
  /** The saved draft and undo steps still to be put back (once `sessionBase` has its values). */
  private session: SavedSession | null;
  /** The accepted scenario the pending session belongs to. */
  private sessionBase: PageScenario;
  /** Whether the scenario changed since the pending session was taken (an edit before the values). */
  private changed = false;
  /** The scenario the page started with (checked by the core before it was shown). */
  private readonly loaded: PageScenario;
  /** The last save could not write the autosave (another save stands): closing keeps it as the previous. */
  private heldBack = false;
  /** The next write of the autosave keeps the save it overwrites as the previous (Keep mine). */
  private keepOverwritten = false;
  private written: unknown[] = [];
  private hashed: PageScenario | null = null;
  /** The address is still to be written for the state the page started with (options.fromSave). */
  private addressDue: boolean;
  /** The user set the offer aside (Not now): saves held back no longer bring it back. */
  private offerSetAside = false;
  /** The `#s=` of a link opened in this page, while the core checks it. */
  private opening: string | null = null;
  private readonly stops: (() => void)[] = [];

  constructor(private readonly options: AutosaveOptions) {
    this.tab = options.tab ?? newTabId();
    this.baseRev = options.baseRev;
    this.session = options.session ?? null;
    this.loaded = this.sessionBase = scenario.peek();
    this.addressDue = options.fromSave ?? false;
    if (!options.embed) settleClosedWork(this.tab);
    previousSave.value = readPrevious()?.savedAt ?? null;
    // A reload prefers the tab's copy to an address this tab has held; a page that does not
    // continue the copy starts both afresh.
    try {
      if (!options.fromTab) {
        storage('session')?.removeItem(KEYS.tab);
        storage('session')?.removeItem(KEYS.tabAddresses);
      }
      if (options.hash) rememberAddress(options.hash, options.fromTab ? readAddresses() : []);
    } catch {
      // no session storage: a reload then reads the address
    }
    const stored = readStoredHead();
    if (!options.embed && stored && options.baseRev !== null && stored.rev !== options.baseRev)
      offer.value = { kind: 'other-tab', savedAt: stored.meta?.savedAt ?? null };

    let first = true;
    let firstReplacement = true;
    this.stops.push(
      // Any change after the start is to be saved, an edit made before the first values too.
      effect(() => {
        void scenario.value;
        if (first) first = false;
        else this.dirty = this.changed = true;
      }),
      effect(() => {
        void replacements.value;
        if (firstReplacement) firstReplacement = false;
        else this.keepReplaced();
      }),
      effect(() => {
        if (evaluation.value.status === 'pending') return;
        if (this.session) this.restore();
        if (this.addressDue) this.writeStartAddress();
        if (this.dirty) this.schedule();
      }),
    );
    const flush = () => {
      this.flush();
      this.keepHeldBack();
    };
    const onVisibility = () => document.visibilityState === 'hidden' && this.flush();
    const onStorage = (event: StorageEvent) => this.onStorage(event);
    // Back or Forward returns to an entry whose address holds an older state (the Runs view
    // left for a query): the address is brought back to the state shown. A `#s=` this tab never
    // held is a link opened in it (pasted into the address bar: the browser does not reload a page
    // for a new hash), which is loaded as a link is at start, one undoable step.
    const onAddressChange = () => {
      const encoded = scenarioFromHash(currentLocation().hash);
      if (encoded !== null && encoded !== this.opening && !readAddresses().includes(addressDigest(encoded)))
        return void this.openLink(encoded);
      if (this.opening !== null) return;
      this.hashed = null;
      const { evaluated } = evaluation.peek();
      if (evaluated) this.writeHash(evaluated, json(evaluated));
    };
    // A new hash fires popstate, then hashchange: both are read, the second finds it handled.
    addEventListener('popstate', onAddressChange);
    addEventListener('hashchange', onAddressChange);
    addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    addEventListener('storage', onStorage);
    this.stops.push(() => {
      removeEventListener('popstate', onAddressChange);
      removeEventListener('hashchange', onAddressChange);
      removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      removeEventListener('storage', onStorage);
      this.cancelPending();
      this.hashed = null; // an address still being encoded is not written
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
   * When the tab is hidden for good while another save keeps it from writing the autosave
   * (another tab's, or the user's own when this page came from a preset, a file or a link), its
   * work is left for the next tab to start as the previous autosave (settleClosedWork), rather
   * than dying with the tab's copy. A reload takes it back.
   */
  private keepHeldBack(): void {
    if (this.options.embed) return;
    // Work of the tab's own (not a preset, file or link only looked at), not in the autosave.
    const ownWork = this.heldBack || this.session !== null || undoHistory().past.length > 0;
    const stored = readStoredHead();
    if (!ownWork || !stored || stored.rev === this.baseRev) return;
    const accepted = evaluation.peek().evaluated ?? this.loaded;
    const { draft } = this.sessionNow(accepted);
    const text = json(accepted);
    if (!draft && text === stored.scenario) return;
    writeClosedWork(this.tab, { scenario: text, draft, savedAt: Date.now() });
  }

  /**
   * A whole replacement (reset, restore, import, preset, another tab's work) keeps what it
   * replaced as the previous autosave at once: the accepted scenario, and the edit on screen over
   * it when that was refused or not judged yet (Reset right after typing keeps the typing).
   */
  private keepReplaced(): void {
    const replacement = lastReplacement;
    if (this.options.embed || !replacement) return;
    const accepted = evaluation.peek().evaluated ?? this.loaded;
    // Replaced before a reload's draft was put back: the draft is what the user's work is.
    const pending = this.session?.draft && !this.changed ? this.session.draft : null;
    const before = pending ?? replacement.before;
    if (json(before) === json(replacement.next)) return; // nothing Restore could bring back
    const draft = before === accepted ? null : before;
    writePrevious({ scenario: json(accepted), draft, savedAt: Date.now() });
  }

  /**
   * Loads a link opened in this page as one undoable step (the work before it one Undo away, and
   * kept as the previous autosave); a link the core refuses is said, and the address shows the
   * state on screen again.
   */
  private async openLink(encoded: string): Promise<void> {
    this.opening = encoded;
    this.hashed = null; // the address is not brought back to the state shown meanwhile
    try {
      const next = await this.options.openLink(encoded);
      if (this.opening !== encoded) return; // another link, opened since
      rememberAddress(encoded);
      // The state on screen already (the same scenario, encoded anew): nothing to undo.
      if (json(next) !== json(scenario.peek())) replaceScenario(next, { source: 'shared link' });
    } catch (error) {
      if (this.opening !== encoded) return;
      showToast({ message: error instanceof Error ? error.message : String(error) });
      const { evaluated } = evaluation.peek();
      if (evaluated) this.writeHash(evaluated, json(evaluated));
    } finally {
      if (this.opening === encoded) this.opening = null;
    }
  }

  /** Loads the autosave another tab (or an earlier session) wrote, as one undoable step. */
  async loadOffered(): Promise<void> {
    const stored = readStoredHead();
    if (!stored) return void (offer.value = null);
    const next = await this.options.accept(stored.scenario); // a refusal keeps the offer and the page as they are
    offer.value = null;
    this.baseRev = stored.rev;
    replaceScenario(next, { source: 'the autosave of another tab' });
  }

  /**
   * Not now: the offer goes, and this tab goes on keeping its work apart (its status row says
   * where each save went; closing the tab keeps it as the previous autosave). Only a newer save of
   * another tab offers again.
   */
  setOfferAside(): void {
    offer.value = null;
    this.offerSetAside = true;
  }

  /** Keeps this tab's work: it becomes the autosave, and the one it replaces the previous one. */
  keepMine(): void {
    const stored = readStoredHead();
    offer.value = null;
    this.baseRev = stored ? stored.rev : null;
    this.keepOverwritten = true;
    this.dirty = true;
    this.save();
  }

  /** Replaces the scenario by the starting example (undoable; the autosave becomes the previous). */
  reset(): void {
    replaceScenario(this.options.starting(), { source: 'the starting example' });
  }

  /** Brings back the work from before the last replacement (which in turn becomes the previous). */
  async restorePrevious(): Promise<void> {
    const previous = readPrevious();
    if (!previous) return;
    const accepted = await this.options.accept(previous.scenario);
    replaceScenario(accepted, { source: 'the previous autosave' });
    if (previous.draft) {
      // The draft goes back on top once the accepted scenario has its values, as after a reload.
      this.session = { draft: previous.draft, past: [...undoHistory().past, accepted], future: [] };
      this.sessionBase = accepted;
      this.changed = false;
    }
  }

  /**
   * Puts the saved draft and undo steps back on top of the accepted scenario, once evaluated. An
   * edit made before that stays on screen, the saved steps under it.
   */
  private restore(): void {
    const session = this.session;
    this.session = null;
    if (!session || !evaluation.peek().evaluated) return;
    const now = scenario.peek();
    if (!this.changed) restoreSession(session.draft ?? now, session);
    else restoreSession(now, this.under(session));
  }

  /** The saved steps, then the draft, then the steps taken since (an edit before the values). */
  private under(session: SavedSession): { past: PageScenario[]; future: PageScenario[] } {
    const draft = session.draft ? [this.sessionBase, session.draft] : [];
    const since = undoHistory();
    return { past: [...session.past, ...draft, ...since.past], future: since.future };
  }

  /** The address as a link to the saved work the page started with, once the core accepted it. */
  private writeStartAddress(): void {
    const { evaluated } = evaluation.peek();
    if (!evaluated) return;
    this.addressDue = false;
    if (!this.dirty) this.writeHash(evaluated, json(evaluated)); // an edit's save writes it anyway
  }

  /** What a save holds beside the accepted scenario: the draft and the undo steps. */
  private sessionNow(accepted: PageScenario): SavedSession {
    const now = scenario.peek();
    const draft = now === accepted ? null : now;
    if (!this.session) return { draft, ...undoHistory() };
    // Not put back yet: the saved session as it is, or under the edit made since.
    return this.changed ? { draft, ...this.under(this.session) } : this.session;
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
    this.offerSetAside = false;
    offer.value = { kind: 'other-tab', savedAt: meta.savedAt };
  }

  /** Writes the tab's copy, the autosave where this tab may, and the accepted state into the URL. */
  save(): void {
    this.cancelPending();
    // Before the first values, the scenario the page started with (the core checked it).
    const evaluated = evaluation.peek().evaluated ?? this.loaded;
    const session = this.sessionNow(evaluated);
    const fingerprint = [evaluated, session.draft, session.past, session.future, this.baseRev];
    if (fingerprint.every((part, i) => part === this.written[i])) return;
    this.dirty = false;

    const acceptedText = json(evaluated);
    const where = this.options.embed ? 'tab' : this.writeAutosave(acceptedText, session);
    this.written = [evaluated, session.draft, session.past, session.future, this.baseRev];
    this.writeTabCopy(evaluated, session);
    lastSave.value = { at: Date.now(), where };
    // The address no longer loads a preset or a file (a reload would replace the work by it).
    if (addressLoadsContent()) replaceAddress(addressWithWork());
    this.writeHash(evaluated, acceptedText);
  }

  /** This tab's copy: the accepted scenario and the steps stored by id, the draft inline. */
  private writeTabCopy(accepted: PageScenario, session: SavedSession): void {
    const area = storage('session');
    if (!area) return;
    try {
      storeSession(
        area,
        session,
        HISTORY_CHARS,
        (index, idOf) =>
          area.setItem(
            KEYS.tab,
            `{"tab":${JSON.stringify(this.tab)},"baseRev":${JSON.stringify(this.baseRev)},"scenarioStep":${JSON.stringify(idOf(accepted))},"session":${index}}`,
          ),
        [accepted],
      );
    } catch {
      // full: the URL still holds the accepted state
    }
  }

  /** Writes the user's autosave unless another save would be overwritten; says where it went. */
  private writeAutosave(acceptedText: string, session: SavedSession): 'browser' | 'tab' | 'full' {
    const local = storage('local');
    if (!local) return 'tab';
    const stored = readStoredHead();
    if (stored && stored.rev !== this.baseRev && stored.scenario !== acceptedText) {
      if (!this.offerSetAside)
        offer.value ??= { kind: this.baseRev === null ? 'kept' : 'other-tab', savedAt: stored.meta?.savedAt ?? null };
      this.heldBack = true;
      return 'tab';
    }
    const rev = (stored?.rev ?? 0) + 1;
    try {
      if (stored && this.keepOverwritten && stored.scenario !== acceptedText)
        writePrevious({ scenario: stored.scenario, draft: null, savedAt: stored.meta?.savedAt ?? Date.now() });
      this.keepOverwritten = false;
      local.setItem(KEYS.scenario, acceptedText);
      try {
        storeSession(local, session, HISTORY_CHARS, (index) => local.setItem(KEYS.session, index));
      } catch {
        local.removeItem(KEYS.session); // no room for the undo steps: the scenario itself matters most
      }
      local.setItem(KEYS.meta, JSON.stringify({ rev, tab: this.tab, savedAt: Date.now() } satisfies SaveMeta));
      this.baseRev = rev;
      this.heldBack = false;
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
        rememberAddress(encoded);
        replaceAddress(addressWithWork(hashFor(encoded)));
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
