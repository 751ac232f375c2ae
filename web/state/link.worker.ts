// Compresses scenario JSON into a link's `#s=` value (deflate, base64url) off the main thread:
// the autosave writes the address after every accepted edit. Messages: { id, json } in, { id,
// encoded } out.
import { encodeScenario } from './share';

addEventListener('message', (event: MessageEvent<{ id: number; json: string }>) => {
  const { id, json } = event.data;
  void encodeScenario(json).then((encoded) => postMessage({ id, encoded }));
});
