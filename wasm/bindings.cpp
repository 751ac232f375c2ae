// The Embind table over the metric core: one flat list, JSON text in and out, nothing computed or
// checked here. A refusal (fairness::ScenarioError) comes back as a plain value object, never as
// a thrown C++ exception, so JS holds no C++ object it would have to delete.
#include <emscripten/bind.h>
#include <malloc.h>

#include <exception>
#include <string>

#include "fairness/evaluate.hpp"
#include "fairness/experiments.hpp"
#include "fairness/orderings.hpp"
#include "fairness/scenario.hpp"

namespace {

// What every call returns: `json` on success, else the core's `field` and `message`. An empty
// `field` with `ok == false` is a failure of the core itself (a bug), not of the scenario.
struct Reply {
    bool ok = false;
    std::string json;
    std::string field;
    std::string message;
};

template <typename F>
Reply reply(F&& compute) {
    try {
        return {true, compute(), {}, {}};
    } catch (const fairness::ScenarioError& error) {
        return {false, {}, error.field(), error.message()};
    } catch (const std::exception& error) {
        return {false, {}, {}, error.what()};
    }
}

// The page's worker holds one module instance: its evaluations share one Evaluator, which keeps
// the last scenario's analysed texts, so an edit tokenises only the texts that changed.
fairness::Evaluator& evaluator() {
    static fairness::Evaluator instance;
    return instance;
}

Reply evaluate(const std::string& scenario_json) {
    return reply([&] { return evaluator().evaluate_json(scenario_json); });
}

// The values without per-rank detail, values at every cut-off or documents (EvaluateOptions
// detail = false): a few kB per ranking of any length. Analysed afresh, without the cache (a
// ranking this long would hold its texts twice).
Reply evaluate_summary(const std::string& scenario_json) {
    return reply([&] { return fairness::evaluate_json(scenario_json, {.detail = false}); });
}

// Texts the last `evaluate` tokenised (the others came from its cache): for tests.
double tokenised() { return static_cast<double>(evaluator().tokenised()); }

Reply find_terms(const std::string& scenario_json, const std::string& text) {
    return reply([&] { return fairness::find_terms(fairness::parse_scenario(scenario_json), text).dump(); });
}

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

std::string describe() { return fairness::describe_metrics().dump(); }

// Bytes the allocator holds for live objects: flat across calls when nothing leaks.
double heap_in_use() { return static_cast<double>(mallinfo().uordblks); }

}  // namespace

EMSCRIPTEN_BINDINGS(fairness_core) {
    using namespace emscripten;
    value_object<Reply>("Reply")
        .field("ok", &Reply::ok)
        .field("json", &Reply::json)
        .field("field", &Reply::field)
        .field("message", &Reply::message);
    function("evaluate", &evaluate);
    function("evaluateSummary", &evaluate_summary);
    function("tokenised", &tokenised);
    function("findTerms", &find_terms);
    function("orderings", &orderings);
    function("describe", &describe);
    function("experimentPlan", &experiment_plan);
    function("experiment", &experiment);
    function("heapInUse", &heap_in_use);
}
