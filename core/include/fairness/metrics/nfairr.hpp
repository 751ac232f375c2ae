// NFaiRR: Rekabsaz, Kopeinik, Schedl. Societal Biases in Retrieved Contents: Measurement Framework
// and Adversarial Mitigation for BERT Rankers. SIGIR 2021. Eq. 1-4 (FaiRR, IFaiRR, NFaiRR), Eq. 6-9
// (the ranker-agnostic SetFaiRR baseline).
#pragma once

#include <span>

#include "fairness/descriptor.hpp"
#include "fairness/metric_unit.hpp"
#include "fairness/metrics/common.hpp"

namespace fairness::nfairr {

extern const MetricDescriptor descriptor;

// ω(d), Eq. 2: 1 when the group magnitudes sum to at most τ (below τ when not inclusive) or to 0,
// else 1 - Σ_g |M_g / Σ_x M_x - J_g|. Can go below 0 for more than two groups or non-uniform J.
double neutrality(std::span<const double> magnitude, std::span<const double> targets, double tau, bool inclusive);

struct Rank {
    double omega = 0;
    double weight = 0;        // p(r)
    double contribution = 0;  // ω p(r) / IFaiRR (0 below the cut-off or when IFaiRR = 0)
};

struct Result {
    Maybe value;  // FaiRR / IFaiRR
    double fairr = 0;
    double ifairr = 0;
    Maybe baseline;                   // mean_S ω · Σ_{r=1..k} p(r) / IFaiRR
    std::vector<double> omega;        // top k'
    std::size_t background_size = 0;  // |S|
    std::vector<Rank> ranks;          // every document of the ranking
    Series at_cutoff;
    std::string note;
};

// What NFaiRR reads of the background set S, the same for every order of the ranking: the best and
// worst orderings score thousands of orders of one ranking, so S is sorted and the baseline's
// O(k) sum taken once, not once per order.
struct Ideal {
    std::vector<double> ifairr_at;  // IFaiRR@c (Eq. 4) for c = 0..max(n, min(k, |S|))
    std::size_t set_size = 0;       // |S|
    double mean_omega = 0;          // mean ω over S (Eq. 9)
    double bias_sum_k = 0;          // Σ_{r=1..k} p(r) (Eq. 9)
};

// `set_omega`: ω of the background set S (the ranking's documents plus the background,
// de-duplicated); `n`: documents in the ranking.
Ideal ideal(std::span<const double> set_omega, std::size_t n, std::size_t k);

// `ranking_omega`: ω of the ranking's documents in rank order.
Result compute(std::span<const double> ranking_omega, const Ideal& ideal, std::size_t k);
Result compute(std::span<const double> ranking_omega, std::span<const double> set_omega, std::size_t k);

// `detail`: write perRank and atCutoff.
void write(JsonWriter&, const Result&, bool detail = true);

// The metric units of this file, for the registry (fairness/metric_unit.hpp).
std::span<const MetricUnit> units();

}  // namespace fairness::nfairr
