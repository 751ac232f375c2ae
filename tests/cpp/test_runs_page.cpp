// What the page adds to run evaluation: the options as JSON (the CLI's flags, its defaults and its
// messages), and one query of the runs as a scenario for the playground.
#include <doctest/doctest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>

#include "fairness/runs/evaluation.hpp"
#include "fairness/runs/options.hpp"
#include "fairness/scenario.hpp"

using namespace fairness::runs;

namespace {

std::string refusal(const char* json) {
    try {
        options_from_json(json);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("options: the CLI's defaults, every key, and refusals naming the flag") {
    const auto d = options_from_json("{}");
    CHECK(d.cutoffs.empty());  // the evaluation's: those the metrics name, or else 10 and 20
    CHECK(d.order == Order::score);
    CHECK_FALSE(d.official);
    CHECK(d.background_from == BackgroundFrom::run);
    CHECK(d.background_depth == 200);
    CHECK(d.metrics.empty());

    const auto o = options_from_json(R"({"cutoffs":[5,100],"order":"file","official":true,"backgroundFrom":"collection",
        "backgroundDepth":50,"metrics":["NFaiRR","","nDCG@5"],"baseline":"bm25","queryLabel":"n"})");
    CHECK(o.cutoffs == std::vector<std::size_t>{5, 100});
    CHECK(o.order == Order::file);
    CHECK(o.official);
    CHECK(o.background_from == BackgroundFrom::collection);
    CHECK(o.background_depth == 50);
    CHECK(o.metrics == std::vector<std::string>{"NFaiRR", "nDCG@5"});  // an empty name is no name
    CHECK(o.baseline == "bm25");
    CHECK(o.query_label == "n");

    CHECK(refusal(R"({"cutoffs":[10,0]})").find("--cutoffs") == 0);
    CHECK(refusal(R"({"cutoffs":[2.5]})").find("--cutoffs") == 0);
    CHECK(refusal(R"({"cutoffs":[null]})").find("--cutoffs") == 0);  // JSON.stringify(NaN)
    // What a form could not read as a number is passed as written, and quoted as the CLI quotes it.
    CHECK(refusal(R"({"cutoffs":[5,"abc"]})") == "--cutoffs: expected a whole number from 1 to 1000000, got 'abc'");
    CHECK(refusal(R"({"cutoffs":["1.5"]})") == "--cutoffs: expected a whole number from 1 to 1000000, got '1.5'");
    CHECK(refusal(R"({"backgroundDepth":""})") == "--background-depth: needs a value, got an empty one");
    // The CLI passes its flags' values as typed: a whole number in text is read as the CLI reads it.
    const auto typed = options_from_json(R"({"cutoffs":["5","+10"],"backgroundDepth":"7","ci":"bootstrap","bootstrapSamples":"250",
        "bootstrapSeed":"4294967295"})");
    CHECK(typed.cutoffs == std::vector<std::size_t>{5, 10});
    CHECK(typed.background_depth == 7);
    CHECK(typed.bootstrap.samples == 250);
    CHECK(typed.bootstrap.seed == 4294967295u);
    CHECK(refusal(R"({"ci":"bootstrap","bootstrapSeed":"4294967296"})") ==
          "--bootstrap-seed: expected a whole number from 0 to 4294967295, got '4294967296'");
    CHECK(refusal(R"({"ci":"bootstrap","bootstrapSamples":99})") ==
          "--bootstrap-samples: expected a whole number from 100 to 1000000, got 99");
    CHECK(refusal(R"({"bootstrapSamples":"200"})") == "--bootstrap-samples: needs --ci bootstrap");
    CHECK(refusal(R"({"cutoffs":[18446744073709551615]})") ==
          "--cutoffs: expected a whole number from 1 to 1000000, got 18446744073709551615");
    CHECK(refusal(R"({"cutoffs":[" 5"]})") == "--cutoffs: expected a whole number from 1 to 1000000, got ' 5'");
    CHECK(refusal(R"({"cutoffs":[]})").find("--cutoffs") == 0);
    CHECK(refusal(R"({"order":"rank"})").find("--order") == 0);
    CHECK(refusal(R"({"backgroundFrom":"qrels"})").find("--background-from") == 0);
    CHECK(refusal(R"({"backgroundDepth":0})").find("--background-depth") == 0);
    CHECK(refusal(R"({"official":"yes"})").find("--official") == 0);
    CHECK(refusal(R"({"metrics":"NFaiRR"})").find("--metrics") == 0);
    CHECK(refusal("[1]").find("options") == 0);
    CHECK(refusal("{").find("options") == 0);
}

TEST_CASE("a query as a scenario: the runs' top documents with text, label and relevance, k = the cut-off") {
    Options o;
    o.cutoffs = {2, 3};
    Evaluation ev(o);
    ev.set_params(R"({"params":{"tau":2}})");
    // r1 by score: d2 (3), d1 (2), d3 (1); r2: d3, d4 (d4 not in the collection: no text).
    ev.add(Input::run, "r1", "r1.run", "q Q0 d1 1 2 r1\nq Q0 d2 2 3 r1\nq Q0 d3 3 1 r1\nz Q0 d1 1 1 r1\n");
    ev.add(Input::run, "r2", "r2.run", "q Q0 d3 1 9 r2\nq Q0 d4 2 8 r2\n");
    ev.add(Input::qrels, "", "qrels", "q 0 d2 2\nq 0 d3 1\n");
    ev.add(Input::labels, "", "labels.csv", "d1,F\nd2,M\n");
    ev.add(Input::queries, "", "queries.csv", "q,what she said,n\nz,other,g\n");
    ev.collection_begin("c.tsv");
    ev.collection_feed("d1\tshe said\nd2\the said\nd3\tnothing here\nd9\tunused\n");
    ev.collection_end();
    ev.compute();

    const auto s = nlohmann::json::parse(ev.query_scenario("q", {"r1", "r2"}, 2));
    CHECK(s["title"] == "Query q: what she said");
    // The caption says which values read less than the run evaluation did.
    const std::string description = s["description"];
    CHECK(description.find("NFaiRR's set S here is each ranking's own documents") != std::string::npos);
    CHECK(description.find("nDCG's ideal is these documents' relevance") != std::string::npos);
    CHECK(s["params"]["k"] == 2);
    CHECK(s["params"]["tau"] == 2);  // the params file's
    REQUIRE(s["rankings"].size() == 2);
    const auto& a = s["rankings"][0];
    CHECK(a["name"] == "r1");
    REQUIRE(a["docs"].size() == 2);  // top 2 by score: d2, d1
    CHECK(a["docs"][0]["id"] == "d2");
    CHECK(a["docs"][0]["text"] == "he said");
    CHECK(a["docs"][0]["label"] == "male");
    CHECK(a["docs"][0]["relevance"] == 2.0);
    CHECK(a["docs"][1]["id"] == "d1");
    CHECK(a["docs"][1]["label"] == "female");
    CHECK(a["docs"][1]["relevance"] == 0.0);  // unjudged
    const auto& b = s["rankings"][1];
    CHECK(b["docs"][0]["id"] == "d3");
    CHECK(b["docs"][0]["label"] == "neutral");  // no label
    CHECK(b["docs"][1]["text"] == "");          // not in the collection
    // The scenario reader takes it: the playground can open it.
    CHECK_NOTHROW(fairness::parse_scenario(ev.query_scenario("q", {"r1", "r2"}, 3)));
    // One run only; a query one run lacks gives an empty ranking.
    CHECK(nlohmann::json::parse(ev.query_scenario("z", {"r2"}, 2))["rankings"][0]["docs"].empty());

    CHECK_THROWS_AS(ev.query_scenario("q", {"r1"}, 5), InputError);  // not a cut-off
    CHECK_THROWS_AS(ev.query_scenario("nope", {"r1"}, 2), InputError);
    CHECK_THROWS_AS(ev.query_scenario("q", {"r9"}, 2), InputError);
}

TEST_CASE("a query, run or text that is not UTF-8 opens by the name the results show (U+FFFD), as valid JSON") {
    Options o;
    o.cutoffs = {2};
    Evaluation ev(o);
    ev.add(Input::run, "r\xff", "r.run", "q\xfe Q0 d\xc3 1 2 t\nq\xfe Q0 d2 2 1 t\n");
    ev.add(Input::labels, "", "labels.csv", "d\xc3,F\nd2,M\n");
    ev.collection_begin("c.tsv");
    ev.collection_feed("d\xc3\tshe \xe9t\xe9\nd2\the\n");
    ev.collection_end();
    const auto results = ev.compute();
    const auto json = nlohmann::json::parse(results_json(results));  // valid: the ids as U+FFFD
    REQUIRE(json["queries"].size() == 1);
    const std::string query = json["queries"][0];
    CHECK(query == "q\xEF\xBF\xBD");
    // The user is told: one query id and one run name.
    CHECK(std::count(results.warnings.begin(), results.warnings.end(),
                     "1 query id and 1 run name are not UTF-8: shown with U+FFFD in place of each byte that is not") == 1);
    const std::string scenario = ev.query_scenario(query, {"r\xEF\xBF\xBD"}, 2);
    const auto s = nlohmann::json::parse(scenario);  // throws on invalid UTF-8
    CHECK(s["rankings"][0]["docs"].size() == 2);
    CHECK(s["rankings"][0]["docs"][0]["id"] == "d\xEF\xBF\xBD");
    CHECK(s["rankings"][0]["docs"][0]["text"] == "she \xEF\xBF\xBDt\xEF\xBF\xBD");
    CHECK_NOTHROW(fairness::parse_scenario(scenario));
    CHECK_THROWS_AS(ev.query_scenario("q?", {"r\xEF\xBF\xBD"}, 2), InputError);
}

TEST_CASE("a whole scenario (the playground's export) is a params file: its rankings, background, lesson and k left out, and said") {
    Options o;
    o.cutoffs = {2};
    Evaluation ev(o);
    ev.set_params(R"({"title": "An example", "description": "Its words.", "groups": ["a", "b"],
        "lexicon": {"a": ["she"], "b": ["he"]}, "params": {"k": 4, "tau": 2},
        "rankings": [{"name": "A", "docs": [{"text": "she", "label": "a"}]}], "background": [{"text": "x"}],
        "lesson": {"steps": []}})");
    ev.add(Input::run, "r", "r.run", "q Q0 d1 1 2 r\nq Q0 d2 2 1 r\n");
    ev.add(Input::labels, "", "labels.csv", "d1,a\nd2,b\n");
    ev.collection_begin("c.tsv");
    ev.collection_feed("d1\tshe said\nd2\the said\n");
    ev.collection_end();
    const auto results = ev.compute();
    CHECK(std::find(results.warnings.begin(), results.warnings.end(),
                    "params: rankings, background, lesson and params.k not read: the runs are the rankings, and --background and "
                    "--cutoffs give the rest") != results.warnings.end());
    // Its groups, lexicon and params apply; its title and description were the example's.
    const auto s = nlohmann::json::parse(ev.query_scenario("q", {"r"}, 2));
    CHECK(s["groups"] == nlohmann::json::array({"a", "b"}));
    CHECK(s["lexicon"]["a"] == nlohmann::json::array({"she"}));
    CHECK(s["params"]["tau"] == 2);
    CHECK(s["params"]["k"] == 2);
    CHECK(s["title"] == "Query q");
    CHECK(s["description"] != "Its words.");  // the query's own
    CHECK(s["rankings"][0]["docs"][1]["label"] == "b");
}

TEST_CASE("a params file is read as strictly as a scenario: a key given twice, an unknown key, bad JSON are refused") {
    const auto refusal = [](const char* json) -> std::pair<std::string, std::string> {
        Evaluation ev(Options{});
        try {
            ev.set_params(json);
        } catch (const fairness::ScenarioError& error) {
            return {error.field(), error.message()};
        }
        return {"", "accepted"};
    };
    CHECK(refusal(R"({"params":{"tau":2,"tau":3}})") ==
          std::pair<std::string, std::string>{"params.tau", "the key \"tau\" appears twice in this object; give each key once"});
    CHECK(refusal(R"({"groups":["female","male"],"groups":["a","b"]})").first == "groups");
    CHECK(refusal(R"({"params":{"tua":2}})").first == "params.tua");
    CHECK(refusal(R"({"params":{"tau":2})").second.find("end of the text") != std::string::npos);
    CHECK(refusal(R"({"params":{"tau":2}})").second == "accepted");
}
