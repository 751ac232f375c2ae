#include "fairness/metrics/cwex.hpp"

#include <algorithm>

#include "fairness/scenario.hpp"
#include "fairness/weights.hpp"

namespace fairness::cwex {

const MetricDescriptor descriptor{
    .id = "cwex",
    .name = "CWEx",
    .summary =
        "Rewards exposure given to neutral documents and penalises the gap in exposure between the most and least exposed groups, read "
        "from labels rather than terms.",
    .paper =
        "Mousavian, Abbasiantaeb, Aliannejadi, Crestani. Towards Fair Rankings: Leveraging LLMs for Gender Bias Detection and Measurement. "
        "ICTIR 2025.",
    .equations = "Eq. 1 (CWEx), Eq. 2 (class exposure), Eq. 3 (maximum exposure), Eq. 4 (position bias)",
    .range = "[α - 1, α]",
    .numeric_range =
        [](const Params& p) {
            return NumericRange{p.alpha - 1, p.alpha};
        },
    .fairer = Fairer::higher,
    .uses_cutoff = true,
    .params = {{"k", "10", "cut-off"},
               {"alpha", "0.5", "weight of neutral exposure against the gap between groups (the paper reports 0.2, 0.5, 0.7)"}},
    .formula =
        R"(\mathrm{Exposure}_c = \frac{\sum_{r \le k,\ \ell(d_r) = c} \frac{1}{\log_2(r+1)}}{\sum_{r \le k} \frac{1}{\log_2(r+1)}} \qquad \mathrm{CWEx} = \alpha\, \mathrm{Exposure}_{\mathrm{neutral}} - (1 - \alpha) \big(\max_g \mathrm{Exposure}_g - \min_g \mathrm{Exposure}_g\big))",
    .chart = {"label", "exposure", "p(r) / Σ p: the exposure each rank gives its label"},
    .parts = {{"groups", "exposure", ""}},
};

namespace {

// CWEx from per-class exposure sums over a prefix whose Σ p(r) is `weight`.
double score(double neutral, std::span<const double> exposure, double weight, double alpha, double* delta) {
    const auto [lo, hi] = std::minmax_element(exposure.begin(), exposure.end());
    *delta = (*hi - *lo) / weight;
    return alpha * neutral / weight - (1 - alpha) * *delta;
}

}  // namespace

Result compute(std::span<const int> labels, std::size_t groups, double alpha, std::size_t k) {
    const std::size_t n = labels.size();
    const std::size_t k_eff = std::min(k, n);
    Result result;
    std::vector<double> exposure(groups, 0.0);
    double neutral = 0, weight = 0, delta = 0;
    result.at_cutoff.reserve(n);
    result.ranks.reserve(n);
    for (std::size_t r = 1; r <= n; ++r) {
        const double p = position_bias(r);
        const int label = labels[r - 1];
        (label < 0 ? neutral : exposure[static_cast<std::size_t>(label)]) += p;
        weight += p;
        result.at_cutoff.push_back(score(neutral, exposure, weight, alpha, &delta));
        if (r == k_eff) {
            result.value = score(neutral, exposure, weight, alpha, &result.delta_exposure);
            result.neutral = neutral / weight;
            for (double e : exposure) result.exposure.push_back(e / weight);
        }
    }
    const double total = position_bias_prefix(k_eff)[k_eff];
    for (std::size_t r = 1; r <= n; ++r) result.ranks.push_back({labels[r - 1], r <= k_eff ? position_bias(r) / total : 0.0});
    return result;
}

void write(JsonWriter& w, const Result& r, std::span<const std::string> groups, bool detail) {
    w.begin_object().member("value", r.value);
    w.key("exposure").begin_object().member("neutral", r.neutral);
    for (std::size_t g = 0; g < groups.size(); ++g) w.member(groups[g], r.exposure[g]);
    w.end_object();
    w.member("deltaExposure", r.delta_exposure);
    if (detail) {
        w.key("perRank").begin_array();
        for (const auto& rank : r.ranks) {
            const std::string_view label =
                rank.label < 0 ? std::string_view("neutral") : std::string_view(groups[static_cast<std::size_t>(rank.label)]);
            w.begin_object().member("label", label).member("exposure", rank.exposure).end_object();
        }
        w.end_array();
        w.key("atCutoff").array(std::span<const Maybe>(r.at_cutoff));
    }
    w.end_object();
}

// ------------------------------------------------------------------------------------------------
// The unit.

namespace {

const MetricUnit unit_list[] = {{
    .descriptor = &descriptor,
    .position = 40,
    .run_position = 40,
    .reads = [](const Params&) { return static_cast<unsigned>(Reads::labels); },
    .without_labels = "sees only neutral documents",
    .value = [](const MetricInputs& in, const Params& p, std::size_t k, bool,
                std::string* note) { return value_and_note(compute(in.labels, in.groups, p.alpha, k), note); },
    .write = [](JsonWriter& w, const MetricInputs& in, const MetricContext& c,
                bool detail) { write(w, compute(in.labels, in.groups, c.params.alpha, c.params.k), c.groups, detail); },
}};

}  // namespace

std::span<const MetricUnit> units() { return unit_list; }

}  // namespace fairness::cwex
