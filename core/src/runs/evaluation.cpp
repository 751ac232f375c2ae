#include "fairness/runs/evaluation.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <unordered_set>

#include "../strict_json.hpp"
#include "count.hpp"
#include "fairness/json_writer.hpp"
#include "fairness/metric_unit.hpp"
#include "fairness/ranking_inputs.hpp"
#include "fairness/runs/collection.hpp"
#include "fairness/runs/term_counter.hpp"
#include "fairness/scenario.hpp"
#include "fairness/weights.hpp"

namespace fairness::runs {

// ------------------------------------------------------------------------------------------------
// The columns of a run evaluation: each metric unit of the registry, or each of its run variants
// (RaB's magnitudes), at each cut-off.

namespace {

// A metric as run evaluation names it: a unit, and which of its variants (null: the unit itself).
struct RunMetric {
    const MetricUnit* unit;
    const RunVariant* variant;
    std::string_view name() const { return variant ? variant->name : unit->descriptor->name; }
};

const std::vector<RunMetric>& run_metrics() {
    static const std::vector<RunMetric> metrics = [] {
        std::vector<const MetricUnit*> units(metric_units().begin(), metric_units().end());
        std::stable_sort(units.begin(), units.end(),
                         [](const MetricUnit* a, const MetricUnit* b) { return a->run_position < b->run_position; });
        std::vector<RunMetric> out;
        for (const auto* unit : units) {
            if (unit->run_variants.empty()) out.push_back({unit, nullptr});
            for (const auto& variant : unit->run_variants) out.push_back({unit, &variant});
        }
        return out;
    }();
    return metrics;
}

// A list in words: "a", "a and b", "a, b and c" (or "a, b or c").
template <typename Names>
std::string names_of(const Names& names, std::string_view last = " and ") {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i)
        out.append(i == 0 ? "" : i + 1 == names.size() ? last : ", ").append(std::string_view(names[i]));
    return out;
}

bool same_ignoring_case(std::string_view a, std::string_view b) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [&](char x, char y) { return lower(x) == lower(y); });
}

// A name in any case ("nfairr" is NFaiRR): no two metrics' names differ by case alone.
const RunMetric* find_metric(std::string_view name) {
    for (const auto& m : run_metrics())
        if (same_ignoring_case(name, m.name())) return &m;
    return nullptr;
}

// "RaB" names no column: RaB and ARaB are one column per magnitude. The names it begins.
std::string meant_by(std::string_view name) {
    std::vector<std::string> meant;
    for (const auto& n : metric_names())
        if (n.size() > name.size() + 1 && n[name.size()] == '-' && same_ignoring_case(name, std::string_view(n).substr(0, name.size())))
            meant.push_back(n);
    return names_of(meant, " or ");
}

bool reads(const MetricUnit& unit, Reads what, const Params& p) { return unit.reads(p) & static_cast<unsigned>(what); }

// A column's direction and range. RaB and ARaB are one column per magnitude, so the range is
// that magnitude's. Under --official, S is the background alone and NFaiRR can exceed 1. A range
// that needs relevance of at least 0 holds: the qrels reader reads a negative grade as 0.
ColumnInfo column_info(const RunMetric& m, std::size_t cutoff, const Params& p, bool official) {
    const auto& d = *m.unit->descriptor;
    ColumnInfo info{std::string(m.name()), cutoff, d.fairer, d.utility, {}};
    if (d.numeric_range) info.range = d.numeric_range(p);
    if (official && reads(*m.unit, Reads::background, p)) info.range.max = std::numeric_limits<double>::infinity();
    return info;
}

}  // namespace

const std::vector<std::string>& metric_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const auto& m : run_metrics()) out.emplace_back(m.name());
        return out;
    }();
    return names;
}

// ------------------------------------------------------------------------------------------------

struct Column {
    RunMetric metric;
    std::size_t cutoff;
    std::string name;
    Params params;  // the evaluation's, adjusted by the variant
};

class DocumentTable;
struct RunNotes;

struct Evaluation::Impl {
    Options opt;
    bool score_order_replaced = false;  // --order score given with --official, which reads file order
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
    bool column_reads(const Column& c, Reads what) const { return reads(*c.metric.unit, what, sc.params); }
    bool needs_text() const {
        return std::any_of(columns.begin(), columns.end(), [&](const Column& c) { return column_reads(c, Reads::text); });
    }
    bool any_reads(Reads what) const {
        return std::any_of(columns.begin(), columns.end(), [&](const Column& c) { return column_reads(c, what); });
    }
    std::size_t background_depth() const { return opt.background_depth; }

    void choose_columns();
    void line(std::string_view text, std::uint64_t number);
    std::vector<Want> wanted() const;
    Results compute();

    // compute(), by what it does:
    void check_ready() const;
    void select_queries(Results& out) const;
    std::size_t baseline_index(Results& out) const;
    RunResult evaluate_run(const RunTable& run, const Results& out, DocumentTable& table, RunNotes& notes) const;
    // evaluate_run(), per query, by what each part reads:
    bool query_background(const std::vector<RunEntry>& list, std::uint32_t qid, std::vector<std::uint32_t>& bg, RunNotes& notes) const;
    void note_documents(const std::vector<RunEntry>& list, std::uint32_t qid, const std::vector<std::uint32_t>& bg, RunNotes& notes) const;
    void set_judged_ideal(MetricInputs& in, std::uint32_t qid) const;
    void set_nfairr_set(MetricInputs& in, const std::vector<RunEntry>& list, std::size_t m,
                        const std::vector<std::pair<std::uint32_t, double>>& bg_omega,
                        const std::vector<std::pair<double, std::uint32_t>>& collection_top, bool has_background) const;
    bool background_from_collection() const { return !background && opt.background_from == BackgroundFrom::collection; }
    void add_warnings(Results& out, const RunNotes& notes) const;
    std::string qrels_of_other_queries(const Results& out) const;
    std::vector<std::string> judgment_warnings(const Results& out) const;
    void add_qrels_warnings(Results& out, const RunNotes& notes) const;
    std::string typographic_warning() const;
};

namespace {

// A params file's settings (groups, lexicon, params) as a tree, with --official's conventions. A
// whole scenario (the playground's export) is one too: what belongs to its rankings (they, their
// background and lesson, their title and description, and k, which --cutoffs gives) is left out,
// the keys that would have counted named in `left_out`.
nlohmann::json settings_of(std::string_view json_text, bool official, std::vector<std::string>* left_out = nullptr,
                           std::vector<std::string>* overridden = nullptr) {
    // The scenario's strict reader: malformed JSON, a key given twice and nesting past the limit
    // are refused with the scenario reader's messages.
    nlohmann::json root = parse_json_strictly(json_text, default_limits(), "scenario");
    if (root.is_object()) {
        const auto leave_out = [&](nlohmann::json& object, const char* key, const char* path) {
            if (object.erase(key) && path && left_out) left_out->push_back(path);
        };
        if (root.contains("rankings")) {
            leave_out(root, "title", nullptr);  // the examples' words, not the runs'
            leave_out(root, "description", nullptr);
        }
        for (const char* key : {"rankings", "background", "lesson"}) leave_out(root, key, key);
        if (root.contains("params") && root["params"].is_object()) leave_out(root["params"], "k", "params.k");
        if (official) {
            if (!root.contains("params") || !root["params"].is_object()) root["params"] = nlohmann::json::object();
            auto& params = root["params"];
            // What the file set otherwise is said, not silently replaced.
            const auto set = [&](const char* key, nlohmann::json value) {
                if (overridden && params.contains(key) && params[key] != value)
                    overridden->push_back(std::string("params.") + key + " " + params[key].dump());
                params[key] = std::move(value);
            };
            set("tokenizer", "whitespace");
            set("tauInclusive", true);
        }
    }
    return root;
}

Scenario read_params_file(std::string_view json_text, bool official) {
    std::vector<std::string> left_out, overridden;
    Scenario sc = parse_settings(settings_of(json_text, official, &left_out, &overridden));
    if (!left_out.empty())
        sc.warnings.push_back(names_of(left_out) + " not read: the runs are the rankings, and --background and --cutoffs give the rest");
    if (!overridden.empty())
        sc.warnings.push_back(names_of(overridden) +
                              " not used: --official reads whitespace tokens with τ inclusive, as the official NFaiRR code");
    return sc;
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

// The cut-offs of the columns among `metrics` (nDCG@5, NFaiRR@10), in their order, or else 10 and
// 20: `--metrics nDCG@5` alone asks for the cut-off 5, as ir_measures reads it.
std::vector<std::size_t> cutoffs_named(const std::vector<std::string>& metrics) {
    std::vector<std::size_t> out;
    for (const auto& raw : metrics) {
        long long c = 0;
        if (const auto at = raw.find('@'); at != std::string::npos && parse_int(std::string_view(raw).substr(at + 1), c) && c >= 1)
            out.push_back(static_cast<std::size_t>(c));
    }
    return out.empty() ? std::vector<std::size_t>{10, 20} : out;
}

}  // namespace

void Evaluation::Impl::choose_columns() {
    columns.clear();
    std::vector<std::pair<const RunMetric*, std::optional<std::size_t>>> asked;
    for (const auto& raw : opt.metrics) {
        std::string_view name = raw;
        std::optional<std::size_t> cut;
        if (const auto at = name.find('@'); at != std::string_view::npos) {
            long long c = 0;
            if (!parse_int(name.substr(at + 1), c) || c < 1)
                throw InputError("--metrics", 0, raw, "the cut-off after @ must be a whole number of at least 1");
            if (std::find(opt.cutoffs.begin(), opt.cutoffs.end(), static_cast<std::size_t>(c)) == opt.cutoffs.end()) {
                std::string message = "the cut-off is not one of --cutoffs (";
                for (std::size_t i = 0; i < opt.cutoffs.size(); ++i) message.append(i ? "," : "").append(std::to_string(opt.cutoffs[i]));
                throw InputError("--metrics", 0, raw, message + ")");
            }
            cut = static_cast<std::size_t>(c);
            name = name.substr(0, at);
        }
        const auto* m = find_metric(name);
        if (!m) {
            if (const auto meant = meant_by(name); !meant.empty())
                throw InputError("--metrics", 0, raw, "one column per magnitude: " + meant + " (optionally @cutoff)");
            std::string all;
            for (const auto& n : metric_names()) all += (all.empty() ? "" : ", ") + n;
            throw InputError("--metrics", 0, raw, "unknown metric; expected one of " + all + " (optionally @cutoff)");
        }
        asked.emplace_back(m, cut);
    }
    for (const auto& m : run_metrics())
        for (const auto c : opt.cutoffs) {
            const bool take = asked.empty() || std::any_of(asked.begin(), asked.end(),
                                                           [&](const auto& a) { return a.first == &m && (!a.second || *a.second == c); });
            if (!take) continue;
            Params params = sc.params;
            params.k = c;
            if (m.variant) m.variant->adjust(params);
            columns.push_back({m, c, std::string(m.name()) + "@" + std::to_string(c), std::move(params)});
        }
}

Evaluation::Evaluation(Options options) : impl_(std::make_unique<Impl>()) {
    auto& s = *impl_;
    s.opt = std::move(options);
    if (s.opt.cutoffs.empty()) s.opt.cutoffs = cutoffs_named(s.opt.metrics);
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
    if (s.opt.official) {
        s.score_order_replaced = s.opt.order_given && s.opt.order == Order::score;
        s.opt.order = Order::file;
    }
    s.sc = read_params_file("{}", s.opt.official);
    s.choose_columns();
}

Evaluation::~Evaluation() = default;

void Evaluation::set_params(std::string_view scenario_json) {
    auto& s = *impl_;
    if (!s.runs.empty() || s.labels.given || s.collection) throw std::logic_error("set_params comes before the inputs");
    s.sc = read_params_file(scenario_json, s.opt.official);
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
                    if (r.name == table.name)
                        throw InputError(table.file, 0, "",
                                         r.file == table.file ? "the same run file is given twice"
                                                              : "run '" + table.name + "' is already the run of " + r.file +
                                                                    ": a run is named by its file's stem, or on the command line by "
                                                                    "NAME=PATH; give each run a name of its own");
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
    if (s.queries_reader) s.queries_reader->finish();
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
    return document_omega(magnitude, p);
}
}  // namespace

void Evaluation::collection_begin(std::string file) {
    auto& s = *impl_;
    if (s.current) throw std::logic_error("collection_begin while another input is open");
    if (s.collection) throw InputError(file, 0, "", "one collection at a time");
    s.counter.emplace(s.sc.lexicon, s.sc.params.tokenizer);
    s.collection.emplace(*s.counter, s.docs, s.wanted(), s.sc.groups.size(), std::move(file));
    if (s.background_from_collection()) s.collection->keep_top_omega(s.max_cutoff(), omega_of, &s.sc.params);
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

}  // namespace

// Each document the runs name, analysed once on first use (terms, ω, AWRF alignment, label); a
// background document needs its ω only.
class DocumentTable {
public:
    DocumentTable(const Evaluation::Impl& s, const Collection* collection)
        : s_(s), collection_(collection), index_(s.sc.lexicon, s.sc.params.tokenizer) {
        // Each counter term's index in the TermIndex that names the documents' term counts.
        if (s.counter) {
            to_index_.resize(s.counter->term_count());
            for (std::size_t t = 0; t < to_index_.size(); ++t) to_index_[t] = index_.find(s.counter->term(t)).value();
        }
        slot_.assign(s.docs.size(), -1);
        omega_.assign(s.docs.size(), std::numeric_limits<double>::quiet_NaN());
    }

    const TermIndex& index() const { return index_; }

    const AnalyzedDocument& analyzed(std::uint32_t doc) {
        if (slot_[doc] < 0) {
            slot_[doc] = static_cast<std::int32_t>(analyzed_.size());
            const auto& terms =
                terms_.emplace_back(doc_terms(collection_, s_.counter ? &*s_.counter : nullptr, to_index_, doc, s_.sc.groups.size()));
            const auto l = s_.labels.of.find(doc);
            analyzed_.push_back(analyze_document(terms, l == s_.labels.of.end() ? -1 : l->second.first, s_.sc.params, s_.sc.groups.size()));
        }
        return analyzed_[static_cast<std::size_t>(slot_[doc])];
    }

    double omega(std::uint32_t doc) {
        if (std::isnan(omega_[doc])) {
            std::vector<double> magnitude(s_.sc.groups.size(), 0.0);
            if (const DocRecord* r = collection_ ? collection_->record(doc) : nullptr)
                for (const auto& tc : collection_->counts(*r)) magnitude[s_.counter->group_of(tc.term)] += tc.count;
            omega_[doc] = document_omega(magnitude, s_.sc.params);
        }
        return omega_[doc];
    }

private:
    const Evaluation::Impl& s_;
    const Collection* collection_;
    TermIndex index_;
    std::vector<std::uint32_t> to_index_;
    std::vector<std::int32_t> slot_;
    std::deque<DocTerms> terms_;  // stable: the analysed documents point into it
    std::deque<AnalyzedDocument> analyzed_;
    std::vector<double> omega_;
};

// What the queries' documents lacked, for the warnings.
struct RunNotes {
    std::unordered_set<std::uint32_t> missing_docs, unlabeled_docs, no_background;
    bool any_labeled = false;  // a document within the cut-offs has a label
    std::size_t unjudged = 0, judged = 0;
    std::uint32_t unjudged_query = 0, unjudged_doc = 0;  // the first unjudged document, for the warning's example
    std::size_t absent = 0;                              // queries the run being evaluated lacks
};

void Evaluation::Impl::check_ready() const {
    if (current) throw std::logic_error("compute while an input is open");
    if (runs.empty()) throw InputError("", 0, "RUN", "give at least one run");
    if (needs_text() && !collection_done) {
        std::vector<std::string> names;
        for (const auto& c : columns) {
            const std::string name(c.metric.name());
            if (column_reads(c, Reads::text) && std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
        }
        throw InputError("--collection", 0, "",
                         "required: " + names_of(names, ", ") + (names.size() == 1 ? " reads" : " read") +
                             " the documents' text (or choose --metrics without them)");
    }
}

// The queries: the list (filtered by label), else every query of the first run.
void Evaluation::Impl::select_queries(Results& out) const {
    if (!opt.query_label.empty() && !queries.given) throw InputError("--query-label", 0, "", "needs --queries (an annotated query list)");
    if (queries.given) {
        if (!opt.query_label.empty() && !queries.annotated)
            throw InputError("--query-label", 0, "",
                             "the query list has no labels (expected qid,query text,label or qid<TAB>query text<TAB>label lines)");
        std::size_t unlabelled = 0;  // a list mixing labelled and bare lines: the bare ones are left out
        std::string first_unlabelled;
        for (std::size_t i = 0; i < queries.ids.size(); ++i) {
            if (!opt.query_label.empty() && queries.labels[i].find_first_not_of(" \t\r") == std::string::npos && unlabelled++ == 0)
                first_unlabelled = queries.ids[i];
            if (!opt.query_label.empty() && resolve_label(queries.labels[i], {opt.query_label}) != 0) continue;
            out.queries.push_back(queries.ids[i]);
            out.query_texts.push_back(queries.texts[i]);
        }
        if (unlabelled > 0)
            out.warnings.push_back("--query-label: " + std::to_string(unlabelled) + (unlabelled == 1 ? " query" : " queries") +
                                   " of the query list " + (unlabelled == 1 ? "has" : "have") +
                                   " no label (the first: " + in_quotes(first_unlabelled) + "), left out");
        if (out.queries.empty() && !opt.query_label.empty()) {
            // A label mistyped would evaluate nothing: name the labels the list has.
            std::set<std::string> labels_given(queries.labels.begin(), queries.labels.end());
            std::vector<std::string> shown;
            for (const auto& label : labels_given)
                if (shown.size() < 10) shown.push_back(in_quotes(label));
            throw InputError("--query-label", 0, "",
                             "no query of the query list has the label " + in_quotes(opt.query_label) + "; its labels are " +
                                 (labels_given.size() > shown.size() ? names_of(shown, ", ") + ", …" : names_of(shown)));
        }
    } else {
        for (const auto q : runs.front().query_order) {
            out.queries.emplace_back(qids.name(q));
            out.query_texts.emplace_back();
        }
    }
}

std::size_t Evaluation::Impl::baseline_index(Results& out) const {
    out.baseline = opt.baseline.empty() ? runs.front().name : opt.baseline;
    for (std::size_t r = 0; r < runs.size(); ++r)
        if (runs[r].name == out.baseline) return r;
    std::string names;
    for (const auto& run : runs) names += (names.empty() ? "'" : ", '") + run.name + "'";
    throw InputError("--baseline", 0, "",
                     "no run is named '" + out.baseline + "'; the runs are " + names + " (a run's name is its file's stem, or NAME=PATH)");
}

// The query's background documents: a background run's first `depth` (false when it lacks the
// query), the run's own, or none here when they come from the collection (its top ω, kept as it
// was read).
bool Evaluation::Impl::query_background(const std::vector<RunEntry>& list, std::uint32_t qid, std::vector<std::uint32_t>& bg,
                                        RunNotes& notes) const {
    const std::size_t depth = background_depth();
    if (background) {
        if (!background->has(qid)) {
            notes.no_background.insert(qid);
            return false;
        }
        for (std::size_t i = 0; i < background->queries[qid].size() && i < depth; ++i) bg.push_back(background->queries[qid][i].doc);
    } else if (!background_from_collection()) {
        for (std::size_t i = 0; i < list.size() && i < depth; ++i) bg.push_back(list[i].doc);
    }
    return true;
}

// What the warnings count, over the documents the metrics read: texts the collection lacks,
// documents without a label, judged and unjudged ones.
void Evaluation::Impl::note_documents(const std::vector<RunEntry>& list, std::uint32_t qid, const std::vector<std::uint32_t>& bg,
                                      RunNotes& notes) const {
    const Collection* coll = collection_done ? &*collection : nullptr;
    const bool text = needs_text();
    for (std::size_t i = 0; i < list.size() && i < max_cutoff(); ++i) {
        const auto d = list[i].doc;
        if (text && !coll->record(d)) notes.missing_docs.insert(d);
        if (labels.given) {
            if (labels.of.count(d))
                notes.any_labeled = true;
            else
                notes.unlabeled_docs.insert(d);
        }
        if (!qrels.given) continue;
        if (qrels.find(qid, d)) {
            ++notes.judged;
        } else if (notes.unjudged++ == 0) {
            notes.unjudged_query = qid;
            notes.unjudged_doc = d;
        }
    }
    if (text)
        for (const auto d : bg)
            if (!coll->record(d)) notes.missing_docs.insert(d);
}

// nDCG's ideal: every judged document of the query, as trec_eval's, not only those retrieved.
void Evaluation::Impl::set_judged_ideal(MetricInputs& in, std::uint32_t qid) const {
    in.ideal_relevance.clear();
    if (qrels.given && qid < qrels.by_query.size())
        for (const auto& [d, rel] : qrels.by_query[qid]) in.ideal_relevance.push_back(rel);
    std::sort(in.ideal_relevance.begin(), in.ideal_relevance.end(), std::greater<>());
}

// NFaiRR's set S at cut-off m: the ranking plus the background, de-duplicated by id; with
// --official the background only (the official code does not add the ranking), and a query
// without a background run's documents has none (the official code skips it).
void Evaluation::Impl::set_nfairr_set(MetricInputs& in, const std::vector<RunEntry>& list, std::size_t m,
                                      const std::vector<std::pair<std::uint32_t, double>>& bg_omega,
                                      const std::vector<std::pair<double, std::uint32_t>>& collection_top, bool has_background) const {
    std::vector<std::uint32_t> top;
    for (std::size_t i = 0; i < m; ++i) top.push_back(list[i].doc);
    std::sort(top.begin(), top.end());
    const auto in_top = [&](std::uint32_t d) { return !opt.official && std::binary_search(top.begin(), top.end(), d); };
    std::vector<double> set_omega;
    if (!opt.official) set_omega = in.omega;
    if (background_from_collection()) {
        for (const auto& [w, d] : collection_top)
            if (d == Interner::none || !in_top(d)) set_omega.push_back(w);
    } else {
        for (const auto& [d, w] : bg_omega)
            if (!in_top(d)) set_omega.push_back(w);
    }
    set_background(in, std::move(set_omega), opt.official && !has_background);
}

// Per query and cut-off c: the metric units' values for the scenario whose ranking is the run's top
// c documents and whose background is the query's background documents, with k = c.
RunResult Evaluation::Impl::evaluate_run(const RunTable& run, const Results& out, DocumentTable& table, RunNotes& notes) const {
    const Params& p = sc.params;
    const bool with_background = any_reads(Reads::background);
    const auto collection_top =
        background_from_collection() && collection_done ? collection->top_omega() : std::vector<std::pair<double, std::uint32_t>>{};

    RunResult rr;
    rr.name = run.name;
    rr.values.assign(out.queries.size(), std::vector<Maybe>(columns.size()));
    MetricInputs in;
    in.index = &table.index();
    in.groups = sc.groups.size();
    in.group_names = &sc.groups;
    in.judged_ideal = true;
    for (std::size_t qi = 0; qi < out.queries.size(); ++qi) {
        const auto qid = qids.find(out.queries[qi]);
        if (qid == Interner::none || !run.has(qid)) {
            ++notes.absent;
            for (std::size_t col = 0; col < columns.size(); ++col)
                rr.undefined.push_back(
                    {static_cast<std::uint32_t>(qi), static_cast<std::uint32_t>(col), "the run has no documents for this query"});
            continue;
        }
        const auto& list = run.queries[qid];
        std::vector<std::uint32_t> bg;
        const bool has_background = query_background(list, qid, bg, notes);
        note_documents(list, qid, bg, notes);
        // The background's ω, once per query, for every cut-off's set S.
        std::vector<std::pair<std::uint32_t, double>> bg_omega;
        if (with_background)
            for (const auto d : bg) bg_omega.emplace_back(d, table.omega(d));
        set_judged_ideal(in, qid);

        for (const auto c : opt.cutoffs) {
            const std::size_t m = std::min(c, list.size());
            arrange_inputs(in, m, p, [&](std::size_t r) {
                const auto d = list[r].doc;
                const double* rel = qrels.find(qid, d);
                return std::pair<const AnalyzedDocument&, double>(table.analyzed(d), rel ? *rel : 0.0);
            });
            if (with_background) set_nfairr_set(in, list, m, bg_omega, collection_top, has_background);
            for (std::size_t col = 0; col < columns.size(); ++col)
                if (columns[col].cutoff == c) {
                    std::string why;
                    rr.values[qi][col] = columns[col].metric.unit->value(in, columns[col].params, c, false, &why);
                    if (!rr.values[qi][col])
                        rr.undefined.push_back({static_cast<std::uint32_t>(qi), static_cast<std::uint32_t>(col), std::move(why)});
                }
        }
    }
    // The cut-offs' loop visits a query's columns out of order.
    std::stable_sort(rr.undefined.begin(), rr.undefined.end(), [](const UndefinedValue& a, const UndefinedValue& b) {
        return std::pair(a.query, a.column) < std::pair(b.query, b.column);
    });
    return rr;
}

namespace {

// A state's words ("sees one relevance level") for one metric or several ("see one relevance level").
std::string verb_for(std::string_view state, std::size_t metrics) {
    const auto verb_end = state.find(' ');
    if (metrics == 1 || verb_end == std::string_view::npos || verb_end < 2 || state[verb_end - 1] != 's') return std::string(state);
    return std::string(state.substr(0, verb_end - 1)) + std::string(state.substr(verb_end));
}

// What the asked metrics are without an input, from each unit's own words: "DIPS and REE are
// undefined and CWEx sees only neutral documents".
std::string what_becomes(const std::vector<std::pair<std::string_view, std::string_view>>& name_and_state) {
    std::vector<std::string_view> states;
    for (const auto& [name, state] : name_and_state)
        if (std::find(states.begin(), states.end(), state) == states.end()) states.push_back(state);
    std::string out;
    for (const auto state : states) {
        std::vector<std::string_view> names;
        for (const auto& [name, st] : name_and_state)
            if (st == state) names.push_back(name);
        out += (out.empty() ? "" : " and ") + names_of(names) + " " +
               (state == "undefined" ? (names.size() == 1 ? "is undefined" : "are undefined") : verb_for(state, names.size()));
    }
    return out;
}

}  // namespace

// When the qrels judge none of the evaluated queries, ids are rather written two ways ("q1" and
// "1"), or the qrels are another collection's: say what each side's ids look like.
std::string Evaluation::Impl::qrels_of_other_queries(const Results& out) const {
    const auto judged = [&](std::uint32_t q) { return q != Interner::none && q < qrels.by_query.size() && !qrels.by_query[q].empty(); };
    if (!qrels.given || out.queries.empty() ||
        std::any_of(out.queries.begin(), out.queries.end(), [&](const std::string& name) { return judged(qids.find(name)); }))
        return {};
    std::string qrels_example = "none";
    for (std::uint32_t q = 0; q < qrels.by_query.size(); ++q)
        if (judged(q)) {
            qrels_example = "e.g. " + in_quotes(qids.name(q));
            break;
        }
    return (out.queries.size() == 1 ? std::string("the query has no judgment in the qrels")
                                    : "none of the " + std::to_string(out.queries.size()) + " queries has a judgment in the qrels") +
           ": the runs name e.g. " + in_quotes(out.queries.front()) + ", the qrels " + qrels_example +
           " (the qrels of other queries, or ids written otherwise?); every relevance is 0";
}

// Where the qrels and the evaluated queries do not meet as trec_eval would have them: queries
// without a judgment, judged queries with nothing relevant (nDCG null here, 0 in trec_eval), and
// judged queries no run retrieved (trec_eval -c counts them, at 0).
std::vector<std::string> Evaluation::Impl::judgment_warnings(const Results& out) const {
    std::vector<std::string> said;
    if (!qrels.given) return said;
    const auto judgments = [&](std::uint32_t q) -> const std::vector<std::pair<std::uint32_t, double>>* {
        return q != Interner::none && q < qrels.by_query.size() && !qrels.by_query[q].empty() ? &qrels.by_query[q] : nullptr;
    };
    std::size_t without = 0, none_relevant = 0;
    std::string without_example, none_example;
    for (const auto& name : out.queries) {
        const auto* judged = judgments(qids.find(name));
        if (!judged) {
            if (!without++) without_example = name;
        } else if (std::none_of(judged->begin(), judged->end(), [](const auto& j) { return j.second > 0; })) {
            if (!none_relevant++) none_example = name;
        }
    }
    const auto of_all = [&](std::size_t n) {
        return count(n, "query", "queries") + " of " + std::to_string(out.queries.size()) + (n == 1 ? " has" : " have");
    };
    if (without)
        said.push_back(of_all(without) + " no judgment in the qrels (e.g. " + in_quotes(without_example) +
                       "): every relevance is 0 there, and nDCG is null (trec_eval leaves such queries out too)");
    if (none_relevant)
        said.push_back(of_all(none_relevant) + " judgments but none above 0 (e.g. " + in_quotes(none_example) +
                       "): nDCG is null there and left out of its mean (trec_eval scores such a query 0 and counts it)");
    // Without a query list the queries are the runs': a judged query no run has is not evaluated.
    if (!queries.given) {
        std::size_t unretrieved = 0;
        std::uint32_t example = 0;
        for (std::uint32_t q = 0; q < qrels.by_query.size(); ++q)
            if (judgments(q) && std::none_of(runs.begin(), runs.end(), [&](const RunTable& run) { return run.has(q); }))
                if (!unretrieved++) example = q;
        if (unretrieved)
            said.push_back(count(unretrieved, "query judged in the qrels is", "queries judged in the qrels are") + " in no run (e.g. " +
                           in_quotes(qids.name(example)) + "): not evaluated, as in trec_eval without -c (which counts them, at 0)");
    }
    return said;
}

void Evaluation::Impl::add_warnings(Results& out, const RunNotes& notes) const {
    // The asked metrics (each once) that read `what`, with their state without it.
    const auto without = [&](Reads what, std::string_view MetricUnit::*state) {
        std::vector<std::pair<std::string_view, std::string_view>> out;
        for (const auto& c : columns)
            if (column_reads(c, what) && !(c.metric.unit->*state).empty() &&
                std::none_of(out.begin(), out.end(), [&](const auto& e) { return e.first == c.metric.unit->descriptor->name; }))
                out.emplace_back(c.metric.unit->descriptor->name, c.metric.unit->*state);
        return out;
    };
    // None found at all is rather ids written two ways ("0" and "D0", MS MARCO v1 and v2): say
    // what each side's ids look like.
    const auto example = [&](const std::unordered_set<std::uint32_t>& ids) {
        return in_quotes(docs.name(*std::min_element(ids.begin(), ids.end())));
    };
    if (!notes.missing_docs.empty() && collection && collection->kept() == 0 && collection->documents() > 0)
        out.warnings.push_back("none of the " + count(notes.missing_docs.size(), "document", "documents") +
                               " named by the runs or the background is in the collection: the runs name e.g. " +
                               example(notes.missing_docs) + ", the collection's first is " + in_quotes(collection->first_id()) +
                               " (the collection of other runs, or ids written otherwise?); no text, ω = 1");
    else if (!notes.missing_docs.empty())
        out.warnings.push_back(count(notes.missing_docs.size(), "document named by the runs or the background is",
                                     "documents named by the runs or the background are") +
                               " not in the collection: no text, ω = 1 (as the official NFaiRR code)");
    if (labels.given && !notes.unlabeled_docs.empty() && !notes.any_labeled && !labels.of.empty())
        out.warnings.push_back("none of the " + count(notes.unlabeled_docs.size(), "document", "documents") +
                               " within the largest cut-off has a label: the runs name e.g. " + example(notes.unlabeled_docs) +
                               ", the labels e.g. " + in_quotes(docs.name(std::min_element(labels.of.begin(), labels.of.end())->first)) +
                               " (ids written otherwise?); every document is neutral");
    else if (labels.given && !notes.unlabeled_docs.empty())
        out.warnings.push_back(
            count(notes.unlabeled_docs.size(), "document within the largest cut-off has", "documents within the largest cut-off have") +
            " no label: neutral");
    if (const auto affected = without(Reads::labels, &MetricUnit::without_labels); !labels.given && !affected.empty())
        out.warnings.push_back("no labels (--labels): every document is neutral, so " + what_becomes(affected));
    if (qrels.given && !any_reads(Reads::relevance))
        out.warnings.push_back("the qrels (--qrels) are not used: no asked metric reads relevance");
    else
        add_qrels_warnings(out, notes);
    if (const auto affected = without(Reads::relevance, &MetricUnit::without_relevance); !qrels.given && !affected.empty())
        out.warnings.push_back("no qrels (--qrels): every relevance is 0, so " + what_becomes(affected));
    if (opt.official && !background && opt.background_from == BackgroundFrom::run && any_reads(Reads::background))
        out.warnings.push_back("--official without --background: S is each query's first " + std::to_string(background_depth()) +
                               " documents of the evaluated run itself (the official code reads S from a background run)");
    if (!notes.no_background.empty())
        out.warnings.push_back(count(notes.no_background.size(), "query has", "queries have") +
                               std::string(" no document in the background run: ") +
                               (opt.official ? "NFaiRR is null for them (the official code skips them)" : "S is the ranking alone"));
    if (opt.official) {
        // The official reader starts a query's list again at each change of qid.
        // Named as the other warnings name a run (its name, not its path: the page has no path).
        const auto said = [&](const RunTable& t, const std::string& which) {
            if (t.resumed_line)
                out.warnings.push_back("--official: in " + which + ", query " + in_quotes(t.resumed_qid) + " resumes on line " +
                                       std::to_string(t.resumed_line) +
                                       " after another query's lines; the official code keeps only a query's last block of "
                                       "lines, this evaluation reads them all");
        };
        for (const auto& r : runs) said(r, "run '" + r.name + "'");
        if (background) said(*background, "the background run");
    }
    if (score_order_replaced)
        out.warnings.push_back("--order score not used: --official reads each run in its file's order, as the official NFaiRR code");
    for (const auto& w : sc.warnings) out.warnings.push_back("params: " + w);
    if (const auto w = not_utf8_warning(out); !w.empty()) out.warnings.push_back(w);
    if (const auto w = typographic_warning(); !w.empty()) out.warnings.push_back(w);
}

// What the qrels say of the evaluated queries, when an asked metric reads them.
void Evaluation::Impl::add_qrels_warnings(Results& out, const RunNotes& notes) const {
    if (qrels.negative)
        out.warnings.push_back(count(qrels.negative, "judgment of the qrels has", "judgments of the qrels have") +
                               " a negative grade: read as 0, not relevant (trec_eval reads them as unjudged)");
    if (qrels.fractional)
        out.warnings.push_back(count(qrels.fractional, "judgment of the qrels has", "judgments of the qrels have") +
                               " a grade between whole numbers: used as it is, a real-valued gain (trec_eval reads a grade as a whole "
                               "number)");
    const auto other_queries = qrels_of_other_queries(out);
    if (!other_queries.empty()) out.warnings.push_back(other_queries);
    if (other_queries.empty())
        for (auto& w : judgment_warnings(out)) out.warnings.push_back(std::move(w));
    const auto* judged_there = notes.unjudged_query < qrels.by_query.size() ? &qrels.by_query[notes.unjudged_query] : nullptr;
    // None judged though the qrels judge these queries: rather ids written two ways ("D0" and "0").
    if (qrels.given && notes.unjudged && !notes.judged && other_queries.empty() && judged_there && !judged_there->empty())
        out.warnings.push_back("none of the " +
                               count(notes.unjudged, "retrieved document within the largest cut-off is judged",
                                     "retrieved documents within the largest cut-off is judged") +
                               ", though the qrels judge their queries: for query " + in_quotes(qids.name(notes.unjudged_query)) +
                               " the runs name e.g. " + in_quotes(docs.name(notes.unjudged_doc)) + ", the qrels e.g. " +
                               in_quotes(docs.name(judged_there->front().first)) + " (ids written otherwise?); relevance 0");
    else if (qrels.given && notes.unjudged)
        out.warnings.push_back(count(notes.unjudged, "retrieved document within the largest cut-off is",
                                     "retrieved documents within the largest cut-off are") +
                               " unjudged (a document counted once for each run and query that retrieve it): relevance 0");
}

// As the scenario reader says of a pasted text: the kept texts (those within the largest cut-off)
// holding curly quotes, dashes or no-break spaces, which the words tokenizer keeps inside tokens.
std::string Evaluation::Impl::typographic_warning() const {
    if (!collection_done || !collection || sc.params.tokenizer != Tokenizer::words || !any_reads(Reads::text)) return {};
    std::size_t found = 0;
    std::uint32_t example = 0;
    for (std::uint32_t d = 0; d < docs.size(); ++d)
        if (const auto* r = collection->record(d); r && has_typographic_punctuation(collection->text(*r)))
            if (!found++) example = d;
    if (!found) return {};
    return count(found, "document", "documents") + " within the largest cut-off (e.g. " + in_quotes(docs.name(example)) + ") " +
           (found == 1 ? "contains" : "contain") +
           " typographic quotes, dashes or no-break spaces, which the words tokenizer keeps inside tokens (He\u2019s is one token, not "
           "he + s)";
}

Results Evaluation::Impl::compute() {
    check_ready();
    Results out;
    out.cutoffs = opt.cutoffs;
    for (const auto& c : columns) out.columns.push_back(c.name);
    select_queries(out);
    const std::size_t baseline = baseline_index(out);

    DocumentTable table(*this, collection_done ? &*collection : nullptr);
    RunNotes notes;
    for (const auto& run : runs) {
        notes.absent = 0;
        out.runs.push_back(evaluate_run(run, out, table, notes));
        if (notes.absent)
            out.warnings.push_back(std::to_string(notes.absent) + " of " + count(out.queries.size(), "query", "queries") +
                                   (notes.absent == 1 ? " is" : " are") + " not in run '" + run.name +
                                   "': " + (notes.absent == 1 ? "its values are" : "their values are") + " null");
        // Without a query list the queries are the first run's: say what another run holds beyond them.
        const auto beyond = queries.given ? 0 : std::count_if(run.query_order.begin(), run.query_order.end(), [&](std::uint32_t q) {
            return !runs.front().has(q);
        });
        if (beyond > 0)
            out.warnings.push_back("run '" + run.name + "' has " + count(static_cast<std::size_t>(beyond), "query", "queries") +
                                   " that the first run '" + runs.front().name +
                                   "' has not: not evaluated (the queries are the first run's, unless --queries lists them)");
    }

    // Summaries and comparisons against the baseline, by each metric's direction and range.
    for (const auto& c : columns) out.column_info.push_back(column_info(c.metric, c.cutoff, c.params, opt.official));
    out.bootstrap = opt.bootstrap;
    summarize_and_compare(out, baseline);
    add_warnings(out, notes);
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
    auto root = settings_of(s.params_json, s.opt.official);
    root["params"]["k"] = cutoff;
    std::string text;
    for (std::size_t i = 0; i < s.queries.ids.size(); ++i)
        if (s.queries.ids[i] == query) text = s.queries.texts[i];
    root["title"] = "Query " + std::string(query) + (text.empty() ? "" : ": " + text);
    // What the playground's values of these rankings read, beside the run evaluation's.
    root["description"] = "Each run's first " + std::to_string(cutoff) +
                          " documents for the query (fewer where it retrieved fewer), from the Runs view. " +
                          "Two values may differ from the Runs view's: NFaiRR's set S here is each ranking's own documents (the " +
                          "query's background is not carried over), and nDCG's ideal is these documents' relevance (not that of " +
                          "every document judged for the query, as in the run evaluation).";
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
