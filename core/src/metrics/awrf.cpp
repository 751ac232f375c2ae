#include "fairness/metrics/awrf.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "fairness/scenario.hpp"
#include "fairness/weights.hpp"

namespace fairness::awrf {

const MetricDescriptor descriptor{
    .id = "awrf",
    .name = "AWRF",
    .summary =
        "Distance between the attention-weighted share of each group and the targets, each document counted by its alignment with the "
        "groups.",
    .paper =
        "Sapiezynski, Zeng, Robertson, Mislove, Wilson. Quantifying the Impact of User Attention on Fair Group Representation in Ranked "
        "Lists. WWW 2019 Companion; as written in the TExFAIR paper (Abolghasemi et al., ECIR 2024).",
    .equations = "TExFAIR paper Eq. 4 (exposure), Eq. 5 (normalisation), Eq. 6 (distance), Eq. 14 (alignment from term shares)",
    .range = "L1: [0, 2 (1 - min target)]; Jensen-Shannon: [0, 1]",
    .numeric_range =
        [](const Params& p) {
            if (p.awrf_distance == AwrfDistance::js) return NumericRange{0, 1};
            if (p.targets.empty()) return NumericRange{};
            return NumericRange{0, 2 * (1 - *std::min_element(p.targets.begin(), p.targets.end()))};
        },
    .fairer = Fairer::lower,
    .uses_cutoff = true,
    .params = {{"k", "10", "cut-off"},
               {"targets", "uniform", "Ê, the target distribution"},
               {"awrfAlignment", "terms",
                "terms: M_g(d) / Σ_x M_x(d) (Eq. 14); labels: one-hot on the label. No group term, or neutral: 1/|G| each"},
               {"awrfDistance", "l1", "l1: Σ_g |nE_g - Ê_g|; js: Jensen-Shannon divergence in bits"}},
    .formula =
        R"(E = \sum_{r=1}^{k} \frac{a_{d_r}}{\log_2(r+1)} \qquad nE = \frac{E}{\lVert E \rVert_1} \qquad \mathrm{AWRF} = \Delta(nE, \hat E) \qquad a^{g}_{d} = \frac{M_g(d)}{\sum_x M_x(d)})",
    .chart = {"weighted", "alignment", "p(r) · a_d: attention each rank gives each group"},
    .parts = {{"groups", "distribution", ""}},
};

std::vector<double> alignment(std::span<const double> magnitude, int label, std::size_t groups, AwrfAlignment how) {
    std::vector<double> a(groups);
    alignment(magnitude, label, how, a);
    return a;
}

void alignment(std::span<const double> magnitude, int label, AwrfAlignment how, std::span<double> a) {
    const std::size_t groups = a.size();
    std::fill(a.begin(), a.end(), 1.0 / static_cast<double>(groups));
    if (how == AwrfAlignment::labels) {
        if (label >= 0) {
            std::fill(a.begin(), a.end(), 0.0);
            a[static_cast<std::size_t>(label)] = 1.0;
        }
        return;
    }
    const double total = std::accumulate(magnitude.begin(), magnitude.end(), 0.0);
    if (total > 0)
        for (std::size_t g = 0; g < groups; ++g) a[g] = magnitude[g] / total;
}

double distance(std::span<const double> p, std::span<const double> q, AwrfDistance how) {
    double d = 0;
    if (how == AwrfDistance::l1) {
        for (std::size_t g = 0; g < p.size(); ++g) d += std::abs(p[g] - q[g]);
        return d;
    }
    // JS(P, Q) = ½ KL(P || M) + ½ KL(Q || M), M = (P + Q) / 2, with 0 log 0 = 0.
    for (std::size_t g = 0; g < p.size(); ++g) {
        const double m = (p[g] + q[g]) / 2;
        if (p[g] > 0) d += 0.5 * p[g] * std::log2(p[g] / m);
        if (q[g] > 0) d += 0.5 * q[g] * std::log2(q[g] / m);
    }
    return d;
}

Result compute(std::span<const double> alignments, std::span<const double> targets, AwrfDistance how, std::size_t k, bool detail) {
    const std::size_t groups = targets.size(), n = groups ? alignments.size() / groups : 0;
    const std::size_t k_eff = std::min(k, n);
    Result result;
    if (detail) {
        result.alignment.assign(alignments.begin(), alignments.end());
        result.weight.reserve(n);
        result.at_cutoff.reserve(n);
    }
    std::vector<double> exposure(groups, 0.0), normalized(groups);
    // Past the cut-off only the value at every cut-off (detail) reads further documents.
    const std::size_t last = detail ? n : k_eff;
    for (std::size_t r = 1; r <= last; ++r) {
        const double p = position_bias(r);
        for (std::size_t g = 0; g < groups; ++g) exposure[g] += p * alignments[(r - 1) * groups + g];
        // Every alignment sums to 1, so ||E||_1 = Σ p(r) > 0.
        const double total = std::accumulate(exposure.begin(), exposure.end(), 0.0);
        for (std::size_t g = 0; g < groups; ++g) normalized[g] = exposure[g] / total;
        const double value = distance(normalized, targets, how);
        if (detail) {
            result.at_cutoff.push_back(value);
            result.weight.push_back(r <= k_eff ? p : 0.0);
        }
        if (r == k_eff) {
            result.value = value;
            result.distribution = normalized;
        }
    }
    return result;
}

void write(JsonWriter& w, const Result& r, std::span<const std::string> groups, bool detail) {
    w.begin_object().member("value", r.value);
    w.key("distribution").object(groups, std::span<const double>(r.distribution));
    if (detail) {
        w.key("perRank").begin_array();
        for (std::size_t i = 0; i < r.weight.size(); ++i) {
            w.begin_object()
                .key("alignment")
                .object(groups, std::span<const double>(r.alignment.data() + i * groups.size(), groups.size()));
            w.member("weight", r.weight[i]).end_object();
        }
        w.end_array();
        w.key("atCutoff").array(std::span<const Maybe>(r.at_cutoff));
    }
    w.end_object();
}

// ------------------------------------------------------------------------------------------------
// The unit: each document's alignment comes with the inputs (alignment(), by terms or by labels).

namespace {

Result of(const MetricInputs& in, const Params& p, std::size_t k, bool detail) {
    return compute(in.alignments, p.targets, p.awrf_distance, k, detail);
}

const MetricUnit unit_list[] = {{
    .descriptor = &descriptor,
    .position = 50,
    .run_position = 50,
    .reads = [](const Params& p) { return static_cast<unsigned>(p.awrf_alignment == AwrfAlignment::labels ? Reads::labels : Reads::text); },
    .value = fairness::value_of<of>,
    .write = write_with_groups<of, &write>,
}};

}  // namespace

std::span<const MetricUnit> units() { return unit_list; }

}  // namespace fairness::awrf
