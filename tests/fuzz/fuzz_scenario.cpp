// libFuzzer target over the scenario reader and the whole evaluation: any bytes in, and either a
// ScenarioError (a refusal) or results that are valid JSON out. Anything else (another exception,
// a crash, a sanitizer report, a hang past -timeout) is a bug. The same bytes go through the
// UTF-8 lowercasing (fairness/unicode_lower.hpp), whose properties are checked too. Built by tests/fuzz/CMakeLists.txt
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
#include "fairness/unicode_lower.hpp"

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

// Well-formed UTF-8 (the Unicode standard's Table 3-7), written here independently of the core.
bool well_formed(std::string_view text) {
    const auto* s = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t n = text.size();
    for (std::size_t i = 0; i < n;) {
        const unsigned char b = s[i];
        std::size_t len = 0;
        unsigned char lo = 0x80, hi = 0xBF;
        if (b < 0x80)
            len = 1;
        else if (b >= 0xC2 && b <= 0xDF)
            len = 2;
        else if (b >= 0xE0 && b <= 0xEF)
            len = 3, lo = b == 0xE0 ? 0xA0 : 0x80, hi = b == 0xED ? 0x9F : 0xBF;
        else if (b >= 0xF0 && b <= 0xF4)
            len = 4, lo = b == 0xF0 ? 0x90 : 0x80, hi = b == 0xF4 ? 0x8F : 0xBF;
        else
            return false;
        if (i + len > n) return false;
        if (len > 1 && (s[i + 1] < lo || s[i + 1] > hi)) return false;
        for (std::size_t k = 2; k < len; ++k)
            if ((s[i + k] & 0xC0) != 0x80) return false;
        i += len;
    }
    return true;
}

// Lowercasing: it stays within its capacity, ASCII text keeps its length, valid UTF-8 stays valid
// and lowercasing it again changes nothing.
void check_lowercase(std::string_view text) {
    const std::string lower = fairness::lowercase(text);
    check(lower.size() <= fairness::lowercase_capacity(text.size()), "lowercase outgrew lowercase_capacity");
    bool ascii = true;
    for (const char c : text) ascii = ascii && static_cast<unsigned char>(c) < 0x80;
    if (ascii) check(lower.size() == text.size(), "lowercase changed the length of ASCII text");
    if (well_formed(text)) {
        check(well_formed(lower), "lowercase made invalid UTF-8 of valid UTF-8");
        check(fairness::lowercase(lower) == lower, "lowercase is not idempotent on valid UTF-8");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    check_lowercase(text);
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
