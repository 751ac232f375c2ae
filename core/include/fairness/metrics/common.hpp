// Shapes shared by the metric units.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "fairness/json_writer.hpp"

namespace fairness {

using Json = nlohmann::ordered_json;  // keeps keys in the order SPEC lists them

// A value that may be undefined (null in the results, with a note saying why).
using Maybe = std::optional<double>;

// The value of a metric at every cut-off c = 1..n (element c - 1).
using Series = std::vector<Maybe>;

}  // namespace fairness
