// DIPS and its companions REE and IGI: Fabris, Silvello, Susto, Biega. Pairwise Fairness in Ranking
// as a Dissatisfaction Measure. WSDM 2023. Eq. 1-2 (IGI, REE), Eq. 8 (unfavourable discordant pair
// with ties), §4.3 (per-item dissatisfaction M_i under a browsing model), Eq. 9-11 (DIPS).
#pragma once

#include <span>

#include "fairness/descriptor.hpp"
#include "fairness/metric_unit.hpp"
#include "fairness/metrics/common.hpp"

namespace fairness::dips {

extern const MetricDescriptor descriptor;
extern const MetricDescriptor ree_descriptor;
extern const MetricDescriptor igi_descriptor;

using Side = PairSide;
using Item = PairItem;

struct Rank {
    Side side = Side::neither;
    double weight = 0;           // F(k0) of this position (1 for REE and IGI)
    double dissatisfaction = 0;  // M_i: F-weighted UDPs against every item above, any group
    double contribution = 0;     // this item's share of M_AB (positive) or of M_BA (negative)
};

struct Result {
    Maybe value;  // M_AB - M_BA
    Maybe m_ab, m_ba;
    std::size_t n_a = 0, n_b = 0;
    std::vector<Rank> ranks;
    Series at_cutoff;  // the metric on the top c items, taken as the whole ranking
    std::string note;
};

// The relevance level of each item (`of[i]`): 0 for the least relevant value, count - 1 for the
// most; equal relevance, equal level. Only the order of the relevance matters to the pairwise
// measures, so a caller scoring one ranking many times computes this once (one sort).
struct Levels {
    std::vector<std::size_t> of;
    std::size_t count = 0;
};
Levels levels_of(std::span<const Item> ranking);

// `weights[k0]` = F(k0) for every position; `ct` = weight of a tie in relevance (Eq. 8).
Result dips(std::span<const Item> ranking, std::span<const double> weights, double ct);
Result dips(std::span<const Item> ranking, std::span<const double> weights, double ct, const Levels& levels);
// REE: F = 1 and C = N_A N_B.
Result ree(std::span<const Item> ranking, double ct);
Result ree(std::span<const Item> ranking, double ct, const Levels& levels);
// IGI: F = 1 and C_AB = #{i in A, j in B : r_i > r_j} (C_BA likewise).
Result igi(std::span<const Item> ranking, double ct);

// `detail`: write perRank and atCutoff.
void write(JsonWriter&, const Result&, bool detail = true);

// The metric units of this file, for the registry (fairness/metric_unit.hpp).
std::span<const MetricUnit> units();

}  // namespace fairness::dips
