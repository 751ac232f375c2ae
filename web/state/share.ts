// The scenario in a link: SPEC's JSON, deflated (the platform's CompressionStream) and
// base64url-encoded into the URL's hash, so a link holds the whole state and no server sees it.
// A link is inflated as a stream that stops at the scenario size limit (./limits.ts): a short
// link that would inflate to hundreds of megabytes is refused as too large, at once.
import { SCENARIO_BYTES, readLimited } from './limits';

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Compresses scenario JSON text into a URL-safe string. */
export async function encodeScenario(json: string): Promise<string> {
  return toBase64Url(await pipe(new TextEncoder().encode(json), new CompressionStream('deflate-raw')));
}

/**
 * The bytes as a stream of small slices, each handed over only when the reader asks: a
 * decompressor inflates all of a chunk it is given at once, so feeding it 4 KiB at a time (at
 * most ~4 MiB of output each, deflate's ratio being at most ~1032:1) lets reading stop at the limit
 * before the rest is inflated.
 */
function slices(bytes: Uint8Array<ArrayBuffer>, size = 4096): ReadableStream<Uint8Array<ArrayBuffer>> {
  let at = 0;
  return new ReadableStream<Uint8Array<ArrayBuffer>>(
    {
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        controller.enqueue(bytes.subarray(at, (at += size)));
      },
    },
    { highWaterMark: 0 },
  );
}

/** A link whose scenario part was cut or altered: it is not base64url or not deflated data. */
export class DamagedLinkError extends Error {
  override name = 'DamagedLinkError';
}

/**
 * The inverse of encodeScenario: the scenario's bytes (UTF-8 JSON). Throws DamagedLinkError when the text is not a compressed
 * scenario, and TooLargeError when it inflates past `limit` bytes (reading stops there).
 */
export async function decodeScenario(encoded: string, limit = SCENARIO_BYTES): Promise<Uint8Array> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fromBase64Url(encoded);
  } catch {
    throw new DamagedLinkError('the link is damaged: its scenario part is not base64url text (was it cut or altered when copied?)');
  }
  const inflated = slices(bytes).pipeThrough(new DecompressionStream('deflate-raw'));
  try {
    return await readLimited(inflated, limit, 'the link');
  } catch (error) {
    if (error instanceof Error && error.name === 'TooLargeError') throw error;
    throw new DamagedLinkError('the link is damaged: its scenario part does not decompress (was it cut or altered when copied?)');
  }
}
