// Run evaluation (SPEC "Run evaluation"): TREC runs over a collection, per query, every metric at
// every cut-off, with aggregates and paired comparisons against a baseline run.
//
// The core does no I/O. Every input is a stream of bytes fed in chunks of any size:
//
//   runs::Evaluation ev(options);
//   ev.set_params(scenario_json);                  // optional, first: groups, lexicon, params
//   ev.begin(Input::run, "bm25", "bm25.run");  ev.feed(chunk); …  ev.end();
//   ev.begin(Input::qrels, "", "qrels.txt");   …                   // likewise background, labels, queries
//   ev.collection_begin("collection.tsv");  ev.collection_feed(chunk); …  ev.collection_end();
//   auto results = ev.compute();
//   std::string out = runs::results_json(results);  // or results_csv / results_table
//
// Runs and the background run come before the collection: they decide which documents are kept.
// Any malformed input throws InputError (file, line, field); bad params throw ScenarioError.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "fairness/descriptor.hpp"
#include "fairness/metrics/common.hpp"
#include "fairness/runs/input.hpp"
#include "fairness/runs/readers.hpp"
#include "fairness/runs/statistics.hpp"

namespace fairness::runs {

enum class BackgroundFrom { run, collection };
enum class Input { run, background, qrels, labels, queries };

// At most this many distinct cut-offs: each is a column of every metric for every query (2,000
// took 34 s and wrote 233 MB).
inline constexpr std::size_t max_cutoffs = 100;

struct Options {
    // None given: the cut-offs the metrics' columns name (nDCG@5: 5), or else 10 and 20.
    std::vector<std::size_t> cutoffs;
    Order order = Order::score;
    bool order_given = false;  // --order named (then --official, which reads file order, says it replaces score)
    // --official: file order, the whitespace tokenizer, inclusive τ, and NFaiRR's set S = the
    // background documents only (not augmented by the ranking), as the official NFaiRR code.
    bool official = false;
    BackgroundFrom background_from = BackgroundFrom::run;  // used when no background run is given
    std::size_t background_depth = 200;
    std::vector<std::string> metrics;  // names (NFaiRR) or columns (NFaiRR@10); empty: every metric
    std::string baseline;              // a run's name; empty: the first run
    std::string query_label;           // keep only the queries of the query list with this label
    // --ci bootstrap: a bootstrap percentile interval beside every t interval (samples > 0).
    Bootstrap bootstrap;
};

// The metrics a run evaluation can report, in their output order, with their ir_measures-style
// base names ("NFaiRR"); a column is a name and a cut-off ("NFaiRR@10").
const std::vector<std::string>& metric_names();

struct Progress {
    std::uint64_t bytes = 0;      // collection bytes fed
    std::uint64_t documents = 0;  // collection documents read
    std::uint64_t kept = 0;       // of them, named by a run or the background
};

// Why a run's value for a query is null (SPEC: undefined is null with a note): the metric's own
// note, or the query missing from the run.
struct UndefinedValue {
    std::uint32_t query, column;
    std::string why;
};

struct RunResult {
    std::string name;
    std::vector<std::vector<Maybe>> values;  // [query][column]
    std::vector<UndefinedValue> undefined;   // one per null of `values`, by query, then column
    std::vector<Summary> summary;            // [column]
};

// What a column is: its metric's name and cut-off, which way is fairer (the metric's descriptor)
// and its range for the params in force.
struct ColumnInfo {
    std::string metric;  // "DIPS"
    std::size_t cutoff = 0;
    Fairer fairer = Fairer::higher;
    bool utility = false;  // nDCG: "fairer" reads "better"
    NumericRange range;
};

// Which run of a comparison is fairer by the metric's direction: the run, the baseline, or
// neither ("no difference": the randomization test's p is not below significance_level), or
// nothing could be tested ("not tested": fewer than min_tested_queries queries where both runs are
// defined, too few for the randomization test to reach significance_level).
enum class Verdict { none, run, baseline, untested };

// One paired comparison. Every column has the comparison of its signed values; a column whose
// metric is fairer closer to 0 has a second one, of the distance from 0, which decides the
// verdict of both.
struct ComparisonResult {
    std::string run, baseline, column;
    Difference difference = Difference::signed_values;
    Comparison stats;
    Verdict fairer = Verdict::none;
    // Holm-adjusted p values over the comparisons of the same column and difference that test
    // something (one per run compared with the baseline on min_tested_queries paired queries or more; null for one
    // that tests nothing). The verdict reads the unadjusted p, as ranx and trec_eval do.
    Maybe p_ttest_holm{}, p_randomization_holm{};
};

struct Results {
    std::vector<std::size_t> cutoffs;
    std::vector<std::string> columns;  // "NFaiRR@10", …
    std::vector<ColumnInfo> column_info;
    std::vector<std::string> queries;
    std::vector<std::string> query_texts;  // from an annotated query list, else empty strings
    std::vector<RunResult> runs;
    std::string baseline;
    std::vector<ComparisonResult> comparisons;
    std::vector<std::string> warnings;
    Bootstrap bootstrap;  // as asked (samples 0: no bootstrap intervals)
};

// The summaries of every run's columns and the comparisons of every other run with the baseline
// (the runs' values and column_info filled in).
void summarize_and_compare(Results& results, std::size_t baseline_index);

// Whether an interval reaches past a range (an infinite end is never passed).
bool past_range(const Maybe& low, const Maybe& high, const NumericRange& range);
// The range of a paired difference of values in `range`: [min - max, max - min] for signed
// values, [-M, M] with M the largest distance from 0 for distances.
NumericRange difference_range(const NumericRange& range, Difference difference);
// "no difference", "not tested", or the name of the fairer run.
std::string verdict_text(const ComparisonResult& comparison);

class Evaluation {
public:
    explicit Evaluation(Options options = {});
    ~Evaluation();
    Evaluation(const Evaluation&) = delete;
    Evaluation& operator=(const Evaluation&) = delete;

    // A scenario JSON without rankings: its groups, lexicon and params apply (k aside: the
    // cut-offs replace it). Call before feeding labels or the collection.
    void set_params(std::string_view scenario_json);

    // One input at a time: begin, feed chunks, end. `name` is the run's name (Input::run only);
    // `file` names the input in messages.
    void begin(Input kind, std::string name, std::string file);
    void feed(std::string_view chunk);
    void end();
    // begin + feed(bytes) + end.
    void add(Input kind, std::string name, std::string file, std::string_view bytes);

    // Whether the metrics asked for read text (so a collection must be fed).
    bool needs_collection() const;
    void collection_begin(std::string file);
    void collection_feed(std::string_view chunk);
    void collection_end();
    const Progress& progress() const;
    // The text kept of a document within the largest cut-off of some run (to open a query in the
    // playground); empty when it was not kept or not in the collection.
    std::string_view document_text(std::string_view docid) const;

    // Per query, run and column; then summaries and comparisons. Throws InputError for what can
    // only be checked at the end (no run, an unknown baseline, a missing collection).
    Results compute();

    // One query as a scenario JSON for the playground (after compute): each named run's top
    // `cutoff` documents (a cut-off of the evaluation) as a ranking, with their texts (kept for
    // documents within the largest cut-off), labels and relevance, and the params in force with
    // k = cutoff. No background: the background documents' texts are not kept.
    std::string query_scenario(std::string_view query, const std::vector<std::string>& runs, std::size_t cutoff) const;

    struct Impl;

private:
    std::unique_ptr<Impl> impl_;
};

// Writers of the results (the CLI's --format json|csv|table|comparisons-csv). The JSON stops at
// `max_bytes` with an InputError naming outputBytes (the page's one string: 10^6 queries would
// pass V8's longest; the CLI writes any size).
std::string results_json(const Results& results, std::uint64_t max_bytes = UINT64_MAX);
std::string results_csv(const Results& results, bool per_query);
std::string results_table(const Results& results, bool per_query);
// The comparisons as CSV, one row per comparison (the CLI's --format comparisons-csv).
std::string results_comparisons_csv(const Results& results);

}  // namespace fairness::runs
