// How run evaluation's messages write a count and its noun ("1 field", "117 queries") and an id
// read from a file ('D0', cut at 60 bytes).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace fairness::runs {

inline std::string count(std::size_t n, const char* one, const char* many) { return std::to_string(n) + " " + (n == 1 ? one : many); }

inline std::string in_quotes(std::string_view s) {
    constexpr std::size_t longest = 60;
    std::string out;  // appended, not "'" + s + "'": GCC 12 warns falsely (-Wstringop-overflow) on that
    out.append(1, '\'').append(s.substr(0, longest)).append(s.size() > longest ? "…" : "").append(1, '\'');
    return out;
}

}  // namespace fairness::runs
