// From a scenario to SPEC's results: every metric for every ranking, with teaching detail.
#pragma once

#include <string>
#include <string_view>

#include "fairness/metrics/common.hpp"
#include "fairness/scenario.hpp"

namespace fairness {

// The results object (SPEC "results"), plus per-rank detail and the value at every cut-off, as
// JSON text (written as it is computed, without building a tree).
std::string evaluate_text(const Scenario& scenario);

// The same results as a JSON tree, for callers that read them (the CLI's table, the tests).
Json evaluate(const Scenario& scenario);

// Every metric's descriptor, for explainers and `--describe`.
Json describe_metrics();

// Group terms found in a text, for highlighting: [{begin, end, group, term}] in UTF-8 bytes.
Json find_terms(const Scenario& scenario, std::string_view text);

// The entry point every front end calls: scenario JSON text in, results JSON text out.
// Throws ScenarioError on bad input, before anything is computed.
std::string evaluate_json(std::string_view scenario_json);

}  // namespace fairness
