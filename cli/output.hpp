// The end of a command's output: whether all of it reached stdout.
#pragma once

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string_view>

namespace fairness::cli {

// The exit code when the results could not be written (bad input is 2).
constexpr int write_failed = 1;

// Flushes stdout and says on stderr when any of it was not written (a full disk, a closed file):
// results cut short must not end with exit 0.
inline int finish_output(std::string_view program) {
    std::cout.flush();
    // errno is not cleared first: the write that failed may have been an earlier one, when the
    // buffer filled, and its errno (no space left, …) is the reason to give.
    const bool failed = std::fflush(stdout) != 0 || std::ferror(stdout) != 0 || !std::cout;
    if (!failed) return 0;
    std::cerr << program << ": cannot write the results: " << (errno != 0 ? std::strerror(errno) : "write error") << "\n";
    return write_failed;
}

}  // namespace fairness::cli
