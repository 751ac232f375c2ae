// The Embind table of the long jobs: the best and worst orderings of a ranking and the DIPS
// paper's experiments. A module of its own, loaded only by the long-job workers, so that the
// playground's module (bindings.cpp), which the first values wait for, does not carry them.
#include <emscripten/bind.h>

#include <string>

#include "fairness/experiments.hpp"
#include "fairness/orderings.hpp"
#include "fairness/scenario.hpp"
#include "reply.hpp"

namespace {

using fairness::wasm::Reply;
using fairness::wasm::reply;

// The DIPS paper's synthetic experiments (fairness/experiments.hpp): the spec checked and completed
// (what a step-by-step run iterates over), and a run of the points its `xs` list.
Reply experiment_plan(const std::string& spec_json) {
    return reply([&] { return fairness::experiments::spec_json(fairness::experiments::parse_spec(spec_json)); });
}

Reply experiment(const std::string& spec_json) {
    return reply([&] { return fairness::experiments::run_json(spec_json); });
}

// The fairest and least fair ordering of one ranking under every metric (fairness/orderings.hpp).
Reply orderings(const std::string& scenario_json, int ranking) {
    return reply([&] {
        if (ranking < 0) throw fairness::ScenarioError("ranking", "must be a ranking's index, 0 or more");
        return fairness::orderings_json(scenario_json, static_cast<std::size_t>(ranking));
    });
}

}  // namespace

EMSCRIPTEN_BINDINGS(fairness_jobs) {
    using emscripten::function;
    fairness::wasm::bind_reply();
    function("orderings", &orderings);
    function("experimentPlan", &experiment_plan);
    function("experiment", &experiment);
}
