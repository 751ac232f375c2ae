#include "fairness/evaluate.hpp"

#include <algorithm>
#include <array>
#include <span>
#include <stdexcept>
#include <unordered_set>

#include "fairness/metrics/awrf.hpp"
#include "fairness/metrics/cwex.hpp"
#include "fairness/metrics/dips.hpp"
#include "fairness/metrics/exposure.hpp"
#include "fairness/metrics/ndcg.hpp"
#include "fairness/metrics/nfairr.hpp"
#include "fairness/metrics/rab.hpp"
#include "fairness/metrics/texfair.hpp"
#include "fairness/ranking_context.hpp"
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

// What the metrics read of one ranking: each document analysed once, and the inputs of the
// compute functions for the documents in one order (refilled by `arrange`, so that the best and
// worst orderings score many orders without reading a text again).
struct RankingInputs {
    std::vector<Analyzed> docs;                      // in the ranking's order
    std::vector<std::vector<double>> doc_alignment;  // AWRF alignment of each document
    std::vector<dips::Item> doc_item;                // DIPS side and relevance of each document
    std::vector<double> set_omega;                   // ω of NFaiRR's background set S (any order)
    std::vector<double> browsing;                    // F(k0), k0 = 0..n-1

    // The documents in rank order, after arrange(order):
    std::vector<double> omega, relevance;
    std::vector<const DocTerms*> terms;
    std::vector<int> labels;
    std::vector<std::vector<double>> alignments;
    std::vector<dips::Item> items;
    std::vector<double> count_f, count_m;  // RaB/ARaB: the counts c_f, c_m of params.rabGroups

    // order[r] = index into `docs` of the document at rank r + 1.
    void arrange(std::span<const std::size_t> order, const Params& p) {
        const std::size_t n = order.size();
        omega.resize(n), relevance.resize(n), terms.resize(n), labels.resize(n), alignments.resize(n), items.resize(n);
        count_f.resize(n), count_m.resize(n);
        for (std::size_t r = 0; r < n; ++r) {
            const auto& a = docs[order[r]];
            omega[r] = a.omega;
            relevance[r] = a.doc->relevance;
            terms[r] = &a.terms;
            labels[r] = a.doc->label;
            alignments[r] = doc_alignment[order[r]];
            items[r] = doc_item[order[r]];
            count_f[r] = a.terms.magnitude[p.rab_f];
            count_m[r] = a.terms.magnitude[p.rab_m];
        }
    }
};

RankingInputs prepare(const Scenario& s, const Ranking& ranking, const TermIndex& index, const std::vector<Analyzed>& background) {
    const Params& p = s.params;
    RankingInputs in;
    for (const auto& doc : ranking.docs) {
        in.docs.push_back(analyze(doc, index, p));
        const auto& a = in.docs.back();
        in.doc_alignment.push_back(awrf::alignment(a.terms.magnitude, a.doc->label, s.groups.size(), p.awrf_alignment));
        const auto label = a.doc->label;
        const auto side = label == static_cast<int>(p.dips_a)   ? dips::Side::a
                          : label == static_cast<int>(p.dips_b) ? dips::Side::b
                                                                : dips::Side::neither;
        in.doc_item.push_back({side, a.doc->relevance});
    }
    in.set_omega = background_set_omega(in.docs, background);
    in.browsing = browsing_weights(p.browsing, p.gamma, ranking.docs.size());
    return in;
}

// Every metric of the results, in the order they are written (that of all_metrics()):
// `visit(descriptor, compute, write)`, where `compute()` returns the metric's Result for the
// arranged inputs and `write(w, result)` writes it. The results (write_ranking) and the value of
// any ordering (RankingContext) both come from this one list: add a metric here, not elsewhere.
template <typename Visit>
void visit_metrics(const Scenario& s, const RankingInputs& in, Visit&& visit) {
    const Params& p = s.params;
    const std::span<const std::string> groups(s.groups);
    visit(nfairr::descriptor, [&] { return nfairr::compute(in.omega, in.set_omega, p.k); },
          [](JsonWriter& w, const nfairr::Result& r) { nfairr::write(w, r); });
    visit(texfair::descriptor, [&] { return texfair::compute(in.terms, p.targets, p.rbdf, p.k); },
          [&](JsonWriter& w, const texfair::Result& r) { texfair::write(w, r, groups); });
    visit(dips::descriptor, [&] { return dips::dips(in.items, in.browsing, p.ct); },
          [](JsonWriter& w, const dips::Result& r) { dips::write(w, r); });
    visit(cwex::descriptor, [&] { return cwex::compute(in.labels, groups.size(), p.alpha, p.k); },
          [&](JsonWriter& w, const cwex::Result& r) { cwex::write(w, r, groups); });
    visit(awrf::descriptor, [&] { return awrf::compute(in.alignments, p.targets, p.awrf_distance, p.k); },
          [&](JsonWriter& w, const awrf::Result& r) { awrf::write(w, r, groups); });
    visit(dips::ree_descriptor, [&] { return dips::ree(in.items, p.ct); },
          [](JsonWriter& w, const dips::Result& r) { dips::write(w, r); });
    visit(dips::igi_descriptor, [&] { return dips::igi(in.items, p.ct); },
          [](JsonWriter& w, const dips::Result& r) { dips::write(w, r); });
    // EE, EA and EA-dp (DIPS paper §5.1): targetShare and exposureShare keyed by the names of A and B.
    const std::string ab[] = {s.groups[p.dips_a], s.groups[p.dips_b]};
    for (const auto* d : {&exposure::ee_descriptor, &exposure::ea_descriptor, &exposure::eadp_descriptor}) {
        const auto target = d == &exposure::ee_descriptor ? exposure::Target::ee
                            : d == &exposure::ea_descriptor ? exposure::Target::ea
                                                            : exposure::Target::eadp;
        visit(*d, [&, target] { return exposure::compute(in.items, in.browsing, target); },
              [&](JsonWriter& w, const exposure::Result& r) { exposure::write(w, r, ab); });
    }
    // RaB and ARaB (Rekabsaz and Schedl 2020): parts keyed by the names of f and m.
    const std::array<std::string, 2> fm{s.groups[p.rab_f], s.groups[p.rab_m]};
    for (const auto which : {rab::Which::rab, rab::Which::arab})
        visit(which == rab::Which::rab ? rab::rab_descriptor : rab::arab_descriptor,
              [&, which] { return rab::report(which, in.count_f, in.count_m, p.k, p.rab_magnitude); },
              [&](JsonWriter& w, const rab::Report& r) { rab::write(w, r, fm); });
    visit(ndcg::descriptor, [&] { return ndcg::compute(in.relevance, p.ndcg_gain, p.k); },
          [](JsonWriter& w, const ndcg::Result& r) { ndcg::write(w, r); });
}

std::vector<std::size_t> identity_order(std::size_t n) {
    std::vector<std::size_t> order(n);
    for (std::size_t i = 0; i < n; ++i) order[i] = i;
    return order;
}

void write_ranking(JsonWriter& w, const Scenario& s, const Ranking& ranking, const TermIndex& index, const std::vector<Analyzed>& background) {
    const Params& p = s.params;
    const std::size_t n = ranking.docs.size();
    RankingInputs in = prepare(s, ranking, index, background);
    in.arrange(identity_order(n), p);
    const auto& docs = in.docs;

    w.begin_object().member("name", ranking.name).member("n", n).member("k", std::min(p.k, n));
    visit_metrics(s, in, [&](const MetricDescriptor& d, auto&& compute, auto&& write) { write(w.key(d.id), compute()); });

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
    w.key("rabGroups").begin_array().value(s.groups[p.rab_f]).value(s.groups[p.rab_m]).end_array();
    w.member("rabMagnitude", to_string(p.rab_magnitude));
    w.end_object();
}

}  // namespace

std::string evaluate_text(const Scenario& s) {
    const TermIndex index(s.lexicon, s.params.tokenizer);
    std::vector<Analyzed> background;
    for (const auto& doc : s.background) background.push_back(analyze(doc, index, s.params));

    JsonWriter w;
    // About 1.6 kB of results per document (every metric's per-rank detail and cut-off values).
    std::size_t documents = 0;
    for (const auto& ranking : s.rankings) documents += ranking.docs.size();
    w.reserve(4096 + 1600 * documents);
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
        &awrf::descriptor,   &dips::ree_descriptor, &dips::igi_descriptor,
        &exposure::ee_descriptor, &exposure::ea_descriptor, &exposure::eadp_descriptor,
        &rab::rab_descriptor,     &rab::arab_descriptor,   &ndcg::descriptor};
    return metrics;
}

// ------------------------------------------------------------------------------------------------
// RankingContext: one ranking's documents, analysed once, scored in any order.

struct RankingContext::Impl {
    const Scenario& s;
    const Ranking& ranking;
    TermIndex index;
    std::vector<Analyzed> background;
    mutable RankingInputs in;

    Impl(const Scenario& scenario, const Ranking& r)
        : s(scenario), ranking(r), index(scenario.lexicon, scenario.params.tokenizer) {
        for (const auto& doc : s.background) background.push_back(analyze(doc, index, s.params));
        in = prepare(s, ranking, index, background);
    }
};

RankingContext::RankingContext(const Scenario& scenario, std::size_t ranking)
    : impl_(std::make_unique<Impl>(scenario, scenario.rankings.at(ranking))) {}

RankingContext::~RankingContext() = default;

const Scenario& RankingContext::scenario() const { return impl_->s; }
const Ranking& RankingContext::ranking() const { return impl_->ranking; }
std::size_t RankingContext::size() const { return impl_->ranking.docs.size(); }

Maybe RankingContext::value(std::size_t metric, std::span<const std::size_t> order, std::string* note) const {
    const MetricDescriptor* target = all_metrics().at(metric);
    impl_->in.arrange(order, impl_->s.params);
    Maybe out;
    bool found = false;
    visit_metrics(impl_->s, impl_->in, [&](const MetricDescriptor& d, auto&& compute, auto&&) {
        if (&d != target) return;
        found = true;
        const auto result = compute();
        out = Maybe(result.value);
        if constexpr (requires { result.note; })
            if (!out && note) *note = result.note;
    });
    if (!found) throw std::logic_error("metric " + std::string(target->id) + " is in all_metrics() but not in visit_metrics()");
    return out;
}

std::vector<Maybe> RankingContext::values(std::span<const std::size_t> order) const {
    const auto& metrics = all_metrics();
    std::vector<Maybe> out(metrics.size());
    std::vector<bool> found(metrics.size(), false);
    impl_->in.arrange(order, impl_->s.params);
    visit_metrics(impl_->s, impl_->in, [&](const MetricDescriptor& d, auto&& compute, auto&&) {
        const auto slot = static_cast<std::size_t>(std::find(metrics.begin(), metrics.end(), &d) - metrics.begin());
        if (slot == metrics.size()) return;  // written in the results, but not one of all_metrics()
        out[slot] = Maybe(compute().value);
        found[slot] = true;
    });
    for (std::size_t m = 0; m < metrics.size(); ++m)
        if (!found[m]) throw std::logic_error("metric " + std::string(metrics[m]->id) + " is in all_metrics() but not in visit_metrics()");
    return out;
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
