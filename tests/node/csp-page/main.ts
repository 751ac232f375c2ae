// A minimal page for tests/node/wasm-csp.test.ts: starts the engine's module worker as the real
// page does, asks it a few things, and writes what came back into #out (then sets the title).
import { EngineClient, isSuperseded } from '../../../wasm/client';
import type { Scenario } from '../../../wasm/types';

const lines: string[] = [];
const scenario = (name: string): Scenario => ({
  rankings: [
    {
      name,
      docs: [
        { text: 'She and he', label: 'female', relevance: 1 },
        { text: 'Mädchen', label: 'male' },
      ],
    },
  ],
});

async function run() {
  const worker = new Worker(new URL('../../../wasm/engine.worker.ts', import.meta.url), { type: 'module' });
  const client = new EngineClient(worker);
  const [older, newer] = await Promise.allSettled([client.evaluate(scenario('older')), client.evaluate(scenario('newer'))]);
  lines.push(`older: ${older.status === 'rejected' && isSuperseded(older.reason) ? 'superseded' : 'NOT superseded'}`);
  lines.push(
    `newer: ${newer.status === 'fulfilled' ? `${newer.value.rankings[0]!.name} nfairr=${newer.value.rankings[0]!.nfairr.value}` : String(newer.reason)}`,
  );
  const refusal = await client
    .evaluate({ params: { k: 0 }, rankings: [{ docs: [{}] }] })
    .catch((e: { name: string; field: string; message: string }) => e);
  lines.push(`refusal: ${'name' in refusal ? `${refusal.name} ${refusal.field}: ${refusal.message}` : 'none'}`);
  lines.push(`describe: ${(await client.describe()).length}`);
  lines.push(`findTerms: ${JSON.stringify(await client.findTerms(scenario('x'), 'Ünd she'))}`);
}

run().then(
  () => {
    document.getElementById('out')!.textContent = lines.join('\n');
    document.title = 'done';
  },
  (error: unknown) => {
    document.getElementById('out')!.textContent = [...lines, `failed: ${String(error)}`].join('\n');
    document.title = 'failed';
  },
);
