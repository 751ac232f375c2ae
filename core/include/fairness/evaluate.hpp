// From a scenario to SPEC's results: every metric for every ranking, with teaching detail.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "fairness/limits.hpp"
#include "fairness/metrics/common.hpp"
#include "fairness/scenario.hpp"

namespace fairness {

// How to evaluate: what every entry point may choose. New choices go here, with their default.
struct EvaluateOptions {
    // The tier of core/limits.json: the reader's limits and the results' outputBytes.
    const Limits* limits = &default_limits();
    // true: every metric's perRank and atCutoff, and each ranking's "docs" (tokens, magnitudes and
    // term matches of every document). false: the values and their parts only (value, note and the
    // metric's summary fields, e.g. share, distribution, targetShare): a few kilobytes per ranking
    // whatever its length. The values are the same either way.
    bool detail = true;
    // The page's view (with detail false): what it still needs of the detail, and no more.
    // - detail_metrics: the metrics (descriptor ids) that keep their perRank and atCutoff (an
    //   open row's charts); an id that is no metric is refused (std::invalid_argument).
    std::vector<std::string> detail_metrics;
    // - texts: each ranking's "texts", what the core read of its documents' texts (tokens,
    //   magnitudes, term matches), one entry per distinct text of the call, in the first ranking
    //   that has it, with "at", its first position there:
    //   none; all; or unreported, the texts an Evaluator has not written in an earlier call that
    //   succeeded (an edit sends one text, a move none). Without an Evaluator, unreported = all.
    enum class Texts { none, all, unreported };
    Texts texts = Texts::none;
    // - background: the results' "background", as detail writes it: each background document's ω
    //   (NFaiRR's neutrality, under the params) and what the core read of its text.
    bool background = false;
};

// The results object (SPEC "results"), plus (with detail) per-rank detail and the value at every
// cut-off, as JSON text (written as it is computed, without building a tree). Throws ScenarioError
// (field `results`) when the text would be over the limit's outputBytes.
std::string evaluate_text(const Scenario& scenario, const EvaluateOptions& options = {});

// The same results as a JSON tree, for callers that read them (the CLI's table, the tests).
Json evaluate(const Scenario& scenario, const EvaluateOptions& options = {});

// Every metric's descriptor, for explainers and `--describe`: JSON text (written without a tree, so
// the WebAssembly module carries no JSON tree type of its own for it), and the same as a tree.
std::string describe_metrics_text();
Json describe_metrics();

// Group terms found in a text, for highlighting: [{begin, end, group, term}] in UTF-8 bytes; as
// text and as a tree.
std::string find_terms_text(const Scenario& scenario, std::string_view text);
Json find_terms(const Scenario& scenario, std::string_view text);

// The entry point every front end calls: scenario JSON text in, results JSON text out.
// Throws ScenarioError on bad input, before anything is computed.
std::string evaluate_json(std::string_view scenario_json, const EvaluateOptions& options = {});

/**
 * Evaluates scenario after scenario (the page's edits), keeping what it read of the documents of
 * the last call: each distinct text's terms (DocTerms, with matches) under the last lexicon and
 * tokenizer. A call tokenises only the texts the previous call did not have, so moving a document
 * or changing a label or relevance tokenises nothing, and editing one text tokenises that one.
 * The cache holds the texts of the last call only, and is dropped when the groups' terms or the
 * tokenizer change. The results are byte for byte those of evaluate_text. Not thread-safe.
 */
class Evaluator {
public:
    Evaluator();
    ~Evaluator();
    Evaluator(const Evaluator&) = delete;
    Evaluator& operator=(const Evaluator&) = delete;

    std::string evaluate_text(const Scenario& scenario, const EvaluateOptions& options = {});
    // Throws ScenarioError on bad input (the cache is then left as it was).
    std::string evaluate_json(std::string_view scenario_json, const EvaluateOptions& options = {});

    // Texts tokenised by the last call (the others came from the cache): for tests.
    std::size_t tokenised() const;

    struct Cache;

private:
    std::unique_ptr<Cache> cache_;
};

}  // namespace fairness
