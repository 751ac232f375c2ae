// The CLI's --table view: one row a metric, one column a ranking.
#pragma once

#include <string>

#include "fairness/metrics/common.hpp"

namespace fairness::cli {

std::string format_table(const Json& results);

}  // namespace fairness::cli
