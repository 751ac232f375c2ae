#include "fairness/unicode_lower.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <iterator>

#include "unicode_lower_tables.hpp"

namespace fairness {

namespace {

namespace tables = unicode_tables;

static_assert(tables::growth_numerator == 3 && tables::growth_denominator == 2 && tables::max_shrink == lowercase_max_shrink,
              "regenerated tables changed the UTF-8 length bounds: update lowercase_capacity");

constexpr std::array<unsigned char, 128> ascii_lower = [] {
    std::array<unsigned char, 128> t{};
    for (int c = 0; c < 128; ++c) t[c] = static_cast<unsigned char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
    return t;
}();

constexpr char32_t capital_sigma = 0x3A3, small_sigma = 0x3C3, final_sigma = 0x3C2;
constexpr char32_t capital_i_dot = 0x130;  // the one mapping to two code points: i + U+0307

// Decodes one well-formed UTF-8 sequence at p (p < end, *p >= 0x80). Returns its length, or 0 when
// the bytes there are not well-formed (the Unicode standard's Table 3-7).
std::size_t decode(const unsigned char* p, const unsigned char* end, char32_t& cp) {
    const unsigned char b = *p;
    std::size_t n;
    unsigned char lo = 0x80, hi = 0xBF;  // the second byte's range
    if (b >= 0xC2 && b <= 0xDF)
        n = 2, cp = b & 0x1F;
    else if (b >= 0xE0 && b <= 0xEF) {
        n = 3, cp = b & 0x0F;
        if (b == 0xE0)
            lo = 0xA0;  // no overlong forms
        else if (b == 0xED)
            hi = 0x9F;  // no surrogates
    } else if (b >= 0xF0 && b <= 0xF4) {
        n = 4, cp = b & 0x07;
        if (b == 0xF0)
            lo = 0x90;
        else if (b == 0xF4)
            hi = 0x8F;  // nothing beyond U+10FFFF
    } else
        return 0;
    if (static_cast<std::size_t>(end - p) < n) return 0;
    if (p[1] < lo || p[1] > hi) return 0;
    cp = (cp << 6) | (p[1] & 0x3F);
    for (std::size_t i = 2; i < n; ++i) {
        if ((p[i] & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (p[i] & 0x3F);
    }
    return n;
}

char* encode(char32_t cp, char* out) {
    if (cp < 0x80) {
        *out++ = static_cast<char>(cp);
    } else if (cp < 0x800) {
        *out++ = static_cast<char>(0xC0 | (cp >> 6));
        *out++ = static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        *out++ = static_cast<char>(0xE0 | (cp >> 12));
        *out++ = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        *out++ = static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        *out++ = static_cast<char>(0xF0 | (cp >> 18));
        *out++ = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        *out++ = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        *out++ = static_cast<char>(0x80 | (cp & 0x3F));
    }
    return out;
}

// The packed tables' keys hold a code point in their high 21 bits (unicode_lower_tables.hpp).
constexpr unsigned key_shift = 11;
constexpr std::uint32_t low_bits = (1u << key_shift) - 1;

// The last entry of `table` whose code point is at most cp, or nullptr.
template <typename Entry, std::size_t N, typename Key>
const Entry* last_at_or_before(const Entry (&table)[N], char32_t cp, Key key) {
    const std::uint32_t probe = static_cast<std::uint32_t>(cp) << key_shift | low_bits;
    const auto* found =
        std::upper_bound(std::begin(table), std::end(table), probe, [&](std::uint32_t p, const Entry& e) { return p < key(e); });
    return found == std::begin(table) ? nullptr : found - 1;
}

// The simple lowercase mapping of cp (every code point but U+0130 and Σ, which the caller handles).
char32_t lower_of(char32_t cp) {
    const auto* run = last_at_or_before(tables::runs, cp, [](const tables::Run& r) { return r.key; });
    if (run == nullptr) return cp;
    const char32_t first = run->key >> key_shift;
    const char32_t count = ((run->key & low_bits) >> 1) + 1, stride = (run->key & 1) + 1;
    const char32_t offset = cp - first;
    if (offset % stride != 0 || offset / stride >= count) return cp;
    return static_cast<char32_t>(static_cast<std::int64_t>(cp) + run->delta);
}

template <std::size_t N>
bool in(const std::uint32_t (&ranges)[N], char32_t cp) {
    const auto* range = last_at_or_before(ranges, cp, [](std::uint32_t r) { return r; });
    return range != nullptr && cp - (*range >> key_shift) <= (*range & low_bits);
}

enum class Context { other, cased, ignorable };

Context context_of(char32_t cp) {
    if (in(tables::ignorable, cp)) return Context::ignorable;  // first: a character both is skipped
    return in(tables::cased, cp) ? Context::cased : Context::other;
}

// The code point that ends just before `at`, or nothing (the start of the text, or bytes that are
// not well-formed: those end the context).
bool previous(const unsigned char* text, std::size_t at, char32_t& cp, std::size_t& start) {
    if (at == 0) return false;
    if (text[at - 1] < 0x80) return cp = text[at - 1], start = at - 1, true;
    std::size_t lead = at - 1;
    while (lead > 0 && at - lead < 4 && (text[lead] & 0xC0) == 0x80) --lead;
    const std::size_t n = decode(text + lead, text + at, cp);
    if (n == 0 || lead + n != at) return false;
    start = lead;
    return true;
}

// CPython's handle_capital_sigma: Σ at [at, at + 2) of text is final when a cased character comes
// before it and none after it, case-ignorable characters skipped both ways.
bool is_final_sigma(std::string_view text, std::size_t at) {
    const auto* s = reinterpret_cast<const unsigned char*>(text.data());
    const auto* end = s + text.size();
    char32_t cp = 0;
    std::size_t i = at, start = 0;
    Context before = Context::other;
    while (previous(s, i, cp, start)) {
        before = context_of(cp);
        if (before != Context::ignorable) break;
        before = Context::other;  // reaching the start after ignorables: nothing cased before
        i = start;
    }
    if (before != Context::cased) return false;
    for (const auto* p = s + at + 2; p < end;) {
        std::size_t n = 1;
        if (*p < 0x80)
            cp = *p;
        else if ((n = decode(p, end, cp)) == 0)
            return true;  // bytes that are not UTF-8 end the word
        const Context after = context_of(cp);
        if (after != Context::ignorable) return after != Context::cased;
        p += n;
    }
    return true;
}

}  // namespace

std::size_t lowercase_into(std::string_view text, std::size_t begin, std::size_t end, char* out) {
    const auto* s = reinterpret_cast<const unsigned char*>(text.data());
    char* o = out;
    std::size_t i = begin;
    while (i < end) {
        if (s[i] < 0x80) {  // the fast path: ASCII by table, no decoding
            *o++ = static_cast<char>(ascii_lower[s[i++]]);
            continue;
        }
        char32_t cp = 0;
        const std::size_t n = decode(s + i, s + end, cp);
        if (n == 0) {  // not UTF-8: the byte passes through
            *o++ = static_cast<char>(s[i++]);
            continue;
        }
        if (cp == capital_sigma)
            o = encode(is_final_sigma(text, i) ? final_sigma : small_sigma, o);
        else if (cp == capital_i_dot)
            o = encode(0x307, encode('i', o));
        else
            o = encode(lower_of(cp), o);
        i += n;
    }
    return static_cast<std::size_t>(o - out);
}

std::string lowercase(std::string_view text) {
    std::string out(lowercase_capacity(text.size()), '\0');
    out.resize(lowercase_into(text, 0, text.size(), out.data()));
    return out;
}

}  // namespace fairness
