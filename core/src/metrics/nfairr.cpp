#include "fairness/metrics/nfairr.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>

#include "fairness/scenario.hpp"
#include "fairness/weights.hpp"

namespace fairness::nfairr {

const MetricDescriptor descriptor{
    .id = "nfairr",
    .name = "NFaiRR",
    .summary = "How neutral the top documents are, one document at a time, against the most neutral ranking of the background set.",
    .paper =
        "Rekabsaz, Kopeinik, Schedl. Societal Biases in Retrieved Contents: Measurement Framework and Adversarial Mitigation for BERT "
        "Rankers. SIGIR 2021.",
    .equations =
        "Eq. 1 (magnitude), Eq. 2 (neutrality ω), Eq. 3 (FaiRR; the SIGIR paper writes FaiRC), Eq. 4 (NFaiRR = FaiRR / IFaiRR), Eq. 6-9 "
        "(ranker-agnostic SetFaiRR baseline)",
    .range =
        "[0, 1] with two groups and uniform targets; with more groups or non-uniform targets ω can be negative, and NFaiRR "
        "can go below 0 or above 1 (undefined when IFaiRR is not positive)",
    .numeric_range =
        [](const Params& p) {
            // ω >= 0 needs Σ_g |share_g - target_g| <= 1, which only two groups at 1/2 guarantee.
            const bool two_uniform = p.targets.size() == 2 && std::abs(p.targets[0] - 0.5) < 1e-12 && std::abs(p.targets[1] - 0.5) < 1e-12;
            return two_uniform ? NumericRange{0, 1} : NumericRange{};
        },
    .fairer = Fairer::higher,
    .uses_cutoff = true,
    .params = {{"k", "10", "cut-off"},
               {"tau", "1", "a document whose group terms number at most τ is neutral (ω = 1)"},
               {"tauInclusive", "true", "true: Σ M ≤ τ is neutral (official code, TExFAIR paper); false: Σ M < τ (NFaiRR paper)"},
               {"targets", "uniform", "J, the balanced proportion of each group in one document"},
               {"tokenizer", "words", "how text becomes terms"}},
    .formula =
        R"(\omega(d) = \begin{cases} 1 & \sum_g M_g(d) \le \tau \\ 1 - \sum_g \left| \frac{M_g(d)}{\sum_x M_x(d)} - J_g \right| & \text{otherwise} \end{cases} \qquad \mathrm{FaiRR@k} = \sum_{r=1}^{k} \frac{\omega(d_r)}{\log_2(r+1)} \qquad \mathrm{NFaiRR@k} = \frac{\mathrm{FaiRR@k}}{\mathrm{IFaiRR@k}(S)})",
    .chart = {"value", "contribution", "ω(d) · p(r) / IFaiRR: each rank’s share of NFaiRR"},
    .parts = {{"value", "fairr", "FaiRR"}, {"value", "ifairr", "IFaiRR"}, {"value", "backgroundSize", "|S|"}},
};

double neutrality(std::span<const double> magnitude, std::span<const double> targets, double tau, bool inclusive) {
    const double total = std::accumulate(magnitude.begin(), magnitude.end(), 0.0);
    // A document with no group term is neutral whatever τ (SPEC), which also avoids 0 / 0.
    if (total == 0 || (inclusive ? total <= tau : total < tau)) return 1.0;
    double distance = 0;
    for (std::size_t g = 0; g < magnitude.size(); ++g) distance += std::abs(magnitude[g] / total - targets[g]);
    return 1.0 - distance;
}

Ideal ideal(std::span<const double> set_omega, std::size_t n, std::size_t k) {
    Ideal out;
    out.set_size = set_omega.size();
    // IFaiRR@c for every c: the background set sorted by ω, descending (Eq. 4's ideal ranking).
    std::vector<double> sorted(set_omega.begin(), set_omega.end());
    std::sort(sorted.begin(), sorted.end(), std::greater<>());
    // IFaiRR stops growing at |S|, so the table need not reach a (possibly huge) k.
    const std::size_t longest = std::max(n, std::min(k, sorted.size()));
    out.ifairr_at.assign(longest + 1, 0.0);
    for (std::size_t r = 1; r <= longest; ++r)
        out.ifairr_at[r] = out.ifairr_at[r - 1] + (r <= sorted.size() ? sorted[r - 1] * position_bias(r) : 0.0);
    out.mean_omega = sorted.empty() ? 0.0 : std::accumulate(sorted.begin(), sorted.end(), 0.0) / static_cast<double>(sorted.size());
    // Σ_{r=1..k} p(r) for the baseline, summed without a table: k may be far beyond n and |S|.
    for (std::size_t r = 1; r <= k; ++r) out.bias_sum_k += position_bias(r);
    return out;
}

Result compute(std::span<const double> ranking_omega, std::span<const double> set_omega, std::size_t k) {
    return compute(ranking_omega, ideal(set_omega, ranking_omega.size(), k), k);
}

Result compute(std::span<const double> ranking_omega, const Ideal& ideal, std::size_t k) {
    const std::size_t n = ranking_omega.size();
    const std::size_t k_eff = std::min(k, n);
    const std::size_t set_size = ideal.set_size;
    const auto& ifairr_at = ideal.ifairr_at;
    Result result;
    result.background_size = set_size;

    std::vector<double> fairr_at(n + 1, 0.0);
    for (std::size_t r = 1; r <= n; ++r) fairr_at[r] = fairr_at[r - 1] + ranking_omega[r - 1] * position_bias(r);
    // Eq. 4 normalises by the ideal ranking's FaiRR. With ω < 0 (more groups, non-uniform J) that
    // can be negative too, and dividing by it turns the order round: a less fair ranking would
    // score higher, and the ideal's 1 would not be the fairest. Undefined then, as at 0.
    const auto ratio = [](double a, double b) -> Maybe { return b > 0 ? Maybe{a / b} : Maybe{}; };

    // Cut-offs c > n add nothing to FaiRR, but IFaiRR and the baseline keep counting to c.
    result.fairr = fairr_at[k_eff];
    result.ifairr = ifairr_at[std::min(k, set_size)];
    result.value = ratio(result.fairr, result.ifairr);
    result.baseline = ratio(ideal.mean_omega * ideal.bias_sum_k, result.ifairr);
    if (!result.value)
        result.note = result.ifairr == 0
                          ? "IFaiRR is 0: no document of the background set has positive neutrality, so NFaiRR is undefined"
                          : "IFaiRR is below 0 (ω is negative with more than two groups or non-uniform targets): dividing by it would "
                            "score a less fair ranking higher, so NFaiRR is undefined; FaiRR still orders rankings of one background set";

    result.omega.assign(ranking_omega.begin(), ranking_omega.begin() + static_cast<std::ptrdiff_t>(k_eff));
    result.ranks.reserve(n);
    result.at_cutoff.reserve(n);
    for (std::size_t r = 1; r <= n; ++r) {
        const double weight = position_bias(r);
        const double omega = ranking_omega[r - 1];
        const bool counted = r <= k_eff && result.ifairr > 0;
        result.ranks.push_back({omega, weight, counted ? omega * weight / result.ifairr : 0.0});
        result.at_cutoff.push_back(ratio(fairr_at[r], ifairr_at[std::min(r, set_size)]));
    }
    return result;
}

void write(JsonWriter& w, const Result& r, bool detail) {
    w.begin_object().member("value", r.value);
    if (!r.note.empty()) w.member("note", r.note);
    w.member("fairr", r.fairr).member("ifairr", r.ifairr).member("baseline", r.baseline);
    w.key("omega").array(std::span<const double>(r.omega));
    w.member("backgroundSize", r.background_size);
    if (detail) {
        w.key("perRank").begin_array();
        for (const auto& rank : r.ranks)
            w.begin_object()
                .member("omega", rank.omega)
                .member("weight", rank.weight)
                .member("contribution", rank.contribution)
                .end_object();
        w.end_array();
        w.key("atCutoff").array(std::span<const Maybe>(r.at_cutoff));
    }
    w.end_object();
}

// ------------------------------------------------------------------------------------------------
// The unit: S's ideal ordering is derived once per set of documents, whatever their order.

namespace {

const Ideal& ideal_of(const MetricInputs& in, std::size_t k) {
    return in.derive<Ideal>(&descriptor, k, [&] { return ideal(in.set_omega, in.omega.size(), k); });
}

Maybe unit_value(const MetricInputs& in, const Params&, std::size_t k, bool, std::string* note) {
    if (in.no_background) {
        if (note) *note = "no background for this query";
        return {};
    }
    return value_and_note(compute(in.omega, ideal_of(in, k), k), note);
}

void unit_write(JsonWriter& w, const MetricInputs& in, const MetricContext& c, bool detail) {
    write(w, compute(in.omega, ideal_of(in, c.params.k), c.params.k), detail);
}

const MetricUnit unit_list[] = {{
    .descriptor = &descriptor,
    .position = 10,
    .run_position = 10,
    .reads = [](const Params&) { return Reads::text | Reads::background; },
    .value = unit_value,
    .write = unit_write,
}};

}  // namespace

std::span<const MetricUnit> units() { return unit_list; }

}  // namespace fairness::nfairr
