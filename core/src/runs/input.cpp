#include "fairness/runs/input.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace fairness::runs {

namespace {
std::string where(const std::string& file, std::size_t line, const std::string& field, const std::string& message) {
    std::string out = file.empty() ? std::string("input") : file;
    if (line) out.append(":").append(std::to_string(line));
    if (!field.empty()) out.append(": ").append(field);
    return out.append(": ").append(message);
}
}  // namespace

InputError::InputError(std::string file, std::uint64_t line, std::string field, const std::string& message)
    : std::runtime_error(where(file, line, field, message)), file_(std::move(file)), line_(line), field_(std::move(field)) {}

void LineSplitter::too_long(std::uint64_t bytes) const {
    throw InputError(file_, line_ + 1, "", over_limit(bytes, "bytes in one line", max_line_, limit_key::line_bytes));
}

void LineSplitter::utf16() const {
    throw InputError(file_, 1, "", "the file is UTF-16 text (as Windows PowerShell's > writes it); save it as UTF-8");
}

std::uint32_t Interner::hash(std::string_view s) {
    // FNV-1a over 8-byte words, then a final mix: fast for short ids, well spread for numbers.
    std::uint64_t h = 0xcbf29ce484222325ull ^ s.size();
    std::size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) {
        std::uint64_t w;
        std::memcpy(&w, s.data() + i, 8);
        h = (h ^ w) * 0x100000001b3ull;
        h ^= h >> 29;
    }
    for (; i < s.size(); ++i) h = (h ^ static_cast<unsigned char>(s[i])) * 0x100000001b3ull;
    h ^= h >> 32;
    h *= 0x9e3779b97f4a7c15ull;
    return static_cast<std::uint32_t>(h >> 32);
}

std::uint64_t Interner::key_of(std::string_view s) {
    if (s.size() > 7) return long_key;
    std::uint64_t key = 0;
    if (!s.empty()) std::memcpy(&key, s.data(), s.size());  // the same bytes give the same key on any host
    return key | (std::uint64_t{s.size()} << 56);
}

std::uint32_t Interner::find(std::string_view s) const {
    if (slots_.empty()) return none;
    const std::size_t mask = slots_.size() - 1;
    const std::uint32_t h = hash(s);
    const std::size_t bit = filter_bit(h);
    if (!(filter_[bit / 64] >> (bit % 64) & 1)) return none;
    const std::uint64_t key = key_of(s);
    for (std::size_t at = h & mask;; at = (at + 1) & mask) {
        const Slot& slot = slots_[at];
        if (slot.id1 == 0) return none;
        if (slot.key == key && (key != long_key || (slot.hash == h && names_[slot.id1 - 1] == s))) return slot.id1 - 1;
    }
}

void Interner::grow() {
    std::vector<Slot> slots(slots_.empty() ? 1024 : slots_.size() * 2);
    const std::size_t mask = slots.size() - 1;
    for (const Slot& slot : slots_) {
        if (slot.id1 == 0) continue;
        std::size_t at = slot.hash & mask;
        while (slots[at].id1) at = (at + 1) & mask;
        slots[at] = slot;
    }
    slots_ = std::move(slots);
    filter_.assign(slots_.size() * 8 / 64, 0);
    for (const Slot& slot : slots_)
        if (slot.id1) filter_[filter_bit(slot.hash) / 64] |= std::uint64_t{1} << (filter_bit(slot.hash) % 64);
}

std::uint32_t Interner::intern(std::string_view s, std::uint32_t h) {
    if ((names_.size() + 1) * 2 > slots_.size()) grow();  // load at most ½
    const std::size_t mask = slots_.size() - 1;
    const std::uint64_t key = key_of(s);
    std::size_t at = h & mask;
    for (;; at = (at + 1) & mask) {
        const Slot& slot = slots_[at];
        if (slot.id1 == 0) break;
        if (slot.key == key && (key != long_key || (slot.hash == h && names_[slot.id1 - 1] == s))) return slot.id1 - 1;
    }
    if (used_ + s.size() > capacity_) {
        capacity_ = std::max<std::size_t>(1 << 20, s.size());
        blocks_.push_back(std::make_unique<char[]>(capacity_));
        used_ = 0;
    }
    char* stored = blocks_.back().get() + used_;
    if (!s.empty()) std::memcpy(stored, s.data(), s.size());
    used_ += s.size();
    const auto id = static_cast<std::uint32_t>(names_.size());
    names_.emplace_back(stored, s.size());
    slots_[at] = {key, h, id + 1};
    filter_[filter_bit(h) / 64] |= std::uint64_t{1} << (filter_bit(h) % 64);
    return id;
}

std::size_t split_fields_scalar(std::string_view line, std::string_view* out, std::size_t max) {
    std::size_t count = 0, i = 0;
    const std::size_t n = line.size();
    while (true) {
        while (i < n && (line[i] == ' ' || line[i] == '\t')) ++i;
        if (i == n) return count;
        const std::size_t start = i;
        while (i < n && line[i] != ' ' && line[i] != '\t') ++i;
        if (count < max) out[count] = line.substr(start, i - start);
        ++count;
    }
}

std::size_t split_fields(std::string_view line, std::string_view* out, std::size_t max) {
#if defined(__wasm_simd128__) || defined(__SSE2__)
    // 16 bytes a step: the mask of separators (' ' or '\t'), then the positions where a field
    // starts or ends are the bits where "is a field byte" differs from the byte before, walked
    // with count-trailing-zeros. The tail (under 16 bytes) goes byte by byte with the same state.
    const char* p = line.data();
    const std::size_t n = line.size();
    std::size_t count = 0, start = 0, i = 0;
    bool inside = false;  // the byte before i belongs to a field
    const auto emit = [&](std::size_t end) {
        if (count < max) out[count] = line.substr(start, end - start);
        ++count;
    };
    for (; i + 16 <= n; i += 16) {
#if defined(__wasm_simd128__)
        const v128_t v = wasm_v128_load(p + i);
        const unsigned separators = static_cast<unsigned>(
            wasm_i8x16_bitmask(wasm_v128_or(wasm_i8x16_eq(v, wasm_i8x16_splat(' ')), wasm_i8x16_eq(v, wasm_i8x16_splat('\t')))));
#else
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
        const unsigned separators = static_cast<unsigned>(
            _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\t')))));
#endif
        const unsigned field = ~separators & 0xffffu;
        for (unsigned edges = (field ^ ((field << 1) | (inside ? 1u : 0u))) & 0xffffu; edges; edges &= edges - 1) {
            const std::size_t at = i + static_cast<std::size_t>(__builtin_ctz(edges));
            if (inside)
                emit(at);
            else
                start = at;
            inside = !inside;
        }
    }
    for (; i < n; ++i) {
        const bool separator = p[i] == ' ' || p[i] == '\t';
        if (separator == inside) {
            if (inside)
                emit(i);
            else
                start = i;
            inside = !inside;
        }
    }
    if (inside) emit(n);
    return count;
#else
    return split_fields_scalar(line, out, max);
#endif
}

namespace {
// Clinger's fast path, for the scores of run files (5.3M in the bench's three runs): faster than
// glibc's from_chars, and on WebAssembly, where musl's strtod (exact, but slow) would be most of
// the reading, much faster: a decimal `[-]digits[.digits][e[+-]digits]` whose digits make an integer
// m < 2^53 and whose power of ten p has |p| <= 22 is m·10^p or m/10^-p, both exact operands, so
// one correctly rounded operation gives the correctly rounded value (what strtod and from_chars
// return). Anything else is left to strtod.
bool fast_decimal(std::string_view s, double& out) {
    static constexpr double powers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    std::size_t i = 0;
    const bool negative = i < s.size() && s[i] == '-';
    if (negative) ++i;
    std::uint64_t m = 0;
    int digits = 0, scale = 0;
    bool any = false;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i, any = true) {
        if (m == 0 && s[i] == '0') continue;  // leading zeros count for nothing
        if (++digits > 15) return false;
        m = m * 10 + static_cast<std::uint64_t>(s[i] - '0');
    }
    if (i < s.size() && s[i] == '.') {
        for (++i; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i, any = true) {
            --scale;
            if (m == 0 && s[i] == '0') continue;
            if (++digits > 15) return false;
            m = m * 10 + static_cast<std::uint64_t>(s[i] - '0');
        }
    }
    if (!any) return false;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        const bool minus = i < s.size() && s[i] == '-';
        if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
        int e = 0;
        bool exponent = false;
        for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i, exponent = true)
            if ((e = e * 10 + (s[i] - '0')) > 1000) return false;
        if (!exponent) return false;
        scale += minus ? -e : e;
    }
    if (i != s.size() || scale < -22 || scale > 22) return false;
    const double v = static_cast<double>(m);  // exact: m < 10^15 < 2^53
    out = scale < 0 ? v / powers[-scale] : v * powers[scale];
    if (negative) out = -out;
    return true;
}
}  // namespace

bool parse_double(std::string_view s, double& out) {
    if (s.empty()) return false;
    const char* begin = s.data();
    if (*begin == '+') ++begin;  // from_chars refuses a leading '+', which run files may carry
    // One sign only: strtod (WebAssembly's fallback) would read the "+6" left of "++6".
    if (begin == s.data() + s.size() || (begin != s.data() && (*begin == '+' || *begin == '-'))) return false;
    const std::string_view rest(begin, static_cast<std::size_t>(s.data() + s.size() - begin));
    if (fast_decimal(rest, out)) return true;
    // Decimal numbers only, in the CLI and in WebAssembly alike: strtod would read 0x10 and inf.
    if (rest.find_first_not_of("0123456789+-.eE") != std::string_view::npos) return false;
#if defined(__cpp_lib_to_chars)
    const auto [stop, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), out);
    if (ec == std::errc()) return stop == rest.data() + rest.size() && std::isfinite(out);
    // Out of range: strtod says which way. Below the smallest double (1e-400) it is 0 or subnormal,
    // as trec_eval's atof reads it; past the largest, infinite and refused below.
    if (ec != std::errc::result_out_of_range || stop != rest.data() + rest.size()) return false;
#endif
    // strtod on a terminated copy (C locale): Emscripten's libc++ has no floating-point from_chars.
    const std::string copy(rest);
    char* end = nullptr;
    out = std::strtod(copy.c_str(), &end);
    return end == copy.c_str() + copy.size() && std::isfinite(out);
}

bool parse_int(std::string_view s, long long& out) {
    // By hand, not from_chars: a run's rank field is read 1.7M times a run, and this is what
    // from_chars accepts (after an optional '+'): an optional '-', then decimal digits only, in range.
    std::size_t i = 0;
    if (i < s.size() && s[i] == '+') ++i;
    const bool negative = i < s.size() && s[i] == '-';
    if (negative) ++i;
    if (i == s.size()) return false;
    unsigned long long v = 0;
    const unsigned long long limit = negative ? 9223372036854775808ull : 9223372036854775807ull;
    for (; i < s.size(); ++i) {
        const unsigned digit = static_cast<unsigned char>(s[i]) - static_cast<unsigned>('0');
        if (digit > 9) return false;
        if (v > (limit - digit) / 10) return false;
        v = v * 10 + digit;
    }
    out = negative ? static_cast<long long>(0 - v) : static_cast<long long>(v);
    return true;
}

}  // namespace fairness::runs
