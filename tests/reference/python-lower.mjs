// Python 3's str.lower() in JavaScript, for the reference implementation (SPEC "Terms and tokens":
// the official NFaiRR code lowercases with it). An independent route from the core's tables
// (generated from Python by scripts/make-unicode-lower.py): ICU's case mappings through
// String.prototype.toLowerCase, one code point at a time, and the final-sigma rule written out here
// from CPython's handle_capital_sigma with the Unicode properties of JS regular expressions.
//
// Where JS and Python differ (tests/node/lowercase.test.mjs checks every code point against Python):
// - toLowerCase of a whole string applies the same full mappings (İ → i̇) and the same final-sigma
//   rule (Unicode's Final_Sigma, as Python's); here the rule is written out anyway, so that the
//   properties it reads can be pinned to Python's Unicode version;
// - Node's ICU has a newer Unicode (17.0 on Node 20.20) than Python 3.11 (14.0). The characters
//   added since are caseless and end a final-sigma context for Python, and two changed properties:
//   U+0295 is cased in 14.0 (no longer Other_Lowercase since 16.0) and U+1171E is case-ignorable
//   in 14.0 (a nonspacing mark, Mc since 16.0).

// Code points assigned after Unicode 14.0 that have a case mapping or a casing property in Node's
// Unicode: unassigned, so caseless, for Python 3.11.
const NEWER_THAN_PYTHON = [
  [0x897, 0x897],
  [0xece, 0xece],
  [0x1acf, 0x1add],
  [0x1ae0, 0x1aeb],
  [0x1c89, 0x1c8a],
  [0xa7cb, 0xa7cf],
  [0xa7d2, 0xa7d2],
  [0xa7d4, 0xa7d4],
  [0xa7da, 0xa7dc],
  [0xa7f1, 0xa7f1],
  [0x10d4e, 0x10d4e],
  [0x10d50, 0x10d65],
  [0x10d69, 0x10d6d],
  [0x10d6f, 0x10d85],
  [0x10ec5, 0x10ec5],
  [0x10efa, 0x10eff],
  [0x11241, 0x11241],
  [0x113bb, 0x113c0],
  [0x113ce, 0x113ce],
  [0x113d0, 0x113d0],
  [0x113d2, 0x113d2],
  [0x113e1, 0x113e2],
  [0x11b60, 0x11b60],
  [0x11b62, 0x11b64],
  [0x11b66, 0x11b66],
  [0x11dd9, 0x11dd9],
  [0x11f00, 0x11f01],
  [0x11f36, 0x11f3a],
  [0x11f40, 0x11f40],
  [0x11f42, 0x11f42],
  [0x11f5a, 0x11f5a],
  [0x13439, 0x13440],
  [0x13447, 0x13455],
  [0x1611e, 0x16129],
  [0x1612d, 0x1612f],
  [0x16d40, 0x16d42],
  [0x16d6b, 0x16d6c],
  [0x16ea0, 0x16eb8],
  [0x16ebb, 0x16ed3],
  [0x16ff2, 0x16ff3],
  [0x1df25, 0x1df2a],
  [0x1e030, 0x1e06d],
  [0x1e08f, 0x1e08f],
  [0x1e4eb, 0x1e4ef],
  [0x1e5ee, 0x1e5ef],
  [0x1e6e3, 0x1e6e3],
  [0x1e6e6, 0x1e6e6],
  [0x1e6ee, 0x1e6ef],
  [0x1e6f5, 0x1e6f5],
  [0x1e6ff, 0x1e6ff],
];
const PYTHON_CASED = new Set([0x295]);
const PYTHON_IGNORABLE = new Set([0x1171e]);

const NEWER = new Set(NEWER_THAN_PYTHON.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => a + i)));
const newer = (cp) => NEWER.has(cp);
const hex = (cp) => `\\u{${cp.toString(16)}}`;
const NEEDS_PYTHON = new RegExp(
  `[\\u{3a3}${[...PYTHON_CASED, ...PYTHON_IGNORABLE].map(hex).join('')}${NEWER_THAN_PYTHON.map(([a, b]) => `${hex(a)}-${hex(b)}`).join('')}]`,
  'u',
);
const IGNORABLE = /^\p{Case_Ignorable}$/u;
const CASED = /^\p{Cased}$/u;

/** How the final-sigma rule sees a code point: 'ignorable' (skipped, even when also cased), 'cased', 'other'. */
export function sigmaContext(cp) {
  if (PYTHON_IGNORABLE.has(cp)) return 'ignorable';
  if (PYTHON_CASED.has(cp)) return 'cased';
  if (newer(cp)) return 'other';
  const c = String.fromCodePoint(cp);
  if (IGNORABLE.test(c)) return 'ignorable';
  return CASED.test(c) ? 'cased' : 'other';
}

/** str.lower() of a JS string (code points; a lone surrogate is left as it is). */
export function pythonLower(text) {
  // Without Σ and the code points whose Unicode differs, toLowerCase is Python's lower() (the
  // whole-code-point test in tests/node/lowercase.test.mjs says so).
  if (!NEEDS_PYTHON.test(text)) return text.toLowerCase();
  const cps = Array.from(text, (c) => c.codePointAt(0));
  let out = '';
  for (let i = 0; i < cps.length; i++) {
    const cp = cps[i];
    if (cp === 0x3a3) {
      // Final when a cased character precedes it and none follows it, skipping case-ignorables.
      let j = i - 1;
      while (j >= 0 && sigmaContext(cps[j]) === 'ignorable') j--;
      let final = j >= 0 && sigmaContext(cps[j]) === 'cased';
      if (final) {
        let k = i + 1;
        while (k < cps.length && sigmaContext(cps[k]) === 'ignorable') k++;
        final = k === cps.length || sigmaContext(cps[k]) !== 'cased';
      }
      out += final ? '\u03c2' : '\u03c3';
    } else if (newer(cp)) {
      out += String.fromCodePoint(cp);
    } else {
      out += String.fromCodePoint(cp).toLowerCase();
    }
  }
  return out;
}
