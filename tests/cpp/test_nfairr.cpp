// NFaiRR (SPEC "NFaiRR"; Rekabsaz et al., SIGIR 2021, Eq. 1-4 and 6-9).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include <sys/resource.h>

#include "fairness/metrics/nfairr.hpp"
#include "helpers.hpp"

using th::first;
using th::L3;
using th::L5;
using th::near;
using th::num;
using th::repeat;
using Json = fairness::Json;

namespace {

const std::vector<double> half_half{0.5, 0.5};

double omega(std::vector<double> magnitude, const std::vector<double>& targets = half_half, double tau = 1, bool inclusive = true) {
    return fairness::nfairr::neutrality(magnitude, targets, tau, inclusive);
}

// A scenario over the lexicon female {she, her}, male {he, him} with the given documents.
Json scenario(Json docs, Json params = Json::object(), Json background = Json::array()) {
    return Json{{"lexicon", {{"female", {"she", "her"}}, {"male", {"he", "him"}}}},
                {"params", std::move(params)},
                {"rankings", Json::array({Json{{"docs", std::move(docs)}}})},
                {"background", std::move(background)}};
}

Json text_doc(const std::string& id, const std::string& text) { return Json{{"id", id}, {"text", text}}; }

// "she" `she` times, then "he" `he` times.
std::string mixed(int she, int he) {
    if (she == 0) return repeat("he", he);
    if (he == 0) return repeat("she", she);
    return repeat("she", she) + " " + repeat("he", he);
}

}  // namespace

TEST_CASE("SPEC's worked neutralities with J = 1/2, 1/2") {
    // ω = 1 - (|M_f / ΣM - 1/2| + |M_m / ΣM - 1/2|)
    CHECK(omega({10, 0}) == near(0.0));  // 1 - (1/2 + 1/2)
    CHECK(omega({6, 4}) == near(0.8));   // 1 - (0.1 + 0.1)
    CHECK(omega({8, 2}) == near(0.4));   // 1 - (0.3 + 0.3)
    CHECK(omega({5, 5}) == near(1.0));   // 1 - (0 + 0)
    CHECK(omega({0, 10}) == near(0.0));  // symmetric
    CHECK(omega({4, 6}) == near(0.8));
}

TEST_CASE("the worked neutralities through the whole pipeline, and NFaiRR of the four") {
    const Json docs =
        Json::array({text_doc("a", mixed(10, 0)), text_doc("b", mixed(6, 4)), text_doc("c", mixed(8, 2)), text_doc("d", mixed(5, 5))});
    const auto r = first(scenario(docs, {{"k", 4}}))["nfairr"];
    CAPTURE(r.dump());
    REQUIRE(r["omega"].size() == 4);
    CHECK(num(r["omega"][0]) == near(0.0));
    CHECK(num(r["omega"][1]) == near(0.8));
    CHECK(num(r["omega"][2]) == near(0.4));
    CHECK(num(r["omega"][3]) == near(1.0));
    // FaiRR = 0·p(1) + 0.8·p(2) + 0.4·p(3) + 1·p(4) = 0.8/log2 3 + 0.4/2 + 1/log2 5
    const double fairr = 0.8 / L3 + 0.2 + 1 / L5;
    // S = the four documents; ω sorted 1, 0.8, 0.4, 0: IFaiRR = 1 + 0.8/log2 3 + 0.4/2 + 0
    const double ifairr = 1 + 0.8 / L3 + 0.2;
    CHECK(num(r["fairr"]) == near(fairr));
    CHECK(num(r["ifairr"]) == near(ifairr));
    CHECK(num(r["value"]) == near(fairr / ifairr));
    CHECK_FALSE(r.contains("note"));
}

TEST_CASE("tau: inclusive (<=, the default) against exclusive (<)") {
    // One group term: Σ M = 1.
    CHECK(omega({1, 0}, half_half, 1, true) == near(1.0));    // 1 <= 1: neutral
    CHECK(omega({1, 0}, half_half, 1, false) == near(0.0));   // 1 < 1 fails: 1 - (1/2 + 1/2)
    CHECK(omega({2, 0}, half_half, 2, true) == near(1.0));    // 2 <= 2
    CHECK(omega({2, 0}, half_half, 2, false) == near(0.0));   // 2 < 2 fails
    CHECK(omega({1, 0}, half_half, 0.5, true) == near(0.0));  // 1 <= 0.5 fails
    CHECK(omega({3, 1}, half_half, 0, true) == near(0.5));    // 1 - (|3/4 - 1/2| + |1/4 - 1/2|)
    // No group term is neutral whatever tau, even tau = 0 exclusive (0 < 0 fails, and 0/0 is avoided).
    CHECK(omega({0, 0}, half_half, 0, false) == near(1.0));
    CHECK(omega({0, 0}, half_half, 0, true) == near(1.0));

    // The same through a scenario: "she" alone.
    const Json one = Json::array({text_doc("a", "she said")});
    CHECK(num(first(scenario(one))["nfairr"]["omega"][0]) == near(1.0));
    CHECK(num(first(scenario(one, {{"tauInclusive", false}}))["nfairr"]["omega"][0]) == near(0.0));
    CHECK(num(first(scenario(Json::array({text_doc("a", "nothing here")}), {{"tau", 0}, {"tauInclusive", false}}))["nfairr"]["omega"][0]) ==
          near(1.0));
}

TEST_CASE("three groups: ω can go below 0") {
    const std::vector<double> thirds{1.0 / 3, 1.0 / 3, 1.0 / 3};
    CHECK(omega({2, 0, 0}, thirds) == near(-1.0 / 3));  // 1 - (2/3 + 1/3 + 1/3)
    CHECK(omega({1, 1, 1}, thirds) == near(1.0));       // 1 - 0
    CHECK(omega({3, 3, 0}, thirds) == near(1.0 / 3));   // 1 - (1/6 + 1/6 + 1/3)
    CHECK(omega({2, 1, 0}, thirds) == near(1.0 / 3));   // 1 - (1/3 + 0 + 1/3)

    // Through a scenario, with a neutral background document: k = 1, FaiRR = -1/3 · p(1),
    // S sorted = 1, -1/3, IFaiRR@1 = 1, so NFaiRR = -1/3.
    const auto r = first(Json{{"groups", {"a", "b", "c"}},
                              {"lexicon", {{"a", {"alpha"}}, {"b", {"beta"}}, {"c", {"gamma"}}}},
                              {"params", {{"k", 1}}},
                              {"rankings", Json::array({Json{{"docs", Json::array({text_doc("x", "alpha alpha")})}}})},
                              {"background", Json::array({text_doc("y", "nothing")})}})["nfairr"];
    CAPTURE(r.dump());
    CHECK(num(r["omega"][0]) == near(-1.0 / 3));
    CHECK(num(r["value"]) == near(-1.0 / 3));
}

TEST_CASE("non-uniform targets J") {
    const std::vector<double> j{0.3, 0.7};
    CHECK(omega({5, 5}, j) == near(0.6));   // 1 - (|0.5 - 0.3| + |0.5 - 0.7|)
    CHECK(omega({3, 7}, j) == near(1.0));   // the target mix itself
    CHECK(omega({0, 2}, j) == near(0.4));   // 1 - (0.3 + 0.3)
    CHECK(omega({2, 0}, j) == near(-0.4));  // 1 - (0.7 + 0.7): below 0 with two groups too
}

TEST_CASE("FaiRR, IFaiRR, NFaiRR, the baseline and the per-rank detail, by hand") {
    // ω: a "she she" 0; b neutral 1; c "she he" 1; d "she she she he" 1 - (1/4 + 1/4) = 1/2.
    // Background: e neutral 1; f "him him" 0.
    const Json docs =
        Json::array({text_doc("a", "she she"), text_doc("b", "the cat"), text_doc("c", "she he"), text_doc("d", "she she she he")});
    const Json background = Json::array({text_doc("e", "a mat"), text_doc("f", "him him")});
    const auto r = first(scenario(docs, {{"k", 3}}, background))["nfairr"];
    CAPTURE(r.dump());
    CHECK(r["omega"] == Json::array({0.0, 1.0, 1.0}));  // top k' = 3 only
    // FaiRR@3 = 0·1 + 1·p(2) + 1·p(3) = 1/log2 3 + 1/2
    const double fairr = 1 / L3 + 0.5;
    // S sorted: 1, 1, 1, 1/2, 0, 0 -> IFaiRR@3 = 1 + 1/log2 3 + 1/2
    const double ifairr = 1 + 1 / L3 + 0.5;
    CHECK(num(r["fairr"]) == near(fairr));
    CHECK(num(r["ifairr"]) == near(ifairr));
    CHECK(num(r["value"]) == near(fairr / ifairr));
    CHECK(r["backgroundSize"] == 6);
    // baseline = mean ω of S · Σ_{r<=3} p(r) / IFaiRR = (3.5 / 6) · (1 + 1/log2 3 + 1/2) / IFaiRR = 7/12
    CHECK(num(r["baseline"]) == near(7.0 / 12));

    REQUIRE(r["perRank"].size() == 4);
    CHECK(num(r["perRank"][1]["contribution"]) == near((1 / L3) / ifairr));  // ω p(2) / IFaiRR
    CHECK(num(r["perRank"][2]["contribution"]) == near(0.5 / ifairr));       // ω p(3) / IFaiRR
    CHECK(num(r["perRank"][3]["contribution"]) == near(0.0));                // below the cut-off
    CHECK(num(r["perRank"][3]["omega"]) == near(0.5));
    CHECK(num(r["perRank"][3]["weight"]) == near(1 / L5));

    REQUIRE(r["atCutoff"].size() == 4);
    CHECK(num(r["atCutoff"][0]) == near(0.0));                      // 0 / 1
    CHECK(num(r["atCutoff"][1]) == near((1 / L3) / (1 + 1 / L3)));  // p(2) / (1 + p(2))
    CHECK(num(r["atCutoff"][2]) == near(fairr / ifairr));
    // c = 4: FaiRR adds ω(d) p(4) = 0.5/log2 5; IFaiRR adds the 4th of S sorted, 1/2, times p(4)
    CHECK(num(r["atCutoff"][3]) == near((fairr + 0.5 / L5) / (ifairr + 0.5 / L5)));
}

TEST_CASE("the background set: de-duplicated by id with the ranking's copy kept; documents without id never merged") {
    // Ranking x neutral (ω 1). Background: another x with "she she" (ignored: the ranking's x wins),
    // y neutral (1), and two copies of "he he" without id (ω 0 each, both kept).
    const Json docs = Json::array({text_doc("x", "the cat")});
    const Json background =
        Json::array({text_doc("x", "she she"), text_doc("y", "a mat"), Json{{"text", "he he"}}, Json{{"text", "he he"}}});
    const auto r = first(scenario(docs, {{"k", 2}}, background))["nfairr"];
    CAPTURE(r.dump());
    CHECK(r["backgroundSize"] == 4);  // x, y and the two id-less documents
    // FaiRR: k' = 1, 1·p(1) = 1. S sorted 1, 1, 0, 0: IFaiRR@2 = 1 + 1/log2 3.
    // (Had the background's x won, S would be 1, 0, 0, 0 and IFaiRR 1.)
    CHECK(num(r["fairr"]) == near(1.0));
    CHECK(num(r["ifairr"]) == near(1 + 1 / L3));
    CHECK(num(r["value"]) == near(1 / (1 + 1 / L3)));
    // baseline = (2/4) · (p(1) + p(2)) / IFaiRR = 1/2
    CHECK(num(r["baseline"]) == near(0.5));
}

TEST_CASE("k beyond the list: FaiRR stops at n, IFaiRR keeps counting over the background") {
    const Json docs = Json::array({text_doc("a", "the cat"), text_doc("b", "a mat")});
    const Json background = Json::array({text_doc("c", "on the mat"), text_doc("d", "cat sat")});
    const auto ranking = first(scenario(docs, {{"k", 10}}, background));
    const auto& r = ranking["nfairr"];
    CAPTURE(r.dump());
    CHECK(ranking["k"] == 2);
    CHECK(r["omega"].size() == 2);
    // FaiRR over k' = 2: 1 + 1/log2 3. IFaiRR over min(10, |S| = 4) ranks, every ω = 1:
    // 1 + 1/log2 3 + 1/2 + 1/log2 5. A short list of neutral documents is not "ideal" here.
    CHECK(num(r["fairr"]) == near(1 + 1 / L3));
    CHECK(num(r["ifairr"]) == near(1 + 1 / L3 + 0.5 + 1 / L5));
    CHECK(num(r["value"]) == near((1 + 1 / L3) / (1 + 1 / L3 + 0.5 + 1 / L5)));
    // Without background, S is the ranking itself: NFaiRR = 1.
    CHECK(num(first(scenario(docs, {{"k", 10}}))["nfairr"]["value"]) == near(1.0));
}

TEST_CASE("IFaiRR = 0: NFaiRR and the baseline are null, with a note") {
    const auto r = first(scenario(Json::array({text_doc("a", "she she"), text_doc("b", "him")}), {{"tauInclusive", false}}))["nfairr"];
    CAPTURE(r.dump());
    // ω(a) = 0 (two female terms), ω(b) = 0 (one male term, 1 < 1 fails): every ω of S is 0.
    CHECK(r["value"].is_null());
    CHECK(r["baseline"].is_null());
    REQUIRE(r.contains("note"));
    CHECK(r["note"].get<std::string>().find("IFaiRR") != std::string::npos);
    CHECK(num(r["fairr"]) == near(0.0));
    CHECK(num(r["ifairr"]) == near(0.0));
    CHECK(r["atCutoff"] == Json::array({nullptr, nullptr}));
}

TEST_CASE("IFaiRR below 0: NFaiRR and the baseline are null, with a note; above 1 stays a value") {
    // Three groups, uniform J: "alpha alpha" (shares 1, 0, 0) has ω = 1 - (2/3 + 1/3 + 1/3) = -1/3;
    // nine alphas and a beta (shares 9/10, 1/10, 0) ω = 1 - (17/30 + 7/30 + 10/30) = -2/15.
    const Json lexicon{{"a", {"alpha"}}, {"b", {"beta"}}, {"c", {"gamma"}}};
    const std::string worse = repeat("alpha", 2);
    const std::string less = repeat("alpha", 9) + " beta";
    const auto run = [&](Json docs, Json background = Json::array()) {
        return first(Json{{"groups", {"a", "b", "c"}},
                          {"lexicon", lexicon},
                          {"params", {{"k", 2}}},
                          {"rankings", Json::array({Json{{"docs", std::move(docs)}}})},
                          {"background", std::move(background)}})["nfairr"];
    };
    // The ranking [-1/3, -2/15]: FaiRR = -1/3 - 2/15 / log2 3; its ideal [-2/15, -1/3]:
    // IFaiRR = -2/15 - 1/3 / log2 3 < 0. FaiRR / IFaiRR = 1.2148 would call it fairer than its ideal.
    const auto r = run(Json::array({text_doc("x", worse), text_doc("y", less)}));
    CAPTURE(r.dump());
    CHECK(num(r["omega"][0]) == near(-1.0 / 3));
    CHECK(num(r["omega"][1]) == near(-2.0 / 15));
    CHECK(num(r["fairr"]) == near(-1.0 / 3 - 2.0 / 15 / std::log2(3.0)));
    CHECK(num(r["ifairr"]) == near(-2.0 / 15 - 1.0 / 3 / std::log2(3.0)));
    CHECK(r["value"].is_null());
    CHECK(r["baseline"].is_null());
    REQUIRE(r.contains("note"));
    CHECK(r["note"].get<std::string>().find("below 0") != std::string::npos);
    CHECK(r["atCutoff"] == Json::array({nullptr, nullptr}));
    CHECK(num(r["perRank"][0]["contribution"]) == 0.0);
    // A positive IFaiRR keeps the ratio, past 1 too: ranking [1] of S {1, -1/3} at k = 2:
    // FaiRR = 1, IFaiRR = 1 - 1/3 / log2 3 (S counts to min(k, |S|) = 2).
    const auto over = run(Json::array({text_doc("n", "nothing")}), Json::array({text_doc("x", worse)}));
    CAPTURE(over.dump());
    CHECK(num(over["value"]) == near(1.0 / (1.0 - 1.0 / 3 / std::log2(3.0))));
    CHECK(num(over["value"]) > 1.0);
    CHECK_FALSE(over.contains("note"));
}

TEST_CASE("an empty text is neutral") {
    const auto r = first(scenario(Json::array({text_doc("a", ""), text_doc("b", "she she")})))["nfairr"];
    CAPTURE(r.dump());
    CHECK(num(r["omega"][0]) == near(1.0));
    CHECK(num(r["omega"][1]) == near(0.0));
    CHECK(num(r["value"]) == near(1.0));  // the ranking is already S sorted by ω
}

// The official code (CPJKU/FairnessRetrievalResults, document_neutrality.py), transcribed:
//   doctokens = doctext.lower().split(' ')
//   magnitude[g] = number of tokens in group g's word list (lowercased)
//   neutrality = 1 - Σ_g |M_g / Σ M - 0.5|  if Σ M > 1  else 1
// The word list is the built-in one; splitting keeps empty pieces, as Python's split(' ') does.
namespace {

double official_neutrality(const std::string& text) {
    std::set<std::string> female, male;
    for (const auto& w : fairness::default_terms("female")) female.insert(fairness::lowercase(w));
    for (const auto& w : fairness::default_terms("male")) male.insert(fairness::lowercase(w));
    const std::string lower = fairness::lowercase(text);
    double f = 0, m = 0;
    std::size_t start = 0;
    while (true) {
        const auto space = lower.find(' ', start);
        const std::string token = lower.substr(start, space == std::string::npos ? std::string::npos : space - start);
        f += female.count(token);
        m += male.count(token);
        if (space == std::string::npos) break;
        start = space + 1;
    }
    const double sum = f + m;
    if (!(sum > 1)) return 1;
    return 1 - std::abs(f / sum - 0.5) - std::abs(m / sum - 0.5);
}

// MS MARCO-like pre-cleaned passages and the neutrality the official code gives, by hand.
struct Passage {
    const char* text;
    double official;  // whitespace tokenizer
    double words;     // words tokenizer
};

const Passage passages[] = {
    // he, his (m) · mother (f): Σ = 3 -> 1 - (|1/3 - 1/2| + |2/3 - 1/2|) = 2/3. Same for words.
    {"he said his mother was a nurse", 2.0 / 3, 2.0 / 3},
    // whitespace: she, her (f) · son (m); "him," is not "him": 1 - (1/6 + 1/6) = 2/3.
    // words: she, her · him, son: 2/2 -> 1.
    {"she told him, her son was born in may", 2.0 / 3, 1},
    // No group term -> 1.
    {"the team won the cup in 1998", 1, 1},
    // whitespace: her (f) only, "daughter," does not match: Σ = 1, not > 1 -> 1.
    // words: her, daughter: Σ = 2, all female -> 0.
    {"the queen and her daughter, princess anne", 1, 0},
    // john, his, father (m) · mary (f): 1 - (|1/4 - 1/2| + |3/4 - 1/2|) = 1/2.
    {"john and his father met mary", 0.5, 0.5},
    // Two spaces: Python gives ['he', 'he', '', 'she']; the empty piece matches nothing:
    // 2 m, 1 f -> 2/3.
    {"he he  she", 2.0 / 3, 2.0 / 3},
    // Lowercased first: he, his -> all male, Σ = 2 -> 0.
    {"HE SAID HIS NAME", 0, 0},
};

Json passage_scenario(const std::string& tokenizer) {
    Json docs = Json::array();
    int i = 0;
    for (const auto& p : passages) docs.push_back(text_doc("p" + std::to_string(i++), p.text));
    return Json{{"params", {{"tokenizer", tokenizer}, {"k", 100}}}, {"rankings", Json::array({Json{{"docs", docs}}})}};
}

}  // namespace

TEST_CASE("the filler words of the passages are not in the built-in lexicon") {
    std::set<std::string> lexicon;
    for (const char* g : {"female", "male"})
        for (const auto& w : fairness::default_terms(g)) lexicon.insert(fairness::lowercase(w));
    for (const char* w : {"said", "was", "a", "nurse", "told", "born", "in", "may", "the", "team", "won", "cup", "queen", "and", "princess",
                          "anne", "met", "name"}) {
        CAPTURE(w);
        CHECK(lexicon.count(w) == 0);
    }
}

TEST_CASE("the whitespace tokenizer reproduces the official NFaiRR code's neutrality on its word list") {
    const auto r = first(passage_scenario("whitespace"))["nfairr"];
    CAPTURE(r.dump());
    int i = 0;
    for (const auto& p : passages) {
        CAPTURE(p.text);
        CHECK(official_neutrality(p.text) == near(p.official));  // the transcription agrees with the hand value
        CHECK(num(r["omega"][i]) == near(p.official));
        ++i;
    }
}

TEST_CASE("the words tokenizer differs where punctuation is attached to a term") {
    const auto r = first(passage_scenario("words"))["nfairr"];
    CAPTURE(r.dump());
    int i = 0, differ = 0;
    for (const auto& p : passages) {
        CAPTURE(p.text);
        CHECK(num(r["omega"][i]) == near(p.words));
        if (p.words != p.official) ++differ;
        ++i;
    }
    CHECK(differ == 2);  // "him," and "daughter,"
}

TEST_CASE("property: 0 <= NFaiRR <= 1 with two groups and uniform targets, since S holds the ranking") {
    for (unsigned seed = 1; seed <= th::rounds(300); ++seed) {
        th::Gen gen(seed);
        const Json s = gen.scenario();
        CAPTURE(seed);
        CAPTURE(s.dump());
        const auto r = first(s)["nfairr"];
        if (r["value"].is_null()) {
            CHECK(num(r["ifairr"]) == 0);
            continue;
        }
        const double value = num(r["value"]);
        CHECK(value >= 0);
        CHECK(value <= 1 + 1e-12);
        for (const auto& c : r["atCutoff"]) {
            if (c.is_null()) continue;
            CHECK(c.get<double>() >= 0);
            CHECK(c.get<double>() <= 1 + 1e-12);
        }
    }
}

TEST_CASE("property: the ranking sorted by ω, with no background, has NFaiRR 1 at every cut-off") {
    for (unsigned seed = 1; seed <= th::rounds(200); ++seed) {
        th::Gen gen(seed);
        Json s = gen.scenario();
        s["background"] = Json::array();
        auto& docs = s["rankings"][0]["docs"];
        // ω of each document, read from a first evaluation, then the documents sorted by it.
        const auto per_rank = first(s)["nfairr"]["perRank"];
        std::vector<std::pair<double, Json>> scored;
        for (std::size_t i = 0; i < docs.size(); ++i) scored.emplace_back(per_rank[i]["omega"].get<double>(), docs[i]);
        std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
        docs = Json::array();
        for (auto& [w, d] : scored) docs.push_back(d);
        CAPTURE(seed);
        CAPTURE(s.dump());
        const auto r = first(s)["nfairr"];
        if (scored.front().first == 0) {  // every ω is 0: IFaiRR = 0
            CHECK(r["value"].is_null());
            continue;
        }
        CHECK(num(r["value"]) == near(1.0));
        for (const auto& c : r["atCutoff"]) CHECK(num(c) == near(1.0));
    }
}

TEST_CASE("property: the per-rank contributions add up to NFaiRR") {
    for (unsigned seed = 1; seed <= th::rounds(200); ++seed) {
        th::Gen gen(seed);
        const Json s = gen.scenario();
        CAPTURE(seed);
        const auto r = first(s)["nfairr"];
        if (r["value"].is_null()) continue;
        double sum = 0;
        for (const auto& rank : r["perRank"]) sum += rank["contribution"].get<double>();
        CHECK(sum == near(num(r["value"])));
    }
}

// Regression: IFaiRR@c and Σ p(r) were tabulated for every c up to k, so a large (valid) k allocated
// O(k) memory: k = 1e9 took 16 GB and a minute on one document, and would exhaust the WASM heap.
namespace {
long peak_rss_kb() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;  // kilobytes on Linux
}
}  // namespace

TEST_CASE("regression: a large k does not allocate memory in proportion to k") {
    // k is capped at 1e6 since; at the cap, two tables of k doubles would still be 16 MB.
    const long before = peak_rss_kb();
    const auto r = first(scenario(Json::array({text_doc("a", "the cat")}), {{"k", 1000000}}))["nfairr"];
    const long grown = peak_rss_kb() - before;
    CAPTURE(grown);
    CHECK(grown < 8 * 1024);
    CHECK(num(r["value"]) == near(1.0));  // FaiRR = IFaiRR = p(1) = 1
    CHECK(num(r["ifairr"]) == near(1.0));
}

TEST_CASE("the baseline sums p(r) up to k (SPEC), checked where k <= |S|") {
    // Four neutral documents and k = 4 = |S|: mean ω = 1, so baseline = Σ_{r<=4} p(r) / IFaiRR = 1.
    const Json docs = Json::array({text_doc("a", "x"), text_doc("b", "y"), text_doc("c", "z"), text_doc("d", "w")});
    CHECK(num(first(scenario(docs, {{"k", 4}}))["nfairr"]["baseline"]) == near(1.0));
    // k = 3 < |S| = 4 with one ω = 0 document last: mean ω = 3/4; IFaiRR@3 = Σ_{r<=3} p(r): baseline 3/4.
    const Json mixed_docs = Json::array({text_doc("a", "x"), text_doc("b", "y"), text_doc("c", "z"), text_doc("d", "she she")});
    CHECK(num(first(scenario(mixed_docs, {{"k", 3}}))["nfairr"]["baseline"]) == near(0.75));
}
