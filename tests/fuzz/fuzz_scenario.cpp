// libFuzzer target over the scenario reader and the whole evaluation: any bytes in, and either a
// ScenarioError (a refusal) or results that are valid JSON out. Anything else (another exception,
// a crash, a sanitizer report, a hang past -timeout) is a bug. Built by tests/fuzz/CMakeLists.txt
// with clang and -fsanitize=fuzzer,address,undefined; run by `npm run fuzz -- SECONDS`.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "fairness/evaluate.hpp"
#include "fairness/experiments.hpp"
#include "fairness/orderings.hpp"
#include "fairness/scenario.hpp"

namespace {

// The default tier, with the counts lowered so that one input runs in milliseconds: the fuzzer
// explores the code, not the size of the input (the limits themselves are tested in doctest).
const fairness::Limits& fuzz_limits() {
    static const fairness::Limits limits = [] {
        fairness::Limits l = fairness::default_limits();
        l.scenario_bytes = 1 << 16;
        l.documents_per_ranking = 64;
        l.background_documents = 64;
        l.rankings = 4;
        l.k = 100000;
        l.output_bytes = 1 << 22;
        return l;
    }();
    return limits;
}

void check(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz_scenario: %s\n", what);
        std::abort();
    }
}

void evaluate_everything(std::string_view text) {
    const auto& limits = fuzz_limits();
    const fairness::Scenario scenario = fairness::parse_scenario(text, limits);
    const std::string results = fairness::evaluate_text(scenario, {.limits = &limits});
    check(nlohmann::json::accept(results), "the results are not valid JSON");
    const auto terms = fairness::find_terms(scenario, text.substr(0, 512));
    check(terms.is_array(), "find_terms did not return an array");
    // The best and worst orderings of the first ranking: exhaustive up to 5 documents, else a
    // search within a small budget.
    fairness::OrderingOptions options;
    options.limits = &limits;
    options.exhaustive_limit = 5;
    options.budget = 64;
    options.random_starts = 1;
    options.kicks = 1;
    if (scenario.rankings[0].docs.size() <= 12) {
        const auto orderings = fairness::find_orderings(scenario, 0, options);
        check(nlohmann::json::accept(fairness::orderings_text(scenario, orderings)), "the orderings are not valid JSON");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    // The reader's own JSON scanner against nlohmann's parser, an independent judge of the
    // grammar: what nlohmann accepts is never called malformed, and what it refuses is refused.
    // (nlohmann takes a NUL byte for the end of the text, so it judges only text without one.)
    const bool json = text.find('\0') == std::string_view::npos && nlohmann::json::accept(text.begin(), text.end());
    std::string refusal;
    try {
        (void)fairness::parse_scenario(text, fuzz_limits());
    } catch (const fairness::ScenarioError& error) {
        refusal = error.what();
    }
    check(!json || refusal.rfind("scenario: malformed JSON", 0) != 0, "JSON that nlohmann accepts was called malformed");
    check(json || !refusal.empty(), "JSON that nlohmann refuses was accepted");
    try {
        evaluate_everything(text);
    } catch (const fairness::ScenarioError&) {
        // A refusal: what bad input must get.
    }
    try {
        fairness::experiments::parse_spec(text);  // the experiments' spec reader (running one is seconds)
    } catch (const fairness::ScenarioError&) {
    }
    return 0;
}
