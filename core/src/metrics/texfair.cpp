#include "fairness/metrics/texfair.hpp"

#include <algorithm>
#include <cmath>

#include "fairness/scenario.hpp"
#include "fairness/weights.hpp"

namespace fairness::texfair {

const MetricDescriptor descriptor{
    .id = "texfair",
    .name = "TExFAIR",
    .summary =
        "How evenly the attention users pay to group terms is split between the groups, over the ranking as a whole, the "
        "imbalance scaled down by the position-weighted share of documents holding any group term (RBDF, Eq. 11-12).",
    .paper =
        "Abolghasemi, Azzopardi, Askari, de Rijke, Verberne. Measuring Bias in a Ranked List using Term-based Representations. ECIR 2024.",
    .equations = "Eq. 8 (term exposure), Eq. 9 (group share), Eq. 10 (TED), Eq. 11 (RBDF), Eq. 12 (TED · RBDF), Eq. 13 (TExFAIR)",
    .range = "[0, max(TED)] where max(TED) = 2 (1 - min target) (1 for two groups at 1/2); normalised form in [0, 1]",
    .numeric_range =
        [](const Params& p) {
            if (p.targets.empty()) return NumericRange{};
            return NumericRange{0, 2 * (1 - *std::min_element(p.targets.begin(), p.targets.end()))};
        },
    .fairer = Fairer::higher,
    .uses_cutoff = true,
    .params = {{"k", "10", "cut-off"},
               {"targets", "uniform", "p̂, the fair share of each group"},
               {"rbdf", "true", "multiply TED by the rank-biased share of documents with any group term (Eq. 12)"},
               {"tokenizer", "words", "how text becomes terms; |d| counts tokens"}},
    .formula =
        R"(\mathrm{TE@k}(t) = \sum_{r=1}^{k} \frac{\mathrm{tf}(t, d_r)/|d_r|}{\log_2(r+1)} \qquad p(g) = \frac{\sum_{t \in V_g} \mathrm{TE}(t)}{\sum_x \sum_{t \in V_x} \mathrm{TE}(t)} \qquad \mathrm{TED} = \mathrm{RBDF} \cdot \sum_g |p(g) - \hat p_g| \qquad \mathrm{TExFAIR} = \max(\mathrm{TED}) - \mathrm{TED})",
    .chart = {"group", "exposure", "p(r) · M_g(d) / |d|: term exposure each rank gives each group"},
    .parts = {{"groups", "share", ""}, {"value", "rbdf", "RBDF", "rbdf"}},
};

namespace {

// Running totals of one prefix of the ranking; evaluated at every cut-off.
struct Totals {
    std::vector<double> exposure;  // per group
    double representative = 0;     // Σ p(r) over documents with a group term
    double weight = 0;             // Σ p(r)
};

struct Scored {
    double ted, value, normalized, rbdf;
    std::vector<Maybe> share;
};

Scored score(const Totals& t, std::span<const double> targets, bool use_rbdf, double max_ted) {
    Scored s{0, max_ted, 1, t.weight > 0 ? t.representative / t.weight : 0, {}};
    double total = 0;
    for (double e : t.exposure) total += e;
    s.share.assign(targets.size(), Maybe{});
    // No group term in the top k': shares are 0 / 0; SPEC sets TED = 0 (the limit as RBDF -> 0).
    if (total == 0) return s;
    double ted = 0;
    for (std::size_t g = 0; g < targets.size(); ++g) {
        s.share[g] = t.exposure[g] / total;
        ted += std::abs(*s.share[g] - targets[g]);
    }
    s.ted = use_rbdf ? ted * s.rbdf : ted;
    s.value = max_ted - s.ted;
    s.normalized = 1 - s.ted / max_ted;
    return s;
}

// score(t, ...).value, without building the shares: the value at every cut-off, computed alike.
double value_of(const Totals& t, std::span<const double> targets, bool use_rbdf, double max_ted) {
    double total = 0;
    for (double e : t.exposure) total += e;
    if (total == 0) return max_ted;
    double ted = 0;
    for (std::size_t g = 0; g < targets.size(); ++g) ted += std::abs(t.exposure[g] / total - targets[g]);
    const double rbdf = t.weight > 0 ? t.representative / t.weight : 0;
    return max_ted - (use_rbdf ? ted * rbdf : ted);
}

// TE@k(t) of every lexicon term in the top k' (Eq. 8), by group, then exposure (highest first),
// then term. Each occurrence adds p(r) / |d_r|, one at a time, in rank order.
std::vector<TermExposure> term_exposure(std::span<const DocTerms* const> docs, const TermIndex& index, std::size_t k_eff) {
    const auto& terms = index.terms();
    std::vector<double> exposure(terms.size(), 0.0);
    std::vector<bool> seen(terms.size(), false);
    for (std::size_t r = 1; r <= k_eff; ++r) {
        const DocTerms& doc = *docs[r - 1];
        const double share = position_bias(r) / static_cast<double>(doc.tokens);
        for (const auto& c : doc.term_counts) {
            seen[c.term] = true;
            for (std::uint32_t i = 0; i < c.count; ++i) exposure[c.term] += share;
        }
    }
    std::vector<TermExposure> out;
    for (std::size_t t = 0; t < terms.size(); ++t)
        if (seen[t]) out.push_back({terms[t], index.group_of(static_cast<std::uint32_t>(t)), exposure[t]});
    std::sort(out.begin(), out.end(), [](const TermExposure& a, const TermExposure& b) { return a.term < b.term; });
    std::stable_sort(out.begin(), out.end(), [](const TermExposure& a, const TermExposure& b) {
        return a.group != b.group ? a.group < b.group : a.exposure > b.exposure;
    });
    return out;
}

}  // namespace

Result compute(std::span<const DocTerms* const> docs, const TermIndex& index, std::span<const double> targets, bool use_rbdf, std::size_t k,
               bool detail) {
    const std::size_t n = docs.size(), groups = targets.size();
    const std::size_t k_eff = std::min(k, n);
    Result result;
    result.max_ted = 2 * (1 - *std::min_element(targets.begin(), targets.end()));
    if (detail) {
        result.ranks.reserve(n);
        result.exposure.assign(n * groups, 0.0);
        result.at_cutoff.reserve(n);
    }

    Totals totals{std::vector<double>(groups, 0.0), 0, 0};
    // Past the cut-off only the value at every cut-off (detail) reads further documents.
    const std::size_t last = detail ? n : k_eff;
    for (std::size_t r = 1; r <= last; ++r) {
        const DocTerms& doc = *docs[r - 1];
        const bool representative = doc.representative();
        const double weight = position_bias(r);
        if (doc.tokens > 0)  // |d| = 0 adds nothing (SPEC)
            for (std::size_t g = 0; g < groups; ++g) {
                const double exposure = weight * doc.magnitude[g] / doc.tokens;
                totals.exposure[g] += exposure;
                if (detail && r <= k_eff) result.exposure[(r - 1) * groups + g] = exposure;
            }
        totals.weight += weight;
        if (representative) totals.representative += weight;
        if (detail) {
            result.at_cutoff.push_back(value_of(totals, targets, use_rbdf, result.max_ted));
            result.ranks.push_back({representative, weight});
        }
        if (r == k_eff) {
            auto s = score(totals, targets, use_rbdf, result.max_ted);
            result.value = s.value;
            result.normalized = s.normalized;
            result.ted = s.ted;
            result.rbdf = s.rbdf;
            result.share = std::move(s.share);
        }
    }
    if (std::none_of(result.share.begin(), result.share.end(), [](const Maybe& s) { return s.has_value(); }))
        result.note = "no group term in the top k, so TED is 0 and TExFAIR is max(TED)";
    result.terms = term_exposure(docs, index, k_eff);
    return result;
}

void write(JsonWriter& w, const Result& r, std::span<const std::string> groups, bool detail) {
    w.begin_object().member("value", r.value);
    if (!r.note.empty()) w.member("note", r.note);
    w.member("normalized", r.normalized).member("ted", r.ted).member("rbdf", r.rbdf).member("maxTed", r.max_ted);
    w.key("share").object(groups, std::span<const Maybe>(r.share));
    w.key("termExposure").begin_array();
    for (const auto& t : r.terms)
        w.begin_object().member("term", t.term).member("group", groups[t.group]).member("exposure", t.exposure).end_object();
    w.end_array();
    if (detail) {
        w.key("perRank").begin_array();
        for (std::size_t i = 0; i < r.ranks.size(); ++i) {
            const std::span<const double> exposure(r.exposure.data() + i * groups.size(), groups.size());
            w.begin_object().key("exposure").object(groups, exposure);
            w.member("representative", r.ranks[i].representative).member("weight", r.ranks[i].weight).end_object();
        }
        w.end_array();
        w.key("atCutoff").array(std::span<const Maybe>(r.at_cutoff));
    }
    w.end_object();
}

// ------------------------------------------------------------------------------------------------
// The unit.

namespace {

Result of(const MetricInputs& in, const Params& p, std::size_t k, bool detail) {
    return compute(in.terms, *in.index, p.targets, p.rbdf, k, detail);
}

const MetricUnit unit_list[] = {{
    .descriptor = &descriptor,
    .position = 20,
    .run_position = 20,
    .reads = [](const Params&) { return static_cast<unsigned>(Reads::text); },
    .value = fairness::value_of<of>,
    .write = write_with_groups<of, &write>,
}};

}  // namespace

std::span<const MetricUnit> units() { return unit_list; }

}  // namespace fairness::texfair
