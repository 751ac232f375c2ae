// The scenario as JSON text, made once per scenario object and kept (wasm/scenario-text.ts): an
// edit re-serialises only the path to what changed. The autosave, the saved steps and the
// exports read it here; the live evaluation sends the engine the changes instead.
import { jsonText } from '../../wasm/scenario-text';
import type { PageScenario } from './scenario';

export function scenarioJson(s: PageScenario): string {
  return jsonText(s)!;
}
