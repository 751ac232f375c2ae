#include "fairness/metrics/ndcg.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>

#include "fairness/weights.hpp"

namespace fairness::ndcg {

const MetricDescriptor descriptor{
    .id = "ndcg",
    .name = "nDCG",
    .summary = "Utility, not fairness: how close the order is to sorting by relevance, top ranks counting most.",
    .paper = "Järvelin, Kekäläinen. Cumulated Gain-based Evaluation of IR Techniques. ACM TOIS 2002.",
    .equations =
        "DCG = Σ gain / log2(r + 1), the discount trec_eval uses (the paper's own is 1 / log_b(r) from rank b on); nDCG = DCG / IDCG",
    .range = "[0, 1] for non-negative relevance",
    .numeric_range =
        [](const Params&) {
            return NumericRange{0, 1, true};
        },
    .fairer = Fairer::higher,
    .utility = true,
    .uses_cutoff = true,
    .params = {{"k", "10", "cut-off"}, {"ndcgGain", "linear", "linear: gain = relevance (trec_eval); exponential: 2^relevance - 1"}},
    .formula =
        R"(\mathrm{DCG@k} = \sum_{r=1}^{k} \frac{g(d_r)}{\log_2(r+1)} \qquad \mathrm{nDCG@k} = \frac{\mathrm{DCG@k}}{\mathrm{IDCG@k}})",
    .chart = {"value", "contribution", "gain · p(r) / IDCG: each rank’s share of nDCG"},
};

namespace {

std::string overflow_note(NdcgGain how) {
    return how == NdcgGain::exponential ? "a gain 2^relevance - 1 or a sum of gains is beyond the largest number (about "
                                          "1.8e308; relevance 1024 or more), so nDCG is undefined"
                                        : "a sum of gains is beyond the largest number (about 1.8e308), so nDCG is undefined";
}

}  // namespace

Result compute(std::span<const double> relevance, NdcgGain how, std::size_t k) {
    const std::size_t n = relevance.size();
    const std::size_t k_eff = std::min(k, n);
    const auto gain = [how](double rel) { return how == NdcgGain::linear ? rel : std::exp2(rel) - 1; };
    std::vector<double> ideal(relevance.begin(), relevance.end());
    std::sort(ideal.begin(), ideal.end(), std::greater<>());

    Result result;
    double dcg = 0, idcg = 0;
    result.at_cutoff.reserve(n);
    result.ranks.reserve(n);
    // A gain or a sum past the largest double (2^1024: relevance >= 1024 with exponential gain, or
    // relevances near 1e308) is no number: the ratio of such parts is undefined, not 0 or 1.
    const auto ratio = [](double a, double b) { return b > 0 && std::isfinite(a) && std::isfinite(b) ? Maybe{a / b} : Maybe{}; };
    for (std::size_t r = 1; r <= n; ++r) {
        dcg += gain(relevance[r - 1]) * position_bias(r);
        idcg += gain(ideal[r - 1]) * position_bias(r);
        result.at_cutoff.push_back(ratio(dcg, idcg));
        if (r == k_eff) {
            result.dcg = dcg;
            result.idcg = idcg;
            result.value = ratio(dcg, idcg);
        }
    }
    for (std::size_t r = 1; r <= n; ++r) {
        const double g = gain(relevance[r - 1]);
        const bool counted = r <= k_eff && result.idcg > 0 && std::isfinite(result.idcg);
        result.ranks.push_back({g, counted ? g * position_bias(r) / result.idcg : 0.0});
    }
    if (!std::isfinite(result.dcg) || !std::isfinite(result.idcg))
        result.note = overflow_note(how);
    else if (!result.value)
        result.note = "the ideal DCG is not positive (no relevant document), so nDCG is undefined";
    return result;
}

void write(JsonWriter& w, const Result& r, bool detail) {
    w.begin_object().member("value", r.value);
    if (!r.note.empty()) w.member("note", r.note);
    w.member("dcg", r.dcg).member("idcg", r.idcg);
    if (detail) {
        w.key("perRank").begin_array();
        for (const auto& rank : r.ranks) w.begin_object().member("gain", rank.gain).member("contribution", rank.contribution).end_object();
        w.end_array();
        w.key("atCutoff").array(std::span<const Maybe>(r.at_cutoff));
    }
    w.end_object();
}

// ------------------------------------------------------------------------------------------------
// The unit. In run evaluation the ideal DCG is that of every judged document of the query
// (trec_eval), not of the retrieved ones alone.

namespace {

Maybe unit_value(const MetricInputs& in, const Params& p, std::size_t k, bool, std::string* note) {
    if (!in.judged_ideal) return value_and_note(compute(in.relevance, p.ndcg_gain, k), note);
    const double idcg = compute(in.ideal_relevance, p.ndcg_gain, k).dcg;
    const double dcg = compute(in.relevance, p.ndcg_gain, k).dcg;
    // As in compute: a sum past the largest double makes the ratio undefined, not NaN.
    if (!std::isfinite(idcg) || !std::isfinite(dcg)) {
        if (note) *note = overflow_note(p.ndcg_gain);
        return {};
    }
    if (idcg > 0) return dcg / idcg;
    if (note) *note = "no judged document of the query has a positive gain: IDCG = 0";
    return {};
}

const MetricUnit unit_list[] = {{
    .descriptor = &descriptor,
    .position = 130,
    .run_position = 110,
    .reads = [](const Params&) { return static_cast<unsigned>(Reads::relevance); },
    .without_relevance = "undefined",
    .value = unit_value,
    .write = [](JsonWriter& w, const MetricInputs& in, const MetricContext& c,
                bool detail) { write(w, compute(in.relevance, c.params.ndcg_gain, c.params.k), detail); },
}};

}  // namespace

std::span<const MetricUnit> units() { return unit_list; }

}  // namespace fairness::ndcg
