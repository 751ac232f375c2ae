// Best and worst orderings: for one ranking's documents, the order each metric finds fairest and
// the one it finds least fair, so that a user sees the metrics disagree about the ideal ranking.
//
// Every value is the metric as the results report it, with the scenario's parameters, computed by
// the metric's own compute function (through RankingContext, fairness/ranking_context.hpp).
//
// Direction (the descriptor's `fairer`): higher: best = max, worst = min; lower: best = min, worst
// = max; closer to 0: best = min |value|, worst = max |value|. nDCG (utility) is "higher": best is
// the most useful order. Orderings where a metric is undefined are skipped; if it is undefined for
// every ordering tried, best and worst are empty and a note says so.
//
// Method:
// - n <= 8 (by default): exhaustive. Every permutation (std::next_permutation over the indices,
//   from the current order) is scored under every metric; the result is exact. Among orderings
//   with the same value (within 1e-12, relative) the first in that enumeration is reported, and
//   `ties` counts them.
// - n > 8: local search, a heuristic that may miss the optimum. For every metric and direction
//   separately: steepest ascent over the neighbourhood "swap two documents" and "move one document
//   to another position", from several starts: the current order, the order sorted by relevance
//   (descending, stable), the reverse of that, then 20 seeded pseudo-random orders (splitmix64 and
//   a Fisher-Yates shuffle, seeded from the metric's id and the direction, so a metric's result
//   does not depend on the other metrics), each climbed until no neighbour is better; then 60
//   "kicks" of iterated local search: the best order found, perturbed by three random swaps, climbed
//   again. All within a fixed budget of evaluations per metric and direction (40,000 up to 10
//   documents, 400,000 / n beyond, so that the work stays bounded). A cut-off metric ignores ranks
//   below k', so neighbours that only rearrange those ranks are not evaluated. The best value seen
//   is reported.
//   Measured against the exhaustive answer on seeded random scenarios (tests/cpp/test_orderings.cpp,
//   every metric and direction with a defined value): n = 9, 1263 of 1272 optima found (99.3%),
//   every optimum of the scenario in 52 of 60 scenarios; n = 10, 258 of 260 (99.2%), 10 of 12.
//   The misses met while tuning were fairest orderings of TExFAIR, DIPS and AWRF: exact balance is
//   a narrow target. The search takes about 0.3 s natively for 10 documents (the exhaustive answer
//   for 9 documents about 4 s).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fairness/descriptor.hpp"
#include "fairness/limits.hpp"
#include "fairness/scenario.hpp"

namespace fairness {

struct OrderingOptions {
    enum class Method { automatic, exhaustive, search };
    Method method = Method::automatic;
    /** automatic: exhaustive up to this many documents, search beyond. */
    std::size_t exhaustive_limit = 8;
    /**
     * Search: evaluations allowed per metric and direction; 0: min(40000, 400000 / n), so that the
     * work (each evaluation costs about n) stays bounded as n grows.
     */
    std::size_t budget = 0;
    /** Search: pseudo-random starts after the three fixed ones. */
    std::size_t random_starts = 20;
    /** Search: then climbs from the best order found, perturbed by three random swaps. */
    std::size_t kicks = 60;
    /** Search: mixed into every start's seed (tests vary it). */
    std::uint64_t seed = 0;
    /** The tier of core/limits.json; the search refuses rankings longer than its orderingDocuments
     * (the neighbourhood grows as n²). */
    const Limits* limits = &default_limits();
};

struct Extreme {
    std::vector<std::size_t> order;  // indices into the ranking's documents, rank 1 first
    double value = 0;
    std::size_t ties = 1;  // orderings found with this value (exhaustive: all of them)
};

struct MetricOrderings {
    const MetricDescriptor* metric = nullptr;
    std::optional<Extreme> best, worst;
    std::optional<double> current;  // the value of the ranking as it is
    std::string note;               // why best and worst are empty
};

struct Orderings {
    std::size_t ranking_index = 0;
    std::string ranking;
    std::size_t n = 0;
    std::size_t k = 0;  // k' = min(k, n)
    bool exhaustive = true;
    std::size_t starts = 0;     // search only: starts climbed, over all metrics and directions
    std::size_t evaluated = 0;  // exhaustive: orderings (each under every metric); search: metric evaluations
    std::string method;
    std::vector<MetricOrderings> metrics;  // one per metric of all_metrics(), in that order
};

/**
 * The best and worst ordering of `scenario.rankings[ranking]` under every metric.
 * Throws ScenarioError (field "ranking") when there is no such ranking, or when the search would
 * have more than the limits' orderingDocuments documents.
 */
Orderings find_orderings(const Scenario& scenario, std::size_t ranking, const OrderingOptions& options = {});

/**
 * As JSON: { "ranking", "n", "k", "method", "exhaustive", "evaluated", "metrics": [ { "id",
 * "name", "fairer", "current", "best": { "order": [indices], "ids": [ids], "value", "ties" } |
 * null, "worst": … | null, "note"? } ] }. `ids` holds each document's id (null without one).
 */
std::string orderings_text(const Scenario& scenario, const Orderings& orderings);

/** The entry point of the front ends: scenario JSON text and a ranking index in, JSON text out. */
std::string orderings_json(std::string_view scenario_json, std::size_t ranking, const Limits& limits = default_limits());

}  // namespace fairness
