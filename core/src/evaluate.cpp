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

void write_ranking(JsonWriter& w, const Scenario& s, const Ranking& ranking, const TermIndex& index, const std::vector<Analyzed>& background) {
    const Params& p = s.params;
    const std::size_t n = ranking.docs.size(), groups = s.groups.size();
    std::vector<Analyzed> docs;
    for (const auto& doc : ranking.docs) docs.push_back(analyze(doc, index, p));

    std::vector<double> omega, relevance;
    std::vector<const DocTerms*> terms;
    std::vector<int> labels;
    std::vector<std::vector<double>> alignments;
    std::vector<dips::Item> items;
    const auto browsing = browsing_weights(p.browsing, p.gamma, n);
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
    }

    w.begin_object().member("name", ranking.name).member("n", n).member("k", std::min(p.k, n));
    nfairr::write(w.key("nfairr"), nfairr::compute(omega, background_set_omega(docs, background), p.k));
    texfair::write(w.key("texfair"), texfair::compute(terms, p.targets, p.rbdf, p.k), s.groups);
    dips::write(w.key("dips"), dips::dips(items, browsing, p.ct));
    cwex::write(w.key("cwex"), cwex::compute(labels, groups, p.alpha, p.k), s.groups);
    awrf::write(w.key("awrf"), awrf::compute(alignments, p.targets, p.awrf_distance, p.k), s.groups);
    dips::write(w.key("ree"), dips::ree(items, p.ct));
    dips::write(w.key("igi"), dips::igi(items, p.ct));
    ndcg::write(w.key("ndcg"), ndcg::compute(relevance, p.ndcg_gain, p.k));

    // What the term-based metrics read of each document, and where its group terms are
    // (UTF-8 byte offsets), for highlighting.
    w.key("docs").begin_array();
    for (const auto& a : docs) {
        w.begin_object().key("id");
        if (a.doc->id) w.value(*a.doc->id);
        else w.null();
        w.member("label", a.doc->label < 0 ? std::string(neutral_label) : s.groups[static_cast<std::size_t>(a.doc->label)]);
        w.member("relevance", a.doc->relevance).member("tokens", a.terms.tokens);
        w.key("magnitude").object(std::span<const std::string>(s.groups), std::span<const double>(a.terms.magnitude));
        w.key("matches").begin_array();
        for (const auto& m : a.terms.matches)
            w.begin_object().member("begin", m.begin).member("end", m.end).member("group", s.groups[m.group]).end_object();
        w.end_array().end_object();
    }
    w.end_array().end_object();
}

void write_params(JsonWriter& w, const Scenario& s) {
    const Params& p = s.params;
    w.begin_object().member("k", p.k).member("tau", p.tau).member("tauInclusive", p.tau_inclusive);
    w.key("targets").object(std::span<const std::string>(s.groups), std::span<const double>(p.targets));
    w.member("rbdf", p.rbdf).member("alpha", p.alpha).member("ct", p.ct);
    w.key("dipsGroups").begin_array().value(s.groups[p.dips_a]).value(s.groups[p.dips_b]).end_array();
    w.key("browsing").begin_object().member("model", to_string(p.browsing)).member("gamma", p.gamma).end_object();
    w.member("tokenizer", to_string(p.tokenizer))
        .member("awrfAlignment", to_string(p.awrf_alignment))
        .member("awrfDistance", to_string(p.awrf_distance))
        .member("ndcgGain", to_string(p.ndcg_gain));
    w.end_object();
}

}  // namespace

std::string evaluate_text(const Scenario& s) {
    const TermIndex index(s.lexicon, s.params.tokenizer);
    std::vector<Analyzed> background;
    for (const auto& doc : s.background) background.push_back(analyze(doc, index, s.params));

    JsonWriter w;
    w.begin_object().key("rankings").begin_array();
    for (const auto& ranking : s.rankings) write_ranking(w, s, ranking, index, background);
    w.end_array();
    w.key("groups").array(std::span<const std::string>(s.groups));
    write_params(w.key("params"), s);
    w.member("lexicon", s.default_lexicon ? "built-in" : "scenario");
    w.key("warnings").array(std::span<const std::string>(s.warnings));
    w.end_object();
    return w.take();
}

Json evaluate(const Scenario& s) { return Json::parse(evaluate_text(s)); }

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

std::string evaluate_json(std::string_view scenario_json) { return evaluate_text(parse_scenario(scenario_json)); }

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
