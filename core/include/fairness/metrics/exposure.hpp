// Exposure-based group fairness as the DIPS paper writes it (Fabris, Silvello, Susto, Biega.
// Pairwise Fairness in Ranking as a Dissatisfaction Measure. WSDM 2023, §5.1): the normalised
// misallocation vector δ (Eq. 12) between each group's share of a target T and its share of the
// exposure E actually given, with three targets:
//   EA     Equity of Attention (Biega et al., SIGIR 2018): T_g = Σ_{i∈g} r_i            (Eq. 13)
//   EA-dp  its demographic-parity version: T_g = N_g / N                             (Eq. 14)
//   EE     Expected Exposure (Diaz et al., CIKM 2020): T_g = Σ_{i∈g} t_i, t_i the mean
//          exposure the ideal ranking σ* gives the items as relevant as i          (Eq. 15-16)
// E_g = Σ_{i∈g} F(σ⁻¹(i)) with DIPS's browsing model F, groups A and B as for DIPS (dipsGroups),
// the whole ranking (no cut-off). Documents of neither group take their place in the ranking and
// in σ* but count in no E_g or T_g.
#pragma once

#include <span>

#include "fairness/descriptor.hpp"
#include "fairness/metric_unit.hpp"
#include "fairness/metrics/common.hpp"
#include "fairness/metrics/dips.hpp"

namespace fairness::exposure {

enum class Target { ee, ea, eadp };

extern const MetricDescriptor ee_descriptor;
extern const MetricDescriptor ea_descriptor;
extern const MetricDescriptor eadp_descriptor;
const MetricDescriptor& descriptor(Target);

using dips::Item;
using dips::Side;

// δ for one ranking (Eq. 12). Every field is undefined (empty) when a group is absent or a
// denominator is 0; a share is set whenever its own denominator is not 0.
struct Misallocation {
    Maybe value;                   // δ_A, the metric's value
    Maybe delta_a, delta_b;        // T_g / (T_A + T_B) - E_g / (E_A + E_B); δ_A > 0: A under-exposed
    Maybe l1;                      // |δ_A| + |δ_B| (= 2 |δ_A|)
    Maybe target_a, target_b;      // T_g / (T_A + T_B)
    Maybe exposure_a, exposure_b;  // E_g / (E_A + E_B)
    std::size_t n_a = 0, n_b = 0;
    std::string note;  // why the measure is undefined
};

struct Rank {
    Side side = Side::neither;
    double weight = 0;          // F(k0) of this position
    double target = 0;          // t_i (EE), r_i (EA), 1 (EA-dp); 0 for a document of neither group
    double target_share = 0;    // t_i / (T_A + T_B)
    double exposure_share = 0;  // F(k0) / (E_A + E_B)
    double misallocation = 0;   // target_share - exposure_share: summed over group g, δ_g
};

struct Result : Misallocation {
    std::vector<Rank> ranks;
    Series at_cutoff;  // δ_A of the top c items, taken as the whole ranking
};

// `weights[k0]` = F(k0) for every position. O(n log n) (EE sorts the relevance levels).
Misallocation misallocation(std::span<const Item> ranking, std::span<const double> weights, Target target);
// The same with the relevance levels of the ranking given (dips::levels_of; null: computed here).
Misallocation misallocation(std::span<const Item> ranking, std::span<const double> weights, Target target, const dips::Levels* levels);

// With the per-rank detail and the value at every cut-off. O(n log n + n · L) for EE, L the number of
// distinct relevance values (one range sum per level and cut-off); O(n) for EA and EA-dp.
// Without `detail`, no ranks and no value at every cut-off (O(n log n) for EE).
Result compute(std::span<const Item> ranking, std::span<const double> weights, Target target, bool detail = true);

// `groups`: the names of A and B (keys of targetShare and exposureShare).
// `detail`: write perRank and atCutoff.
void write(JsonWriter&, const Result&, std::span<const std::string> groups, bool detail = true);

// The metric units of this file, for the registry (fairness/metric_unit.hpp).
std::span<const MetricUnit> units();

}  // namespace fairness::exposure
