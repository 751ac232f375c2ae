// Start-up: the engine in its module worker, the metric descriptors, the scenario from the URL
// (or the autosave, or the starting example), then live evaluation and autosave.
import { render } from 'preact';

import { startEngineWorker, startLongJobWorkers } from '../wasm/client';
import { App } from './components/App';
import { ALL_CARDS_UP_TO, loadVirtualCards } from './components/RankingEditor';
import { setEngine, engine } from './state/engine';
import { startEvaluation } from './state/evaluation';
import { descriptors } from './state/metrics';
import { loadInitial, startAutosaveOn } from './state/persistence';
import { STARTING_PRESET, findPreset } from './state/presets';
import { replaceScenario, toPageScenario } from './state/scenario';
import { setExample } from './state/example';
import { lessonRequest, resolveLessonRequest } from './state/lessons';
import { postHeight } from './state/embed-height';
import { watchSystemColors } from './state/colors';
import { currentAddress, currentLocation, readUrl, readView } from './state/address';
import { setPresenting, setTheme, watchNarrow } from './state/view';
import './global.css';

// The module runs: ./boot-check.js (deferred, after it) leaves the loading shell to the page.
document.documentElement.dataset.started = 'true';

async function start() {
  const view = readView(currentLocation(), { framed: window.parent !== window });
  setTheme(view.theme);
  // `?lesson=<example>` opens that example, unless the link names another scenario or holds the
  // lesson's edited state (`#s=`, kept by the autosave so a reload continues the lesson).
  const url = readUrl(currentLocation());
  const exampleLesson = view.lesson !== null && !!findPreset(view.lesson)?.lesson;
  const request = { ...url, ...(exampleLesson && !url.preset && !url.encoded && !url.scenarioUrl ? { preset: view.lesson } : {}) };
  lessonRequest.value = view.lesson;
  const embed = view.embed ?? (request.embed ? 'page' : null);
  document.documentElement.dataset.embed = String(embed !== null);
  if (embed !== null) postHeight();
  if (view.present) setPresenting(true);
  watchNarrow();
  watchSystemColors();
  const client = startEngineWorker();
  // Orderings and experiments run in workers of their own: an edit is evaluated at once even
  // while they compute, and a newer Find (or run) stops the older one by restarting its worker.
  const longJobs = startLongJobWorkers();
  setEngine({
    view: (s, options) => client.live(s, options),
    evaluate: (json) => client.evaluate(json, { lane: null }),
    // Checks of imports and links run in their own lane, so they never supersede the live evaluation.
    validate: (json) => client.validate(json, { lane: 'validate' }),
    describe: () => client.describe(),
    // A lane (and a worker) per ranking: finding A's orderings does not cancel B's; a newer
    // request for the same ranking stops the older one.
    orderings: (json, ranking) => longJobs.orderings(json, ranking),
    // Each figure in its own lane and worker ("experiment-a", "experiment-b").
    experiment: (spec, onProgress) => longJobs.experiment(spec, { onProgress }),
  });
  const starting = () => toPageScenario(findPreset(STARTING_PRESET)!.scenario);
  const fallback = starting();
  // The scenario is fetched while the engine starts (its check waits for the engine in the worker).
  const loading = loadInitial(request, fallback, currentAddress());
  descriptors.value = await engine().describe();
  // The engine has answered (the shell of index.html has been on screen since the first paint).
  performance.mark('engine-ready');
  const loaded = await loading;
  // A long ranking is drawn by the virtualised list from the first render: without it, that render
  // would draw its first 200 cards in full, then replace them.
  if (loaded.scenario.rankings.some((r) => r.docs.length > ALL_CARDS_UP_TO)) await loadVirtualCards();
  replaceScenario(loaded.scenario, { undoable: false, source: loaded.source });
  // The caption belongs to the example as loaded (a preset, or the starting example).
  const exampleId = loaded.presetId ?? (loaded.scenario === fallback ? STARTING_PRESET : null);
  if (exampleId) setExample(exampleId, loaded.scenario);
  resolveLessonRequest(loaded.problem !== null);
  startEvaluation((s, options) => engine().view(s, options));
  startAutosaveOn(loaded, { embed: embed !== null, starting });
  const app = document.getElementById('app')!;
  app.textContent = ''; // the static loading shell of index.html
  const problems = [...view.problems, ...(loaded.problem ? [loaded.problem] : [])];
  render(<App embed={embed} chosen={view.metrics} source={loaded.source} problems={problems} origin={loaded.origin} />, app);
}

start().catch((error: unknown) => {
  const app = document.getElementById('app')!;
  app.textContent = `The playground could not start: ${error instanceof Error ? error.message : String(error)}`;
  app.setAttribute('role', 'alert');
});
