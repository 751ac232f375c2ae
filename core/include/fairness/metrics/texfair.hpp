// TExFAIR: Abolghasemi, Azzopardi, Askari, de Rijke, Verberne. Measuring Bias in a Ranked List
// using Term-based Representations. ECIR 2024. Eq. 8 (term exposure), Eq. 9 (group share),
// Eq. 10 (TED), Eq. 11 (RBDF), Eq. 12 (TED · RBDF), Eq. 13 (TExFAIR).
#pragma once

#include <span>

#include "fairness/descriptor.hpp"
#include "fairness/metric_unit.hpp"
#include "fairness/metrics/common.hpp"
#include "fairness/text.hpp"

namespace fairness::texfair {

extern const MetricDescriptor descriptor;

struct Rank {
    bool representative = false;  // has at least one group term (counts in RBDF)
    double weight = 0;            // p(r)
};

struct TermExposure {
    std::string term;
    std::size_t group = 0;
    double exposure = 0;  // TE@k(t), Eq. 8
};

struct Result {
    double value = 0;       // max(TED) - TED, Eq. 13
    double normalized = 0;  // 1 - TED / max(TED)
    double ted = 0;         // after RBDF when `rbdf` is on
    double rbdf = 0;
    double max_ted = 0;
    std::vector<Maybe> share;         // p(g), Eq. 9; undefined without group terms in the top k'
    std::vector<TermExposure> terms;  // terms with exposure in the top k', by group then exposure
    std::vector<Rank> ranks;          // empty without detail
    std::vector<double>
        exposure;      // p(r) · M_g(d_r) / |d_r| of rank r, group g at [(r - 1) · groups + g] (0 below the cut-off); empty without detail
    Series at_cutoff;  // empty without detail
    std::string note;
};

// `index`: the TermIndex that analysed `docs` (it names and groups their term counts).
// `detail`: also the per-rank detail and the value at every cut-off. O(n · groups + terms log terms).
Result compute(std::span<const DocTerms* const> docs, const TermIndex& index, std::span<const double> targets, bool use_rbdf, std::size_t k,
               bool detail = true);

// `detail`: write perRank and atCutoff (when computed).
void write(JsonWriter&, const Result&, std::span<const std::string> groups, bool detail = true);

// The metric units of this file, for the registry (fairness/metric_unit.hpp).
std::span<const MetricUnit> units();

}  // namespace fairness::texfair
