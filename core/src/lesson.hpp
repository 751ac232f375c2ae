// A scenario's `lesson` (README "Lessons"): what a teacher writes so that the page walks a class
// through the scenario: a question, its options and which option is right by which metric, one
// change to apply, and the metrics to watch. Checked here, with the rest of the scenario.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "fairness/scenario.hpp"

namespace fairness {

// Reads a params object found at `path` as the scenario's own `params` are read (the same
// messages), onto a copy of the scenario's parameters.
using ParamsCheck = std::function<void(const nlohmann::json& params, const std::string& path)>;

// Throws ScenarioError naming the field (`lesson.options[1].right[0].metric`, …) when `lesson` is
// not a lesson of `scenario`: every metric, ranking, document and group it names must exist.
void check_lesson(const nlohmann::json& lesson, const Scenario& scenario, const ParamsCheck& check_params);

}  // namespace fairness
