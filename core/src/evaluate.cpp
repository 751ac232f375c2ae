#include "fairness/evaluate.hpp"

#include <algorithm>
#include <unordered_set>

#include "fairness/metrics/awrf.hpp"
#include "fairness/metrics/cwex.hpp"
#include "fairness/metrics/dips.hpp"
#include "fairness/metrics/ndcg.hpp"
#include "fairness/metrics/nfairr.hpp"
#include "fairness/metrics/texfair.hpp"
#include "fairness/weights.hpp"

namespace fairness {

namespace {

// A document's id and what its text holds, computed once and shared by every metric.
struct Analyzed {
    const Document* doc;
    DocTerms terms;
    double omega;
};

Analyzed analyze(const Document& doc, const TermIndex& index, const Params& p) {
    auto terms = index.analyze(doc.text);
    const double omega = nfairr::neutrality(terms.magnitude, p.targets, p.tau, p.tau_inclusive);
    return {&doc, std::move(terms), omega};
}

// S for NFaiRR: the ranking's documents plus the background, de-duplicated by id (ranking wins).
std::vector<double> background_set_omega(const std::vector<Analyzed>& ranking, const std::vector<Analyzed>& background) {
    std::vector<double> omega;
    std::unordered_set<std::string> ids;
    for (const auto* part : {&ranking, &background})
        for (const auto& a : *part) {
            if (a.doc->id && !ids.insert(*a.doc->id).second) continue;
            omega.push_back(a.omega);
        }
    return omega;
}

// Where the group terms are in a text (UTF-8 byte offsets), for highlighting.
Json matches_json(const DocTerms& terms, const std::vector<std::string>& groups) {
    Json out = Json::array();
    for (const auto& m : terms.matches) out.push_back({{"begin", m.begin}, {"end", m.end}, {"group", groups[m.group]}});
    return out;
}

Json evaluate_ranking(const Scenario& s, const Ranking& ranking, const TermIndex& index, const std::vector<Analyzed>& background) {
    const Params& p = s.params;
    const std::size_t n = ranking.docs.size(), groups = s.groups.size();
    std::vector<Analyzed> docs;
    for (const auto& doc : ranking.docs) docs.push_back(analyze(doc, index, p));

    std::vector<double> omega, relevance;
    std::vector<const DocTerms*> terms;
    std::vector<int> labels;
    std::vector<std::vector<double>> alignments;
    std::vector<dips::Item> items;
    std::vector<double> browsing;
    for (std::size_t i = 0; i < n; ++i) {
        const auto& a = docs[i];
        omega.push_back(a.omega);
        relevance.push_back(a.doc->relevance);
        terms.push_back(&a.terms);
        labels.push_back(a.doc->label);
        alignments.push_back(awrf::alignment(a.terms.magnitude, a.doc->label, groups, p.awrf_alignment));
        const auto label = a.doc->label;
        const auto side = label == static_cast<int>(p.dips_a)   ? dips::Side::a
                          : label == static_cast<int>(p.dips_b) ? dips::Side::b
                                                                : dips::Side::neither;
        items.push_back({side, a.doc->relevance});
        browsing.push_back(browsing_weight(p.browsing, p.gamma, i));
    }

    Json out;
    out["name"] = ranking.name;
    out["n"] = n;
    out["k"] = std::min(p.k, n);
    out["nfairr"] = nfairr::to_json(nfairr::compute(omega, background_set_omega(docs, background), p.k));
    out["texfair"] = texfair::to_json(texfair::compute(terms, p.targets, p.rbdf, p.k), s.groups);
    out["dips"] = dips::to_json(dips::dips(items, browsing, p.ct));
    out["cwex"] = cwex::to_json(cwex::compute(labels, groups, p.alpha, p.k), s.groups);
    out["awrf"] = awrf::to_json(awrf::compute(alignments, p.targets, p.awrf_distance, p.k), s.groups);
    out["ree"] = dips::to_json(dips::ree(items, p.ct));
    out["igi"] = dips::to_json(dips::igi(items, p.ct));
    out["ndcg"] = ndcg::to_json(ndcg::compute(relevance, p.ndcg_gain, p.k));

    Json doc_info = Json::array();
    for (const auto& a : docs) {
        Json magnitude = Json::object();
        for (std::size_t g = 0; g < groups; ++g) magnitude[s.groups[g]] = a.terms.magnitude[g];
        doc_info.push_back({{"id", a.doc->id ? Json(*a.doc->id) : Json(nullptr)},
                            {"label", a.doc->label < 0 ? std::string(neutral_label) : s.groups[static_cast<std::size_t>(a.doc->label)]},
                            {"relevance", a.doc->relevance},
                            {"tokens", a.terms.tokens},
                            {"magnitude", std::move(magnitude)},
                            {"matches", matches_json(a.terms, s.groups)}});
    }
    out["docs"] = std::move(doc_info);
    return out;
}

Json resolved_params(const Scenario& s) {
    const Params& p = s.params;
    Json targets = Json::object();
    for (std::size_t g = 0; g < s.groups.size(); ++g) targets[s.groups[g]] = p.targets[g];
    return {{"k", p.k},
            {"tau", p.tau},
            {"tauInclusive", p.tau_inclusive},
            {"targets", std::move(targets)},
            {"rbdf", p.rbdf},
            {"alpha", p.alpha},
            {"ct", p.ct},
            {"dipsGroups", Json::array({s.groups[p.dips_a], s.groups[p.dips_b]})},
            {"browsing", {{"model", to_string(p.browsing)}, {"gamma", p.gamma}}},
            {"tokenizer", to_string(p.tokenizer)},
            {"awrfAlignment", to_string(p.awrf_alignment)},
            {"awrfDistance", to_string(p.awrf_distance)},
            {"ndcgGain", to_string(p.ndcg_gain)}};
}

}  // namespace

Json evaluate(const Scenario& s) {
    const TermIndex index(s.lexicon, s.params.tokenizer);
    std::vector<Analyzed> background;
    for (const auto& doc : s.background) background.push_back(analyze(doc, index, s.params));

    Json rankings = Json::array();
    for (const auto& ranking : s.rankings) rankings.push_back(evaluate_ranking(s, ranking, index, background));
    Json out;
    out["rankings"] = std::move(rankings);
    out["groups"] = s.groups;
    out["params"] = resolved_params(s);
    out["lexicon"] = s.default_lexicon ? "built-in" : "scenario";
    out["warnings"] = s.warnings;
    return out;
}

Json describe_metrics() {
    Json out = Json::array();
    for (const auto* m : all_metrics()) {
        Json params = Json::array();
        for (const auto& p : m->params) params.push_back({{"key", p.key}, {"default", p.default_value}, {"meaning", p.meaning}});
        out.push_back({{"id", m->id},
                       {"name", m->name},
                       {"summary", m->summary},
                       {"paper", m->paper},
                       {"equations", m->equations},
                       {"range", m->range},
                       {"fairer", to_string(m->fairer)},
                       {"usesCutoff", m->uses_cutoff},
                       {"params", std::move(params)},
                       {"formula", m->formula}});
    }
    return out;
}

Json find_terms(const Scenario& s, std::string_view text) {
    const TermIndex index(s.lexicon, s.params.tokenizer);
    Json out = Json::array();
    for (const auto& m : index.analyze(text).matches)
        out.push_back({{"begin", m.begin}, {"end", m.end}, {"group", s.groups[m.group]}, {"term", m.term}});
    return out;
}

std::string evaluate_json(std::string_view scenario_json) { return evaluate(parse_scenario(scenario_json)).dump(); }

const std::vector<const MetricDescriptor*>& all_metrics() {
    static const std::vector<const MetricDescriptor*> metrics{
        &nfairr::descriptor, &texfair::descriptor, &dips::descriptor, &cwex::descriptor,
        &awrf::descriptor,   &dips::ree_descriptor, &dips::igi_descriptor, &ndcg::descriptor};
    return metrics;
}

std::string_view to_string(Fairer f) {
    switch (f) {
        case Fairer::higher: return "higher";
        case Fairer::lower: return "lower";
        case Fairer::closer_to_zero: return "closer to 0";
    }
    return "";
}

}  // namespace fairness
