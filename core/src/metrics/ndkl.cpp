#include "fairness/metrics/ndkl.hpp"

#include <cmath>
#include <limits>

#include "fairness/scenario.hpp"
#include "fairness/weights.hpp"

namespace fairness::ndkl {

const MetricDescriptor descriptor{
    .id = "ndkl",
    .name = "NDKL",
    .summary =
        "How far the group shares of each top-i prefix holding a labelled document are from a desired distribution (KL "
        "divergence), prefixes near the top weighing more; read from labels, neutral documents in no share. 0 when every such "
        "prefix has the desired shares.",
    .paper =
        "Geyik, Ambler, Kenthapadi. Fairness-Aware Ranking in Search & Recommendation Systems with Application to LinkedIn Talent "
        "Search. KDD 2019.",
    .equations = "Eq. 4 (NDKL), with the KL divergence in natural log",
    .range = "[0, ∞)",
    .numeric_range =
        [](const Params&) {
            return NumericRange{0, std::numeric_limits<double>::infinity()};
        },
    .fairer = Fairer::lower,
    .uses_cutoff = true,
    .params = {{"k", "10", "cut-off"},
               {"targets", "equal shares", "D*, the desired share of each group (under ndklTarget \"targets\")"},
               {"ndklTarget", "targets",
                "D*: \"targets\" (params.targets) or \"ranking\" (the groups' shares among the labelled documents of the whole ranking, "
                "as FairRankTune's NDKL)"},
               {"ndklEpsilon", "0",
                "ε added to both distributions (FairRankTune: 1e-7); with 0, a group absent from D* but present in "
                "a prefix makes NDKL undefined"}},
    .formula =
        R"(\mathrm{NDKL@}k = \frac{1}{Z} \sum_{i \in I} \frac{\mathrm{KL}(D_i \,\|\, D^*)}{\log_2(i+1)} \qquad Z = \sum_{i \in I} \frac{1}{\log_2(i+1)} \qquad \mathrm{KL}(P \,\|\, Q) = \sum_g (P_g + \varepsilon) \ln \frac{P_g + \varepsilon}{Q_g + \varepsilon})",
    .chart = {"value", "contribution", "KL(D_i ‖ D*) / log2(i + 1) / Z: each prefix’s share of NDKL"},
    .parts = {{"value", "z", "Z"}, {"groups", "target", "D*"}},
};

std::vector<double> ranking_shares(std::span<const int> labels, std::size_t groups) {
    std::vector<double> share(groups, 0.0);
    double labelled = 0;
    for (const int label : labels)
        if (label >= 0) share[static_cast<std::size_t>(label)] += 1, labelled += 1;
    if (labelled > 0)
        for (auto& s : share) s /= labelled;
    return share;
}

namespace {

// KL(P ‖ Q) with P the shares `count / labelled`; infinite when some Q_g + ε = 0 < P_g + ε.
double kl(std::span<const double> count, double labelled, std::span<const double> q, double epsilon) {
    double sum = 0;
    for (std::size_t g = 0; g < count.size(); ++g) {
        const double p = count[g] / labelled + epsilon;
        if (p == 0) continue;  // 0 · ln 0 = 0
        const double qe = q[g] + epsilon;
        if (qe == 0) return std::numeric_limits<double>::infinity();
        sum += p * std::log(p / qe);
    }
    return sum;
}

}  // namespace

Result compute(std::span<const int> labels, std::span<const double> target, double epsilon, std::size_t k, bool detail) {
    const std::size_t n = labels.size(), k_eff = std::min(k, n), groups = target.size();
    Result result;
    result.target.assign(target.begin(), target.end());
    std::vector<double> count(groups, 0.0);
    double labelled = 0, sum = 0, z = 0;
    std::size_t undefined_at = 0;  // the first i in I whose KL is infinite (0: none)
    std::vector<Maybe> kl_at(n);
    if (detail) result.at_cutoff.reserve(n), result.ranks.reserve(n);
    for (std::size_t i = 1; i <= n; ++i) {
        const int label = labels[i - 1];
        if (label >= 0) count[static_cast<std::size_t>(label)] += 1, labelled += 1;
        if (labelled > 0) {  // i ∈ I
            const double d = kl(count, labelled, target, epsilon);
            if (std::isinf(d)) {
                if (!undefined_at) undefined_at = i;
            } else {
                kl_at[i - 1] = d;
                sum += d * position_bias(i);
            }
            z += position_bias(i);
        }
        const Maybe value = labelled == 0 || undefined_at ? Maybe{} : Maybe{sum / z};
        if (detail) result.at_cutoff.push_back(value);
        if (i == k_eff) result.value = value, result.z = z;
    }
    if (!result.value) {
        if (k_eff == 0 || result.z == 0)
            result.note = "no labelled document in the top k: every prefix's group shares are undefined";
        else
            result.note = "a group with share 0 in the desired distribution D* has documents in the top " + std::to_string(undefined_at) +
                          ": the KL divergence is infinite (set ndklEpsilon > 0 to smooth it)";
    }
    if (detail)
        for (std::size_t i = 1; i <= n; ++i) {
            Rank rank{labels[i - 1], kl_at[i - 1], 0, 0};
            if (i <= k_eff && kl_at[i - 1]) {
                rank.weight = position_bias(i);
                if (result.value && result.z > 0) rank.contribution = rank.weight * *kl_at[i - 1] / result.z;
            }
            result.ranks.push_back(rank);
        }
    return result;
}

void write(JsonWriter& w, const Result& r, std::span<const std::string> groups, bool detail) {
    w.begin_object().member("value", r.value);
    if (!r.note.empty()) w.member("note", r.note);
    w.member("z", r.z);
    w.key("target").object(groups, std::span<const double>(r.target));
    if (detail) {
        w.key("perRank").begin_array();
        for (const auto& rank : r.ranks) {
            const std::string_view label =
                rank.label < 0 ? std::string_view("neutral") : std::string_view(groups[static_cast<std::size_t>(rank.label)]);
            w.begin_object()
                .member("label", label)
                .member("kl", rank.kl)
                .member("weight", rank.weight)
                .member("contribution", rank.contribution)
                .end_object();
        }
        w.end_array();
        w.key("atCutoff").array(std::span<const Maybe>(r.at_cutoff));
    }
    w.end_object();
}

// ------------------------------------------------------------------------------------------------
// The unit: D* is params.targets, or (ndklTarget "ranking") the shares of the ranking given, which
// in run evaluation is the run's top c documents of the query.

namespace {

Result of(const MetricInputs& in, const Params& p, std::size_t k, bool detail) {
    const auto target = p.ndkl_target == NdklTarget::ranking ? ranking_shares(in.labels, in.groups) : p.targets;
    return compute(in.labels, target, p.ndkl_epsilon, k, detail);
}

const MetricUnit unit_list[] = {{
    .descriptor = &descriptor,
    .position = 125,
    .run_position = 105,
    .reads = [](const Params&) { return static_cast<unsigned>(Reads::labels); },
    .without_labels = "undefined",
    .value = fairness::value_of<of>,
    .write = write_with_groups<of, &write>,
}};

}  // namespace

std::span<const MetricUnit> units() { return unit_list; }

}  // namespace fairness::ndkl
