// A whole file into a string, in one read of its size (a 240 MB scenario byte by byte takes
// seconds). fairness-bench's scenarios are read so.
#pragma once

#include <fstream>
#include <string>

namespace fairness::cli {

inline bool read_file(const std::string& path, std::string& text) {
    std::ifstream file(path, std::ios::binary | std::ios::ate);
    if (!file) return false;
    const auto size = file.tellg();
    if (size < 0) return false;
    text.resize(static_cast<std::size_t>(size));
    file.seekg(0);
    return static_cast<bool>(file.read(text.data(), size));
}

}  // namespace fairness::cli
