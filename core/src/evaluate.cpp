#include "fairness/evaluate.hpp"

#include <algorithm>
#include <array>
#include <deque>
#include <functional>
#include <span>
#include <stdexcept>
#include <unordered_map>

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

// Where the documents' terms come from during one evaluation: analysed on the spot, or the
// Evaluator's cache. A returned reference stays valid until the evaluation ends.
class TermSource {
public:
    virtual ~TermSource() = default;
    virtual const TermIndex& index() const = 0;
    virtual const DocTerms& terms(const std::string& text) = 0;
    // For EvaluateOptions::Texts: whether `text`'s entry is written now (under `unreported`, a
    // text written earlier is not), and notes it as written.
    virtual bool report(const std::string& text, bool unreported_only) = 0;
};

// Analyses every document it is asked for (no cache). Without matches when the results will not
// list them (they are most of a long ranking's memory).
class FreshTerms final : public TermSource {
public:
    FreshTerms(const Scenario& s, bool with_matches) : index_(s.lexicon, s.params.tokenizer), with_matches_(with_matches) {}
    const TermIndex& index() const override { return index_; }
    const DocTerms& terms(const std::string& text) override { return store_.emplace_back(index_.analyze(text, with_matches_)); }
    // Nothing was written before this evaluation: each distinct text once.
    bool report(const std::string& text, bool) override { return written_.emplace(text, 0).second; }

private:
    TermIndex index_;
    bool with_matches_;
    std::deque<DocTerms> store_;                                 // stable references
    std::unordered_map<std::string_view, std::size_t> written_;  // a map, not a set: a type the module has already
};

// A document's id and what its text holds, computed once and shared by every metric.
struct Analyzed {
    const Document* doc;
    const DocTerms* terms;
    double omega;
};

Analyzed analyze(const Document& doc, TermSource& source, const Params& p) {
    const DocTerms& terms = source.terms(doc.text);
    const double omega = nfairr::neutrality(terms.magnitude, p.targets, p.tau, p.tau_inclusive);
    return {&doc, &terms, omega};
}

// S for NFaiRR: the ranking's documents plus the background, de-duplicated by id (ranking wins;
// the reader has refused repeated ids within the ranking and within the background).
std::vector<double> background_set_omega(const std::vector<Analyzed>& ranking, const std::vector<Analyzed>& background) {
    std::vector<double> omega;
    omega.reserve(ranking.size() + background.size());
    for (const auto& a : ranking) omega.push_back(a.omega);
    if (background.empty()) return omega;
    std::unordered_map<std::string_view, std::size_t> background_of;  // id -> index in `background`
    for (std::size_t i = 0; i < background.size(); ++i)
        if (background[i].doc->id) background_of.emplace(*background[i].doc->id, i);
    std::vector<bool> in_ranking(background.size(), false);
    for (const auto& a : ranking)
        if (a.doc->id)
            if (const auto found = background_of.find(*a.doc->id); found != background_of.end()) in_ranking[found->second] = true;
    for (std::size_t i = 0; i < background.size(); ++i)
        if (!in_ranking[i]) omega.push_back(background[i].omega);
    return omega;
}

// Which metrics compute and write their per-rank detail and value at every cut-off.
struct DetailChoice {
    bool all = true;
    std::span<const std::string> metrics;  // when not all
    bool of(const MetricDescriptor& d) const { return all || std::find(metrics.begin(), metrics.end(), d.id) != metrics.end(); }
};

// What the metrics read of one ranking: each document analysed once, and the inputs of the
// compute functions for the documents in one order (refilled by `arrange`, so that the best and
// worst orderings score many orders without reading a text again).
struct RankingInputs {
    const TermIndex* index = nullptr;  // names the documents' term counts
    DetailChoice detail;               // whose per-rank detail and cut-offs to compute and write
    std::size_t groups = 0;
    std::vector<Analyzed> docs;         // in the ranking's order
    std::vector<double> doc_alignment;  // AWRF alignment of document i, group g at [i · groups + g]
    std::vector<dips::Item> doc_item;   // DIPS side and relevance of each document
    nfairr::Ideal nfairr_ideal;         // of NFaiRR's background set S (any order)
    std::vector<double> browsing;       // F(k0), k0 = 0..n-1

    // The documents in rank order, after arrange(order):
    std::vector<double> omega, relevance;
    std::vector<const DocTerms*> terms;
    std::vector<int> labels;
    std::vector<double> alignments;  // rank r + 1, group g at [r · groups + g]
    std::vector<dips::Item> items;
    std::vector<double> count_f, count_m;  // RaB/ARaB: the counts c_f, c_m of params.rabGroups

    // order[r] = index into `docs` of the document at rank r + 1.
    void arrange(std::span<const std::size_t> order, const Params& p) {
        const std::size_t n = order.size();
        omega.resize(n), relevance.resize(n), terms.resize(n), labels.resize(n), alignments.resize(n * groups), items.resize(n);
        count_f.resize(n), count_m.resize(n);
        for (std::size_t r = 0; r < n; ++r) {
            const auto& a = docs[order[r]];
            omega[r] = a.omega;
            relevance[r] = a.doc->relevance;
            terms[r] = a.terms;
            labels[r] = a.doc->label;
            std::copy_n(doc_alignment.begin() + static_cast<std::ptrdiff_t>(order[r] * groups), groups,
                        alignments.begin() + static_cast<std::ptrdiff_t>(r * groups));
            items[r] = doc_item[order[r]];
            count_f[r] = a.terms->magnitude[p.rab_f];
            count_m[r] = a.terms->magnitude[p.rab_m];
        }
    }
};

RankingInputs prepare(const Scenario& s, const Ranking& ranking, TermSource& source, const std::vector<Analyzed>& background,
                      DetailChoice detail) {
    const Params& p = s.params;
    const std::size_t n = ranking.docs.size(), groups = s.groups.size();
    RankingInputs in;
    in.index = &source.index();
    in.detail = detail;
    in.groups = groups;
    in.docs.reserve(n);
    in.doc_alignment.resize(n * groups);
    in.doc_item.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        const auto& a = in.docs.emplace_back(analyze(ranking.docs[i], source, p));
        awrf::alignment(a.terms->magnitude, a.doc->label, p.awrf_alignment,
                        std::span<double>(in.doc_alignment.data() + i * groups, groups));
        const auto label = a.doc->label;
        const auto side = label == static_cast<int>(p.dips_a)   ? dips::Side::a
                          : label == static_cast<int>(p.dips_b) ? dips::Side::b
                                                                : dips::Side::neither;
        in.doc_item.push_back({side, a.doc->relevance});
    }
    in.nfairr_ideal = nfairr::ideal(background_set_omega(in.docs, background), n, p.k);
    in.browsing = browsing_weights(p.browsing, p.gamma, n);
    return in;
}

// Every metric of the results, in the order they are written (that of all_metrics()):
// `visit(descriptor, compute, write)`, where `compute()` returns the metric's Result for the
// arranged inputs and `write(w, result)` writes it (with detail when in.detail says so). The results
// (write_ranking) and the value of any ordering (RankingContext) both come from this one list:
// add a metric here, not elsewhere.
template <typename Visit>
void visit_metrics(const Scenario& s, const RankingInputs& in, Visit&& visit) {
    const Params& p = s.params;
    const std::span<const std::string> groups(s.groups);
    const auto detail_of = [&](const MetricDescriptor& d) { return in.detail.of(d); };
    const bool nfairr_detail = detail_of(nfairr::descriptor);
    visit(
        nfairr::descriptor, [&] { return nfairr::compute(in.omega, in.nfairr_ideal, p.k); },
        [=](JsonWriter& w, const nfairr::Result& r) { nfairr::write(w, r, nfairr_detail); });
    const bool texfair_detail = detail_of(texfair::descriptor);
    visit(
        texfair::descriptor, [&] { return texfair::compute(in.terms, *in.index, p.targets, p.rbdf, p.k, texfair_detail); },
        [=](JsonWriter& w, const texfair::Result& r) { texfair::write(w, r, groups, texfair_detail); });
    const bool dips_detail = detail_of(dips::descriptor);
    visit(
        dips::descriptor, [&] { return dips::dips(in.items, in.browsing, p.ct); },
        [=](JsonWriter& w, const dips::Result& r) { dips::write(w, r, dips_detail); });
    const bool cwex_detail = detail_of(cwex::descriptor);
    visit(
        cwex::descriptor, [&] { return cwex::compute(in.labels, groups.size(), p.alpha, p.k); },
        [=](JsonWriter& w, const cwex::Result& r) { cwex::write(w, r, groups, cwex_detail); });
    const bool awrf_detail = detail_of(awrf::descriptor);
    visit(
        awrf::descriptor, [&] { return awrf::compute(in.alignments, p.targets, p.awrf_distance, p.k, awrf_detail); },
        [=](JsonWriter& w, const awrf::Result& r) { awrf::write(w, r, groups, awrf_detail); });
    const bool ree_detail = detail_of(dips::ree_descriptor);
    visit(
        dips::ree_descriptor, [&] { return dips::ree(in.items, p.ct); },
        [=](JsonWriter& w, const dips::Result& r) { dips::write(w, r, ree_detail); });
    const bool igi_detail = detail_of(dips::igi_descriptor);
    visit(
        dips::igi_descriptor, [&] { return dips::igi(in.items, p.ct); },
        [=](JsonWriter& w, const dips::Result& r) { dips::write(w, r, igi_detail); });
    // EE, EA and EA-dp (DIPS paper §5.1): targetShare and exposureShare keyed by the names of A and B.
    const std::string ab[] = {s.groups[p.dips_a], s.groups[p.dips_b]};
    for (const auto* d : {&exposure::ee_descriptor, &exposure::ea_descriptor, &exposure::eadp_descriptor}) {
        const auto target = d == &exposure::ee_descriptor   ? exposure::Target::ee
                            : d == &exposure::ea_descriptor ? exposure::Target::ea
                                                            : exposure::Target::eadp;
        const bool detail = detail_of(*d);
        visit(
            *d, [&, target, detail] { return exposure::compute(in.items, in.browsing, target, detail); },
            [&, detail](JsonWriter& w, const exposure::Result& r) { exposure::write(w, r, ab, detail); });
    }
    // RaB and ARaB (Rekabsaz and Schedl 2020): parts keyed by the names of f and m.
    const std::array<std::string, 2> fm{s.groups[p.rab_f], s.groups[p.rab_m]};
    for (const auto which : {rab::Which::rab, rab::Which::arab}) {
        const auto& d = which == rab::Which::rab ? rab::rab_descriptor : rab::arab_descriptor;
        const bool detail = detail_of(d);
        visit(
            d, [&, which, detail] { return rab::report(which, in.count_f, in.count_m, p.k, p.rab_magnitude, detail); },
            [&, detail](JsonWriter& w, const rab::Report& r) { rab::write(w, r, fm, detail); });
    }
    const bool ndcg_detail = detail_of(ndcg::descriptor);
    visit(
        ndcg::descriptor, [&] { return ndcg::compute(in.relevance, p.ndcg_gain, p.k); },
        [=](JsonWriter& w, const ndcg::Result& r) { ndcg::write(w, r, ndcg_detail); });
}

std::vector<std::size_t> identity_order(std::size_t n) {
    std::vector<std::size_t> order(n);
    for (std::size_t i = 0; i < n; ++i) order[i] = i;
    return order;
}

// What the core read of a text: its tokens, the magnitude of each group and where its group terms
// are (UTF-8 byte offsets), as members of the object being written.
void write_terms(JsonWriter& w, const Scenario& s, const DocTerms& terms) {
    w.member("tokens", terms.tokens);
    w.key("magnitude").object(std::span<const std::string>(s.groups), std::span<const double>(terms.magnitude));
    w.key("matches").begin_array();
    for (const auto& m : terms.matches)
        w.begin_object().member("begin", m.begin).member("end", m.end).member("group", s.groups[m.group]).end_object();
    w.end_array();
}

// Each document with what the term-based metrics read of it, and where its group terms are, for highlighting.
void write_docs(JsonWriter& w, const Scenario& s, const std::vector<Analyzed>& docs) {
    w.begin_array();
    for (const auto& a : docs) {
        w.begin_object().key("id");
        if (a.doc->id)
            w.value(*a.doc->id);
        else
            w.null();
        w.member("label", a.doc->label < 0 ? std::string(neutral_label) : s.groups[static_cast<std::size_t>(a.doc->label)]);
        w.member("relevance", a.doc->relevance);
        write_terms(w, s, *a.terms);
        w.end_object();
    }
    w.end_array();
}

// Texts (EvaluateOptions::texts, the page's view): for each distinct text to report, its first
// position ("at", from 0) and what the core read of it, so the page keeps them by text.
void write_texts(JsonWriter& w, const Scenario& s, const std::vector<Analyzed>& docs, TermSource& source, EvaluateOptions::Texts which) {
    const bool unreported_only = which == EvaluateOptions::Texts::unreported;
    w.begin_array();
    for (std::size_t j = 0; j < docs.size(); ++j) {
        const auto& a = docs[j];
        if (!source.report(a.doc->text, unreported_only)) continue;
        w.begin_object().member("at", j);
        write_terms(w, s, *a.terms);
        w.end_object();
    }
    w.end_array();
}

void write_ranking(JsonWriter& w, const Scenario& s, const Ranking& ranking, TermSource& source, const std::vector<Analyzed>& background,
                   const EvaluateOptions& options) {
    const Params& p = s.params;
    const std::size_t n = ranking.docs.size();
    RankingInputs in = prepare(s, ranking, source, background, {.all = options.detail, .metrics = options.detail_metrics});
    in.arrange(identity_order(n), p);

    w.begin_object().member("name", ranking.name).member("n", n).member("k", std::min(p.k, n));
    visit_metrics(s, in, [&](const MetricDescriptor& d, auto&& compute, auto&& write) { write(w.key(d.id), compute()); });
    if (options.detail)
        write_docs(w.key("docs"), s, in.docs);
    else if (options.texts != EvaluateOptions::Texts::none)
        write_texts(w.key("texts"), s, in.docs, source, options.texts);
    w.end_object();
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

std::string write_results(const Scenario& s, TermSource& source, const EvaluateOptions& options) {
    std::vector<Analyzed> background;
    background.reserve(s.background.size());
    for (const auto& doc : s.background) background.push_back(analyze(doc, source, s.params));

    JsonWriter w;
    w.limit(options.limits->output_bytes);
    // With detail, about 1.6 kB of results per document (every metric's per-rank detail and
    // cut-off values); without, about 3 kB per ranking. Never more than the output limit.
    std::uint64_t documents = 0;
    for (const auto& ranking : s.rankings) documents += ranking.docs.size();
    const std::uint64_t expected = 4096 + (options.detail ? 1600 * documents : 3072 * s.rankings.size());
    w.reserve(static_cast<std::size_t>(std::min<std::uint64_t>({expected, options.limits->output_bytes, std::string().max_size() / 2})));
    w.begin_object().key("rankings").begin_array();
    for (const auto& ranking : s.rankings) write_ranking(w, s, ranking, source, background, options);
    w.end_array();
    w.key("groups").array(std::span<const std::string>(s.groups));
    write_params(w.key("params"), s);
    w.member("lexicon", s.default_lexicon ? "built-in" : "scenario");
    w.key("warnings").array(std::span<const std::string>(s.warnings));
    w.end_object();
    return w.take();
}

// The caller's choice of metrics, checked: an id that is no metric is the caller's mistake.
void check_detail_metrics(const EvaluateOptions& options) {
    for (const auto& id : options.detail_metrics)
        if (std::none_of(all_metrics().begin(), all_metrics().end(), [&](const MetricDescriptor* d) { return d->id == id; }))
            throw std::invalid_argument("detail_metrics: \"" + id + "\" is no metric's id");
}

// write_results under options.limits's outputBytes: over it, a ScenarioError naming the limit.
std::string write_limited(const Scenario& s, TermSource& source, const EvaluateOptions& options) {
    check_detail_metrics(options);
    const std::uint64_t max_bytes = options.limits->output_bytes;
    try {
        return write_results(s, source, options);
    } catch (const JsonWriter::TooLarge&) {
        throw ScenarioError("results", "the results JSON is over the limit of " + std::to_string(max_bytes) + " bytes (" +
                                           std::string(limit_key::output_bytes) + "); evaluate fewer or shorter rankings");
    }
}

}  // namespace

std::string evaluate_text(const Scenario& s, const EvaluateOptions& options) {
    FreshTerms source(s, options.detail || options.texts != EvaluateOptions::Texts::none);
    return write_limited(s, source, options);
}

Json evaluate(const Scenario& s, const EvaluateOptions& options) { return Json::parse(evaluate_text(s, options)); }

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
        out.push_back({{"begin", m.begin}, {"end", m.end}, {"group", s.groups[m.group]}, {"term", index.terms()[m.term]}});
    return out;
}

std::string evaluate_json(std::string_view scenario_json, const EvaluateOptions& options) {
    return evaluate_text(parse_scenario(scenario_json, *options.limits), options);
}

// ------------------------------------------------------------------------------------------------
// Evaluator: the documents' terms kept from one call to the next.

struct Evaluator::Cache final : TermSource {
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
    };
    // A text's terms, and whether a call wrote its entry (EvaluateOptions::texts): `written` by
    // the call under way, `reported` once such a call succeeded.
    enum class Report : unsigned char { no, written, reported };
    struct Entry {
        DocTerms terms;
        Report report = Report::no;
    };
    using Map = std::unordered_map<std::string, Entry, Hash, std::equal_to<>>;

    std::vector<std::vector<std::string>> lexicon;  // what the cached terms were analysed under
    Tokenizer tokenizer;
    TermIndex index_;
    Map previous, current;        // texts of the last call; of this call
    std::vector<Entry*> written;  // entries the call under way wrote (nodes: stable addresses)
    std::size_t tokenised = 0;

    Cache(const Scenario& s) : lexicon(s.lexicon.terms), tokenizer(s.params.tokenizer), index_(s.lexicon, s.params.tokenizer) {}

    bool serves(const Scenario& s) const { return tokenizer == s.params.tokenizer && lexicon == s.lexicon.terms; }

    const TermIndex& index() const override { return index_; }

    const DocTerms& terms(const std::string& text) override { return entry(text).terms; }

    bool report(const std::string& text, bool unreported_only) override {
        Entry& e = entry(text);
        if (e.report == Report::written || (unreported_only && e.report == Report::reported)) return false;
        written.push_back(&e);
        e.report = Report::written;
        return true;
    }

    Entry& entry(const std::string& text) {
        if (const auto found = current.find(std::string_view(text)); found != current.end()) return found->second;
        if (const auto kept = previous.find(std::string_view(text)); kept != previous.end())
            return current.insert(previous.extract(kept)).position->second;
        ++tokenised;
        return current.emplace(text, Entry{index_.analyze(text)}).first->second;
    }

    // A call begins: what the previous one read stays available (also after a call that threw,
    // whose written entries were never seen: they count as unreported again).
    void begin() {
        for (Entry* e : written)
            if (e->report == Report::written) e->report = Report::no;
        written.clear();
        previous.merge(current);
        current.clear();
        tokenised = 0;
    }

    // A call succeeded: what it wrote is reported, and only its texts are kept.
    void end() {
        for (Entry* e : written) e->report = Report::reported;
        written.clear();
        previous = std::move(current);
        current = Map{};
    }
};

Evaluator::Evaluator() = default;
Evaluator::~Evaluator() = default;

std::string Evaluator::evaluate_text(const Scenario& s, const EvaluateOptions& options) {
    if (!cache_ || !cache_->serves(s)) cache_ = std::make_unique<Cache>(s);
    cache_->begin();
    auto text = write_limited(s, *cache_, options);
    cache_->end();
    return text;
}

std::string Evaluator::evaluate_json(std::string_view scenario_json, const EvaluateOptions& options) {
    return evaluate_text(parse_scenario(scenario_json, *options.limits), options);
}

std::size_t Evaluator::tokenised() const { return cache_ ? cache_->tokenised : 0; }

const std::vector<const MetricDescriptor*>& all_metrics() {
    static const std::vector<const MetricDescriptor*> metrics{
        &nfairr::descriptor,   &texfair::descriptor,  &dips::descriptor,        &cwex::descriptor,        &awrf::descriptor,
        &dips::ree_descriptor, &dips::igi_descriptor, &exposure::ee_descriptor, &exposure::ea_descriptor, &exposure::eadp_descriptor,
        &rab::rab_descriptor,  &rab::arab_descriptor, &ndcg::descriptor};
    return metrics;
}

// ------------------------------------------------------------------------------------------------
// RankingContext: one ranking's documents, analysed once, scored in any order.

struct RankingContext::Impl {
    const Scenario& s;
    const Ranking& ranking;
    FreshTerms source;
    std::vector<Analyzed> background;
    mutable RankingInputs in;

    Impl(const Scenario& scenario, const Ranking& r, bool detail) : s(scenario), ranking(r), source(scenario, false) {
        for (const auto& doc : s.background) background.push_back(analyze(doc, source, s.params));
        in = prepare(s, ranking, source, background, {.all = detail, .metrics = {}});
    }
};

RankingContext::RankingContext(const Scenario& scenario, std::size_t ranking, bool detail)
    : impl_(std::make_unique<Impl>(scenario, scenario.rankings.at(ranking), detail)) {}

RankingContext::~RankingContext() = default;

const Scenario& RankingContext::scenario() const { return impl_->s; }
const Ranking& RankingContext::ranking() const { return impl_->ranking; }
std::size_t RankingContext::size() const { return impl_->ranking.docs.size(); }

Maybe RankingContext::value(std::size_t metric, std::span<const std::size_t> order, std::string* note) const {
    arrange(order);
    return arranged_value(metric, note);
}

void RankingContext::arrange(std::span<const std::size_t> order) const { impl_->in.arrange(order, impl_->s.params); }

Maybe RankingContext::arranged_value(std::size_t metric, std::string* note) const {
    const MetricDescriptor* target = all_metrics().at(metric);
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
