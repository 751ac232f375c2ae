// The link encoder's worker (./link.worker.ts), started on first use. Where there are no workers
// (the component tests' DOM), the same encodeScenario runs in place.
import { encodeScenario } from './share';

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, (encoded: string) => void>();

/** encodeScenario(json), computed in a worker: the main thread only hands over the text. */
export function encodeOffThread(json: string): Promise<string> {
  if (typeof Worker === 'undefined') return encodeScenario(json);
  if (!worker) {
    worker = new Worker(new URL('./link.worker.ts', import.meta.url), { type: 'module', name: 'fairness-link' });
    worker.addEventListener('message', (event: MessageEvent<{ id: number; encoded: string }>) => {
      waiting.get(event.data.id)?.(event.data.encoded);
      waiting.delete(event.data.id);
    });
  }
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    worker!.postMessage({ id, json });
  });
}
