// The scenario as JSON text, made once per scenario object and shared: the evaluation needs it to
// send the scenario to the engine, and the autosave then stores that same text instead of
// serialising the scenario a second time on the main thread. Scenarios never change (every edit
// makes a new object), so a text never goes stale.
import type { PageScenario } from './scenario';

const texts = new WeakMap<PageScenario, string>();

export function scenarioJson(s: PageScenario): string {
  let text = texts.get(s);
  if (text === undefined) {
    text = JSON.stringify(s);
    texts.set(s, text);
  }
  return text;
}
