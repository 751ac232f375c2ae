// nDCG@k: Järvelin, Kekäläinen. Cumulated Gain-based Evaluation of IR Techniques. TOIS 2002.
// Utility beside fairness, from the documents' relevance.
#pragma once

#include <span>

#include "fairness/descriptor.hpp"
#include "fairness/metric_unit.hpp"
#include "fairness/metrics/common.hpp"
#include "fairness/scenario.hpp"

namespace fairness::ndcg {

extern const MetricDescriptor descriptor;

struct Rank {
    double gain = 0;
    double contribution = 0;  // gain · p(r) / IDCG (0 below the cut-off or when IDCG <= 0)
};

struct Result {
    Maybe value;
    double dcg = 0, idcg = 0;
    std::vector<Rank> ranks;
    Series at_cutoff;
    std::string note;
};

// The ideal ranking is the ranking's own documents sorted by relevance, descending.
Result compute(std::span<const double> relevance, NdcgGain gain, std::size_t k);

// `detail`: write perRank and atCutoff.
void write(JsonWriter&, const Result&, bool detail = true);

// The metric units of this file, for the registry (fairness/metric_unit.hpp).
std::span<const MetricUnit> units();

}  // namespace fairness::ndcg
