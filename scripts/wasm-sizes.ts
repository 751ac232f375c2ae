// What each part of a WebAssembly module costs: the code section's function bodies grouped by
// the source they come from (by their names, which a build with --profiling-funcs keeps), and the
// other sections. Used by `npm run bench` on a build of the playground's module with names.
//   tsx scripts/wasm-sizes.ts MODULE.wasm
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

interface Reader {
  bytes: Uint8Array;
  at: number;
}
function leb(r: Reader): number {
  let result = 0;
  let shift = 0;
  for (;;) {
    const b = r.bytes[r.at++]!;
    result += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (!(b & 0x80)) return result;
  }
}
function name(r: Reader): string {
  const n = leb(r);
  const s = new TextDecoder().decode(r.bytes.subarray(r.at, r.at + n));
  r.at += n;
  return s;
}

/** The groups, in the order they are tried: the first pattern a function's name matches names its group. */
const GROUPS: [string, RegExp][] = [
  ['orderings (best and worst)', /orderings|RankingContext|local_search|exhaustive/i],
  ['DIPS experiments', /experiment/i],
  ['lessons (reader)', /lesson/i],
  ['scenario reader (strict JSON)', /strict_json|StrictJson|JsonScanner|json_scanner|scenario|ScenarioError|read_params|Params/i],
  ['results writer (JSON)', /JsonWriter|write_|json_writer|to_chars|grisu|dtoa/i],
  ['tokenizer and lowercasing', /TermIndex|tokeni|unicode_lower|lower|DocTerms|text::/i],
  ['NFaiRR', /nfairr/i],
  ['TExFAIR', /texfair/i],
  ['DIPS, REE, IGI', /dips/i],
  ['CWEx', /cwex/i],
  ['AWRF', /awrf/i],
  ['EE, EA, EA-dp', /exposure/i],
  ['RaB, ARaB', /rab::/i],
  ['nDCG', /ndcg/i],
  ['evaluation (inputs, view)', /evaluate|Evaluator|analyze|prepare|visit_metrics|describe/i],
  ['nlohmann::json (descriptors, describe)', /nlohmann/i],
  ['Embind and bindings', /emscripten|embind|_EmBind|EMSCRIPTEN|bindings|wire|BindingType/i],
  ['malloc', /malloc|free|sbrk|dlmalloc|memalign/i],
  [
    'C++ library (strings, containers, exceptions)',
    /std::|__cxa|__cxx|basic_string|vector|unordered|__hash|allocator|exception|typeinfo|operator new|operator delete/i,
  ],
  ['libc', /^(mem|str|__|_|[a-z]+$)/],
];

export function wasmSizeTable(path: string): { rows: { group: string; bytes: number; functions: number }[]; total: number; gzip: number } {
  const bytes = readFileSync(path);
  const r: Reader = { bytes, at: 8 };
  const bodies: number[] = [];
  let imported = 0;
  const names = new Map<number, string>();
  const sections: Record<string, number> = {};
  while (r.at < bytes.length) {
    const id = bytes[r.at++]!;
    const size = leb(r);
    const end = r.at + size;
    if (id === 2) {
      // imports: count the functions, whose indices come first
      const n = leb({ bytes, at: r.at } as Reader);
      const s: Reader = { bytes, at: r.at };
      leb(s);
      for (let i = 0; i < n; i++) {
        name(s);
        name(s);
        const kind = bytes[s.at++]!;
        if (kind === 0) (leb(s), imported++);
        else if (kind === 1) (s.at++, bytes[s.at++]! & 1 ? (leb(s), leb(s)) : leb(s));
        else if (kind === 2) bytes[s.at++]! & 1 ? (leb(s), leb(s)) : leb(s);
        else if (kind === 3) s.at += 2;
        else if (kind === 4) (s.at++, leb(s));
      }
    }
    if (id === 10) {
      const s: Reader = { bytes, at: r.at };
      const n = leb(s);
      for (let i = 0; i < n; i++) {
        const body = leb(s);
        bodies.push(body);
        s.at += body;
      }
    }
    if (id === 0) {
      const s: Reader = { bytes, at: r.at };
      const section = name(s);
      sections[`custom: ${section}`] = size;
      if (section === 'name')
        while (s.at < end) {
          const sub = bytes[s.at++]!;
          const subSize = leb(s);
          const subEnd = s.at + subSize;
          if (sub === 1) {
            const n = leb(s);
            for (let i = 0; i < n; i++) {
              const index = leb(s);
              names.set(index, name(s));
            }
          }
          s.at = subEnd;
        }
    } else {
      const label =
        [
          'custom',
          'type',
          'import',
          'function',
          'table',
          'memory',
          'global',
          'export',
          'start',
          'element',
          'code',
          'data',
          'data count',
          'tag',
        ][id] ?? `#${id}`;
      sections[label] = (sections[label] ?? 0) + size;
    }
    r.at = end;
  }
  const groups = new Map<string, { bytes: number; functions: number }>();
  bodies.forEach((size, i) => {
    const fn = names.get(imported + i) ?? '';
    const group = GROUPS.find(([, pattern]) => pattern.test(fn))?.[0] ?? 'other code';
    const g = groups.get(group) ?? { bytes: 0, functions: 0 };
    g.bytes += size;
    g.functions++;
    groups.set(group, g);
  });
  const rows = [...groups].map(([group, g]) => ({ group, ...g })).sort((a, b) => b.bytes - a.bytes);
  for (const [label, size] of Object.entries(sections))
    if (label !== 'code' && !label.startsWith('custom')) rows.push({ group: `${label} section`, bytes: size, functions: 0 });
  const named = Object.entries(sections)
    .filter(([l]) => l.startsWith('custom'))
    .reduce((a, [, s]) => a + s, 0);
  return { rows, total: bytes.length - named, gzip: gzipSync(bytes, { level: 9 }).length };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = process.argv[2];
  if (!path) throw new Error('usage: tsx scripts/wasm-sizes.ts MODULE.wasm');
  const { rows, total } = wasmSizeTable(path);
  console.log('| part | functions | bytes (raw) | share |');
  console.log('| --- | --- | --- | --- |');
  for (const row of rows)
    console.log(
      `| ${row.group} | ${row.functions || ''} | ${row.bytes.toLocaleString('en')} | ${((100 * row.bytes) / total).toFixed(1)}% |`,
    );
  console.log(`| total (without names) | | ${total.toLocaleString('en')} | |`);
}
