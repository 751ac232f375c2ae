// How run evaluation's messages write a count and its noun ("1 field", "117 queries") and an id
// read from a file ('D0', cut at 60 bytes).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace fairness::runs {

inline std::string count(std::size_t n, const char* one, const char* many) { return std::to_string(n) + " " + (n == 1 ? one : many); }

// Control bytes are written \xNN: a NUL would end the message where it is read as a C string
// (what()), and the rest of it, the quote's end included, would be lost.
inline std::string in_quotes(std::string_view s) {
    constexpr std::size_t longest = 60;
    constexpr char hex[] = "0123456789ABCDEF";
    std::string out;  // appended, not "'" + s + "'": GCC 12 warns falsely (-Wstringop-overflow) on that
    out.append(1, '\'');
    for (const char c : s.substr(0, longest)) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte == 0x7F)
            out.append("\\x").append(1, hex[byte >> 4]).append(1, hex[byte & 15]);
        else
            out.append(1, c);
    }
    out.append(s.size() > longest ? "…" : "").append(1, '\'');
    return out;
}

}  // namespace fairness::runs
