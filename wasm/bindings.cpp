// The Embind table over the metric core: one flat list, JSON text in and out, nothing computed or
// checked here; every call returns a Reply (reply.hpp). The long jobs (orderings, experiments) are
// the jobs module's (jobs_bindings.cpp): the page's first values do not wait for their code.
#include <emscripten/bind.h>

#include <algorithm>
#include <cstdint>
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

#include "fairness/evaluate.hpp"
#include "fairness/scenario.hpp"
#include "reply.hpp"

namespace {

using fairness::wasm::input_buffer;
using fairness::wasm::Reply;
using fairness::wasm::reply;
using fairness::wasm::take_input;

// The choices of an evaluation from JS: `large` takes the large tier of core/limits.json (Node
// tooling, benchmarks), except its outputBytes: the results must still fit in one V8 string.
struct EvaluateRequest {
    bool large = false;
};

const fairness::Limits& wasm_large_limits() {
    static const fairness::Limits limits = [] {
        fairness::Limits l = fairness::large_limits();
        l.output_bytes = std::min(l.output_bytes, fairness::default_limits().output_bytes);
        return l;
    }();
    return limits;
}

const fairness::Limits& limits_of(const EvaluateRequest& request) {
    return request.large ? wasm_large_limits() : fairness::default_limits();
}

// The page's worker holds one module instance: its evaluations share one Evaluator, which keeps
// the last scenario's analysed texts, so an edit tokenises only the texts that changed.
fairness::Evaluator& evaluator() {
    static fairness::Evaluator instance;
    return instance;
}

Reply evaluate(std::uint32_t scenario_bytes, const EvaluateRequest& request) {
    return reply([&] { return evaluator().evaluate_json(take_input(scenario_bytes), {.limits = &limits_of(request)}); });
}

// The values without per-rank detail, values at every cut-off or documents (EvaluateOptions
// detail = false): a few kB per ranking of any length. Analysed afresh, without the cache (a
// ranking this long would hold its texts twice).
Reply evaluate_summary(std::uint32_t scenario_bytes, const EvaluateRequest& request) {
    return reply([&] { return fairness::evaluate_json(take_input(scenario_bytes), {.limits = &limits_of(request), .detail = false}); });
}

// The scenario read as every evaluation reads it, and nothing computed: what the page asks before
// taking a scenario (a ?scenario= file, a link, an import), and what a ?scenario= load's first
// values wait for. An evaluation refuses nothing else but results over their size limit, which
// depend on what is written. The result is "{}".
Reply check(std::uint32_t scenario_bytes, const EvaluateRequest& request) {
    return reply([&] {
        fairness::parse_scenario(take_input(scenario_bytes), limits_of(request));
        return std::string("{}");
    });
}

// What the page asks of an evaluation (EvaluateOptions' view): the metrics whose per-rank detail
// it shows, comma-separated, which texts' terms: "all" or "unreported", and whether the background
// documents (each one's ω and terms: the page's background panel, when open).
struct ViewRequest {
    bool large = false;
    std::string detail;
    std::string texts;
    bool background = false;
};

std::vector<std::string> split_ids(const std::string& list) {
    std::vector<std::string> ids;
    for (std::size_t at = 0; at < list.size();) {
        const auto comma = std::min(list.find(',', at), list.size());
        if (comma > at) ids.push_back(list.substr(at, comma - at));
        at = comma + 1;
    }
    return ids;
}

// The page's evaluations: an Evaluator of their own, so that "unreported" means not yet sent to
// the page (the other calls, an import's check or an export, never mark a text as sent).
fairness::Evaluator& view_evaluator() {
    static fairness::Evaluator instance;
    return instance;
}

Reply evaluate_view(std::uint32_t scenario_bytes, const ViewRequest& request) {
    return reply([&] {
        using Texts = fairness::EvaluateOptions::Texts;
        if (request.texts != "all" && request.texts != "unreported") throw std::invalid_argument("texts: \"all\" or \"unreported\"");
        return view_evaluator().evaluate_json(take_input(scenario_bytes), {.limits = &limits_of({request.large}),
                                                                           .detail = false,
                                                                           .detail_metrics = split_ids(request.detail),
                                                                           .texts = request.texts == "all" ? Texts::all : Texts::unreported,
                                                                           .background = request.background});
    });
}

// Texts the last `evaluate` tokenised (the others came from its cache): for tests.
double tokenised() { return static_cast<double>(evaluator().tokenised()); }
double view_tokenised() { return static_cast<double>(view_evaluator().tokenised()); }

Reply find_terms(const std::string& scenario_json, const std::string& text) {
    return reply([&] { return fairness::find_terms_text(fairness::parse_scenario(scenario_json), text); });
}

std::string describe() { return fairness::describe_metrics_text(); }

}  // namespace

EMSCRIPTEN_BINDINGS(fairness_core) {
    using namespace emscripten;
    fairness::wasm::bind_reply();
    value_object<EvaluateRequest>("EvaluateRequest").field("large", &EvaluateRequest::large);
    value_object<ViewRequest>("ViewRequest")
        .field("large", &ViewRequest::large)
        .field("detail", &ViewRequest::detail)
        .field("texts", &ViewRequest::texts)
        .field("background", &ViewRequest::background);
    function("inputBuffer", &input_buffer);
    function("evaluate", &evaluate);
    function("evaluateSummary", &evaluate_summary);
    function("check", &check);
    function("evaluateView", &evaluate_view);
    function("tokenised", &tokenised);
    function("viewTokenised", &view_tokenised);
    function("findTerms", &find_terms);
    function("describe", &describe);
}
