#include "fairness/evaluate.hpp"

#include <algorithm>
#include <array>
#include <deque>
#include <functional>
#include <optional>
#include <span>
#include <stdexcept>
#include <unordered_map>

#include "fairness/metric_unit.hpp"
#include "fairness/ranking_context.hpp"
#include "fairness/ranking_inputs.hpp"

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

// A document of the scenario, analysed once and shared by every metric.
struct Analyzed {
    const Document* doc;
    AnalyzedDocument facts;
};

Analyzed analyze(const Document& doc, TermSource& source, const Scenario& s) {
    return {&doc, analyze_document(source.terms(doc.text), doc.label, s.params, s.groups.size())};
}

// S for NFaiRR: the ranking's documents plus the background, de-duplicated by id (ranking wins;
// the reader has refused repeated ids within the ranking and within the background).
std::vector<double> background_set_omega(const std::vector<Analyzed>& ranking, const std::vector<Analyzed>& background) {
    std::vector<double> omega;
    omega.reserve(ranking.size() + background.size());
    for (const auto& a : ranking) omega.push_back(a.facts.omega);
    if (background.empty()) return omega;
    std::unordered_map<std::string_view, std::size_t> background_of;  // id -> index in `background`
    for (std::size_t i = 0; i < background.size(); ++i)
        if (background[i].doc->id) background_of.emplace(*background[i].doc->id, i);
    std::vector<bool> in_ranking(background.size(), false);
    for (const auto& a : ranking)
        if (a.doc->id)
            if (const auto found = background_of.find(*a.doc->id); found != background_of.end()) in_ranking[found->second] = true;
    for (std::size_t i = 0; i < background.size(); ++i)
        if (!in_ranking[i]) omega.push_back(background[i].facts.omega);
    return omega;
}

// Which metrics compute and write their per-rank detail and value at every cut-off.
struct DetailChoice {
    bool all = true;
    std::span<const std::string> metrics;  // when not all
    bool of(const MetricDescriptor& d) const { return all || std::find(metrics.begin(), metrics.end(), d.id) != metrics.end(); }
};

// One ranking's documents, analysed once, and the metrics' inputs for them in one order (laid out
// again by `arrange`, so that the best and worst orderings score many orders without reading a
// text again).
struct ScenarioRanking {
    std::vector<Analyzed> docs;  // in the ranking's order
    MetricInputs in;

    ScenarioRanking(const Scenario& s, const Ranking& ranking, TermSource& source, const std::vector<Analyzed>& background) {
        docs.reserve(ranking.docs.size());
        for (const auto& doc : ranking.docs) docs.push_back(analyze(doc, source, s));
        in.index = &source.index();
        in.groups = s.groups.size();
        set_background(in, background_set_omega(docs, background));
    }

    // order[r] = index into `docs` of the document at rank r + 1.
    void arrange(std::span<const std::size_t> order, const Params& p) {
        arrange_inputs(in, order.size(), p, [&](std::size_t r) {
            const auto& a = docs[order[r]];
            return std::pair<const AnalyzedDocument&, double>(a.facts, a.doc->relevance);
        });
    }
};

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

void write_id(JsonWriter& w, const Document& doc) {
    w.key("id");
    if (doc.id)
        w.value(*doc.id);
    else
        w.null();
}

// Each document with what the term-based metrics read of it, and where its group terms are, for highlighting.
void write_docs(JsonWriter& w, const Scenario& s, const std::vector<Analyzed>& docs) {
    w.begin_array();
    for (const auto& a : docs) {
        write_id(w.begin_object(), *a.doc);
        w.member("label", a.doc->label < 0 ? std::string(neutral_label) : s.groups[static_cast<std::size_t>(a.doc->label)]);
        w.member("relevance", a.doc->relevance);
        write_terms(w, s, *a.facts.terms);
        w.end_object();
    }
    w.end_array();
}

// The background documents, which only NFaiRR reads (its set S beyond each ranking's own): each
// one's ω (Eq. 2) under the params, and what the core read of its text.
void write_background(JsonWriter& w, const Scenario& s, const std::vector<Analyzed>& background) {
    w.begin_array();
    for (const auto& a : background) {
        write_id(w.begin_object(), *a.doc);
        w.member("omega", a.facts.omega);
        write_terms(w, s, *a.facts.terms);
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
        write_terms(w, s, *a.facts.terms);
        w.end_object();
    }
    w.end_array();
}

void write_ranking(JsonWriter& w, const Scenario& s, const Ranking& ranking, TermSource& source, const std::vector<Analyzed>& background,
                   const EvaluateOptions& options) {
    const Params& p = s.params;
    const std::size_t n = ranking.docs.size();
    ScenarioRanking r(s, ranking, source, background);
    r.arrange(identity_order(n), p);
    const DetailChoice detail{.all = options.detail, .metrics = options.detail_metrics};
    const MetricContext context{p, s.groups};

    w.begin_object().member("name", ranking.name).member("n", n).member("k", std::min(p.k, n));
    for (const auto* unit : metric_units()) unit->write(w.key(unit->descriptor->id), r.in, context, detail.of(*unit->descriptor));
    if (options.detail)
        write_docs(w.key("docs"), s, r.docs);
    else if (options.texts != EvaluateOptions::Texts::none)
        write_texts(w.key("texts"), s, r.docs, source, options.texts);
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
    w.member("ndklTarget", to_string(p.ndkl_target)).member("ndklEpsilon", p.ndkl_epsilon);
    w.end_object();
}

std::string write_results(const Scenario& s, TermSource& source, const EvaluateOptions& options) {
    std::vector<Analyzed> background;
    background.reserve(s.background.size());
    for (const auto& doc : s.background) background.push_back(analyze(doc, source, s));

    JsonWriter w;
    w.limit(options.limits->output_bytes);
    // With detail, about 1.6 kB of results per document (every metric's per-rank detail and
    // cut-off values); without, about 3 kB per ranking; a background document's entry, about
    // 0.2 kB. Never more than the output limit.
    std::uint64_t documents = 0;
    for (const auto& ranking : s.rankings) documents += ranking.docs.size();
    const std::uint64_t expected = 4096 + (options.detail ? 1600 * documents : 3072 * s.rankings.size()) +
                                   (options.detail || options.background ? 256 * s.background.size() : 0);
    w.reserve(static_cast<std::size_t>(std::min<std::uint64_t>({expected, options.limits->output_bytes, std::string().max_size() / 2})));
    w.begin_object().key("rankings").begin_array();
    for (const auto& ranking : s.rankings) write_ranking(w, s, ranking, source, background, options);
    w.end_array();
    if (!background.empty() && (options.detail || options.background)) write_background(w.key("background"), s, background);
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
    FreshTerms source(s, options.detail || options.background || options.texts != EvaluateOptions::Texts::none);
    return write_limited(s, source, options);
}

Json evaluate(const Scenario& s, const EvaluateOptions& options) { return Json::parse(evaluate_text(s, options)); }

std::string describe_metrics_text() {
    JsonWriter out;
    out.begin_array();
    for (const auto* m : all_metrics()) {
        out.begin_object()
            .member("id", m->id)
            .member("name", m->name)
            .member("summary", m->summary)
            .member("paper", m->paper)
            .member("equations", m->equations)
            .member("range", m->range)
            .member("fairer", to_string(m->fairer))
            .member("usesCutoff", m->uses_cutoff)
            .key("params")
            .begin_array();
        for (const auto& p : m->params)
            out.begin_object().member("key", p.key).member("default", p.default_value).member("meaning", p.meaning).end_object();
        out.end_array()
            .member("formula", m->formula)
            .key("chart")
            .begin_object()
            .member("kind", m->chart.kind)
            .member("key", m->chart.key)
            .member("title", m->chart.title)
            .end_object()
            .key("parts")
            .begin_array();
        for (const auto& part : m->parts)
            out.begin_object()
                .member("kind", part.kind)
                .member("key", part.key)
                .member("label", part.label)
                .member("when", part.when)
                .end_object();
        out.end_array().end_object();
    }
    return out.end_array().take();
}

Json describe_metrics() { return Json::parse(describe_metrics_text()); }

std::string find_terms_text(const Scenario& s, std::string_view text) {
    const TermIndex index(s.lexicon, s.params.tokenizer);
    JsonWriter out;
    out.begin_array();
    for (const auto& m : index.analyze(text).matches)
        out.begin_object()
            .member("begin", m.begin)
            .member("end", m.end)
            .member("group", s.groups[m.group])
            .member("term", index.terms()[m.term])
            .end_object();
    return out.end_array().take();
}

Json find_terms(const Scenario& s, std::string_view text) { return Json::parse(find_terms_text(s, text)); }

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
    std::vector<std::string> groups;                // and the names their written entries gave the groups
    Tokenizer tokenizer;
    TermIndex index_;
    Map previous, current;        // texts of the last call; of this call
    std::vector<Entry*> written;  // entries the call under way wrote (nodes: stable addresses)
    std::size_t tokenised = 0;

    Cache(const Scenario& s)
        : lexicon(s.lexicon.terms), groups(s.groups), tokenizer(s.params.tokenizer), index_(s.lexicon, s.params.tokenizer) {}

    // A group renamed leaves the terms as they are, but what was reported names the old group.
    bool serves(const Scenario& s) const { return tokenizer == s.params.tokenizer && lexicon == s.lexicon.terms && groups == s.groups; }

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
    static const std::vector<const MetricDescriptor*> metrics = [] {
        std::vector<const MetricDescriptor*> out;
        for (const auto* unit : metric_units()) out.push_back(unit->descriptor);
        return out;
    }();
    return metrics;
}

const MetricUnit* find_metric_unit(std::string_view id) {
    for (const auto* unit : metric_units())
        if (unit->descriptor->id == id) return unit;
    return nullptr;
}

// ------------------------------------------------------------------------------------------------
// RankingContext: one ranking's documents, analysed once, scored in any order.

struct RankingContext::Impl {
    const Scenario& s;
    const Ranking& ranking;
    FreshTerms source;
    bool detail;
    std::vector<Analyzed> background;
    std::optional<ScenarioRanking> r;

    Impl(const Scenario& scenario, const Ranking& ranked, bool with_detail)
        : s(scenario), ranking(ranked), source(scenario, false), detail(with_detail) {
        for (const auto& doc : s.background) background.push_back(analyze(doc, source, s));
        r.emplace(s, ranking, source, background);
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

void RankingContext::arrange(std::span<const std::size_t> order) const { impl_->r->arrange(order, impl_->s.params); }

Maybe RankingContext::arranged_value(std::size_t metric, std::string* note) const {
    const Params& p = impl_->s.params;
    return metric_units().at(metric)->value(impl_->r->in, p, p.k, impl_->detail, note);
}

std::vector<Maybe> RankingContext::values(std::span<const std::size_t> order) const {
    arrange(order);
    std::vector<Maybe> out;
    out.reserve(metric_units().size());
    for (std::size_t m = 0; m < metric_units().size(); ++m) out.push_back(arranged_value(m));
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
