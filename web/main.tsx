// Start-up: the engine in its module worker, the metric descriptors, the scenario from the URL
// (or the autosave, or the starting example), then live evaluation and autosave.
import { render } from 'preact';

import { startEngineWorker } from '../wasm/client';
import { App } from './components/App';
import { setEngine, engine } from './state/engine';
import { startEvaluation } from './state/evaluation';
import { descriptors } from './state/metrics';
import { loadInitial, startAutosave } from './state/persistence';
import { STARTING_PRESET, findPreset } from './state/presets';
import { replaceScenario, toPageScenario } from './state/scenario';
import { readUrl } from './state/share';
import { setExample } from './state/example';
import { readView, setPresenting } from './state/view';
import './global.css';

async function start() {
  const view = readView(location);
  // `?lesson=<preset>` opens that preset (unless the link names another scenario).
  const request = { ...readUrl(location), ...(view.lesson && !location.search.includes('preset=') ? { preset: view.lesson } : {}) };
  const embed = view.embed ?? (request.embed ? 'page' : null);
  document.documentElement.dataset.embed = String(embed !== null);
  if (view.present) setPresenting(true);
  const client = startEngineWorker();
  setEngine({
    evaluate: (json) => client.evaluate(json),
    // Checks of imports and links run in their own lane, so they never supersede the live evaluation.
    validate: (json) => client.evaluate(json, { lane: 'validate' }),
    describe: () => client.describe(),
    // A lane per ranking: finding A's orderings does not cancel B's, a newer request for the same
    // ranking supersedes a waiting one, and none touches the live evaluation.
    orderings: (json, ranking) => client.orderings(json, ranking, { lane: `orderings:${ranking}` }),
    // Each figure in its own lane ("experiment-a", "experiment-b"), never touching the evaluations.
    experiment: (spec, onProgress) => client.experiment(spec, { onProgress }),
  });
  descriptors.value = await engine().describe();

  const fallback = toPageScenario(findPreset(STARTING_PRESET)!.scenario);
  const loaded = await loadInitial(request, fallback, location.href);
  replaceScenario(loaded.scenario, { undoable: false });
  // The caption belongs to the example as loaded (a preset, or the starting example).
  const exampleId = loaded.presetId ?? (loaded.scenario === fallback ? STARTING_PRESET : null);
  if (exampleId) setExample(exampleId, loaded.scenario);
  startEvaluation((json) => engine().evaluate(json));
  startAutosave({ embed: embed !== null });
  const app = document.getElementById('app')!;
  app.textContent = ''; // the static loading shell of index.html
  render(<App embed={embed} chosen={view.metrics} lesson={view.lesson} source={loaded.source} problem={loaded.problem} />, app);
}

start().catch((error: unknown) => {
  const app = document.getElementById('app')!;
  app.textContent = `The playground could not start: ${error instanceof Error ? error.message : String(error)}`;
  app.setAttribute('role', 'alert');
});
