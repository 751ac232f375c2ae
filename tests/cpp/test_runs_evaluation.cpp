// Run evaluation's per-query values: hand-computed on a tiny run, and equal to the bit to the
// scenario mode's value for the scenario SPEC defines (ranking = the run's top c documents,
// background = the query's background documents, k = c) on a seeded random run.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "fairness/evaluate.hpp"
#include "fairness/runs/evaluation.hpp"
#include "helpers.hpp"

using namespace fairness::runs;
using fairness::Json;

namespace {

// d1: she he he (M_f = 1, M_m = 2, ω = 1 - (|1/3 - 1/2| + |2/3 - 1/2|) = 2/3); d2: the woman
// (one term, at most τ = 1: ω = 1); d3 is not in the collection (ω = 1); d4: he (ω = 1).
const char* collection = "d1\tshe he he\nd2\tthe woman\nd4\the\nd5\tshe she\n";
const char* run = "q Q0 d1 1 3 r\nq Q0 d2 2 2 r\nq Q0 d3 3 1 r\n";

Results evaluate(Options o, const char* background = nullptr, const char* qrels = nullptr) {
    Evaluation ev(std::move(o));
    ev.add(Input::run, "r", "r.run", run);
    if (background) ev.add(Input::background, "", "bg.run", background);
    if (qrels) ev.add(Input::qrels, "", "qrels", qrels);
    ev.collection_begin("c.tsv");
    ev.collection_feed(collection);
    ev.collection_end();
    return ev.compute();
}

double value(const Results& r, const std::string& column, std::size_t run = 0, std::size_t query = 0) {
    for (std::size_t c = 0; c < r.columns.size(); ++c)
        if (r.columns[c] == column) return r.runs[run].values[query][c].value();
    FAIL("no column " << column);
    return 0;
}

}  // namespace

TEST_CASE("NFaiRR@2 by hand: background from the run, from a background run, and --official") {
    using th::L3;
    Options o;
    o.cutoffs = {2};
    o.metrics = {"NFaiRR"};
    // S = {d1, d2, d3}: ω sorted 1, 1, 2/3. FaiRR@2 = 2/3 + 1/L3; IFaiRR@2 = 1 + 1/L3.
    CHECK(value(evaluate(o), "NFaiRR@2") == th::near((2.0 / 3 + 1 / L3) / (1 + 1 / L3)));
    // A background run naming d1 only: S = ranking ∪ {d1} = {d1, d2}: IFaiRR@2 = 1 + (2/3)/L3.
    const char* bg = "q Q0 d1 1 9 b\n";
    CHECK(value(evaluate(o, bg), "NFaiRR@2") == th::near((2.0 / 3 + 1 / L3) / (1 + 2.0 / 3 / L3)));
    // --official: S = the background alone, {d1}: IFaiRR@2 = 2/3 (one rank), so NFaiRR > 1.
    o.official = true;
    CHECK(value(evaluate(o, bg), "NFaiRR@2") == th::near((2.0 / 3 + 1 / L3) / (2.0 / 3)));
    // Without a background run, --official reads S from the run itself, and says so.
    const auto own = evaluate(o);
    CHECK(std::count(own.warnings.begin(), own.warnings.end(),
                     "--official without --background: S is each query's first 200 documents of the evaluated run itself (the "
                     "official code reads S from a background run)") == 1);
    const auto given = evaluate(o, bg);
    CHECK(std::none_of(given.warnings.begin(), given.warnings.end(),
                       [](const std::string& w) { return w.rfind("--official without", 0) == 0; }));
    // A query missing from the background run: null under --official (the official code skips it).
    const auto skipped = evaluate(o, "other Q0 d1 1 9 b\n");
    CHECK_FALSE(skipped.runs[0].values[0][0].has_value());
    CHECK(skipped.warnings.back().find("1 query has no document in the background run") == 0);
}

namespace {

// What the warnings say of `about` (joined), for NFaiRR@2 of the run over `texts`.
std::string warned(const char* about, const char* texts, bool official, const char* params = nullptr) {
    Options o;
    o.cutoffs = {2};
    o.metrics = {"NFaiRR"};
    o.official = official;
    Evaluation ev(o);
    if (params) ev.set_params(params);
    ev.add(Input::run, "r", "r.run", run);
    ev.collection_begin("c.tsv");
    ev.collection_feed(texts);
    ev.collection_end();
    std::string said;
    for (const auto& w : ev.compute().warnings)
        if (w.find(about) != std::string::npos) said += w;
    return said;
}

}  // namespace

TEST_CASE("--official says which of a params file's settings it replaces, and only those") {
    const auto replaced = [](const char* params) { return warned("--official reads", collection, true, params); };
    CHECK(replaced(R"({"params": {"tokenizer": "words", "tauInclusive": false, "tau": 2}})") ==
          "params: params.tokenizer \"words\" and params.tauInclusive false not used: --official reads whitespace tokens with τ "
          "inclusive, as the official NFaiRR code");
    CHECK(replaced(R"({"params": {"tokenizer": "whitespace", "tau": 2}})").empty());
    CHECK(replaced(R"({"groups": ["female", "male"]})").empty());
}

TEST_CASE("--official with --order score says the order it replaces; --order file or none says nothing") {
    const auto said = [](bool given, Order order) {
        Options o;
        o.cutoffs = {2};
        o.official = true;
        o.order = order;
        o.order_given = given;
        const auto w = evaluate(o).warnings;
        return std::count(w.begin(), w.end(),
                          "--order score not used: --official reads each run in its file's order, as the official NFaiRR code");
    };
    CHECK(said(true, Order::score) == 1);
    CHECK(said(true, Order::file) == 0);
    CHECK(said(false, Order::score) == 0);
}

TEST_CASE("documents within the cut-off holding typographic punctuation are counted, as the scenario reader warns of a text") {
    // d2’s curly apostrophe and d1’s dash are within the cut-off; d3’s no-break space is not.
    const char* curly = "d1\tshe\u2014he\nd2\tHe\u2019s here\nd3\ther\u00A0son\n";
    CHECK(warned("typographic", curly, false) ==
          "2 documents within the largest cut-off (e.g. 'd1') contain typographic quotes, dashes or no-break spaces, which the words "
          "tokenizer keeps inside tokens (He\u2019s is one token, not he + s)");
    CHECK(warned("typographic", "d1\tshe - he\nd2\tHe's here\nd3\ther\u00A0son\n", false).empty());
    CHECK(warned("typographic", curly, true).empty());  // --official splits on spaces only: nothing of this matters there
}

TEST_CASE("texts are kept for the documents within the largest cut-off only") {
    Options o;
    o.cutoffs = {1};
    o.background_depth = 3;
    Evaluation ev(o);
    ev.add(Input::run, "r", "r.run", run);
    ev.collection_begin("c.tsv");
    ev.collection_feed(collection);
    ev.collection_end();
    CHECK(ev.document_text("d1") == "she he he");  // rank 1
    CHECK(ev.document_text("d2").empty());         // rank 2: counts only (background)
    CHECK(ev.document_text("d5").empty());         // named by no run: skipped
    CHECK(ev.progress().documents == 4);
    CHECK(ev.progress().kept == 2);  // d1, d2 (d3 is not in the collection)
}

TEST_CASE("background from the collection: S = every document read plus the ranking's missing ones") {
    using th::L3;
    Options o;
    o.cutoffs = {2};
    o.metrics = {"NFaiRR"};
    o.background_from = BackgroundFrom::collection;
    // Collection ω: d1 2/3, d2 1, d4 1, d5 0 (she she: 2 > τ, 1 - (1/2 + 1/2)); d3 missing: 1.
    // S sorted: 1, 1, 1, 2/3, 0: IFaiRR@2 = 1 + 1/L3.
    CHECK(value(evaluate(o), "NFaiRR@2") == th::near((2.0 / 3 + 1 / L3) / (1 + 1 / L3)));
}

TEST_CASE("nDCG@2 takes its ideal from every judged document of the query, as trec_eval") {
    using th::L3;
    Options o;
    o.cutoffs = {2};
    o.metrics = {"nDCG"};
    // Ranking d1 (unjudged: 0), d2 (1): DCG = 1/L3. Judged: d2 = 1, d9 = 2 (not retrieved):
    // IDCG@2 = 2 + 1/L3.
    const auto r = evaluate(o, nullptr, "q 0 d2 1\nq 0 d9 2\n");
    CHECK(value(r, "nDCG@2") == th::near((1 / L3) / (2 + 1 / L3)));
    CHECK(r.warnings[0] ==
          "1 retrieved document within the largest cut-off is unjudged (a document counted once for each run and query that "
          "retrieve it): relevance 0");
}

TEST_CASE("no retrieved document judged though the qrels judge the query: the warning shows each side's ids") {
    Options o;
    o.cutoffs = {2};
    o.metrics = {"nDCG"};
    // The qrels write the ids otherwise ("D1" for "d1"): nDCG is 0 everywhere, and the warning says why.
    const auto r = evaluate(o, nullptr, "q 0 D1 1\nq 0 D2 2\n");
    CHECK(r.warnings == std::vector<std::string>{"none of the 2 retrieved documents within the largest cut-off is judged, though the "
                                                 "qrels judge their queries: for query 'q' the runs name e.g. 'd1', the qrels e.g. 'D1' "
                                                 "(ids written otherwise?); relevance 0"});
    // One judged among them: the usual count.
    CHECK(evaluate(o, nullptr, "q 0 d1 1\nq 0 D2 2\n").warnings ==
          std::vector<std::string>{
              "1 retrieved document within the largest cut-off is unjudged (a document counted once for each run and query that "
              "retrieve it): relevance 0"});
}

namespace {

// nDCG@2 of `run_text` as the qrels (and a query list) make it, without a collection.
Results ndcg_judged(const std::string& run_text, const char* qrels, const char* queries = nullptr) {
    Options o;
    o.cutoffs = {2};
    o.metrics = {"nDCG"};
    Evaluation ev(o);
    ev.add(Input::run, "r", "r.run", run_text);
    if (queries) ev.add(Input::queries, "", "q.txt", queries);
    ev.add(Input::qrels, "", "qrels", qrels);
    ev.collection_begin("c.tsv");
    ev.collection_end();
    return ev.compute();
}

const std::string run_q_then_p = std::string(run) + "p Q0 d1 1 3 r\n";  // queries q, then p

}  // namespace

TEST_CASE("a query the qrels do not judge, among judged ones, is said: its nDCG is null") {
    const auto r = ndcg_judged(run_q_then_p, "q 0 d1 1\nq 0 d2 1\n");
    CHECK(r.queries == std::vector<std::string>{"q", "p"});
    CHECK(r.runs[0].values[0][0].has_value());
    CHECK_FALSE(r.runs[0].values[1][0].has_value());
    CHECK(r.warnings ==
          std::vector<std::string>{
              "1 query of 2 has no judgment in the qrels (e.g. 'p'): every relevance is 0 there, and "
              "nDCG is null (trec_eval leaves such queries out too)",
              "1 retrieved document within the largest cut-off is unjudged (a document counted once for each run and query that "
              "retrieve it): relevance 0"});
}

TEST_CASE("a judged query with nothing relevant, and a judged query no run has, are said as trec_eval differs there") {
    // q: d1 relevant; p: d1 judged 0 (and d2, unretrieved, judged -1: read as 0); z: in no run.
    const auto r = ndcg_judged(run_q_then_p, "q 0 d1 1\nq 0 d2 0\np 0 d1 0\np 0 d2 -1\nz 0 d1 1\n");
    CHECK(r.runs[0].values[0][0].has_value());
    CHECK_FALSE(r.runs[0].values[1][0].has_value());  // IDCG = 0
    const auto said = [&](const std::string& w) { return std::count(r.warnings.begin(), r.warnings.end(), w) == 1; };
    CHECK(
        said("1 query of 2 has judgments but none above 0 (e.g. 'p'): nDCG is null there and left out of its mean (trec_eval "
             "scores such a query 0 and counts it)"));
    CHECK(
        said("1 query judged in the qrels is in no run (e.g. 'z'): not evaluated, as in trec_eval without -c (which counts them, "
             "at 0)"));
    // A query list says which queries are evaluated: a judged query outside it is no news.
    for (const auto& w : ndcg_judged(run, "q 0 d1 1\nz 0 d1 1\n", "q\n").warnings) CHECK(w.find("in no run") == std::string::npos);
}

TEST_CASE("every null value says why, in the JSON beside the values: the metric's note, or the query missing from the run") {
    // Query q judged (nDCG defined), p judged 0 (IDCG = 0: null), z in the query list, in no run.
    const auto r = ndcg_judged(run_q_then_p, "q 0 d1 1\np 0 d1 0\nz 0 d1 1\n", "q\np\nz\n");
    REQUIRE(r.queries == std::vector<std::string>{"q", "p", "z"});
    const auto& undefined = r.runs[0].undefined;
    REQUIRE(undefined.size() == 2);
    CHECK(undefined[0].query == 1);
    CHECK(undefined[0].why == "no judged document of the query has a positive gain: IDCG = 0");
    CHECK(undefined[1].query == 2);
    CHECK(undefined[1].why == "the run has no documents for this query");
    const auto json = Json::parse(results_json(r));
    CHECK(json["runs"][0]["perQueryNotes"] ==
          Json::parse(R"({"p": {"nDCG@2": "no judged document of the query has a positive gain: IDCG = 0"},
                                                              "z": {"nDCG@2": "the run has no documents for this query"}})"));
    CHECK(json["runs"][0]["perQuery"]["p"]["nDCG@2"].is_null());
    CHECK(json["runs"][0]["perQuery"]["q"]["nDCG@2"] == 1.0);

    // DIPS's note names its sides by their groups, as the scenario's results do: the top 2 of q
    // hold a female document and an unlabelled one, no male.
    Options dips;
    dips.cutoffs = {2};
    dips.metrics = {"DIPS"};
    Evaluation with_labels(dips);
    with_labels.add(Input::run, "r", "r.run", run);
    with_labels.add(Input::labels, "", "labels.csv", "d1,F\nd3,M\n");
    with_labels.collection_begin("c.tsv");
    with_labels.collection_end();
    const auto d = with_labels.compute();
    REQUIRE(d.runs[0].undefined.size() == 1);
    CHECK(d.runs[0].undefined[0].why == "no document of group B (male) in the ranking, so the measure is undefined");
}

TEST_CASE("qrels given though no asked metric reads relevance: said once, and nothing of what they judge") {
    Options o;
    o.cutoffs = {2};
    o.metrics = {"NFaiRR"};
    // Unjudged documents, a query without judgments and a negative grade: each a warning when nDCG is asked.
    const char* qrels = "q 0 d1 -1\nz 0 d1 1\n";
    const auto of_qrels = [&](const std::vector<std::string>& warnings) {
        std::vector<std::string> out;
        std::copy_if(warnings.begin(), warnings.end(), std::back_inserter(out),
                     [](const std::string& w) { return w.find("qrels") != std::string::npos || w.find("judged") != std::string::npos; });
        return out;
    };
    CHECK(of_qrels(evaluate(o, nullptr, qrels).warnings) ==
          std::vector<std::string>{"the qrels (--qrels) are not used: no asked metric reads relevance"});
    o.metrics = {"NFaiRR", "nDCG"};
    const auto with_ndcg = of_qrels(evaluate(o, nullptr, qrels).warnings);
    CHECK(with_ndcg.size() >= 2);
    CHECK(std::none_of(with_ndcg.begin(), with_ndcg.end(), [](const std::string& w) { return w.find("not used") != std::string::npos; }));
    // DIPS reads relevance too (a pair of equal relevance is a tie, Eq. 8): its qrels are used.
    o.metrics = {"DIPS"};
    CHECK(of_qrels(evaluate(o, nullptr, qrels).warnings).size() >= 2);
}

TEST_CASE("without qrels, what each asked metric reading relevance becomes, in its own words") {
    Options o;
    o.cutoffs = {2};
    o.metrics = {"DIPS", "REE", "IGI", "EE", "nDCG"};
    const auto w = evaluate(o).warnings;
    CHECK(std::count(w.begin(), w.end(),
                     "no qrels (--qrels): every relevance is 0, so DIPS, REE and IGI count every pair as a tie and EE sees one relevance "
                     "level and nDCG is undefined") == 1);
}

TEST_CASE("gains summing past the largest double make nDCG undefined for the query, not NaN") {
    // q: d1 and d2 judged 1.7e308 (DCG and IDCG overflow to infinity); p: d1 judged 1.
    const auto r = ndcg_judged(run_q_then_p, "q 0 d1 1.7e308\nq 0 d2 1.7e308\np 0 d1 1\n");
    CHECK_FALSE(r.runs[0].values[0][0].has_value());
    CHECK(r.runs[0].values[1][0].value() == 1.0);
}

TEST_CASE("a --baseline no run has is refused with the runs' names") {
    Options o;
    o.cutoffs = {2};
    o.metrics = {"nDCG"};
    o.baseline = "r.run";
    Evaluation ev(o);
    ev.add(Input::run, "r", "r.run", run);
    ev.add(Input::run, "s", "s.run", run);
    ev.collection_begin("c.tsv");
    ev.collection_end();
    CHECK_THROWS_WITH_AS(
        ev.compute(), doctest::Contains("no run is named 'r.run'; the runs are 'r', 's' (a run's name is its file's stem, or NAME=PATH)"),
        InputError);
}

TEST_CASE("no document of the runs in the collection, or none with a label: the warning shows each side's ids") {
    Options o;
    o.cutoffs = {2};
    o.metrics = {"NFaiRR"};
    Evaluation ev(o);
    ev.add(Input::run, "r", "r.run", run);  // d1, d2, d3
    ev.add(Input::labels, "", "l.csv", "D1,female\nD2,male\n");
    ev.collection_begin("c.tsv");
    ev.collection_feed("D1\tshe\nD2\the\n");
    ev.collection_end();
    CHECK(ev.compute().warnings ==
          std::vector<std::string>{"none of the 3 documents named by the runs or the background is in the collection: the runs name e.g. "
                                   "'d1', the collection's first is 'D1' (the collection of other runs, or ids written otherwise?); no "
                                   "text, ω = 1",
                                   "none of the 2 documents within the largest cut-off has a label: the runs name e.g. 'd1', the labels "
                                   "e.g. 'D1' (ids written otherwise?); every document is neutral"});
    // One missing among others found is counted, as the official code does it.
    CHECK(evaluate(o).warnings[0] ==
          "1 document named by the runs or the background is not in the collection: no text, ω = 1 (as the official NFaiRR code)");
}

TEST_CASE("without a query list, the queries are the first run's: what another run holds beyond them is said") {
    Options o;
    o.cutoffs = {2};
    o.metrics = {"NFaiRR"};
    const auto with = [&](const char* second, bool list) {
        Evaluation ev(o);
        ev.add(Input::run, "r", "r.run", run);
        ev.add(Input::run, "s", "s.run", second);
        if (list) ev.add(Input::queries, "", "q.lst", "q\nqx\n");
        ev.collection_begin("c.tsv");
        ev.collection_feed(collection);
        ev.collection_end();
        return ev.compute();
    };
    const auto more = with("q Q0 d1 1 1 s\nqx Q0 d2 1 1 s\nqy Q0 d2 1 1 s\n", false);
    CHECK(more.queries == std::vector<std::string>{"q"});
    CHECK(std::count(more.warnings.begin(), more.warnings.end(),
                     "run 's' has 2 queries that the first run 'r' has not: not evaluated (the queries are the first run's, unless "
                     "--queries lists them)") == 1);
    // A query list chooses them: nothing is said of the runs' other queries.
    const auto listed = with("q Q0 d1 1 1 s\nqx Q0 d2 1 1 s\nqy Q0 d2 1 1 s\n", true);
    CHECK(listed.queries == std::vector<std::string>{"q", "qx"});
    CHECK(std::none_of(listed.warnings.begin(), listed.warnings.end(),
                       [](const std::string& w) { return w.find("has not") != std::string::npos; }));
    const auto same = with("q Q0 d1 1 1 s\n", false);
    CHECK(std::none_of(same.warnings.begin(), same.warnings.end(),
                       [](const std::string& w) { return w.find("has not") != std::string::npos; }));
}

TEST_CASE("two runs of one name: the message names both files, or says the file is given twice") {
    Evaluation ev(Options{});
    ev.add(Input::run, "bm25", "a/bm25.run", run);
    CHECK_THROWS_WITH_AS(ev.add(Input::run, "bm25", "b/bm25.trec", run),
                         "b/bm25.trec: run 'bm25' is already the run of a/bm25.run: a run is named by its file's stem, or on the "
                         "command line by NAME=PATH; give each run a name of its own",
                         InputError);
    Evaluation again(Options{});
    again.add(Input::run, "bm25", "bm25.run", run);
    CHECK_THROWS_WITH_AS(again.add(Input::run, "bm25", "bm25.run", run), "bm25.run: the same run file is given twice", InputError);
}

TEST_CASE("no --cutoffs: those the --metrics columns name (nDCG@5 alone asks for 5), or else 10 and 20") {
    Options o;
    o.metrics = {"nDCG@2", "NFaiRR", "nDCG@1"};
    CHECK(evaluate(o, nullptr, "q 0 d2 1\n").columns == std::vector<std::string>{"NFaiRR@2", "NFaiRR@1", "nDCG@2", "nDCG@1"});
    o.metrics = {"nDCG"};
    CHECK(evaluate(o, nullptr, "q 0 d2 1\n").columns == std::vector<std::string>{"nDCG@10", "nDCG@20"});
    o.metrics = {};
    CHECK(evaluate(o).cutoffs == std::vector<std::size_t>{10, 20});
    // Given, they are the cut-offs, and a column must be one of them.
    o.cutoffs = {3};
    o.metrics = {"nDCG@2"};
    CHECK_THROWS_WITH_AS(Evaluation{o}, "--metrics: nDCG@2: the cut-off is not one of --cutoffs (3)", InputError);
    // A cut-off that is no whole number of at least 1 is said to be so, given --cutoffs or not.
    for (const char* bad : {"nDCG@1O", "nDCG@0", "nDCG@", "nDCG@-5"}) {
        CAPTURE(bad);
        o.metrics = {bad};
        for (const auto& cutoffs : {std::vector<std::size_t>{3}, std::vector<std::size_t>{}}) {
            o.cutoffs = cutoffs;
            CHECK_THROWS_WITH_AS(Evaluation{o},
                                 ("--metrics: " + std::string(bad) + ": the cut-off after @ must be a whole number of at least 1").c_str(),
                                 InputError);
        }
    }
}

TEST_CASE("--metrics: a name in any case; a metric of one column per magnitude names its columns") {
    Options o;
    o.cutoffs = {2};
    o.metrics = {"nfairr", "NDCG@2", "arab-TF"};
    CHECK(evaluate(o, nullptr, "q 0 d2 1\n").columns == std::vector<std::string>{"NFaiRR@2", "nDCG@2", "ARaB-tf@2"});
    o.metrics = {"rab"};
    CHECK_THROWS_WITH_AS(Evaluation{o}, "--metrics: rab: one column per magnitude: RaB-tc, RaB-tf or RaB-bool (optionally @cutoff)",
                         InputError);
    o.metrics = {"ARaB@2"};
    CHECK_THROWS_WITH_AS(Evaluation{o}, "--metrics: ARaB@2: one column per magnitude: ARaB-tc, ARaB-tf or ARaB-bool (optionally @cutoff)",
                         InputError);
    o.metrics = {"AWRF"};  // one metric without its collection: "reads"
    Evaluation without_text(o);
    without_text.add(Input::run, "r", "r.run", run);
    CHECK_THROWS_WITH_AS(without_text.compute(),
                         "--collection: required: AWRF reads the documents' text (or choose --metrics without them)", InputError);
    o.metrics = {"Ra"};  // the start of a name is not the name
    CHECK_THROWS_WITH_AS(Evaluation{o}, doctest::Contains("Ra: unknown metric; expected one of NFaiRR, TExFAIR"), InputError);
}

TEST_CASE("every metric but nDCG equals, to the bit, the scenario mode's value of the scenario SPEC defines") {
    std::mt19937 rng(11);
    const std::vector<std::string> words{"she", "he", "her", "him", "the", "a", "woman", "man", "car", "it"};
    const std::vector<std::string> labels{"female", "male", "neutral"};
    std::string coll, run_a, labels_csv, qrels;
    std::vector<std::string> text(40), label(40);
    for (int d = 0; d < 40; ++d) {
        for (int w = 0, n = static_cast<int>(rng() % 8); w < n; ++w) text[d] += (w ? " " : "") + words[rng() % words.size()];
        label[d] = labels[rng() % 3];
        if (d % 9 != 5)
            coll += "d" + std::to_string(d) + "\t" + text[d] + "\n";  // some documents missing
        else
            text[d].clear();
        labels_csv += "d" + std::to_string(d) + "," + label[d] + "\n";
    }
    std::vector<std::vector<int>> ranked(3);
    std::vector<std::vector<double>> rel(3);
    for (int q = 0; q < 3; ++q) {
        std::vector<int> docs(40);
        for (int d = 0; d < 40; ++d) docs[d] = d;
        std::shuffle(docs.begin(), docs.end(), rng);
        docs.resize(12 + q);
        for (std::size_t i = 0; i < docs.size(); ++i) {
            run_a += "q" + std::to_string(q) + " Q0 d" + std::to_string(docs[i]) + " " + std::to_string(i + 1) + " " +
                     std::to_string(100 - i) + " a\n";
            const double r = static_cast<double>(rng() % 3);
            rel[q].push_back(r);
            qrels += "q" + std::to_string(q) + " 0 d" + std::to_string(docs[i]) + " " + std::to_string(static_cast<int>(r)) + "\n";
        }
        ranked[q] = docs;
    }
    Options o;
    o.cutoffs = {5, 10};
    o.background_depth = 8;
    Evaluation ev(o);
    ev.add(Input::run, "a", "a.run", run_a);
    ev.add(Input::qrels, "", "qrels", qrels);
    ev.add(Input::labels, "", "labels.csv", labels_csv);
    ev.collection_begin("c.tsv");
    ev.collection_feed(coll);
    ev.collection_end();
    const auto res = ev.compute();

    const std::vector<std::pair<std::string, std::string>> keys{
        {"NFaiRR", "nfairr"}, {"TExFAIR", "texfair"}, {"DIPS", "dips"}, {"CWEx", "cwex"}, {"AWRF", "awrf"},
        {"REE", "ree"},       {"IGI", "igi"},         {"EE", "ee"},     {"EA", "ea"},     {"EA-dp", "eadp"}};
    for (int q = 0; q < 3; ++q)
        for (const std::size_t c : o.cutoffs) {
            Json s;
            s["params"] = {{"k", c}};
            Json docs = Json::array(), background = Json::array();
            for (std::size_t i = 0; i < c; ++i) {
                const int d = ranked[q][i];
                docs.push_back({{"id", "d" + std::to_string(d)}, {"text", text[d]}, {"label", label[d]}, {"relevance", rel[q][i]}});
            }
            for (std::size_t i = 0; i < o.background_depth; ++i)
                background.push_back({{"id", "d" + std::to_string(ranked[q][i])}, {"text", text[ranked[q][i]]}});
            s["rankings"] = Json::array({{{"name", "a"}, {"docs", docs}}});
            s["background"] = background;
            const auto scenario = fairness::evaluate(fairness::parse_scenario(s.dump()));
            for (const auto& [name, key] : keys) {
                const auto& expected = scenario["rankings"][0][key]["value"];
                const auto column = name + "@" + std::to_string(c);
                CAPTURE(q);
                CAPTURE(column);
                std::size_t col = 0;
                while (res.columns[col] != column) ++col;
                const auto& got = res.runs[0].values[q][col];
                if (expected.is_null())
                    CHECK_FALSE(got.has_value());
                else {
                    REQUIRE(got.has_value());
                    CHECK(*got == expected.get<double>());
                }
            }
        }
}

TEST_CASE("--official says when a query's lines resume after another's: the official code keeps only the last block") {
    const auto said = [](const char* run_text, bool official, const char* background = nullptr) {
        Options o;
        o.cutoffs = {2};
        o.metrics = {"NFaiRR"};
        o.official = official;
        Evaluation ev(o);
        ev.add(Input::run, "r", "r.run", run_text);
        if (background) ev.add(Input::background, "", "bg.run", background);
        ev.collection_begin("c.tsv");
        ev.collection_feed("d1\tshe and her\nd2\tthe river\nd3\the and him\n");
        ev.collection_end();
        std::vector<std::string> out;
        for (const auto& w : ev.compute().warnings)
            if (w.find("resumes") != std::string::npos) out.push_back(w);
        return out;
    };
    const char* split = "1 Q0 d1 1 3 r\n2 Q0 d2 1 3 r\n1 Q0 d2 2 2 r\n1 Q0 d3 3 1 r\n";
    CHECK(said(split, true) == std::vector<std::string>{"--official: in run 'r', query '1' resumes on line 3 after another query's "
                                                        "lines; the official code keeps only a query's last block of lines, this "
                                                        "evaluation reads them all"});
    CHECK(said(split, false).empty());
    CHECK(said("1 Q0 d1 1 3 r\n1 Q0 d2 2 2 r\n2 Q0 d2 1 3 r\n", true).empty());
    CHECK(said("1 Q0 d1 1 3 r\n", true, "1 Q0 d1 1 3 b\n2 Q0 d2 1 3 b\n1 Q0 d3 2 2 b\n") ==
          std::vector<std::string>{"--official: in the background run, query '1' resumes on line 3 after another query's lines; the "
                                   "official code keeps only a query's last block of lines, this evaluation reads them all"});
}
