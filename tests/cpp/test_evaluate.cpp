// From a scenario to the results: their shape (SPEC "results"), the descriptors, the shared
// weights, and the promise behind every `atCutoff` series.
#include <doctest/doctest.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "fairness/descriptor.hpp"
#include "fairness/metric_unit.hpp"
#include "fairness/weights.hpp"
#include "helpers.hpp"

using th::first;
using th::L3;
using th::near;
using th::num;
using Json = fairness::Json;

namespace {

std::vector<std::string> keys(const Json& object) {
    std::vector<std::string> out;
    for (const auto& [key, value] : object.items()) out.push_back(key);
    return out;
}

bool has_keys(const Json& object, const std::vector<std::string>& wanted) {
    for (const auto& key : wanted)
        if (!object.contains(key)) return false;
    return true;
}

const char* const two_rankings = R"({
    "lexicon": {"female": ["she"], "male": ["he"]},
    "params": {"k": 2},
    "rankings": [
        {"name": "first", "docs": [{"id": "a", "text": "she ran", "label": "female", "relevance": 1},
                                   {"id": "b", "text": "he he", "label": "male"}]},
        {"name": "second", "docs": [{"id": "c", "text": "the cat", "relevance": 2}]}],
    "background": [{"id": "z", "text": "a mat"}]})";

}  // namespace

TEST_CASE("the results hold what SPEC lists, ranking by ranking, in order") {
    const auto results = th::run(std::string_view(two_rankings));
    CAPTURE(results.dump());
    CHECK(keys(results) == std::vector<std::string>{"rankings", "background", "groups", "params", "lexicon", "warnings"});
    REQUIRE(results["rankings"].size() == 2);
    const auto& r = results["rankings"][0];
    CHECK(r["name"] == "first");
    CHECK(results["rankings"][1]["name"] == "second");
    CHECK(r["n"] == 2);
    CHECK(r["k"] == 2);
    CHECK(results["rankings"][1]["k"] == 1);  // k' = min(k, n)

    CHECK(has_keys(r["nfairr"], {"value", "fairr", "ifairr", "omega", "baseline", "perRank", "atCutoff"}));
    CHECK(has_keys(r["texfair"], {"value", "normalized", "ted", "rbdf", "share", "maxTed", "termExposure", "perRank", "atCutoff"}));
    CHECK(keys(r["texfair"]["share"]) == std::vector<std::string>{"female", "male"});
    CHECK(has_keys(r["dips"], {"value", "mAB", "mBA", "nA", "nB", "perRank", "atCutoff"}));
    CHECK(has_keys(r["cwex"], {"value", "exposure", "deltaExposure", "perRank", "atCutoff"}));
    CHECK(keys(r["cwex"]["exposure"]) == std::vector<std::string>{"neutral", "female", "male"});
    for (const char* metric : {"ee", "ea", "eadp"}) {
        CAPTURE(metric);
        CHECK(has_keys(r[metric], {"value", "l1", "deltaA", "deltaB", "targetShare", "exposureShare", "nA", "nB", "perRank", "atCutoff"}));
        CHECK(keys(r[metric]["targetShare"]) == std::vector<std::string>{"female", "male"});  // A, B
    }
    for (const char* metric : {"rab", "arab"}) {
        CAPTURE(metric);
        CHECK(has_keys(r[metric], {"value", "magnitude", "groups", "tc", "tf", "bool", "perRank", "atCutoff"}));
        CHECK(keys(r[metric]["tf"]["parts"]) == std::vector<std::string>{"female", "male"});  // f, m
    }
    for (const char* metric : {"awrf", "ree", "igi", "ee", "ea", "eadp", "ndcg"}) {
        CAPTURE(metric);
        CHECK(has_keys(r[metric], {"value", "perRank", "atCutoff"}));
    }
    // Per-document detail: magnitude by group, token count, label, relevance, id.
    const auto& d = r["docs"][1];
    CHECK(d["id"] == "b");
    CHECK(d["label"] == "male");
    CHECK(d["tokens"] == 2);
    CHECK(d["magnitude"]["male"] == 2.0);
    CHECK(d["magnitude"]["female"] == 0.0);
    CHECK(d["relevance"] == 0.0);
}

TEST_CASE("each ranking is evaluated on its own (with the shared background)") {
    const auto both = th::run(std::string_view(two_rankings));
    // The second ranking alone: "the cat" (ω 1) against S = {c, z}, both ω 1: k' = 1, NFaiRR@2 =
    // p(1) / (p(1) + p(2)) = 1 / (1 + 1/log2 3).
    const auto& second = both["rankings"][1];
    CHECK(num(second["nfairr"]["value"]) == near(1 / (1 + 1 / L3)));
    CHECK(second["dips"]["value"].is_null());  // no group A or B document
    // First ranking: a (she ran: Σ M = 1 <= τ, ω 1), b (he he: ω 0); S = {a, b, z}: sorted 1, 1, 0.
    // FaiRR@2 = 1, IFaiRR@2 = 1 + 1/log2 3.
    CHECK(num(both["rankings"][0]["nfairr"]["value"]) == near(1 / (1 + 1 / L3)));
    CHECK(both["rankings"][0]["nfairr"]["backgroundSize"] == 3);
}

TEST_CASE("the background: each document's ω and what was read of it, with detail or when the view asks for it") {
    const char* const scenario_json = R"({
        "lexicon": {"female": ["she"], "male": ["he"]},
        "rankings": [{"docs": [{"id": "a", "text": "she ran"}]}],
        "background": [{"id": "x", "text": "she said he and he"}, {"text": "a mat"}, {"id": 7, "text": "he"}]})";
    const auto scenario = fairness::parse_scenario(scenario_json);
    const Json full = fairness::evaluate(scenario);
    REQUIRE(full.contains("background"));
    const Json& b = full["background"];
    REQUIRE(b.size() == 3);
    // x: M = (1, 2), Σ 3 > τ = 1: ω = 1 - (|1/3 - 1/2| + |2/3 - 1/2|) = 2/3 (Eq. 2).
    CHECK(b[0]["id"] == "x");
    CHECK(num(b[0]["omega"]) == near(2.0 / 3));
    CHECK(b[0]["tokens"] == 5);
    CHECK(b[0]["magnitude"] == Json::parse(R"({"female": 1.0, "male": 2.0})"));
    CHECK(b[0]["matches"] == Json::parse(R"([{"begin": 0, "end": 3, "group": "female"}, {"begin": 9, "end": 11, "group": "male"},
                                              {"begin": 16, "end": 18, "group": "male"}])"));
    // No id; no group term: ω 1. One term, within τ = 1 (inclusive): ω 1; exclusive, it is all male: ω 0.
    CHECK(b[1]["id"].is_null());
    CHECK(num(b[1]["omega"]) == 1.0);
    CHECK(b[2]["id"] == "7");
    CHECK(num(b[2]["omega"]) == 1.0);
    auto strict = scenario;
    strict.params.tau_inclusive = false;
    CHECK(num(fairness::evaluate(strict)["background"][2]["omega"]) == 0.0);

    // The page's view lists it only when asked; a summary never; a scenario without one, never.
    CHECK(fairness::evaluate(scenario, {.detail = false, .background = true})["background"] == b);
    CHECK_FALSE(fairness::evaluate(scenario, {.detail = false, .texts = fairness::EvaluateOptions::Texts::all}).contains("background"));
    CHECK_FALSE(fairness::evaluate(scenario, {.detail = false}).contains("background"));
    auto none = scenario;
    none.background.clear();
    CHECK_FALSE(fairness::evaluate(none, {.detail = false, .background = true}).contains("background"));
    CHECK_FALSE(fairness::evaluate(none).contains("background"));
}

TEST_CASE("evaluate_json is evaluate's results as JSON text") {
    const std::string text = fairness::evaluate_json(two_rankings);
    CHECK(Json::parse(text) == th::run(std::string_view(two_rankings)));
}

TEST_CASE("warnings of the scenario are passed on") {
    const auto results = th::run(std::string_view(R"({"lexicon": {"female": ["she"]}, "rankings": [{"docs": [{}]}]})"));
    REQUIRE(results["warnings"].size() == 1);
    CHECK(results["warnings"][0].get<std::string>().find("'male'") != std::string::npos);
}

TEST_CASE("descriptors: fourteen metrics, each named, cited and pointed to its equations") {
    const auto& metrics = fairness::all_metrics();
    REQUIRE(metrics.size() == 14);
    std::set<std::string> ids;
    const auto results = th::run(std::string_view(two_rankings))["rankings"][0];
    for (const auto* m : metrics) {
        CAPTURE(m->id);
        CHECK_FALSE(m->id.empty());
        CHECK_FALSE(m->name.empty());
        CHECK_FALSE(m->summary.empty());
        CHECK_FALSE(m->paper.empty());
        CHECK_FALSE(m->equations.empty());
        CHECK_FALSE(m->range.empty());
        CHECK_FALSE(m->formula.empty());
        CHECK(results.contains(std::string(m->id)));  // every descriptor has its results
        const bool whole_ranking = m->id == "dips" || m->id == "ree" || m->id == "igi" || m->id == "ee" || m->id == "ea" || m->id == "eadp";
        CHECK(m->uses_cutoff == !whole_ranking);
        for (const auto& param : m->params) CHECK_FALSE(param.key.empty());
        ids.insert(std::string(m->id));
    }
    CHECK(ids == std::set<std::string>{"nfairr", "texfair", "dips", "cwex", "awrf", "ree", "igi", "ee", "ea", "eadp", "rab", "arab", "ndkl",
                                       "ndcg"});
    const auto described = fairness::describe_metrics();
    REQUIRE(described.size() == 14);
    CHECK(described[0]["id"] == std::string(metrics[0]->id));
    CHECK(described[2]["fairer"] == "closer to 0");
}

TEST_CASE("weights: p(r) = 1 / log2(r + 1) and the browsing models F(k0)") {
    CHECK(fairness::position_bias(1) == near(1.0));
    CHECK(fairness::position_bias(2) == near(1 / L3));
    CHECK(fairness::position_bias(3) == near(0.5));      // 1 / log2 4
    CHECK(fairness::position_bias(7) == near(1.0 / 3));  // 1 / log2 8
    const auto sums = fairness::position_bias_prefix(3);
    REQUIRE(sums.size() == 4);
    CHECK(sums[0] == 0);
    CHECK(sums[3] == near(1 + 1 / L3 + 0.5));
    using fairness::BrowsingModel;
    CHECK(fairness::browsing_weights(BrowsingModel::uniform, 0.9, 6)[5] == 1);
    const auto exponential = fairness::browsing_weights(BrowsingModel::exponential, 0.9, 3);
    CHECK(exponential[0] == 1.0);
    CHECK(exponential[2] == near(0.81));
    const auto logarithmic = fairness::browsing_weights(BrowsingModel::logarithmic, 0.9, 3);
    CHECK(logarithmic[0] == near(1.0));  // 1 / log2 2
    CHECK(logarithmic[2] == near(0.5));  // 1 / log2 4
}

// atCutoff[c - 1] promises the metric at cut-off c. For a metric with a cut-off that is a fresh
// evaluation with params.k = c; DIPS, REE and IGI read the whole ranking, so theirs is the
// evaluation of the ranking truncated to its first c documents.
TEST_CASE("property: atCutoff[c - 1] equals a fresh evaluation at k = c, or of the ranking truncated to c") {
    int checked = 0;
    for (unsigned seed = 1; seed <= th::rounds(150); ++seed) {
        th::Gen gen(seed);
        Json s = gen.scenario();
        static const std::vector<double> cts{0, 0.5, 1};
        s["params"]["ct"] = gen.pick(cts);
        s["params"]["targets"] = {{"female", 0.3}, {"male", 0.7}};
        CAPTURE(seed);
        CAPTURE(s.dump());
        const auto full = first(s);
        const auto& docs = s["rankings"][0]["docs"];
        for (std::size_t c = 1; c <= docs.size(); ++c) {
            CAPTURE(c);
            Json at_c = s;
            at_c["params"]["k"] = c;
            const auto fresh = first(at_c);
            for (const char* metric : {"nfairr", "texfair", "cwex", "awrf", "rab", "arab", "ndcg"}) {
                CAPTURE(metric);
                CHECK(th::same_value(full[metric]["atCutoff"][c - 1], fresh[metric]["value"]));
            }
            Json truncated = s;
            truncated["rankings"][0]["docs"] = Json(std::vector<Json>(docs.begin(), docs.begin() + static_cast<std::ptrdiff_t>(c)));
            const auto cut = first(truncated);
            for (const char* metric : {"dips", "ree", "igi", "ee", "ea", "eadp"}) {
                CAPTURE(metric);
                CHECK(th::same_value(full[metric]["atCutoff"][c - 1], cut[metric]["value"]));
            }
            ++checked;
        }
    }
    CHECK(checked > th::rounds(500));
}

namespace {

// The results with detail, without what EvaluateOptions{.detail = false} leaves out.
Json without_detail(Json results) {
    results.erase("background");
    for (auto& ranking : results["rankings"]) {
        ranking.erase("docs");
        for (auto& [key, metric] : ranking.items())
            if (metric.is_object()) metric.erase("perRank"), metric.erase("atCutoff");
    }
    return results;
}

}  // namespace

TEST_CASE("detail = false: the same values and parts, without perRank, atCutoff, docs and the background") {
    th::Gen gen(7);
    for (int round = 0; round < static_cast<int>(th::rounds(100)); ++round) {
        auto s = gen.scenario();
        if (round % 2) s["params"]["browsing"] = Json{{"model", round % 4 == 1 ? "logarithmic" : "uniform"}};
        const auto scenario = fairness::parse_scenario(s.dump());
        const Json full = fairness::evaluate(scenario);
        const Json summary = fairness::evaluate(scenario, {.detail = false});
        CAPTURE(s.dump());
        CHECK(summary == without_detail(full));
        CHECK_FALSE(summary["rankings"][0].contains("docs"));
        CHECK_FALSE(summary["rankings"][0]["ee"].contains("atCutoff"));
        CHECK(summary["rankings"][0]["texfair"].contains("termExposure"));
    }
    // Text in, text out: the option travels through evaluate_json.
    CHECK(Json::parse(fairness::evaluate_json(two_rankings, {.detail = false})) ==
          without_detail(Json::parse(fairness::evaluate_json(two_rankings))));
}

TEST_CASE("Evaluator: over random edits, byte for byte a fresh evaluation, tokenising only texts it has not seen") {
    th::Gen gen(12);
    fairness::Evaluator evaluator;
    Json s = gen.scenario();
    s["rankings"][0]["docs"] = Json(gen.docs(20, "d"));
    std::set<std::string> seen;  // texts of the previous call, under its lexicon and tokenizer
    std::optional<fairness::Scenario> previous;
    for (int step = 0; step < static_cast<int>(th::rounds(300)); ++step) {
        auto& docs = s["rankings"][0]["docs"];
        const auto pick = [&] { return static_cast<std::size_t>(gen.integer(0, static_cast<int>(docs.size()) - 1)); };
        switch (gen.integer(0, 6)) {
            case 0: {  // move a document
                const auto from = pick(), to = pick();
                Json doc = docs[from];
                docs.erase(from);
                docs.insert(docs.begin() + static_cast<std::ptrdiff_t>(to), doc);
                break;
            }
            case 1: docs[pick()]["label"] = gen.pick(std::vector<std::string>{"female", "male", "neutral"}); break;
            case 2: docs[pick()]["relevance"] = gen.integer(0, 3); break;
            case 3: docs[pick()]["text"] = gen.text(gen.integer(0, 2) == 0); break;  // an edit of one text
            case 4: s["params"]["k"] = gen.integer(1, 14); break;
            case 5:  // another lexicon or tokenizer (perhaps): then every text is read again
                if (gen.integer(0, 1))
                    s["params"]["tokenizer"] = s["params"].value("tokenizer", "words") == "words" ? "whitespace" : "words";
                else
                    s["lexicon"]["female"] = gen.integer(0, 1) ? Json(th::female_words) : Json({"she", "woman"});
                break;
            default: docs.push_back(gen.doc("n" + std::to_string(step))); break;  // a new document
        }
        const auto scenario = fairness::parse_scenario(s.dump());
        const bool reanalyse =
            !previous || previous->lexicon.terms != scenario.lexicon.terms || previous->params.tokenizer != scenario.params.tokenizer;
        std::set<std::string> texts;
        for (const auto& doc : scenario.rankings[0].docs) texts.insert(doc.text);
        for (const auto& doc : scenario.background) texts.insert(doc.text);
        std::size_t unseen = 0;
        for (const auto& text : texts) unseen += reanalyse || !seen.count(text);

        const bool detail = step % 5 != 4;
        CAPTURE(step);
        CHECK(evaluator.evaluate_text(scenario, {.detail = detail}) == fairness::evaluate_text(scenario, {.detail = detail}));
        CHECK(evaluator.tokenised() == unseen);
        seen = texts;
        previous = scenario;
    }
}

TEST_CASE("Evaluator: a move or a label change tokenises nothing; one edited text tokenises that text") {
    fairness::Evaluator evaluator;
    Json s = Json::parse(two_rankings);
    evaluator.evaluate_json(s.dump());
    CHECK(evaluator.tokenised() == 4);  // she ran | he he | the cat | a mat
    std::swap(s["rankings"][0]["docs"][0], s["rankings"][0]["docs"][1]);
    s["rankings"][1]["docs"][0]["label"] = "female";
    evaluator.evaluate_json(s.dump());
    CHECK(evaluator.tokenised() == 0);
    s["rankings"][0]["docs"][0]["text"] = "he ran";
    const auto text = evaluator.evaluate_json(s.dump());
    CHECK(evaluator.tokenised() == 1);
    CHECK(text == fairness::evaluate_json(s.dump()));
    // A refused scenario changes nothing: the next call still has every text.
    CHECK_THROWS_AS(evaluator.evaluate_json(R"({"rankings": []})"), fairness::ScenarioError);
    evaluator.evaluate_json(s.dump());
    CHECK(evaluator.tokenised() == 0);
}

namespace {

using Texts = fairness::EvaluateOptions::Texts;

// The page's view of `full` (the results with detail), built from it by another route: no docs, no
// background, and perRank and atCutoff only for the metrics in `keep`.
Json view_of(Json full, const std::set<std::string>& keep) {
    full.erase("background");
    for (auto& ranking : full["rankings"]) {
        ranking.erase("docs");
        for (auto& [key, metric] : ranking.items())
            if (metric.is_object() && !keep.count(key)) metric.erase("perRank"), metric.erase("atCutoff");
    }
    return full;
}

// What the full results say of the document at `at` of a ranking, as a view's texts entry.
Json text_entry(const Json& doc, std::size_t at) {
    return {{"at", at}, {"tokens", doc["tokens"]}, {"magnitude", doc["magnitude"]}, {"matches", doc["matches"]}};
}

Json without_texts(Json view) {
    for (auto& ranking : view["rankings"]) ranking.erase("texts");
    return view;
}

}  // namespace

TEST_CASE("the page's view: detail for the chosen metrics only, and each distinct text once, at its first place") {
    th::Gen gen(21);
    const std::vector<std::vector<std::string>> choices{{}, {"texfair"}, {"rab", "arab"}, {"ee", "ndcg", "nfairr"}};
    for (int round = 0; round < static_cast<int>(th::rounds(100)); ++round) {
        auto s = gen.scenario();
        auto& docs = s["rankings"][0]["docs"];
        if (docs.size() > 1) docs[docs.size() - 1]["text"] = docs[0]["text"];  // a repeated text
        if (s["rankings"].size() > 1 && !s["rankings"][1]["docs"].empty())
            s["rankings"][1]["docs"][0]["text"] = docs[0]["text"];  // and in B
        const auto scenario = fairness::parse_scenario(s.dump());
        const auto& metrics = choices[static_cast<std::size_t>(round) % choices.size()];
        const Json full = fairness::evaluate(scenario);
        const Json view = fairness::evaluate(scenario, {.detail = false, .detail_metrics = metrics, .texts = Texts::all});
        CAPTURE(s.dump());
        CHECK(without_texts(view) == view_of(full, {metrics.begin(), metrics.end()}));
        std::set<std::string> seen;  // each distinct text once, in the first ranking that has it
        for (std::size_t r = 0; r < full["rankings"].size(); ++r) {
            Json expected = Json::array();
            const auto& ranking = scenario.rankings[r];
            for (std::size_t j = 0; j < ranking.docs.size(); ++j)
                if (seen.insert(ranking.docs[j].text).second) expected.push_back(text_entry(full["rankings"][r]["docs"][j], j));
            CHECK(view["rankings"][r]["texts"] == expected);
        }
        // Without texts, none are written.
        CHECK_FALSE(fairness::evaluate(scenario, {.detail = false, .detail_metrics = metrics})["rankings"][0].contains("texts"));
    }
    CHECK_THROWS_AS(fairness::evaluate_json(two_rankings, {.detail = false, .detail_metrics = {"nfair"}}), std::invalid_argument);
}

TEST_CASE("Evaluator view: over random edits, the texts written so far describe every document, and each call writes only the new ones") {
    th::Gen gen(31);
    fairness::Evaluator evaluator;
    Json s = gen.scenario();
    s["rankings"] = Json::array({s["rankings"][0]});
    s["rankings"][0]["docs"] = Json(gen.docs(16, "d"));
    std::map<std::string, Json> kept;  // what the page keeps: text -> entry (without "at")
    std::set<std::string> reported;    // texts of the last call that succeeded, under its lexicon
    std::optional<fairness::Scenario> previous;
    // The lexicon and group names of the last call: the texts' entries name the groups.
    std::pair<std::vector<std::vector<std::string>>, std::vector<std::string>> attempted;
    fairness::Limits tiny = fairness::default_limits();
    std::string female = "female";  // the first group's name, renamed now and then
    s["groups"] = Json::array({female, "male"});
    for (int step = 0; step < static_cast<int>(th::rounds(300)); ++step) {
        auto& docs = s["rankings"][0]["docs"];
        const auto pick = [&] { return static_cast<std::size_t>(gen.integer(0, static_cast<int>(docs.size()) - 1)); };
        const auto relabel = [&](Json& doc, const std::string& from, const std::string& to) {
            if (doc["label"] == from) doc["label"] = to;
        };
        switch (gen.integer(0, 6)) {
            case 0: std::swap(docs[pick()], docs[pick()]); break;
            case 1: docs[pick()]["label"] = gen.pick(std::vector<std::string>{female, "male", "neutral"}); break;
            case 2: docs[pick()]["text"] = gen.text(gen.integer(0, 2) == 0); break;
            case 3: docs[pick()]["text"] = docs[pick()]["text"]; break;  // a repeated text
            case 4: s["lexicon"][female] = gen.integer(0, 1) ? Json(th::female_words) : Json({"she", "woman"}); break;
            case 5: {  // the group renamed (the page's rename): same terms, another name in every match
                const std::string next = female == "female" ? "women" : "female";
                s["groups"][0] = next;
                s["lexicon"][next] = s["lexicon"][female];
                s["lexicon"].erase(female);
                for (auto& doc : docs) relabel(doc, female, next);
                for (auto& doc : s["background"]) relabel(doc, female, next);
                female = next;
                break;
            }
            default: relabel(docs.emplace_back(gen.doc("n" + std::to_string(step))), "female", female); break;
        }
        const auto scenario = fairness::parse_scenario(s.dump());
        CAPTURE(step);
        // The texts are read again under another lexicon or group names than the last call's (the
        // Evaluator's cache is for the last it saw, even in a call that failed) or the last success's.
        const bool relexed = !previous || previous->lexicon.terms != scenario.lexicon.terms || previous->groups != scenario.groups ||
                             attempted != std::pair(scenario.lexicon.terms, scenario.groups);
        attempted = {scenario.lexicon.terms, scenario.groups};
        std::string text;
        if (step % 7 == 3) {
            // Room for everything but one text: a call that has something to write fails while
            // writing it, and what it wrote counts as unseen.
            tiny.output_bytes = fairness::evaluate_text(scenario, {.detail = false}).size() + std::string(R"(,"texts":[])").size();
            try {
                text = evaluator.evaluate_text(scenario, {.limits = &tiny, .detail = false, .texts = Texts::unreported});
            } catch (const fairness::ScenarioError&) {
                continue;
            }
        } else
            text = evaluator.evaluate_text(scenario, {.detail = false, .texts = Texts::unreported});
        const Json view = Json::parse(text);
        const Json full = fairness::evaluate(scenario);
        CHECK(without_texts(view) == view_of(full, {}));
        std::set<std::string> texts;
        for (const auto& doc : scenario.rankings[0].docs) texts.insert(doc.text);
        std::size_t written = 0, expected = 0;
        for (const auto& text : texts) expected += relexed || !reported.count(text);
        for (const auto& entry : view["rankings"][0]["texts"]) {
            const auto at = entry["at"].get<std::size_t>();
            Json e = entry;
            e.erase("at");
            kept[scenario.rankings[0].docs[at].text] = e;
            ++written;
        }
        CHECK(written == expected);
        // The page drops what the scenario no longer holds, and has what every document needs.
        std::erase_if(kept, [&](const auto& item) { return !texts.count(item.first); });
        for (std::size_t j = 0; j < scenario.rankings[0].docs.size(); ++j) {
            Json e = text_entry(full["rankings"][0]["docs"][j], 0);
            e.erase("at");
            CHECK(kept.at(scenario.rankings[0].docs[j].text) == e);
        }
        reported = texts;
        previous = scenario;
    }
}

TEST_CASE("the registry: units in their positions' order, each position and run position distinct, ids unique") {
    const auto& units = fairness::metric_units();
    std::set<int> positions, run_positions;
    std::set<std::string_view> ids;
    for (std::size_t i = 0; i < units.size(); ++i) {
        if (i > 0) CHECK(units[i - 1]->position < units[i]->position);
        positions.insert(units[i]->position);
        run_positions.insert(units[i]->run_position);
        ids.insert(units[i]->descriptor->id);
        CHECK(fairness::find_metric_unit(units[i]->descriptor->id) == units[i]);
    }
    CHECK(positions.size() == units.size());
    CHECK(run_positions.size() == units.size());
    CHECK(ids.size() == units.size());
    CHECK(fairness::find_metric_unit("nope") == nullptr);
}
