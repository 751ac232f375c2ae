// One command-line argument, with "--name=value" read as getopt_long reads it: the option's name
// and its value in one argument, as "--name value" gives them in two. Shared by fairness-eval's
// scenario mode and its runs mode.
#pragma once

#include <optional>
#include <string>

namespace fairness::cli {

struct Option {
    std::string name;                  // the argument itself when it is not "--name=value"
    std::optional<std::string> value;  // the value after '=', when given so
};

inline Option split_option(std::string arg) {
    const auto eq = arg.find('=');
    if (arg.rfind("--", 0) != 0 || eq == std::string::npos || eq == 2) return {std::move(arg), std::nullopt};
    return {arg.substr(0, eq), arg.substr(eq + 1)};
}

}  // namespace fairness::cli
