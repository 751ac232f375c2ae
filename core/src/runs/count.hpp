// A count and its noun, as run evaluation's messages write them: "1 field", "117 queries".
#pragma once

#include <cstddef>
#include <string>

namespace fairness::runs {

inline std::string count(std::size_t n, const char* one, const char* many) { return std::to_string(n) + " " + (n == 1 ? one : many); }

}  // namespace fairness::runs
