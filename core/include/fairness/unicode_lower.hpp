// Lowercasing UTF-8 exactly as Python 3's str.lower() does, which is what the official NFaiRR code
// applies to every passage (`text.lower()`):
// - full mappings: U+0130 İ gives "i̇" (i + U+0307), U+212A KELVIN SIGN gives "k";
// - the final-sigma rule: Σ gives ς when a cased letter precedes it and none follows it, skipping
//   case-ignorable characters both ways (CPython's handle_capital_sigma), else σ;
// - no language-specific rule (no Turkish or Lithuanian tailoring), as Python.
// The tables come from Python's own str.lower() (scripts/make-unicode-lower.py, Unicode 14.0 for
// Python 3.11); ASCII bytes go through a 256-byte table without decoding.
//
// Invalid UTF-8 (a stray continuation byte, an overlong form, a surrogate, a truncated sequence,
// beyond U+10FFFF) passes through unchanged, byte by byte, and ends a final-sigma context as a space
// does. The scenario reader refuses invalid UTF-8 before this runs; run evaluation's collections
// are not validated, and their bytes are kept as they are.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace fairness {

// The most bytes lowercasing can produce from `bytes` bytes (U+0130 and U+023A grow from 2 to 3).
constexpr std::size_t lowercase_capacity(std::size_t bytes) { return bytes + bytes / 2 + 1; }
// Lowercase is at least 1/lowercase_max_shrink of the original's bytes (U+212A: 3 bytes to 1).
inline constexpr std::size_t lowercase_max_shrink = 3;

// Writes str.lower() of text[begin, end) to `out` (room for lowercase_capacity(end - begin) bytes)
// and returns its length. The whole of `text` is the final-sigma rule's context: the result is the
// piece of lower(text) that text[begin, end) becomes, when the range starts and ends between
// characters (the tokenizers' tokens always do).
std::size_t lowercase_into(std::string_view text, std::size_t begin, std::size_t end, char* out);

// str.lower() of the whole text.
std::string lowercase(std::string_view text);

}  // namespace fairness
