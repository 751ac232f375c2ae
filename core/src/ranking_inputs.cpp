#include "fairness/ranking_inputs.hpp"

#include <algorithm>

#include "fairness/metrics/awrf.hpp"
#include "fairness/metrics/nfairr.hpp"
#include "fairness/weights.hpp"

namespace fairness {

double document_omega(std::span<const double> magnitude, const Params& p) {
    return nfairr::neutrality(magnitude, p.targets, p.tau, p.tau_inclusive);
}

AnalyzedDocument analyze_document(const DocTerms& terms, int label, const Params& p, std::size_t groups) {
    AnalyzedDocument a;
    a.terms = &terms;
    a.label = label;
    a.omega = document_omega(terms.magnitude, p);
    a.alignment.resize(groups);
    awrf::alignment(terms.magnitude, label, p.awrf_alignment, a.alignment);
    return a;
}

void set_background(MetricInputs& in, std::vector<double> set_omega, bool missing) {
    in.set_omega = std::move(set_omega);
    in.no_background = missing;
    in.forget_derived();
}

void arrange_size(MetricInputs& in, std::size_t n, const Params& p) {
    const std::size_t g = in.groups;
    in.omega.resize(n), in.relevance.resize(n), in.terms.resize(n), in.labels.resize(n), in.alignments.resize(n * g);
    in.items.resize(n), in.count_f.resize(n), in.count_m.resize(n);
    // F(k0) depends on n alone (the params stay those the inputs were built for).
    if (in.browsing.size() != n) in.browsing = browsing_weights(p.browsing, p.gamma, n);
}

void arrange_one(MetricInputs& in, std::size_t r, const AnalyzedDocument& doc, double relevance, const Params& p) {
    in.omega[r] = doc.omega;
    in.relevance[r] = relevance;
    in.terms[r] = doc.terms;
    in.labels[r] = doc.label;
    std::copy(doc.alignment.begin(), doc.alignment.end(), in.alignments.begin() + static_cast<std::ptrdiff_t>(r * in.groups));
    const auto side = doc.label == static_cast<int>(p.dips_a)   ? PairSide::a
                      : doc.label == static_cast<int>(p.dips_b) ? PairSide::b
                                                                : PairSide::neither;
    in.items[r] = {side, relevance};
    in.count_f[r] = doc.terms->magnitude[p.rab_f];  // c_f, c_m: RaB's groups' term counts
    in.count_m[r] = doc.terms->magnitude[p.rab_m];
}

}  // namespace fairness
