// From a scenario to SPEC's results: every metric for every ranking, with teaching detail.
#pragma once

#include <string>
#include <string_view>

#include "fairness/limits.hpp"
#include "fairness/metrics/common.hpp"
#include "fairness/scenario.hpp"

namespace fairness {

// How to evaluate: what every entry point may choose. New choices go here, with their default.
struct EvaluateOptions {
    // The tier of core/limits.json: the reader's limits and the results' outputBytes.
    const Limits* limits = &default_limits();
};

// The results object (SPEC "results"), plus per-rank detail and the value at every cut-off, as
// JSON text (written as it is computed, without building a tree). Throws ScenarioError (field
// `results`) when the text would be over the limit's outputBytes.
std::string evaluate_text(const Scenario& scenario, const EvaluateOptions& options = {});

// The same results as a JSON tree, for callers that read them (the CLI's table, the tests).
Json evaluate(const Scenario& scenario, const EvaluateOptions& options = {});

// Every metric's descriptor, for explainers and `--describe`.
Json describe_metrics();

// Group terms found in a text, for highlighting: [{begin, end, group, term}] in UTF-8 bytes.
Json find_terms(const Scenario& scenario, std::string_view text);

// The entry point every front end calls: scenario JSON text in, results JSON text out.
// Throws ScenarioError on bad input, before anything is computed.
std::string evaluate_json(std::string_view scenario_json, const EvaluateOptions& options = {});

}  // namespace fairness
