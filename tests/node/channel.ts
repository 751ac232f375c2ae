// A client and the engine's server joined by a real MessageChannel, as the page and its worker
// are: what the protocol tests drive.
import { EngineClient } from '../../wasm/client';
import type { Engine } from '../../wasm/engine';
import type { PortLike } from '../../wasm/protocol';
import { serveEngine } from '../../wasm/worker-core';

export function connect(engine: Engine) {
  const { port1, port2 } = new MessageChannel();
  serveEngine(port2 as unknown as PortLike, engine);
  const client = new EngineClient(port1 as unknown as PortLike);
  return {
    client,
    close: () => {
      client.dispose();
      port1.close();
      port2.close();
    },
  };
}
