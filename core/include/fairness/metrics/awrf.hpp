// AWRF, the framework TExFAIR extends: Sapiezynski, Zeng, Robertson, Mislove, Wilson. Quantifying the
// Impact of User Attention on Fair Group Representation in Ranked Lists. WWW 2019 Companion; as written in the TExFAIR
// paper, Eq. 4 (exposure), Eq. 5 (normalisation), Eq. 6 (distance to the targets), Eq. 14
// (alignment from term shares).
#pragma once

#include <span>

#include "fairness/descriptor.hpp"
#include "fairness/metrics/common.hpp"
#include "fairness/scenario.hpp"

namespace fairness::awrf {

extern const MetricDescriptor descriptor;

// Alignment a_d of one document: term shares (Eq. 14) or a one-hot label; a document with no group
// term, or labelled neutral, is aligned equally with every group (TExFAIR paper §6).
std::vector<double> alignment(std::span<const double> magnitude, int label, std::size_t groups, AwrfAlignment how);

// Δ between two distributions: L1, or Jensen-Shannon divergence in bits (in [0, 1]).
double distance(std::span<const double> p, std::span<const double> q, AwrfDistance how);

struct Rank {
    std::vector<double> alignment;
    double weight = 0;   // p(r) (0 below the cut-off)
};

struct Result {
    double value = 0;
    std::vector<double> distribution;  // nE, Eq. 5
    std::vector<Rank> ranks;
    Series at_cutoff;
};

Result compute(std::span<const std::vector<double>> alignments, std::span<const double> targets, AwrfDistance how, std::size_t k);

void write(JsonWriter&, const Result&, std::span<const std::string> groups);

}  // namespace fairness::awrf
