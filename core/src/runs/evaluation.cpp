#include "fairness/runs/evaluation.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <unordered_set>

#include "../strict_json.hpp"
#include "fairness/json_writer.hpp"
#include "fairness/metrics/awrf.hpp"
#include "fairness/metrics/cwex.hpp"
#include "fairness/metrics/dips.hpp"
#include "fairness/metrics/exposure.hpp"
#include "fairness/metrics/ndcg.hpp"
#include "fairness/metrics/nfairr.hpp"
#include "fairness/metrics/rab.hpp"
#include "fairness/metrics/texfair.hpp"
#include "fairness/runs/collection.hpp"
#include "fairness/runs/term_counter.hpp"
#include "fairness/scenario.hpp"
#include "fairness/weights.hpp"

namespace fairness::runs {

// ------------------------------------------------------------------------------------------------
// The metrics of a run evaluation: each one's name and whether it reads text.

namespace {

enum class Metric {
    nfairr,
    texfair,
    dips,
    cwex,
    awrf,
    ree,
    igi,
    ee,
    ea,
    eadp,
    ndcg,
    rab_tc,
    rab_tf,
    rab_bool,
    arab_tc,
    arab_tf,
    arab_bool
};

struct MetricInfo {
    Metric id;
    const char* name;
};

constexpr MetricInfo metric_table[] = {
    {Metric::nfairr, "NFaiRR"},
    {Metric::texfair, "TExFAIR"},
    {Metric::dips, "DIPS"},
    {Metric::cwex, "CWEx"},
    {Metric::awrf, "AWRF"},
    {Metric::ree, "REE"},
    {Metric::igi, "IGI"},
    {Metric::ee, "EE"},
    {Metric::ea, "EA"},
    {Metric::eadp, "EA-dp"},
    {Metric::ndcg, "nDCG"},
    {Metric::rab_tc, "RaB-tc"},
    {Metric::rab_tf, "RaB-tf"},
    {Metric::rab_bool, "RaB-bool"},
    {Metric::arab_tc, "ARaB-tc"},
    {Metric::arab_tf, "ARaB-tf"},
    {Metric::arab_bool, "ARaB-bool"},
};

bool is_rab(Metric m) { return m >= Metric::rab_tc; }

const MetricInfo* find_metric(std::string_view name) {
    for (const auto& m : metric_table)
        if (name == m.name) return &m;
    return nullptr;
}

bool reads_text(Metric m, bool awrf_by_labels) {
    return m == Metric::nfairr || m == Metric::texfair || (m == Metric::awrf && !awrf_by_labels) || is_rab(m);
}

// Each metric's descriptor: which way is fairer and its range come from there.
const MetricDescriptor& descriptor_of(Metric m) {
    switch (m) {
        case Metric::nfairr: return nfairr::descriptor;
        case Metric::texfair: return texfair::descriptor;
        case Metric::dips: return dips::descriptor;
        case Metric::cwex: return cwex::descriptor;
        case Metric::awrf: return awrf::descriptor;
        case Metric::ree: return dips::ree_descriptor;
        case Metric::igi: return dips::igi_descriptor;
        case Metric::ee: return exposure::ee_descriptor;
        case Metric::ea: return exposure::ea_descriptor;
        case Metric::eadp: return exposure::eadp_descriptor;
        case Metric::ndcg: return ndcg::descriptor;
        case Metric::rab_tc:
        case Metric::rab_tf:
        case Metric::rab_bool: return rab::rab_descriptor;
        case Metric::arab_tc:
        case Metric::arab_tf:
        case Metric::arab_bool: return rab::arab_descriptor;
    }
    throw std::logic_error("a metric without descriptor");
}

// A column's direction and range. RaB and ARaB are one column per magnitude, so the range is
// that magnitude's. Under --official, S is the background alone and NFaiRR can exceed 1.
ColumnInfo column_info(Metric m, std::size_t cutoff, Params p, bool official, bool negative_relevance) {
    const auto& d = descriptor_of(m);
    ColumnInfo info{metric_table[static_cast<int>(m)].name, cutoff, d.fairer, d.utility, {}};
    if (is_rab(m)) p.rab_magnitude = rab::magnitudes[(static_cast<std::size_t>(m) - static_cast<std::size_t>(Metric::rab_tc)) % 3];
    if (d.numeric_range) info.range = d.numeric_range(p);
    if (info.range.needs_nonnegative_relevance && negative_relevance) info.range = {};
    if (m == Metric::nfairr && official) info.range.max = std::numeric_limits<double>::infinity();
    return info;
}

}  // namespace

const std::vector<std::string>& metric_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const auto& m : metric_table) out.emplace_back(m.name);
        return out;
    }();
    return names;
}

bool metric_needs_text(std::string_view name, bool awrf_by_labels) {
    const auto* m = find_metric(name);
    return m && reads_text(m->id, awrf_by_labels);
}

// ------------------------------------------------------------------------------------------------

struct Column {
    Metric metric;
    std::size_t cutoff;
    std::string name;
};

struct Evaluation::Impl {
    Options opt;
    Scenario sc;
    std::string params_json = "{}";  // as given to set_params, for query_scenario
    std::vector<Column> columns;
    Interner qids, docs;
    std::vector<RunTable> runs;
    std::optional<RunTable> background;
    Qrels qrels;
    Labels labels;
    QueryList queries;

    // The input being fed.
    std::optional<Input> current;
    LineSplitter lines;
    std::optional<RunReader> run_reader;
    std::optional<QrelsReader> qrels_reader;
    std::optional<LabelsReader> labels_reader;
    std::optional<QueriesReader> queries_reader;
    RunTable* run_table = nullptr;

    std::optional<TermCounter> counter;
    std::optional<Collection> collection;
    bool collection_done = false;
    Progress progress;

    std::size_t max_cutoff() const { return *std::max_element(opt.cutoffs.begin(), opt.cutoffs.end()); }
    bool awrf_by_labels() const { return sc.params.awrf_alignment == AwrfAlignment::labels; }
    bool needs_text() const {
        return std::any_of(columns.begin(), columns.end(), [&](const Column& c) { return reads_text(c.metric, awrf_by_labels()); });
    }
    bool wants(Metric m) const {
        return std::any_of(columns.begin(), columns.end(), [&](const Column& c) { return c.metric == m; });
    }
    std::size_t background_depth() const { return opt.background_depth; }

    void choose_columns();
    void line(std::string_view text, std::uint64_t number);
    std::vector<Want> wanted() const;
    Results compute();
};

namespace {

std::string with_params(std::string_view json_text, bool official) {
    // The scenario's strict reader: malformed JSON, a key given twice and nesting past the limit
    // are refused with the scenario reader's messages.
    nlohmann::json root = parse_json_strictly(json_text, default_limits(), "scenario");
    if (!root.is_object()) parse_scenario(json_text);
    if (root.contains("rankings")) throw ScenarioError("rankings", "the params file holds no rankings: the runs are the rankings");
    if (root.contains("background")) throw ScenarioError("background", "the params file holds no background: use --background");
    if (root.contains("params") && root["params"].is_object() && root["params"].contains("k"))
        throw ScenarioError("params.k", "the cut-offs come from --cutoffs in run evaluation");
    // The scenario reader wants a ranking; one empty document stands in for the runs.
    root["rankings"] = nlohmann::json::array({{{"docs", nlohmann::json::array({nlohmann::json::object()})}}});
    if (official) {
        if (!root.contains("params") || !root["params"].is_object()) root["params"] = nlohmann::json::object();
        root["params"]["tokenizer"] = "whitespace";
        root["params"]["tauInclusive"] = true;
    }
    return root.dump();
}

}  // namespace

namespace {
// The ids the results show that are not UTF-8 (runs and queries are read as bytes): the writers
// show them with U+FFFD, so the user is told which ones to look for.
std::string not_utf8_warning(const Results& out) {
    std::size_t queries = 0, runs = 0;
    for (const auto& q : out.queries) queries += !is_utf8(q);
    for (const auto& r : out.runs) runs += !is_utf8(r.name);
    if (!queries && !runs) return {};
    const auto count = [](std::size_t n, const char* one, const char* many) { return std::to_string(n) + " " + (n == 1 ? one : many); };
    std::string what = queries ? count(queries, "query id", "query ids") : "";
    if (runs) what += (what.empty() ? "" : " and ") + count(runs, "run name", "run names");
    return what + ((queries + runs) == 1 ? " is" : " are") + " not UTF-8: shown with U+FFFD in place of each byte that is not";
}
}  // namespace

void Evaluation::Impl::choose_columns() {
    columns.clear();
    std::vector<std::pair<const MetricInfo*, std::optional<std::size_t>>> asked;
    for (const auto& raw : opt.metrics) {
        std::string_view name = raw;
        std::optional<std::size_t> cut;
        if (const auto at = name.find('@'); at != std::string_view::npos) {
            long long c = 0;
            if (!parse_int(name.substr(at + 1), c) ||
                std::find(opt.cutoffs.begin(), opt.cutoffs.end(), static_cast<std::size_t>(c)) == opt.cutoffs.end())
                throw InputError("--metrics", 0, raw, "the cut-off is not one of --cutoffs");
            cut = static_cast<std::size_t>(c);
            name = name.substr(0, at);
        }
        const auto* m = find_metric(name);
        if (!m) {
            std::string all;
            for (const auto& n : metric_names()) all += (all.empty() ? "" : ", ") + n;
            throw InputError("--metrics", 0, raw, "unknown metric; expected one of " + all + " (optionally @cutoff)");
        }
        asked.emplace_back(m, cut);
    }
    for (const auto& m : metric_table)
        for (const auto c : opt.cutoffs) {
            const bool take = asked.empty() || std::any_of(asked.begin(), asked.end(),
                                                           [&](const auto& a) { return a.first == &m && (!a.second || *a.second == c); });
            if (take) columns.push_back({m.id, c, std::string(m.name) + "@" + std::to_string(c)});
        }
}

Evaluation::Evaluation(Options options) : impl_(std::make_unique<Impl>()) {
    auto& s = *impl_;
    s.opt = std::move(options);
    if (s.opt.cutoffs.empty()) throw InputError("--cutoffs", 0, "", "give at least one cut-off");
    for (const auto c : s.opt.cutoffs)
        if (c < 1 || c > 1000000) throw InputError("--cutoffs", 0, "", "a cut-off is a whole number from 1 to 1000000");
    // A cut-off given twice is one column (the JSON would otherwise hold a key twice).
    std::vector<std::size_t> distinct;
    for (const auto c : s.opt.cutoffs)
        if (std::find(distinct.begin(), distinct.end(), c) == distinct.end()) distinct.push_back(c);
    s.opt.cutoffs = std::move(distinct);
    if (s.opt.cutoffs.size() > max_cutoffs)
        throw InputError("--cutoffs", 0, "",
                         std::to_string(s.opt.cutoffs.size()) + " cut-offs is over the limit of " + std::to_string(max_cutoffs) +
                             " (each is a column of every metric for every query)");
    if (s.opt.background_depth < 1) throw InputError("--background-depth", 0, "", "must be at least 1");
    if (s.opt.official) s.opt.order = Order::file;
    s.sc = parse_scenario(with_params("{}", s.opt.official));
    s.choose_columns();
}

Evaluation::~Evaluation() = default;

void Evaluation::set_params(std::string_view scenario_json) {
    auto& s = *impl_;
    if (!s.runs.empty() || s.labels.given || s.collection) throw std::logic_error("set_params comes before the inputs");
    s.sc = parse_scenario(with_params(scenario_json, s.opt.official));
    s.params_json = std::string(scenario_json);
    s.choose_columns();
}

void Evaluation::begin(Input kind, std::string name, std::string file) {
    auto& s = *impl_;
    if (s.current) throw std::logic_error("Evaluation::begin before the previous input's end");
    if (s.collection && (kind == Input::run || kind == Input::background))
        throw std::logic_error("runs and the background run come before the collection");
    s.current = kind;
    s.lines = LineSplitter{file};
    switch (kind) {
        case Input::run:
        case Input::background: {
            RunTable table;
            table.name = std::move(name);
            table.file = std::move(file);
            if (kind == Input::run) {
                for (const auto& r : s.runs)
                    if (r.name == table.name) throw InputError(table.file, 0, "", "another run is already named '" + table.name + "'");
                s.runs.push_back(std::move(table));
                s.run_table = &s.runs.back();
            } else {
                if (s.background) throw InputError(table.file, 0, "", "one background run at a time");
                s.background = std::move(table);
                s.run_table = &*s.background;
            }
            s.run_reader.emplace(*s.run_table, s.qids, s.docs);
            break;
        }
        case Input::qrels:
            s.qrels.given = true;
            s.qrels_reader.emplace(s.qrels, s.qids, s.docs, std::move(file));
            break;
        case Input::labels:
            s.labels.given = true;
            s.labels_reader.emplace(s.labels, s.docs, s.sc.groups, std::move(file));
            break;
        case Input::queries:
            s.queries.given = true;
            s.queries_reader.emplace(s.queries, std::move(file));
            break;
    }
}

void Evaluation::Impl::line(std::string_view text, std::uint64_t number) {
    switch (*current) {
        case Input::run:
        case Input::background: run_reader->line(text, number); break;
        case Input::qrels: qrels_reader->line(text, number); break;
        case Input::labels: labels_reader->line(text, number); break;
        case Input::queries: queries_reader->line(text, number); break;
    }
}

void Evaluation::feed(std::string_view chunk) {
    auto& s = *impl_;
    if (!s.current) throw std::logic_error("Evaluation::feed without begin");
    s.lines.feed(chunk, [&](std::string_view text, std::uint64_t number) { s.line(text, number); });
}

void Evaluation::end() {
    auto& s = *impl_;
    if (!s.current) throw std::logic_error("Evaluation::end without begin");
    s.lines.end([&](std::string_view text, std::uint64_t number) { s.line(text, number); });
    if (s.run_reader) {
        s.run_reader->finish();
        order_run(*s.run_table, s.opt.order, s.docs);
    }
    s.run_reader.reset(), s.qrels_reader.reset(), s.labels_reader.reset(), s.queries_reader.reset();
    s.run_table = nullptr;
    s.current.reset();
}

void Evaluation::add(Input kind, std::string name, std::string file, std::string_view bytes) {
    begin(kind, std::move(name), std::move(file));
    feed(bytes);
    end();
}

bool Evaluation::needs_collection() const { return impl_->needs_text(); }

// What to keep of each document: counts for every document within the largest cut-off of a run
// or within the background depth (of a run, or of the background run), the text too within the
// largest cut-off.
std::vector<Want> Evaluation::Impl::wanted() const {
    std::vector<Want> want(docs.size(), Want::skip);
    const auto mark = [&](const RunTable& t, std::size_t depth, Want w) {
        for (const auto& list : t.queries)
            for (std::size_t i = 0; i < list.size() && i < depth; ++i) want[list[i].doc] = std::max(want[list[i].doc], w);
    };
    for (const auto& r : runs) {
        mark(r, max_cutoff(), Want::text);
        if (!background && opt.background_from == BackgroundFrom::run) mark(r, background_depth(), Want::counts);
    }
    if (background) mark(*background, background_depth(), Want::counts);
    return want;
}

namespace {
double omega_of(const void* params, std::span<const double> magnitude) {
    const auto& p = *static_cast<const Params*>(params);
    return nfairr::neutrality(magnitude, p.targets, p.tau, p.tau_inclusive);
}
}  // namespace

void Evaluation::collection_begin(std::string file) {
    auto& s = *impl_;
    if (s.current) throw std::logic_error("collection_begin while another input is open");
    if (s.collection) throw InputError(file, 0, "", "one collection at a time");
    s.counter.emplace(s.sc.lexicon, s.sc.params.tokenizer);
    s.collection.emplace(*s.counter, s.docs, s.wanted(), s.sc.groups.size(), std::move(file));
    if (!s.background && s.opt.background_from == BackgroundFrom::collection)
        s.collection->keep_top_omega(s.max_cutoff(), omega_of, &s.sc.params);
}

void Evaluation::collection_feed(std::string_view chunk) {
    auto& s = *impl_;
    if (!s.collection) throw std::logic_error("collection_feed without collection_begin");
    s.collection->feed(chunk);
    s.progress = {s.collection->bytes(), s.collection->documents(), s.collection->kept()};
}

void Evaluation::collection_end() {
    auto& s = *impl_;
    if (!s.collection) throw std::logic_error("collection_end without collection_begin");
    s.collection->end();
    s.collection_done = true;
    s.progress = {s.collection->bytes(), s.collection->documents(), s.collection->kept()};
}

const Progress& Evaluation::progress() const { return impl_->progress; }

std::string_view Evaluation::document_text(std::string_view docid) const {
    const auto& s = *impl_;
    const auto doc = s.docs.find(docid);
    if (doc == Interner::none || !s.collection) return {};
    const DocRecord* r = s.collection->record(doc);
    return r ? s.collection->text(*r) : std::string_view();
}

Results Evaluation::compute() { return impl_->compute(); }

// ------------------------------------------------------------------------------------------------
// Per query: the scenario whose ranking is the run's top c documents and whose background is the
// query's background documents, with k = c, scored by the metric units' compute functions.

namespace {

// What the metrics read of one document, from the collection's counts. The one place that builds
// a DocTerms for run evaluation (a document missing from the collection has no text: |d| = 0, no
// group term, ω = 1, as in the official code). `to_index[t]`: the TermIndex term of the counter's
// term t (the counter keeps a term repeated in the lexicon once per occurrence; TermIndex once).
DocTerms doc_terms(const Collection* collection, const TermCounter* counter, std::span<const std::uint32_t> to_index, std::uint32_t doc,
                   std::size_t groups) {
    DocTerms t;
    t.magnitude.assign(groups, 0.0);
    const DocRecord* r = collection ? collection->record(doc) : nullptr;
    if (!r) return t;
    t.tokens = r->tokens;
    for (const auto& tc : collection->counts(*r)) {
        t.magnitude[counter->group_of(tc.term)] += tc.count;
        t.term_counts.push_back({to_index[tc.term], static_cast<std::uint32_t>(tc.count)});
    }
    // Sorted by term index, one entry per term (DocTerms' invariant).
    std::sort(t.term_counts.begin(), t.term_counts.end(),
              [](const fairness::TermCount& a, const fairness::TermCount& b) { return a.term < b.term; });
    std::size_t kept = 0;
    for (const auto& c : t.term_counts) {
        if (kept > 0 && t.term_counts[kept - 1].term == c.term)
            t.term_counts[kept - 1].count += c.count;
        else
            t.term_counts[kept++] = c;
    }
    t.term_counts.resize(kept);
    return t;
}

struct Analyzed {
    DocTerms terms;
    double omega = 1;
    std::vector<double> alignment;
};

// The inputs of the compute functions for the top m documents of one ranking, in rank order.
struct Inputs {
    std::vector<double> omega, relevance, set_omega, browsing, count_f, count_m;
    std::vector<const DocTerms*> terms;
    std::vector<int> labels;
    std::vector<double> alignments;  // rank r + 1, group g at [r · groups + g]
    std::vector<dips::Item> items;
};

}  // namespace

Results Evaluation::Impl::compute() {
    if (current) throw std::logic_error("compute while an input is open");
    if (runs.empty()) throw InputError("", 0, "RUN", "give at least one run");
    if (needs_text() && !collection_done) {
        std::string names;
        for (const auto& c : columns)
            if (reads_text(c.metric, awrf_by_labels()) && names.find(metric_table[static_cast<int>(c.metric)].name) == std::string::npos)
                names += (names.empty() ? "" : ", ") + std::string(metric_table[static_cast<int>(c.metric)].name);
        throw InputError("--collection", 0, "", "required: " + names + " read the documents' text (or choose --metrics without them)");
    }
    const Params& p = sc.params;
    const std::size_t G = sc.groups.size();
    Results out;
    out.cutoffs = opt.cutoffs;
    for (const auto& c : columns) out.columns.push_back(c.name);

    // The queries: the list (filtered by label), else every query of the first run.
    if (!opt.query_label.empty() && !queries.given) throw InputError("--query-label", 0, "", "needs --queries (an annotated query list)");
    if (queries.given) {
        if (!opt.query_label.empty() && !queries.annotated)
            throw InputError("--query-label", 0, "",
                             "the query list has no labels (expected qid,query text,label or qid<TAB>query text<TAB>label lines)");
        for (std::size_t i = 0; i < queries.ids.size(); ++i) {
            if (!opt.query_label.empty() && resolve_label(queries.labels[i], {opt.query_label}) != 0) continue;
            out.queries.push_back(queries.ids[i]);
            out.query_texts.push_back(queries.texts[i]);
        }
        if (out.queries.empty()) out.warnings.push_back("no query of the query list has the label '" + opt.query_label + "'");
    } else {
        for (const auto q : runs.front().query_order) {
            out.queries.emplace_back(qids.name(q));
            out.query_texts.emplace_back();
        }
    }

    out.baseline = opt.baseline.empty() ? runs.front().name : opt.baseline;
    std::size_t baseline_index = runs.size();
    for (std::size_t r = 0; r < runs.size(); ++r)
        if (runs[r].name == out.baseline) baseline_index = r;
    if (baseline_index == runs.size()) throw InputError("--baseline", 0, "", "no run is named '" + out.baseline + "'");

    const Collection* coll = collection_done ? &*collection : nullptr;
    const std::size_t maxc = max_cutoff();
    const std::size_t depth = background_depth();

    // The TermIndex that names the documents' term counts for TExFAIR, and each counter term's index in it.
    const TermIndex index(sc.lexicon, p.tokenizer);
    std::vector<std::uint32_t> to_index;
    if (counter) {
        to_index.resize(counter->term_count());
        for (std::size_t t = 0; t < to_index.size(); ++t) to_index[t] = index.find(counter->term(t)).value();
    }

    // Each document analysed once (terms, ω, AWRF alignment), on first use; a background
    // document needs its ω only.
    std::vector<std::int32_t> slot(docs.size(), -1);
    std::deque<Analyzed> analyzed;
    const auto analyze = [&](std::uint32_t doc) -> const Analyzed& {
        if (slot[doc] < 0) {
            slot[doc] = static_cast<std::int32_t>(analyzed.size());
            auto& a = analyzed.emplace_back();
            a.terms = doc_terms(coll, counter ? &*counter : nullptr, to_index, doc, G);
            a.omega = nfairr::neutrality(a.terms.magnitude, p.targets, p.tau, p.tau_inclusive);
            const auto l = labels.of.find(doc);
            a.alignment.resize(G);
            awrf::alignment(a.terms.magnitude, l == labels.of.end() ? -1 : l->second.first, p.awrf_alignment, a.alignment);
        }
        return analyzed[static_cast<std::size_t>(slot[doc])];
    };
    std::vector<double> omega_cache(docs.size(), std::numeric_limits<double>::quiet_NaN());
    const auto omega_of_doc = [&](std::uint32_t doc) {
        if (std::isnan(omega_cache[doc])) {
            std::vector<double> magnitude(G, 0.0);
            if (const DocRecord* r = coll ? coll->record(doc) : nullptr)
                for (const auto& tc : coll->counts(*r)) magnitude[counter->group_of(tc.term)] += tc.count;
            omega_cache[doc] = nfairr::neutrality(magnitude, p.targets, p.tau, p.tau_inclusive);
        }
        return omega_cache[doc];
    };
    const auto label_of = [&](std::uint32_t doc) {
        const auto l = labels.of.find(doc);
        return l == labels.of.end() ? -1 : l->second.first;
    };

    std::unordered_set<std::uint32_t> missing_docs, unlabeled_docs, no_background;
    std::size_t unjudged = 0;
    const bool text = needs_text();
    const auto collection_top = coll ? coll->top_omega() : std::vector<std::pair<double, std::uint32_t>>{};
    const bool use_collection = !background && opt.background_from == BackgroundFrom::collection;

    for (const auto& run : runs) {
        RunResult rr;
        rr.name = run.name;
        rr.values.assign(out.queries.size(), std::vector<Maybe>(columns.size()));
        std::size_t absent = 0;
        for (std::size_t qi = 0; qi < out.queries.size(); ++qi) {
            const auto qid = qids.find(out.queries[qi]);
            if (qid == Interner::none || !run.has(qid)) {
                ++absent;
                continue;
            }
            const auto& list = run.queries[qid];
            // The query's background documents.
            std::vector<std::uint32_t> bg;
            bool has_background = true;
            if (background) {
                has_background = background->has(qid);
                if (has_background)
                    for (std::size_t i = 0; i < background->queries[qid].size() && i < depth; ++i)
                        bg.push_back(background->queries[qid][i].doc);
                else
                    no_background.insert(qid);
            } else if (!use_collection) {
                for (std::size_t i = 0; i < list.size() && i < depth; ++i) bg.push_back(list[i].doc);
            }
            // Warnings, over the documents the metrics read.
            for (std::size_t i = 0; i < list.size() && i < maxc; ++i) {
                const auto d = list[i].doc;
                if (text && !coll->record(d)) missing_docs.insert(d);
                if (labels.given && !labels.of.count(d)) unlabeled_docs.insert(d);
                if (qrels.given && !qrels.find(qid, d)) ++unjudged;
            }
            if (text)
                for (const auto d : bg)
                    if (!coll->record(d)) missing_docs.insert(d);
            // The background's ω, once per query; de-duplicated (a background run cannot repeat a
            // document, but stay safe).
            std::vector<std::pair<std::uint32_t, double>> bg_omega;
            if (wants(Metric::nfairr))
                for (const auto d : bg) bg_omega.emplace_back(d, omega_of_doc(d));
            // The ideal for nDCG: every judged document of the query (trec_eval), not only the retrieved.
            std::vector<double> ideal;
            if (qrels.given && qid < qrels.by_query.size())
                for (const auto& [d, rel] : qrels.by_query[qid]) ideal.push_back(rel);
            std::sort(ideal.begin(), ideal.end(), std::greater<>());

            for (const auto c : opt.cutoffs) {
                const std::size_t m = std::min(c, list.size());
                Inputs in;
                std::vector<std::uint32_t> top;
                for (std::size_t i = 0; i < m; ++i) {
                    const auto d = list[i].doc;
                    top.push_back(d);
                    const auto& a = analyze(d);
                    const double* rel = qrels.find(qid, d);
                    const int label = label_of(d);
                    in.omega.push_back(a.omega);
                    in.relevance.push_back(rel ? *rel : 0.0);
                    in.terms.push_back(&a.terms);
                    in.labels.push_back(label);
                    in.alignments.insert(in.alignments.end(), a.alignment.begin(), a.alignment.end());
                    const auto side = label == static_cast<int>(p.dips_a)   ? dips::Side::a
                                      : label == static_cast<int>(p.dips_b) ? dips::Side::b
                                                                            : dips::Side::neither;
                    in.items.push_back({side, in.relevance.back()});
                    in.count_f.push_back(a.terms.magnitude[p.rab_f]);  // c_f, c_m: the RaB groups' term counts
                    in.count_m.push_back(a.terms.magnitude[p.rab_m]);
                }
                std::optional<rab::Result> rab_result;  // every magnitude of RaB and ARaB at once
                in.browsing = browsing_weights(p.browsing, p.gamma, m);
                // NFaiRR's set S: the ranking plus the background, de-duplicated by id; with
                // --official the background only (the official code does not add the ranking).
                if (wants(Metric::nfairr)) {
                    std::sort(top.begin(), top.end());
                    const auto in_top = [&](std::uint32_t d) { return !opt.official && std::binary_search(top.begin(), top.end(), d); };
                    if (!opt.official) in.set_omega = in.omega;
                    if (use_collection) {
                        for (const auto& [w, d] : collection_top)
                            if (d == Interner::none || !in_top(d)) in.set_omega.push_back(w);
                    } else {
                        for (const auto& [d, w] : bg_omega)
                            if (!in_top(d)) in.set_omega.push_back(w);
                    }
                }
                for (std::size_t col = 0; col < columns.size(); ++col) {
                    if (columns[col].cutoff != c) continue;
                    Maybe v;
                    switch (columns[col].metric) {
                        case Metric::nfairr:
                            if (opt.official && !has_background) break;  // the official code skips such a query
                            v = nfairr::compute(in.omega, in.set_omega, c).value;
                            break;
                        case Metric::texfair: v = texfair::compute(in.terms, index, p.targets, p.rbdf, c, false).value; break;
                        case Metric::dips: v = dips::dips(in.items, in.browsing, p.ct).value; break;
                        case Metric::cwex: v = cwex::compute(in.labels, G, p.alpha, c).value; break;
                        case Metric::awrf: v = awrf::compute(in.alignments, p.targets, p.awrf_distance, c, false).value; break;
                        case Metric::ree: v = dips::ree(in.items, p.ct).value; break;
                        case Metric::igi: v = dips::igi(in.items, p.ct).value; break;
                        case Metric::ee: v = exposure::compute(in.items, in.browsing, exposure::Target::ee, false).value; break;
                        case Metric::ea: v = exposure::compute(in.items, in.browsing, exposure::Target::ea, false).value; break;
                        case Metric::eadp: v = exposure::compute(in.items, in.browsing, exposure::Target::eadp, false).value; break;
                        case Metric::rab_tc:
                        case Metric::rab_tf:
                        case Metric::rab_bool:
                        case Metric::arab_tc:
                        case Metric::arab_tf:
                        case Metric::arab_bool: {
                            if (!rab_result) rab_result = rab::compute(in.count_f, in.count_m, c);
                            const auto metric = columns[col].metric;
                            const bool arab = metric >= Metric::arab_tc;
                            const auto magnitude = rab::magnitudes[static_cast<std::size_t>(metric) -
                                                                   static_cast<std::size_t>(arab ? Metric::arab_tc : Metric::rab_tc)];
                            v = rab::of(arab ? rab_result->arab : rab_result->rab, magnitude).value;
                            break;
                        }
                        case Metric::ndcg: {
                            // DCG of the ranking over IDCG of the query's judged documents (trec_eval).
                            const double idcg = ndcg::compute(ideal, p.ndcg_gain, c).dcg;
                            if (idcg > 0) v = ndcg::compute(in.relevance, p.ndcg_gain, c).dcg / idcg;
                            break;
                        }
                    }
                    rr.values[qi][col] = v;
                }
            }
        }
        if (absent)
            out.warnings.push_back(std::to_string(absent) + " of " + std::to_string(out.queries.size()) + " queries are not in run '" +
                                   run.name + "': their values are null");
        out.runs.push_back(std::move(rr));
    }

    // Summaries and comparisons against the baseline, by each metric's direction and range.
    bool negative_relevance = false;
    for (const auto& judged : qrels.by_query)
        for (const auto& [d, rel] : judged) negative_relevance |= rel < 0;
    for (const auto& c : columns) out.column_info.push_back(column_info(c.metric, c.cutoff, p, opt.official, negative_relevance));
    out.bootstrap = opt.bootstrap;
    summarize_and_compare(out, baseline_index);

    // Warnings, counted.
    const auto plural = [](std::size_t n, const char* one, const char* many) { return std::to_string(n) + " " + (n == 1 ? one : many); };
    if (!missing_docs.empty())
        out.warnings.push_back(plural(missing_docs.size(), "document named by the runs or the background is",
                                      "documents named by the runs or the background are") +
                               " not in the collection: no text, ω = 1 (as the official NFaiRR code)");
    if (labels.given && !unlabeled_docs.empty())
        out.warnings.push_back(
            plural(unlabeled_docs.size(), "document within the largest cut-off has", "documents within the largest cut-off have") +
            " no label: neutral");
    const bool label_metrics = wants(Metric::dips) || wants(Metric::cwex) || wants(Metric::ree) || wants(Metric::igi) ||
                               wants(Metric::ee) || wants(Metric::ea) || wants(Metric::eadp) || (wants(Metric::awrf) && awrf_by_labels());
    if (!labels.given && label_metrics)
        out.warnings.push_back(
            "no labels (--labels): every document is neutral, so DIPS, REE, IGI and EE/EA/EA-dp are undefined and CWEx sees only neutral "
            "documents");
    if (qrels.given && unjudged)
        out.warnings.push_back(
            plural(unjudged, "retrieved document within the largest cut-off is", "retrieved documents within the largest cut-off are") +
            " unjudged: relevance 0");
    if (!qrels.given && (wants(Metric::ndcg) || wants(Metric::ee) || wants(Metric::ea)))
        out.warnings.push_back("no qrels (--qrels): every relevance is 0, so nDCG and EA are undefined and EE sees one relevance level");
    if (!no_background.empty())
        out.warnings.push_back(plural(no_background.size(), "query has", "queries have") +
                               std::string(" no document in the background run: ") +
                               (opt.official ? "NFaiRR is null for them (the official code skips them)" : "S is the ranking alone"));
    for (const auto& w : sc.warnings) out.warnings.push_back("params: " + w);
    if (const auto w = not_utf8_warning(out); !w.empty()) out.warnings.push_back(w);
    return out;
}

// ------------------------------------------------------------------------------------------------
// One query of the runs as a scenario for the playground: the runs' top documents as rankings, with
// the texts the collection kept (those within the largest cut-off), labels and relevance.

namespace {
// An id as the results show it: bytes that are not UTF-8 as U+FFFD (JsonWriter, the page's
// TextDecoder), so that a query or run named with such bytes can be opened by the name shown.
std::string shown(std::string_view id) {
    return nlohmann::json(std::string(id)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}
}  // namespace

std::string Evaluation::query_scenario(std::string_view query, const std::vector<std::string>& run_names, std::size_t cutoff) const {
    const auto& s = *impl_;
    if (s.current) throw std::logic_error("query_scenario while an input is open");
    if (std::find(s.opt.cutoffs.begin(), s.opt.cutoffs.end(), cutoff) == s.opt.cutoffs.end())
        throw InputError("--cutoffs", 0, "", "the cut-off " + std::to_string(cutoff) + " is not one of the evaluation's");
    auto qid = s.qids.find(query);
    if (qid == Interner::none) {
        const std::string wanted = shown(query);
        for (std::uint32_t q = 0; q < s.qids.size() && qid == Interner::none; ++q)
            if (shown(s.qids.name(q)) == wanted) qid = q;
    }
    if (qid == Interner::none) throw InputError("query", 0, "", "no run or qrels name the query '" + std::string(query) + "'");
    query = s.qids.name(qid);
    auto root = nlohmann::json::parse(with_params(s.params_json, s.opt.official));
    root["params"]["k"] = cutoff;
    std::string text;
    for (std::size_t i = 0; i < s.queries.ids.size(); ++i)
        if (s.queries.ids[i] == query) text = s.queries.texts[i];
    root["title"] = "Query " + std::string(query) + (text.empty() ? "" : ": " + text);
    auto rankings = nlohmann::json::array();
    for (const auto& name : run_names) {
        auto run = std::find_if(s.runs.begin(), s.runs.end(), [&](const RunTable& r) { return r.name == name; });
        if (run == s.runs.end())
            run = std::find_if(s.runs.begin(), s.runs.end(), [&](const RunTable& r) { return shown(r.name) == shown(name); });
        if (run == s.runs.end()) throw InputError("run", 0, "", "no run is named '" + name + "'");
        auto docs = nlohmann::json::array();
        if (run->has(qid))
            for (std::size_t i = 0; i < run->queries[qid].size() && i < cutoff; ++i) {
                const auto d = run->queries[qid][i].doc;
                const auto l = s.labels.of.find(d);
                const int label = l == s.labels.of.end() ? -1 : l->second.first;
                const double* rel = s.qrels.find(qid, d);
                docs.push_back({{"id", std::string(s.docs.name(d))},
                                {"text", std::string(document_text(s.docs.name(d)))},
                                {"label", label < 0 ? std::string("neutral") : s.sc.groups[static_cast<std::size_t>(label)]},
                                {"relevance", rel ? *rel : 0.0}});
            }
        rankings.push_back({{"name", name}, {"docs", std::move(docs)}});
    }
    root["rankings"] = std::move(rankings);
    return root.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace fairness::runs
