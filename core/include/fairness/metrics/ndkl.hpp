// NDKL: Geyik, Ambler, Kenthapadi. Fairness-Aware Ranking in Search & Recommendation Systems with
// Application to LinkedIn Talent Search. KDD 2019. Eq. 4 (normalized discounted KL divergence),
// with SPEC's conventions: D_i over the labelled documents of the top i, natural log, ε smoothing.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "fairness/descriptor.hpp"
#include "fairness/metric_unit.hpp"
#include "fairness/metrics/common.hpp"

namespace fairness::ndkl {

extern const MetricDescriptor descriptor;

struct Rank {
    int label = -1;           // group index, -1 neutral
    Maybe kl;                 // KL(D_i ‖ D*); null when the top i holds no labelled document, or it is infinite
    double weight = 0;        // 1 / log2(i + 1) when i is in I and i <= k, else 0
    double contribution = 0;  // weight · KL / Z: they sum to the value
};

struct Result {
    Maybe value;
    std::string note;            // why value is null
    double z = 0;                // Σ_{i ∈ I} 1 / log2(i + 1)
    std::vector<double> target;  // D*, per group
    std::vector<Rank> ranks;
    Series at_cutoff;
};

// D* under ndklTarget "ranking": each group's share among the labelled documents of `labels`
// (all zero when none is labelled).
std::vector<double> ranking_shares(std::span<const int> labels, std::size_t groups);

// `labels[r]`: the group of the document at rank r + 1, or -1 for neutral; `target`: D*;
// `epsilon`: ε added to both distributions. `detail`: also `ranks` and `at_cutoff`. O(n · groups).
Result compute(std::span<const int> labels, std::span<const double> target, double epsilon, std::size_t k, bool detail = true);

// `detail`: write perRank and atCutoff.
void write(JsonWriter&, const Result&, std::span<const std::string> groups, bool detail = true);

// The metric units of this file, for the registry (fairness/metric_unit.hpp).
std::span<const MetricUnit> units();

}  // namespace fairness::ndkl
