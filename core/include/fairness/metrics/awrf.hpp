// AWRF, the framework TExFAIR extends: Sapiezynski, Zeng, Robertson, Mislove, Wilson. Quantifying the
// Impact of User Attention on Fair Group Representation in Ranked Lists. WWW 2019 Companion; as written in the TExFAIR
// paper, Eq. 4 (exposure), Eq. 5 (normalisation), Eq. 6 (distance to the targets), Eq. 14
// (alignment from term shares).
#pragma once

#include <span>

#include "fairness/descriptor.hpp"
#include "fairness/metric_unit.hpp"
#include "fairness/metrics/common.hpp"
#include "fairness/scenario.hpp"

namespace fairness::awrf {

extern const MetricDescriptor descriptor;

// Alignment a_d of one document: term shares (Eq. 14) or a one-hot label; a document with no group
// term, or labelled neutral, is aligned equally with every group (TExFAIR paper §6).
std::vector<double> alignment(std::span<const double> magnitude, int label, std::size_t groups, AwrfAlignment how);
// The same, written into `out` (one value per group).
void alignment(std::span<const double> magnitude, int label, AwrfAlignment how, std::span<double> out);

// Δ between two distributions: L1, or Jensen-Shannon divergence in bits (in [0, 1]).
double distance(std::span<const double> p, std::span<const double> q, AwrfDistance how);

struct Result {
    double value = 0;
    std::vector<double> distribution;  // nE, Eq. 5
    // Per rank (empty without detail): a_{d_r} of group g at alignment[(r - 1) · groups + g], and
    // weight[r - 1] = p(r) (0 below the cut-off).
    std::vector<double> alignment, weight;
    Series at_cutoff;  // empty without detail
};

// `alignments`: a_{d_r} of group g at [(r - 1) · groups + g], groups = targets.size().
// `detail`: also the per-rank detail and the value at every cut-off. O(n · groups).
Result compute(std::span<const double> alignments, std::span<const double> targets, AwrfDistance how, std::size_t k, bool detail = true);

// `detail`: write perRank and atCutoff (when computed).
void write(JsonWriter&, const Result&, std::span<const std::string> groups, bool detail = true);

// The metric units of this file, for the registry (fairness/metric_unit.hpp).
std::span<const MetricUnit> units();

}  // namespace fairness::awrf
