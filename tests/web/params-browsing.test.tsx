// The parameters panel's browsing model and γ against the real engine: γ stays editable from its
// first keystroke, whatever the scenario says of the model.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeAll, expect, test } from 'vitest';

import { ParamsPanel } from '../../web/components/ParamsPanel';
import { evaluation } from '../../web/state/evaluation';
import { replaceScenario, scenario, type PageScenario } from '../../web/state/scenario';
import { useNodeEngine } from './engine';

const doc = (id: string, label: string, relevance: number) => ({ id, text: '', label, relevance });
// A scenario without params: the core's default browsing, exponential with γ = 0.9.
const start = (): PageScenario => ({
  rankings: [{ name: 'A', docs: [doc('b', 'male', 0), doc('a', 'female', 1)] }],
});
const current = () => waitFor(() => expect(evaluation.value.status).toBe('current'));

beforeAll(async () => {
  await useNodeEngine();
});
afterEach(() => cleanup());

test('γ stays on screen through an invalid draft and a valid value; the model is still the default', async () => {
  replaceScenario(start(), { undoable: false });
  render(<ParamsPanel />);
  await current();
  // By id: with its message, the label's text is more than "γ".
  const gamma = () => document.getElementById('param-gamma') as HTMLInputElement;
  expect(gamma().value).toBe('0.9');
  expect(evaluation.value.results!.rankings[0]!.ea.value).toBeCloseTo(1 / 1.9, 12);
  // "0.9" with its last character deleted reads 0: refused by name, the field still there to type on.
  fireEvent.input(gamma(), { target: { value: '0.' } });
  expect(scenario.value.params?.browsing).toEqual({ gamma: 0 });
  await waitFor(() => expect(evaluation.value.status).toBe('stale'));
  expect(gamma().getAttribute('aria-invalid')).toBe('true');
  fireEvent.input(gamma(), { target: { value: '0.8' } });
  await current();
  expect(gamma().value).toBe('0.8');
  expect((screen.getByLabelText('browsing model (DIPS, EE, EA)') as HTMLSelectElement).value).toBe('exponential');
  // A refused γ keeps its field under a model that does not read γ, so it can be mended there.
  fireEvent.input(gamma(), { target: { value: '2' } });
  await waitFor(() => expect(evaluation.value.status).toBe('stale'));
  fireEvent.change(screen.getByLabelText('browsing model (DIPS, EE, EA)'), { target: { value: 'uniform' } });
  await waitFor(() => expect(scenario.value.params?.browsing).toEqual({ gamma: 2, model: 'uniform' }));
  expect(gamma().getAttribute('aria-invalid')).toBe('true');
  fireEvent.input(gamma(), { target: { value: '0.8' } });
  await current();
  await waitFor(() => expect(gamma()).toBeNull()); // valid, and unread under uniform: no field
  fireEvent.change(screen.getByLabelText('browsing model (DIPS, EE, EA)'), { target: { value: 'exponential' } });
  await current();
  // γ reaches the core. EA's δ_A = T_A / (T_A + T_B) - E_A / (E_A + E_B), with T from relevance
  // (A 1, B 0) and E from F(k0) = γ^k0 (B at 0, A at 1): 1 - γ / (1 + γ) = 1 / (1 + γ).
  expect(evaluation.value.results!.rankings[0]!.ea.value).toBeCloseTo(1 / 1.8, 12);
});
