// What every reader of run evaluation's files shares (SPEC "Run evaluation"): the one-line error
// naming file, line and field; a splitter that turns chunks of bytes into numbered lines (the core
// does no I/O: the CLI and the page feed it bytes, in chunks of any size); and the table of ids
// that turns each distinct qid or docid into a number once, so that nothing downstream holds a
// string per field.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "fairness/limits.hpp"

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace fairness::runs {

// An option given as empty text (a script's unset variable), refused by the CLI and the page alike.
inline constexpr const char* empty_value = "needs a value, got an empty one";

// Refusal of an input file: what() reads "FILE:LINE: field: message" (line and field when known).
class InputError : public std::runtime_error {
public:
    InputError(std::string file, std::uint64_t line, std::string field, const std::string& message);
    const std::string& file() const { return file_; }
    std::uint64_t line() const { return line_; }
    const std::string& field() const { return field_; }

private:
    std::string file_;
    std::uint64_t line_;  // 64-bit in the WebAssembly build too: a collection may pass 2^32 lines
    std::string field_;
};

// Chunks in, complete lines out. A line is handed over without its '\n' (and without a final
// '\r', so CRLF files read alike); the last line need not end with '\n'. A UTF-8 byte order mark
// before the first line (spreadsheets write one) is not part of it, so the first id reads as
// typed. Only a line that spans two chunks is copied; every other line is a view into the
// caller's chunk. A line longer than the limit (lineBytes) is refused as soon as it passes it, so
// memory follows the lines' meaning, not the file's bytes.
class LineSplitter {
public:
    explicit LineSplitter(std::string file = {}, std::uint64_t max_line = default_limits().line_bytes)
        : file_(std::move(file)), max_line_(max_line) {}
    template <typename OnLine>  // OnLine(std::string_view line, std::uint64_t number)
    void feed(std::string_view chunk, OnLine&& on_line);
    template <typename OnLine>
    void end(OnLine&& on_line);
    std::uint64_t lines() const { return line_; }

private:
    std::string file_;
    std::uint64_t max_line_;
    std::string carry_;
    std::uint64_t line_ = 0;
    [[noreturn]] void too_long(std::uint64_t bytes) const;
    [[noreturn]] void utf16() const;
    void check(std::uint64_t bytes) const {
        if (bytes > max_line_) too_long(bytes);
    }
    static std::string_view trim_cr(std::string_view s) { return !s.empty() && s.back() == '\r' ? s.substr(0, s.size() - 1) : s; }
    // Line `line_` as handed over: without its '\r', and the first without a byte order mark. A
    // UTF-16 file is refused by its mark, or without one by a zero byte among its first two (every
    // other byte of such a file is 0; no text line of these formats starts so).
    std::string_view tidy(std::string_view s) const {
        s = trim_cr(s);
        if (line_ == 1 && s.starts_with("\xEF\xBB\xBF")) s.remove_prefix(3);
        if (line_ == 1 && (s.starts_with("\xFF\xFE") || s.starts_with("\xFE\xFF") || s.substr(0, 2).find('\0') != s.npos)) utf16();
        return s;
    }
};

// Distinct strings numbered 0, 1, 2, … in order of first sight. The bytes live in large blocks
// (one allocation per 1 MB, not one per id); the look-up is an open-addressing table of ids with
// a short multiplicative hash (ids are short: docids, qids), which keeps a run's 1.7M look-ups
// and a collection's 8.8M cheap.
class Interner {
public:
    static constexpr std::uint32_t none = 0xffffffffu;
    std::uint32_t intern(std::string_view s) { return intern(s, hash(s)); }
    std::uint32_t find(std::string_view s) const;
    // For callers that look up many ids: hash first and prefetch the slot, intern a little later,
    // so the cache miss of a random slot overlaps other work.
    static std::uint32_t hash(std::string_view s);
    void prefetch(std::uint32_t h) const {
        if (!slots_.empty()) __builtin_prefetch(&slots_[h & (slots_.size() - 1)]);
    }
    // The slot of hash h as a number (0 when the table is empty): a load that brings it into the
    // cache where there is no prefetch.
    std::uint32_t peek(std::uint32_t h) const { return slots_.empty() ? 0 : slots_[h & (slots_.size() - 1)].id1; }
    std::uint32_t intern(std::string_view s, std::uint32_t h);
    std::string_view name(std::uint32_t id) const { return names_[id]; }
    std::size_t size() const { return names_.size(); }

private:
    // A probe reads one slot: a string of up to 7 bytes (an MS MARCO docid, a qid) is compared
    // through `key` (its bytes and its length) without touching the stored bytes.
    struct Slot {
        std::uint64_t key = 0;  // short strings: bytes | length << 56; longer ones: long_key
        std::uint32_t hash = 0;
        std::uint32_t id1 = 0;  // id + 1; 0: empty
    };
    static constexpr std::uint64_t long_key = ~std::uint64_t{0};
    static std::uint64_t key_of(std::string_view s);
    std::vector<Slot> slots_;  // size a power of two, at most half full
    // One bit per hash value modulo 8 × the slots (1/16 of the table's bytes, so it stays in the
    // cache where the table does not): a clear bit means no id has that hash, which answers most
    // of a collection's look-ups (the passages no run names) without touching a slot.
    std::vector<std::uint64_t> filter_;
    std::size_t filter_bit(std::uint32_t h) const { return h & (slots_.size() * 8 - 1); }
    std::vector<std::string_view> names_;
    std::vector<std::unique_ptr<char[]>> blocks_;
    std::size_t used_ = 0, capacity_ = 0;
    void grow();
};

// Splits a line on runs of spaces and tabs into at most `max` views; returns how many there were
// (counting past `max`, so a caller can say "7 fields").
// With 128-bit vectors where there are (SSE2, WebAssembly SIMD); split_fields_scalar, byte by
// byte, is what it is tested against.
std::size_t split_fields(std::string_view line, std::string_view* out, std::size_t max);
std::size_t split_fields_scalar(std::string_view line, std::string_view* out, std::size_t max);

// A number field, strictly (the whole field, finite): nothing when it is not one.
bool parse_double(std::string_view s, double& out);
bool parse_int(std::string_view s, long long& out);

// The first `c` in [p, p + n), or nullptr, byte by byte: the reference the vector scans are
// tested against, and their tail.
inline const char* find_byte_scalar(const char* p, std::size_t n, char c) {
    for (const char* end = p + n; p < end; ++p)
        if (*p == c) return p;
    return nullptr;
}

#if defined(__wasm_simd128__) || defined(__SSE2__)
// The same search 32 bytes a step with 128-bit vectors: two compares ORed, one test for the
// common case of no match, the bit mask of the compares for the position. One algorithm for both
// instruction sets (only load, compare and mask differ), so the native doctests check the logic
// WebAssembly SIMD runs.
inline const char* find_byte_vector(const char* p, std::size_t n, char c) {
#if defined(__wasm_simd128__)
    const v128_t pattern = wasm_i8x16_splat(c);
    const auto mask = [&](const char* at) { return static_cast<unsigned>(wasm_i8x16_bitmask(wasm_i8x16_eq(wasm_v128_load(at), pattern))); };
    const auto any = [&](const char* at) {
        return wasm_v128_any_true(
            wasm_v128_or(wasm_i8x16_eq(wasm_v128_load(at), pattern), wasm_i8x16_eq(wasm_v128_load(at + 16), pattern)));
    };
#else
    const __m128i pattern = _mm_set1_epi8(c);
    const auto load = [](const char* at) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(at)); };
    const auto mask = [&](const char* at) { return static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(load(at), pattern))); };
    const auto any = [&](const char* at) {
        return _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(load(at), pattern), _mm_cmpeq_epi8(load(at + 16), pattern))) != 0;
    };
#endif
    const char* end = p + n;
    for (; end - p >= 32; p += 32) {
        if (!any(p)) continue;
        const unsigned low = mask(p);
        return low ? p + __builtin_ctz(low) : p + 16 + __builtin_ctz(mask(p + 16));
    }
    if (end - p >= 16) {
        if (const unsigned low = mask(p)) return p + __builtin_ctz(low);
        p += 16;
    }
    return find_byte_scalar(p, static_cast<std::size_t>(end - p), c);
}
#endif

// The first `c` in [p, p + n), or nullptr: the scans of lines and fields run through here.
// Natively glibc's memchr (vectorised, wider than 128 bits where the processor has them); on
// WebAssembly, whose libc (musl) compares bytes one by one, the vector scan above when the module
// is built with SIMD (the page's runs module is), else 8 bytes a step with 64-bit words (the
// zero-byte test of "Bit Twiddling Hacks").
inline const char* find_byte(const char* p, std::size_t n, char c) {
#if defined(__wasm_simd128__)
    return find_byte_vector(p, n, c);
#elif defined(__wasm__)
    const char* end = p + n;
    constexpr std::uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    const std::uint64_t pattern = ones * static_cast<unsigned char>(c);
    while (end - p >= 8) {
        std::uint64_t w;
        std::memcpy(&w, p, 8);
        w ^= pattern;
        if ((w - ones) & ~w & highs) break;  // some byte of this word is c
        p += 8;
    }
    return find_byte_scalar(p, static_cast<std::size_t>(end - p), c);
#else
    return static_cast<const char*>(std::memchr(p, c, n));
#endif
}

template <typename OnLine>
void LineSplitter::feed(std::string_view chunk, OnLine&& on_line) {
    std::size_t start = 0;
    while (start < chunk.size()) {
        const char* nl = find_byte(chunk.data() + start, chunk.size() - start, '\n');
        if (!nl) {
            check(carry_.size() + (chunk.size() - start));
            carry_.append(chunk.data() + start, chunk.size() - start);
            return;
        }
        const std::size_t end = static_cast<std::size_t>(nl - chunk.data());
        check(carry_.size() + (end - start));
        ++line_;
        if (!carry_.empty()) {
            carry_.append(chunk.data() + start, end - start);
            on_line(tidy(carry_), line_);
            carry_.clear();
        } else {
            on_line(tidy(chunk.substr(start, end - start)), line_);
        }
        start = end + 1;
    }
}

template <typename OnLine>
void LineSplitter::end(OnLine&& on_line) {
    if (carry_.empty()) return;
    ++line_;
    on_line(tidy(carry_), line_);
    carry_.clear();
}

}  // namespace fairness::runs
