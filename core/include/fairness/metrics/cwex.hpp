// CWEx: Mousavian, Abbasiantaeb, Aliannejadi, Crestani. Towards Fair Rankings: Leveraging LLMs for
// Gender Bias Detection and Measurement. ICTIR 2025. Eq. 1 (CWEx), Eq. 2-3 (class exposure and
// its maximum), Eq. 4 (position bias).
#pragma once

#include <span>

#include "fairness/descriptor.hpp"
#include "fairness/metric_unit.hpp"
#include "fairness/metrics/common.hpp"

namespace fairness::cwex {

extern const MetricDescriptor descriptor;

struct Rank {
    int label = -1;       // group index, -1 neutral
    double exposure = 0;  // p(r) / Σ_{r <= k'} p(r) (0 below the cut-off)
};

struct Result {
    double value = 0;
    double neutral = 0;            // Exposure_neutral
    std::vector<double> exposure;  // Exposure_g per group
    double delta_exposure = 0;     // max_g - min_g
    std::vector<Rank> ranks;
    Series at_cutoff;
};

// `labels[r]`: the group index of the document at rank r + 1, or -1 for neutral.
Result compute(std::span<const int> labels, std::size_t groups, double alpha, std::size_t k);

// `detail`: write perRank and atCutoff.
void write(JsonWriter&, const Result&, std::span<const std::string> groups, bool detail = true);

// The metric units of this file, for the registry (fairness/metric_unit.hpp).
std::span<const MetricUnit> units();

}  // namespace fairness::cwex
