#include "fairness/metrics/texfair.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "fairness/weights.hpp"

namespace fairness::texfair {

const MetricDescriptor descriptor{
    .id = "texfair",
    .name = "TExFAIR",
    .summary = "How evenly the attention users pay to group terms is split between the groups, over the ranking as a whole.",
    .paper = "Abolghasemi, Azzopardi, Askari, de Rijke, Verberne. Measuring Bias in a Ranked List using Term-based Representations. ECIR 2024.",
    .equations = "Eq. 8 (term exposure), Eq. 9 (group share), Eq. 10 (TED), Eq. 11 (RBDF), Eq. 12 (TED · RBDF), Eq. 13 (TExFAIR)",
    .range = "[0, max(TED)] where max(TED) = 2 (1 - min target) (1 for two groups at 1/2); normalized form in [0, 1]",
    .fairer = Fairer::higher,
    .uses_cutoff = true,
    .params = {{"k", "10", "cut-off"},
               {"targets", "uniform", "p̂, the fair share of each group"},
               {"rbdf", "true", "multiply TED by the rank-biased share of documents with any group term (Eq. 12)"},
               {"tokenizer", "words", "how text becomes terms; |d| counts tokens"}},
    .formula = R"(\mathrm{TE@k}(t) = \sum_{r=1}^{k} \frac{\mathrm{tf}(t, d_r)/|d_r|}{\log_2(r+1)} \qquad p(g) = \frac{\sum_{t \in V_g} \mathrm{TE}(t)}{\sum_x \sum_{t \in V_x} \mathrm{TE}(t)} \qquad \mathrm{TED} = \mathrm{RBDF} \cdot \sum_g |p(g) - \hat p_g| \qquad \mathrm{TExFAIR} = \max(\mathrm{TED}) - \mathrm{TED})",
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

}  // namespace

Result compute(std::span<const DocTerms* const> docs, std::span<const double> targets, bool use_rbdf, std::size_t k) {
    const std::size_t n = docs.size(), groups = targets.size();
    const std::size_t k_eff = std::min(k, n);
    Result result;
    result.max_ted = 2 * (1 - *std::min_element(targets.begin(), targets.end()));

    Totals totals{std::vector<double>(groups, 0.0), 0, 0};
    std::map<std::string, TermExposure> terms;
    for (std::size_t r = 1; r <= n; ++r) {
        const DocTerms& doc = *docs[r - 1];
        Rank rank{std::vector<double>(groups, 0.0), doc.representative(), position_bias(r)};
        if (doc.tokens > 0)  // |d| = 0 adds nothing (SPEC)
            for (std::size_t g = 0; g < groups; ++g) rank.exposure[g] = rank.weight * doc.magnitude[g] / doc.tokens;
        for (std::size_t g = 0; g < groups; ++g) totals.exposure[g] += rank.exposure[g];
        totals.weight += rank.weight;
        if (rank.representative) totals.representative += rank.weight;
        result.at_cutoff.push_back(score(totals, targets, use_rbdf, result.max_ted).value);

        if (r == k_eff) {
            auto s = score(totals, targets, use_rbdf, result.max_ted);
            result.value = s.value;
            result.normalized = s.normalized;
            result.ted = s.ted;
            result.rbdf = s.rbdf;
            result.share = std::move(s.share);
        }
        if (r <= k_eff) {
            for (const auto& match : doc.matches) {
                auto& te = terms[match.term];
                te.term = match.term;
                te.group = match.group;
                te.exposure += rank.weight / static_cast<double>(doc.tokens);
            }
        } else {
            std::fill(rank.exposure.begin(), rank.exposure.end(), 0.0);
        }
        result.ranks.push_back(std::move(rank));
    }
    if (std::none_of(result.share.begin(), result.share.end(), [](const Maybe& s) { return s.has_value(); }))
        result.note = "no group term in the top k: group shares are undefined, TED is 0 and TExFAIR is max(TED)";

    for (auto& [term, te] : terms) result.terms.push_back(std::move(te));
    std::stable_sort(result.terms.begin(), result.terms.end(), [](const TermExposure& a, const TermExposure& b) {
        return a.group != b.group ? a.group < b.group : a.exposure > b.exposure;
    });
    return result;
}

void write(JsonWriter& w, const Result& r, std::span<const std::string> groups) {
    w.begin_object().member("value", r.value);
    if (!r.note.empty()) w.member("note", r.note);
    w.member("normalized", r.normalized).member("ted", r.ted).member("rbdf", r.rbdf).member("maxTed", r.max_ted);
    w.key("share").object(groups, std::span<const Maybe>(r.share));
    w.key("termExposure").begin_array();
    for (const auto& t : r.terms)
        w.begin_object().member("term", t.term).member("group", groups[t.group]).member("exposure", t.exposure).end_object();
    w.end_array();
    w.key("perRank").begin_array();
    for (const auto& rank : r.ranks) {
        w.begin_object().key("exposure").object(groups, std::span<const double>(rank.exposure));
        w.member("representative", rank.representative).member("weight", rank.weight).end_object();
    }
    w.end_array();
    w.key("atCutoff").array(std::span<const Maybe>(r.at_cutoff));
    w.end_object();
}

}  // namespace fairness::texfair
