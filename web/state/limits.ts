// The page's outer surface under the project's one table of limits (core/limits.json, which the
// core enforces on everything it reads): what arrives by link or by ?scenario= is read as a
// stream that stops at `scenarioBytes`, so an oversized or inflating input never reaches memory.
import table from '../../core/limits.json';

export const limits = table.limits;

/** Bytes of scenario JSON the page reads from a link or a URL (the core's default tier). */
export const SCENARIO_BYTES = limits.scenarioBytes.default;

/** A source that went past a limit before it was read whole. */
export class TooLargeError extends Error {
  override name = 'TooLargeError';
  constructor(
    readonly limit: number,
    what: string,
  ) {
    super(`${what} is too large: it holds more than ${formatBytes(limit)} of scenario JSON (the limit is scenarioBytes, ${limit} bytes)`);
  }
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1 << 20) return `${+(bytes / (1 << 20)).toFixed(1)} MiB`;
  if (bytes >= 1 << 10) return `${+(bytes / (1 << 10)).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}

/**
 * Reads a byte stream to the end, or throws TooLargeError (and cancels the stream, which stops a
 * decompressor or a download) as soon as more than `limit` bytes have arrived. The bytes as they
 * are: the core reads them as UTF-8 (and refuses what is not, as the CLI does).
 */
export async function readLimited(stream: ReadableStream<Uint8Array>, limit: number, what: string): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new TooLargeError(limit, what);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}
