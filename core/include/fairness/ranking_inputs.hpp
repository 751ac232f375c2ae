// The one builder of the metrics' inputs (MetricInputs), for a scenario's ranking in any order and
// for a run's top documents of a query alike: each document analysed once (its terms, ω, AWRF
// alignment, label), then laid out in rank order with its relevance.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "fairness/metric_unit.hpp"

namespace fairness {

// What the metrics read of one document, whatever its rank or query.
struct AnalyzedDocument {
    const DocTerms* terms = nullptr;
    int label = -1;                 // group index, -1 neutral
    double omega = 1;               // NFaiRR's neutrality ω (Eq. 2)
    std::vector<double> alignment;  // AWRF's alignment with each group (Eq. 1)
};

AnalyzedDocument analyze_document(const DocTerms& terms, int label, const Params& p, std::size_t groups);

// ω of a document from its group magnitudes, under the params (background documents need no more).
double document_omega(std::span<const double> magnitude, const Params& p);

// Lays out `n` documents in rank order: `at(r)` gives the document at rank r + 1 and its
// relevance, as std::pair<const AnalyzedDocument&, double>. Keeps the background and what units
// derived from it (see set_background); reuses the vectors' storage from call to call.
template <typename At>
void arrange_inputs(MetricInputs& in, std::size_t n, const Params& p, At&& at);

// The ω of NFaiRR's set S, and whether the query lacks a background where one is needed.
void set_background(MetricInputs& in, std::vector<double> set_omega, bool missing = false);

// ------------------------------------------------------------------------------------------------

void arrange_one(MetricInputs& in, std::size_t r, const AnalyzedDocument& doc, double relevance, const Params& p);
void arrange_size(MetricInputs& in, std::size_t n, const Params& p);

template <typename At>
void arrange_inputs(MetricInputs& in, std::size_t n, const Params& p, At&& at) {
    arrange_size(in, n, p);
    for (std::size_t r = 0; r < n; ++r) {
        const auto [doc, relevance] = at(r);
        arrange_one(in, r, doc, relevance, p);
    }
}

}  // namespace fairness
