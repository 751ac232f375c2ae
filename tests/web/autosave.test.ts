// The autosave (web/state/autosave.ts) and the start-up sources (web/state/persistence.ts) against
// the real engine: a refused edit never replaces the saved work, a reload brings back the draft
// and the undo steps, other tabs' and the user's own saves are offered rather than overwritten.
import { waitFor } from '@testing-library/preact';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';

import { setDocText, setParam } from '../../web/state/actions';
import { KEYS, offer, readPrevious, readStored, readTabCopy, startAutosave, type Autosave } from '../../web/state/autosave';
import { evaluation } from '../../web/state/evaluation';
import { SCENARIO_BYTES, TooLargeError } from '../../web/state/limits';
import { acceptScenario, loadInitial, openLink } from '../../web/state/persistence';
import { scenarioSource } from '../../web/state/remote';
import { replaceScenario, scenario, shownSource, undo, undoHistory, type PageScenario } from '../../web/state/scenario';
import { toast } from '../../web/state/toast';
import { scenarioFromHash, type UrlRequest } from '../../web/state/address';
import { readSession, STEP_PREFIX, storeSession } from '../../web/state/saved-steps';
import { DamagedLinkError, decodeScenario, encodeScenario } from '../../web/state/share';
import { useNodeEngine } from './engine';

const start = (text = 'He said his son won.'): PageScenario => ({
  rankings: [
    {
      name: 'Left',
      docs: [
        { id: 'd1', text, label: 'male', relevance: 2 },
        { id: 'd2', text: 'She agreed.', label: 'female', relevance: 1 },
      ],
    },
  ],
});
const starting = () => start('The starting example.');
const noRequest: UrlRequest = { scenarioUrl: null, preset: null, embed: false, encoded: null };
const settled = (status: 'current' | 'stale') => waitFor(() => expect(evaluation.value.status).toBe(status));
const storedText = () => JSON.parse(readStored()!.scenario).rankings[0].docs[0].text as string;

let running: Autosave | null = null;
async function open(next: PageScenario, options: { embed?: boolean; baseRev?: number | null } = {}) {
  replaceScenario(next, { undoable: false });
  running = startAutosave({ embed: options.embed ?? false, baseRev: options.baseRev ?? null, accept: acceptScenario, openLink, starting });
  await settled('current');
  return running;
}

beforeAll(async () => {
  await useNodeEngine();
});
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  offer.value = null;
});
afterEach(() => running?.stop());

describe('what is saved', () => {
  test('the last accepted scenario; a refused edit (k = 0) is the draft beside it, saved on pagehide, with the undo steps', async () => {
    const autosave = await open(start());
    setDocText(0, 0, 'She won.');
    await settled('current');
    autosave.flush();
    expect(storedText()).toBe('She won.');

    setParam('k', 0);
    await settled('stale');
    dispatchEvent(new Event('pagehide'));
    const stored = readStored()!;
    expect(JSON.parse(stored.scenario).params?.k).toBeUndefined();
    expect(stored.session!.draft!.params!.k).toBe(0);
    expect(stored.session!.past.map((s) => s.rankings[0]!.docs[0]!.text)).toEqual(['He said his son won.', 'She won.']);

    // A reload: this tab's copy, with the draft put back on top once the accepted one is evaluated.
    autosave.stop();
    const loaded = await loadInitial(noRequest, starting(), location.href);
    expect(loaded.source).toBe('your work in this tab');
    expect(loaded.scenario.params?.k).toBeUndefined();
    replaceScenario(loaded.scenario, { undoable: false });
    running = startAutosave({
      embed: false,
      baseRev: loaded.baseRev,
      tab: loaded.tab,
      session: loaded.session,
      fromTab: loaded.fromTab,
      accept: acceptScenario,
      openLink,
      starting,
    });
    await waitFor(() => expect(scenario.value.params?.k).toBe(0));
    await settled('stale');
    expect(evaluation.value.error?.field).toBe('params.k');
    expect(evaluation.value.evaluated?.rankings[0]!.docs[0]!.text).toBe('She won.');
    undo();
    expect(scenario.value.params?.k).toBeUndefined();
    undo();
    expect(scenario.value.rankings[0]!.docs[0]!.text).toBe('He said his son won.');
  });

  test('a new tab without a copy of its own opens the autosave, draft and undo steps included', async () => {
    const autosave = await open(start());
    setDocText(0, 0, 'She won.');
    await settled('current');
    setDocText(0, 1, 'He agreed.');
    autosave.flush(); // before the edit was even evaluated: it is the draft
    sessionStorage.clear();
    const loaded = await loadInitial(noRequest, starting(), location.href);
    expect(loaded.source).toBe('your last session (autosaved)');
    expect(loaded.baseRev).toBe(readStored()!.rev);
    expect(loaded.session!.draft!.rankings[0]!.docs[1]!.text).toBe('He agreed.');
  });

  test('undo steps are kept newest first within the budget; the draft always', () => {
    const steps = [start('one'), start('two'), start('three')];
    // Room for the newest undo step and the nearest redo step, not for the next undo step.
    const budget = JSON.stringify(start('three')).length + JSON.stringify(start('next')).length + 1;
    let index = '';
    storeSession(localStorage, { draft: start('draft'), past: steps, future: [start('next')] }, budget, (text) => (index = text));
    const kept = readSession(localStorage, JSON.parse(index));
    expect(kept.draft!.rankings[0]!.docs[0]!.text).toBe('draft');
    expect(kept.past.map((s) => s.rankings[0]!.docs[0]!.text)).toEqual(['three']);
    expect(kept.future.map((s) => s.rankings[0]!.docs[0]!.text)).toEqual(['next']);
  });

  test('each undo step is written once, under a key of its own; steps no index names are removed', async () => {
    const autosave = await open(start('zero'));
    const texts = (s: PageScenario) => s.rankings[0]!.docs.map((d) => d.text).join(' / ');
    const writes: string[] = [];
    const spies = (['local', 'session'] as const).map((name) => {
      const area = name === 'local' ? localStorage : sessionStorage;
      return vi.spyOn(area, 'setItem').mockImplementation(function (key: string, value: string) {
        if (key.startsWith(STEP_PREFIX)) writes.push(`${name}: ${texts(JSON.parse(value))}`);
        Storage.prototype.setItem.call(area, key, value);
      });
    });
    try {
      // Three undo steps (edits of different documents are not merged into one).
      for (const [doc, text] of [
        [0, 'one'],
        [1, 'two'],
        [0, 'three'],
      ] as const) {
        setDocText(0, doc, text);
        await settled('current');
        autosave.flush();
      }
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    // The tab's copy stores its accepted scenario as a step, which later becomes an undo step; the
    // autosave holds its accepted scenario under a key of its own, and each undo step once.
    expect(writes).toEqual([
      'local: zero / She agreed.',
      'session: one / She agreed.',
      'session: zero / She agreed.',
      'local: one / She agreed.',
      'session: one / two',
      'local: one / two',
      'session: three / two',
    ]);
    const stepKeys = (area: Storage) => Object.keys(area).filter((key) => key.startsWith(STEP_PREFIX)).length;
    expect(stepKeys(localStorage)).toBe(3);
    expect(stepKeys(sessionStorage)).toBe(4);
    expect(readStored()!.session!.past.map(texts)).toEqual(['zero / She agreed.', 'one / She agreed.', 'one / two']);

    // Undo twice: the redo steps are the stored steps. Then a new edit drops the redo steps, and
    // the steps no index names any more are removed from both areas.
    undo();
    undo();
    await settled('current');
    autosave.flush();
    expect(readTabCopy()!.session.future.map(texts)).toEqual(['one / two', 'three / two']);
    setDocText(0, 1, 'four');
    await settled('current');
    autosave.flush();
    const copy = readTabCopy()!;
    expect(texts(copy.scenario)).toBe('one / four');
    expect(copy.session.past.map(texts)).toEqual(['zero / She agreed.', 'one / She agreed.']);
    expect(copy.session.future).toEqual([]);
    expect(stepKeys(sessionStorage)).toBe(3);
    expect(stepKeys(localStorage)).toBe(2);
  });

  test('a missing step ends the undo list there (no gap is skipped); older saves hold their steps inline', () => {
    const [a, b, c] = [start('a'), start('b'), start('c')];
    let index = '';
    storeSession(localStorage, { draft: null, past: [a, b], future: [c] }, 1e9, (text) => (index = text));
    const ids = JSON.parse(index) as { past: string[]; future: string[] };
    localStorage.removeItem(STEP_PREFIX + ids.past[0]);
    const read = readSession(localStorage, JSON.parse(index));
    expect(read.past.map((s) => s.rankings[0]!.docs[0]!.text)).toEqual(['b']);
    expect(read.future.map((s) => s.rankings[0]!.docs[0]!.text)).toEqual(['c']);
    localStorage.removeItem(STEP_PREFIX + ids.past[1]);
    expect(readSession(localStorage, JSON.parse(index)).past).toEqual([]);
    const inline = readSession(localStorage, { draft: null, past: [a, b], future: [] });
    expect(inline.past).toEqual([a, b]);
  });
});

describe('nothing overwritten silently', () => {
  test('a newer save from another tab is offered; this tab then keeps its work apart until told', async () => {
    const autosave = await open(start());
    setDocText(0, 0, 'Mine.');
    await settled('current');
    autosave.flush();
    const theirs = JSON.stringify(start('Theirs.'));
    localStorage.setItem(KEYS.scenario, theirs);
    localStorage.setItem(KEYS.meta, JSON.stringify({ rev: 99, tab: 'other', savedAt: Date.now() }));
    dispatchEvent(new StorageEvent('storage', { key: KEYS.meta, newValue: localStorage.getItem(KEYS.meta), storageArea: localStorage }));
    expect(offer.value?.kind).toBe('other-tab');

    setDocText(0, 0, 'Mine, edited.');
    await settled('current');
    autosave.flush();
    expect(storedText()).toBe('Theirs.');
    expect(readTabCopy()!.scenario.rankings[0]!.docs[0]!.text).toBe('Mine, edited.');

    autosave.keepMine();
    expect(storedText()).toBe('Mine, edited.');
    expect(readPrevious()!.scenario).toBe(theirs);
    expect(offer.value).toBeNull();
  });

  test('a tab closed while another tab’s save stands leaves its work for the next tab to restore; a reload takes it back', async () => {
    const autosave = await open(start());
    setDocText(0, 0, 'Mine.');
    await settled('current');
    autosave.flush();
    localStorage.setItem(KEYS.scenario, JSON.stringify(start('Theirs.')));
    localStorage.setItem(KEYS.meta, JSON.stringify({ rev: 99, tab: 'other', savedAt: Date.now() }));
    dispatchEvent(new StorageEvent('storage', { key: KEYS.meta, newValue: localStorage.getItem(KEYS.meta), storageArea: localStorage }));
    setDocText(0, 0, 'Mine, not saved.');
    await settled('current');
    dispatchEvent(new Event('pagehide'));
    expect(storedText()).toBe('Theirs.');
    expect(JSON.parse(localStorage.getItem(KEYS.closed)!).tab).toBe(autosave.tab);
    // The same tab reloaded: its own copy holds the work, and the entry goes.
    autosave.stop();
    const copy = readTabCopy()!;
    running = startAutosave({
      embed: false,
      baseRev: copy.baseRev,
      tab: copy.tab,
      fromTab: true,
      accept: acceptScenario,
      openLink,
      starting,
    });
    expect(localStorage.getItem(KEYS.closed)).toBeNull();
    dispatchEvent(new Event('pagehide'));
    // Another tab starting makes it the previous autosave.
    running.stop();
    running = startAutosave({ embed: false, baseRev: 99, accept: acceptScenario, openLink, starting });
    expect(localStorage.getItem(KEYS.closed)).toBeNull();
    expect(JSON.parse(readPrevious()!.scenario).rankings[0].docs[0].text).toBe('Mine, not saved.');
  });

  test('two tabs in a fresh browser: the second one’s work is kept apart, not lost, when the first saved', async () => {
    const loaded = await loadInitial(noRequest, starting(), location.href);
    expect(loaded.baseRev).toBe(0); // nothing saved yet: this tab starts from the empty autosave
    const autosave = await open(start(), { baseRev: loaded.baseRev });
    localStorage.setItem(KEYS.scenario, JSON.stringify(start('Tab one.')));
    localStorage.setItem(KEYS.meta, JSON.stringify({ rev: 1, tab: 'one', savedAt: Date.now() }));
    setDocText(0, 0, 'Tab two.');
    await settled('current');
    autosave.flush();
    expect(storedText()).toBe('Tab one.');
    expect(offer.value?.kind).toBe('other-tab');
    dispatchEvent(new Event('pagehide'));
    autosave.stop();
    running = startAutosave({ embed: false, baseRev: 1, accept: acceptScenario, openLink, starting });
    expect(JSON.parse(readPrevious()!.scenario).rankings[0].docs[0].text).toBe('Tab two.');
  });

  test('Reset before an edit has its values keeps the edit (as a draft over the accepted scenario) for Restore', async () => {
    const autosave = await open(start());
    setDocText(0, 0, 'Typed just before Reset.');
    autosave.reset(); // the edit's values have not arrived
    const previous = readPrevious()!;
    expect(JSON.parse(previous.scenario).rankings[0].docs[0].text).toBe('He said his son won.');
    expect(previous.draft!.rankings[0]!.docs[0]!.text).toBe('Typed just before Reset.');
    await settled('current');
    await autosave.restorePrevious();
    await waitFor(() => expect(scenario.value.rankings[0]!.docs[0]!.text).toBe('Typed just before Reset.'));
    await settled('current');
  });

  test('an edit made before the first values after a reload is kept, the saved draft and steps under it', async () => {
    const autosave = await open(start());
    setDocText(0, 0, 'Accepted.');
    await settled('current');
    setParam('k', 0);
    await settled('stale');
    dispatchEvent(new Event('pagehide'));
    autosave.stop();
    const loaded = await loadInitial(noRequest, starting(), location.href);
    replaceScenario(loaded.scenario, { undoable: false });
    running = startAutosave({ ...loaded, embed: false, accept: acceptScenario, openLink, starting });
    setDocText(0, 1, 'Typed before the values.'); // on the accepted scenario, before its values
    await settled('current');
    expect(scenario.value.rankings[0]!.docs[1]!.text).toBe('Typed before the values.');
    running.flush();
    expect(readTabCopy()!.scenario.rankings[0]!.docs[1]!.text).toBe('Typed before the values.');
    // Undo goes back through the accepted scenario, the refused draft, and the steps before.
    undo();
    expect(scenario.value.params?.k).toBeUndefined();
    undo();
    expect(scenario.value.params?.k).toBe(0);
  });

  test('loading the offered save replaces the scenario as one undoable step', async () => {
    await open(start(), { baseRev: 0 });
    localStorage.setItem(KEYS.scenario, JSON.stringify(start('Theirs.')));
    localStorage.setItem(KEYS.meta, JSON.stringify({ rev: 7, tab: 'other', savedAt: Date.now() }));
    await running!.loadOffered();
    expect(scenario.value.rankings[0]!.docs[0]!.text).toBe('Theirs.');
    undo();
    expect(scenario.value.rankings[0]!.docs[0]!.text).toBe('He said his son won.');
  });

  test('a page opened from a preset, a file or a link does not write over the user’s autosave', async () => {
    localStorage.setItem(KEYS.scenario, JSON.stringify(start('My own work.')));
    const autosave = await open(start('A preset.'), { baseRev: null });
    setDocText(0, 0, 'A preset, edited.');
    await settled('current');
    autosave.flush();
    expect(storedText()).toBe('My own work.');
    expect(offer.value?.kind).toBe('kept');
  });

  test('an embed never writes the autosave, only its tab’s copy', async () => {
    const autosave = await open(start(), { embed: true });
    setDocText(0, 0, 'Embedded edit.');
    await settled('current');
    autosave.flush();
    expect(readStored()).toBeNull();
    expect(readTabCopy()!.scenario.rankings[0]!.docs[0]!.text).toBe('Embedded edit.');
  });

  test('reset keeps the work as the previous autosave, and restore brings it back', async () => {
    const autosave = await open(start());
    setDocText(0, 0, 'Worth keeping.');
    await settled('current');
    autosave.flush();
    autosave.reset();
    await settled('current');
    autosave.flush();
    expect(storedText()).toBe('The starting example.');
    expect(JSON.parse(readPrevious()!.scenario).rankings[0].docs[0].text).toBe('Worth keeping.');
    await autosave.restorePrevious();
    await settled('current');
    autosave.flush();
    expect(scenario.value.rankings[0]!.docs[0]!.text).toBe('Worth keeping.');
    expect(storedText()).toBe('Worth keeping.');
    expect(JSON.parse(readPrevious()!.scenario).rankings[0].docs[0].text).toBe('The starting example.');
  });
});

describe('the outer surface', () => {
  test('a link that inflates past the limit is refused as too large; a damaged one as damaged', async () => {
    const encoded = await encodeScenario(JSON.stringify(start('x'.repeat(5000))));
    await expect(decodeScenario(encoded, 1000)).rejects.toBeInstanceOf(TooLargeError);
    await expect(decodeScenario(encoded, 1000)).rejects.toThrow(/too large/);
    expect(JSON.parse(new TextDecoder().decode(await decodeScenario(encoded))).rankings[0].docs[0].text).toHaveLength(5000);
    await expect(decodeScenario(encoded.slice(0, 20))).rejects.toBeInstanceOf(DamagedLinkError);
    await expect(decodeScenario('not*base64')).rejects.toThrow(/damaged/);
    expect(SCENARIO_BYTES).toBe(16 * 1024 * 1024);
  });

  test('?scenario= loads from the page’s own origin, or an allowed one, and nothing else', async () => {
    expect(scenarioSource('../x.json', 'https://site.example/course/page/').href).toBe('https://site.example/course/x.json');
    expect(() => scenarioSource('https://evil.example/x.json', 'https://site.example/')).toThrow(
      /only from https:\/\/site.example, not from https:\/\/evil.example/,
    );
    expect(scenarioSource('https://b.example/x.json', 'https://site.example/', ['https://b.example']).origin).toBe('https://b.example');
    expect(() => scenarioSource('javascript:alert(1)', 'https://site.example/')).toThrow(/only http/);

    localStorage.setItem(KEYS.scenario, JSON.stringify(start('My own work.')));
    const loaded = await loadInitial({ ...noRequest, scenarioUrl: 'https://evil.example/x.json' }, starting(), 'https://site.example/');
    expect(loaded.problem).toMatch(
      /^Could not load \?scenario=https:\/\/evil.example\/x.json: this site loads scenario files only from https:\/\/site.example/,
    );
    // The page falls back to the user's own work, never to the starting example while it exists.
    expect(loaded.scenario.rankings[0]!.docs[0]!.text).toBe('My own work.');
  });
});

describe('a link opened in the open page (a new #s=, which the browser does not reload for)', () => {
  // What the browser does for a hash typed or pasted into the address bar: a new entry, popstate, hashchange.
  const navigate = (hash: string) => {
    history.pushState(null, '', hash);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
    dispatchEvent(new HashChangeEvent('hashchange'));
  };
  const shownText = () => scenario.value.rankings[0]!.docs[0]!.text;
  const addressText = async () =>
    JSON.parse(new TextDecoder().decode(await decodeScenario(scenarioFromHash(location.hash)!))).rankings[0].docs[0].text as string;
  afterEach(() => {
    history.replaceState(null, '', '/#');
    toast.value = null;
  });

  test('is loaded as one undoable step, and a reload of its address continues this tab', async () => {
    const autosave = await open(start('My own work.'));
    autosave.save();
    await waitFor(async () => expect(await addressText()).toBe('My own work.'));
    const link = await encodeScenario(JSON.stringify(start('From a colleague.')));
    navigate(`#s=${link}`);
    await waitFor(() => expect(shownText()).toBe('From a colleague.'));
    await settled('current');
    expect(shownSource.value).toBe('shared link');
    autosave.save();
    expect(await addressText()).toBe('From a colleague.');
    expect(storedText()).toBe('From a colleague.');
    expect(JSON.parse(readPrevious()!.scenario).rankings[0].docs[0].text).toBe('My own work.');
    // A reload from the link's address is this tab's own work, its undo step included.
    const loaded = await loadInitial({ ...noRequest, encoded: link }, starting(), location.href);
    expect(loaded.source).toBe('your work in this tab');
    undo();
    expect(shownText()).toBe('My own work.');
  });

  test('Back to an address this tab held keeps the state on screen, and the address says it', async () => {
    const autosave = await open(start('First.'));
    autosave.save();
    await waitFor(async () => expect(await addressText()).toBe('First.'));
    const first = location.hash;
    setDocText(0, 0, 'Second.');
    await settled('current');
    autosave.save();
    await waitFor(async () => expect(await addressText()).toBe('Second.'));
    navigate(first);
    await waitFor(async () => expect(await addressText()).toBe('Second.'));
    expect(shownText()).toBe('Second.');
  });

  test('a damaged link is said, and the page and its address keep the work', async () => {
    const autosave = await open(start('My own work.'));
    autosave.save();
    await waitFor(async () => expect(await addressText()).toBe('My own work.'));
    navigate('#s=bm90LWRlZmxhdGVk');
    await waitFor(() => expect(toast.value?.message).toMatch(/^The shared link could not be used: .*damaged/));
    await waitFor(async () => expect(await addressText()).toBe('My own work.'));
    expect(shownText()).toBe('My own work.');
    expect(undoHistory().past).toEqual([]);
  });
});
