// Gzip files for the Runs view, read as the CLI reads them (cli/runs.cpp): several members are one
// file, as gzip does; a stream cut short (a header alone included) and bytes after the last member
// are refused, never evaluated in part. The browser's DecompressionStream reads the common file
// (one member) at native speed and checks it; Chromium's refuses a second member as it refuses
// damage, so on its refusal the file is read again by fflate's Gunzip, which finds the members,
// and each member's CRC-32 and length (its 8-byte trailer) are checked here. The bytes the first
// pass already gave are not given twice.
import { Gunzip } from 'fflate';

import { RunsInputError } from './errors';

const TRUNCATED = 'truncated: the file ends inside its gzip stream (a cut download?)';
const TRAILING = 'bytes after the end of the gzip stream (not a gzip member)';
const HEADER_CUT = "truncated: the gzip stream ends inside a member's header";
/** Input bytes kept behind the current chunk (a member's header, name included, is shorter). */
const WINDOW = 1 << 16;

/** The decompressed bytes of `file` in chunks; `onRaw` gets the size of each chunk of the file itself. */
export async function* gunzipChunks(file: Blob, name: string, onRaw: (bytes: number) => void): AsyncGenerator<Uint8Array> {
  let given = 0;
  let counted = 0;
  try {
    for await (const chunk of browserGunzip(file, (bytes) => (onRaw(bytes), (counted += bytes)))) {
      given += chunk.byteLength;
      yield chunk;
    }
    return;
  } catch {
    // a second member, or damage: the careful reader below tells which
  }
  let raw = 0;
  let skip = given;
  for await (const chunk of membersGunzip(file, name, (bytes) => {
    raw += bytes;
    if (raw > counted) onRaw(raw - Math.max(counted, raw - bytes)); // only what the first pass did not count
  })) {
    if (skip >= chunk.byteLength) {
      skip -= chunk.byteLength;
      continue;
    }
    yield skip ? chunk.subarray(skip) : chunk;
    skip = 0;
  }
}

async function* browserGunzip(file: Blob, onRaw: (bytes: number) => void): AsyncGenerator<Uint8Array> {
  const counted = (file.stream() as ReadableStream<Uint8Array>).pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        onRaw(chunk.byteLength);
        controller.enqueue(chunk);
      },
    }),
  );
  const reader = counted.pipeThrough(new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>).getReader();
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) return;
      yield next.value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** CRC-32 (the gzip trailer's, IEEE 802.3, reflected), a table of 256 entries. */
const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

function crc32(crc: number, bytes: Uint8Array): number {
  let c = ~crc;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

/** The little-endian 32-bit number at `at` of `bytes`. */
const u32 = (bytes: Uint8Array, at: number) => (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;

/** Whether the 8 bytes at `at` are the trailer of a member whose output had `crc` and `size`. */
const isTrailer = (bytes: Uint8Array, at: number, crc: number, size: number) =>
  at >= 0 && at + 8 <= bytes.length && u32(bytes, at) === crc && u32(bytes, at + 4) === size % 2 ** 32;

/** What is wrong with a trailer that does not match, in zlib's words (as the CLI says it). */
function mismatch(bytes: Uint8Array, at: number, crc: number, size: number): string {
  if (at < 0 || at + 8 > bytes.length) return TRUNCATED;
  const crcOk = u32(bytes, at) === crc;
  const sizeOk = u32(bytes, at + 4) === size % 2 ** 32;
  if (crcOk && !sizeOk) return 'not a valid gzip stream: incorrect length check';
  if (!crcOk && sizeOk) return 'not a valid gzip stream: incorrect data check';
  return TRUNCATED; // neither: the bytes there are not a trailer, the file was cut
}

/**
 * Every member of `file`, one after the other, each checked against its trailer; refusals in the
 * CLI's words. Memory: 64 kB of the input behind the current chunk, and one chunk's output.
 */
export async function* membersGunzip(file: Blob, name: string, onRaw: (bytes: number) => void): AsyncGenerator<Uint8Array> {
  const refuse = (message: string) => new RunsInputError(name, 0, '', `${name}: ${message}`);
  if (file.size < 18) throw refuse(TRUNCATED); // a header (10) and a trailer (8) at the least
  let crc = 0;
  let size = 0;
  let members = 0;
  let produced = 0;
  let window = new Uint8Array(0); // the input's last bytes, from `windowStart`
  let windowStart = 0;
  let out: Uint8Array[] = [];
  let problem: string | null = null;
  const gunzip = new Gunzip();
  gunzip.ondata = (data) => {
    crc = crc32(crc, data);
    size += data.length;
    produced += data.length;
    if (data.length) out.push(data);
  };
  gunzip.onmember = (offset) => {
    // A member starts at `offset`: the one before ends with its trailer just before.
    const at = offset - 8 - windowStart;
    if (offset > 0 && !isTrailer(window, at, crc, size)) problem ??= mismatch(window, at, crc, size);
    if (offset > 0) members++;
    crc = 0;
    size = 0;
  };
  const reader = (file.stream() as ReadableStream<Uint8Array>).getReader();
  let read = 0;
  try {
    for (;;) {
      const next = await reader.read();
      const last = next.done;
      const chunk = next.done ? new Uint8Array(0) : next.value;
      onRaw(chunk.byteLength);
      // The last 64 kB before this chunk, and the chunk: where the trailer before a new member lies
      // when fflate reports that member (after its header, however it was cut into chunks).
      const before = window.subarray(Math.max(0, window.length - WINDOW));
      const kept = new Uint8Array(before.length + chunk.length);
      kept.set(before);
      kept.set(chunk, before.length);
      windowStart = read - before.length;
      window = kept;
      read += chunk.byteLength;
      try {
        gunzip.push(chunk, last);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // Past a whole member, bytes that are not another member; within one, the stream ends early.
        throw refuse(
          (members > 0 || produced > 0) && /invalid gzip/.test(message)
            ? TRAILING
            : message === 'unexpected EOF'
              ? TRUNCATED
              : `not a valid gzip stream: ${message}`,
        );
      }
      if (problem) throw refuse(problem);
      const ready = out;
      out = [];
      for (const data of ready) yield data;
      if (last) break;
    }
  } finally {
    reader.releaseLock();
  }
  // The last member's trailer ends the file. A few bytes after it (fflate passes over fewer than a
  // header's 10) are a member cut short when they begin as one, else not a member.
  const tail = new Uint8Array(await file.slice(Math.max(0, file.size - 32)).arrayBuffer());
  if (isTrailer(tail, tail.length - 8, crc, size)) return;
  for (let extra = 1; extra <= 16; extra++) {
    if (!isTrailer(tail, tail.length - 8 - extra, crc, size)) continue;
    const next = tail.subarray(tail.length - extra);
    throw refuse(extra === 1 ? HEADER_CUT : next[0] === 0x1f && next[1] === 0x8b ? TRUNCATED : TRAILING);
  }
  throw refuse(mismatch(tail, tail.length - 8, crc, size));
}
