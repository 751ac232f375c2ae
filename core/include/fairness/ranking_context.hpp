// One ranking's documents, read once, scored in any order: what the best and worst orderings
// (fairness/orderings.hpp) enumerate. The values come from the metric units' `value` on the same
// inputs the results are written from (fairness/metric_unit.hpp, fairness/ranking_inputs.hpp), so an
// ordering's value is, to the bit, what `evaluate` reports for a scenario holding the documents in
// that order.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "fairness/metrics/common.hpp"
#include "fairness/scenario.hpp"

namespace fairness {

class RankingContext {
public:
    /**
     * Tokenises and analyses the documents of `scenario.rankings[ranking]` and the background
     * once (terms, ω, alignments, the background set S): nothing per ordering reads a text again.
     * Keeps a reference to `scenario`, which must outlive the context. Not thread-safe (it reuses
     * its buffers between calls). With `detail`, each value is computed as the results compute it
     * (per-rank detail and the value at every cut-off too: what `fairness-bench --metrics` times);
     * without, only what the value needs. The values are the same.
     */
    RankingContext(const Scenario& scenario, std::size_t ranking, bool detail = false);
    ~RankingContext();
    RankingContext(const RankingContext&) = delete;
    RankingContext& operator=(const RankingContext&) = delete;

    const Scenario& scenario() const;
    const Ranking& ranking() const;
    std::size_t size() const;

    /**
     * The value of metric `metric` (an index into all_metrics(), that is metric_units()) as the results report it, for
     * the ranking's documents in `order` (indices into ranking().docs, rank 1 first; a
     * permutation of 0..size()-1). Null when undefined; then `note`, if given, gets the reason.
     */
    Maybe value(std::size_t metric, std::span<const std::size_t> order, std::string* note = nullptr) const;

    /** value(metric, order, note) in two steps: the documents put in `order`, then one metric's
     *  value for them (no copying of the inputs: what `fairness-bench --metrics` times). */
    void arrange(std::span<const std::size_t> order) const;
    Maybe arranged_value(std::size_t metric, std::string* note = nullptr) const;

    /** Every metric of all_metrics(), in that order, for the documents in `order`. */
    std::vector<Maybe> values(std::span<const std::size_t> order) const;

    struct Impl;

private:
    std::unique_ptr<Impl> impl_;
};

}  // namespace fairness
