// UTF-8 byte offsets (the core's) to UTF-16 indices (JS strings'), in a module of its own so the
// page can convert the results' term spans without loading the WebAssembly glue.

const nonAscii = /[^\x00-\x7f]/;

/**
 * Rewrites `spans` (UTF-8 byte offsets into `text`, as TextEncoder encodes it) in place to UTF-16
 * indices into `text`, and returns them. A lone surrogate counts as U+FFFD (3 bytes), as
 * TextEncoder writes it. Use it on the results' `docs[].matches` to highlight a document's text.
 */
export function spansToUtf16<T extends { begin: number; end: number }>(text: string, spans: T[]): T[] {
  if (spans.length === 0 || !nonAscii.test(text)) return spans;
  // Walk the text once, in step with the distinct byte offsets asked for, in ascending order.
  const offsets = [...new Set(spans.flatMap((s) => [s.begin, s.end]))].sort((a, b) => a - b);
  const index = new Map<number, number>();
  let bytes = 0;
  let unit = 0;
  for (const offset of offsets) {
    while (bytes < offset && unit < text.length) {
      const c = text.charCodeAt(unit);
      const d = unit + 1 < text.length ? text.charCodeAt(unit + 1) : 0;
      if (c < 0x80) ((bytes += 1), (unit += 1));
      else if (c < 0x800) ((bytes += 2), (unit += 1));
      else if (c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) ((bytes += 4), (unit += 2));
      else ((bytes += 3), (unit += 1)); // the rest of the BMP; a lone surrogate as U+FFFD
    }
    index.set(offset, unit);
  }
  for (const s of spans) {
    s.begin = index.get(s.begin) ?? text.length;
    s.end = index.get(s.end) ?? text.length;
  }
  return spans;
}
