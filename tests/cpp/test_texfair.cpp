// TExFAIR (SPEC "TExFAIR"; Abolghasemi et al., ECIR 2024, Eq. 8-13).
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "helpers.hpp"

using th::first;
using th::L3;
using th::L5;
using th::near;
using th::num;
using th::p;
using Json = fairness::Json;

namespace {

Json text_doc(const std::string& id, const std::string& text) { return Json{{"id", id}, {"text", text}}; }

// A scenario over the lexicon female {she, her}, male {he, him}.
Json scenario(Json docs, Json params = Json::object()) {
    return Json{{"lexicon", {{"female", {"she", "her"}}, {"male", {"he", "him"}}}},
                {"params", std::move(params)},
                {"rankings", Json::array({Json{{"docs", std::move(docs)}}})}};
}

}  // namespace

// ------------------------------------------------------------------------------------------------
// The paper's Figure 1, query "who is the best football player", with the built-in word list.
// Every passage has 6 words tokens, two of them terms of ONE gender: with τ = 1 inclusive each has
// Σ M = 2 > 1 and ω = 1 - (1/2 + 1/2) = 0.
namespace figure1 {

const char* const m1 = "he scored and his team won";       // he, his
const char* const f1 = "she scored and her team won";      // she, her
const char* const f2 = "she played for her club first";    // she, her
const char* const m2 = "he returned to his old club";      // he, his
const char* const m3 = "he is the top scorer himself";     // he, himself
const char* const m4 = "his goals made him famous today";  // his, him

const char* const neutral[] = {"the match ended in a draw", "the league season ended today", "fans filled the stadium early",
                               "tickets sold out in an hour"};

Json scenario() {
    const auto docs = [](std::vector<std::pair<const char*, const char*>> list) {
        Json out = Json::array();
        for (const auto& [id, text] : list) out.push_back(text_doc(id, text));
        return out;
    };
    Json background = Json::array();
    for (int i = 0; i < 4; ++i) background.push_back(text_doc("n" + std::to_string(i), neutral[i]));
    return Json{{"params", {{"k", 4}}},
                {"rankings", Json::array({Json{{"name", "balanced"}, {"docs", docs({{"m1", m1}, {"f1", f1}, {"f2", f2}, {"m2", m2}})}},
                                          Json{{"name", "all male"}, {"docs", docs({{"m1", m1}, {"m2", m2}, {"m3", m3}, {"m4", m4}})}}})},
                {"background", background}};
}

}  // namespace figure1

TEST_CASE("Figure 1: the passages use only the intended lexicon words") {
    std::set<std::string> female, male;
    for (const auto& w : fairness::default_terms("female")) female.insert(fairness::lowercase(w));
    for (const auto& w : fairness::default_terms("male")) male.insert(fairness::lowercase(w));
    const auto count = [&](const char* text) {
        int f = 0, m = 0, tokens = 0;
        std::istringstream in(text);
        for (std::string w; in >> w; ++tokens) f += static_cast<int>(female.count(w)), m += static_cast<int>(male.count(w));
        return std::vector<int>{f, m, tokens};
    };
    using figure1::f1, figure1::f2, figure1::m1, figure1::m2, figure1::m3, figure1::m4;
    for (const char* t : {m1, m2, m3, m4}) {
        CAPTURE(t);
        CHECK(count(t) == std::vector<int>{0, 2, 6});
    }
    for (const char* t : {f1, f2}) {
        CAPTURE(t);
        CHECK(count(t) == std::vector<int>{2, 0, 6});
    }
    for (const char* t : figure1::neutral) {
        CAPTURE(t);
        CHECK(count(t)[0] + count(t)[1] == 0);
    }
}

TEST_CASE("Figure 1: NFaiRR is 0 for both lists, TExFAIR tells them apart") {
    const auto results = th::run(figure1::scenario());
    const auto& balanced = results["rankings"][0];
    const auto& male = results["rankings"][1];
    CAPTURE(balanced["texfair"].dump());
    CAPTURE(male["texfair"].dump());

    // IFaiRR: S = 4 neutral background passages (ω 1) + the list's own (ω 0): Σ_{r<=4} p(r).
    const double ifairr = 1 + 1 / L3 + 0.5 + 1 / L5;
    for (const auto* r : {&balanced, &male}) {
        CHECK((*r)["nfairr"]["omega"] == Json::array({0.0, 0.0, 0.0, 0.0}));
        CHECK(num((*r)["nfairr"]["ifairr"]) == near(ifairr));
        CHECK(num((*r)["nfairr"]["value"]) == near(0.0));
    }

    // Balanced list m, f, f, m: each passage exposes p(r) · 2/6 of its gender.
    //   male = (p(1) + p(4)) / 3, female = (p(2) + p(3)) / 3; the 1/3 cancels in the shares.
    const double sum = 1 + 1 / L3 + 0.5 + 1 / L5;
    const double share_male = (1 + 1 / L5) / sum;      // ≈ 0.5585
    const double share_female = (1 / L3 + 0.5) / sum;  // ≈ 0.4415
    // TED = |male - 1/2| + |female - 1/2| = |(1 + 1/log2 5) - (1/log2 3 + 1/2)| / sum ≈ 0.1170; RBDF = 1.
    const double ted = std::abs((1 + 1 / L5) - (1 / L3 + 0.5)) / sum;
    CHECK(num(balanced["texfair"]["share"]["male"]) == near(share_male));
    CHECK(num(balanced["texfair"]["share"]["female"]) == near(share_female));
    CHECK(num(balanced["texfair"]["rbdf"]) == near(1.0));
    CHECK(num(balanced["texfair"]["ted"]) == near(ted));
    CHECK(num(balanced["texfair"]["value"]) == near(1 - ted));  // ≈ 0.883
    CHECK(num(balanced["texfair"]["normalized"]) == near(1 - ted));

    // All male: share (0, 1), TED = 1/2 + 1/2 = 1, TExFAIR = 1 - 1 = 0.
    CHECK(num(male["texfair"]["share"]["male"]) == near(1.0));
    CHECK(num(male["texfair"]["share"]["female"]) == near(0.0));
    CHECK(num(male["texfair"]["ted"]) == near(1.0));
    CHECK(num(male["texfair"]["value"]) == near(0.0));

    CHECK(num(balanced["texfair"]["value"]) > num(male["texfair"]["value"]) + 0.8);
}

TEST_CASE("term exposure divides tf by the document's length") {
    // "she and he and he": 5 tokens; TE(she) = p(1) · 1/5, TE(he) = p(1) · 2/5.
    const auto r = first(scenario(Json::array({text_doc("a", "she and he and he")}), {{"k", 1}}))["texfair"];
    CAPTURE(r.dump());
    // shares 1/3, 2/3; TED = 1/6 + 1/6 = 1/3; RBDF = 1.
    CHECK(num(r["share"]["female"]) == near(1.0 / 3));
    CHECK(num(r["share"]["male"]) == near(2.0 / 3));
    CHECK(num(r["ted"]) == near(1.0 / 3));
    CHECK(num(r["value"]) == near(2.0 / 3));
    CHECK(num(r["normalized"]) == near(2.0 / 3));
    CHECK(num(r["maxTed"]) == near(1.0));
    REQUIRE(r["termExposure"].size() == 2);
    CHECK(r["termExposure"][0]["term"] == "she");
    CHECK(num(r["termExposure"][0]["exposure"]) == near(0.2));
    CHECK(r["termExposure"][1]["term"] == "he");
    CHECK(r["termExposure"][1]["group"] == "male");
    CHECK(num(r["termExposure"][1]["exposure"]) == near(0.4));
}

TEST_CASE("RBDF discounts TED by the rank-biased share of documents with a group term") {
    // he ran home (3 tokens, 1 male) · the cat sat (no term) · she sat (2 tokens, 1 female)
    const Json docs = Json::array({text_doc("m", "he ran home"), text_doc("n", "the cat sat"), text_doc("f", "she sat")});
    // Exposure: male p(1)/3 = 1/3; female p(3)/2 = 1/4; shares 4/7, 3/7; TED before RBDF = 1/14 + 1/14 = 1/7.
    // RBDF = (p(1) + p(3)) / (p(1) + p(2) + p(3)) = 1.5 / (1.5 + 1/log2 3).
    const double rbdf = 1.5 / (1.5 + 1 / L3);
    const auto on = first(scenario(docs, {{"k", 3}}))["texfair"];
    CAPTURE(on.dump());
    CHECK(num(on["share"]["male"]) == near(4.0 / 7));
    CHECK(num(on["share"]["female"]) == near(3.0 / 7));
    CHECK(num(on["rbdf"]) == near(rbdf));
    CHECK(num(on["ted"]) == near(rbdf / 7));
    CHECK(num(on["value"]) == near(1 - rbdf / 7));
    CHECK(on["perRank"][1]["representative"] == false);
    CHECK(on["perRank"][2]["representative"] == true);
    CHECK(num(on["perRank"][2]["exposure"]["female"]) == near(0.25));  // p(3) · 1/2

    const auto off = first(scenario(docs, {{"k", 3}, {"rbdf", false}}))["texfair"];
    CAPTURE(off.dump());
    CHECK(num(off["ted"]) == near(1.0 / 7));
    CHECK(num(off["value"]) == near(6.0 / 7));
}

TEST_CASE("no group term in the top k: shares null, TED 0, TExFAIR = max(TED), with a note") {
    const Json docs = Json::array({text_doc("a", "the cat"), text_doc("b", "a mat"), text_doc("c", "he")});
    const auto r = first(scenario(docs, {{"k", 2}}))["texfair"];
    CAPTURE(r.dump());
    CHECK(r["share"]["female"].is_null());
    CHECK(r["share"]["male"].is_null());
    CHECK(num(r["ted"]) == near(0.0));
    CHECK(num(r["value"]) == near(1.0));  // max(TED) = 2 (1 - 1/2)
    CHECK(num(r["normalized"]) == near(1.0));
    CHECK(num(r["rbdf"]) == near(0.0));
    REQUIRE(r.contains("note"));
    CHECK(r["termExposure"].empty());
    // At c = 3 the "he" passage enters: share male 1, TED 1 · RBDF = p(3) / (p(1) + p(2) + p(3)).
    CHECK(num(r["atCutoff"][1]) == near(1.0));
    CHECK(num(r["atCutoff"][2]) == near(1 - 0.5 / (1.5 + 1 / L3)));
}

TEST_CASE("an empty text adds nothing, is not representative, but still takes a position") {
    const Json docs = Json::array({text_doc("a", ""), text_doc("b", "he ran")});
    const auto r = first(scenario(docs, {{"k", 2}}))["texfair"];
    CAPTURE(r.dump());
    // Only "he ran" exposes: share male 1, TED = 1 · RBDF, RBDF = p(2) / (p(1) + p(2)).
    CHECK(num(r["share"]["male"]) == near(1.0));
    CHECK(num(r["rbdf"]) == near(p(2) / (1 + p(2))));
    CHECK(num(r["value"]) == near(1 / (1 + p(2))));
    CHECK(num(r["perRank"][0]["exposure"]["male"]) == near(0.0));
}

TEST_CASE("NFaiRR's τ does not apply to TExFAIR: one male term is neutral for NFaiRR, fully male here") {
    const auto r = first(scenario(Json::array({text_doc("a", "he went home")})));
    CAPTURE(r.dump());
    CHECK(num(r["nfairr"]["omega"][0]) == near(1.0));  // Σ M = 1 <= τ = 1
    CHECK(num(r["texfair"]["share"]["male"]) == near(1.0));
    CHECK(num(r["texfair"]["value"]) == near(0.0));  // TED = 1, RBDF = 1
}

TEST_CASE("three groups and non-uniform targets: max(TED) = 2 (1 - min target)") {
    const auto run = [](Json targets, const char* text) {
        Json s{{"groups", {"a", "b", "c"}},
               {"lexicon", {{"a", {"x"}}, {"b", {"y"}}, {"c", {"z"}}}},
               {"params", {{"k", 1}}},
               {"rankings", Json::array({Json{{"docs", Json::array({text_doc("d", text)})}}})}};
        if (!targets.is_null()) s["params"]["targets"] = std::move(targets);
        return first(s)["texfair"];
    };
    // Targets 0.2, 0.3, 0.5: max(TED) = 1.6. "x y y": shares 1/3, 2/3, 0.
    // TED = |1/3 - 0.2| + |2/3 - 0.3| + |0 - 0.5| = 2/15 + 11/30 + 1/2 = 1.
    const auto r = run({{"a", 0.2}, {"b", 0.3}, {"c", 0.5}}, "x y y");
    CAPTURE(r.dump());
    CHECK(num(r["maxTed"]) == near(1.6));
    CHECK(num(r["ted"]) == near(1.0));
    CHECK(num(r["value"]) == near(0.6));         // 1.6 - 1
    CHECK(num(r["normalized"]) == near(0.375));  // 1 - 1/1.6
    // Uniform thirds: max(TED) = 4/3; "x" alone has TED = 2/3 + 1/3 + 1/3 = 4/3, the worst case.
    const auto worst = run(nullptr, "x");
    CAPTURE(worst.dump());
    CHECK(num(worst["maxTed"]) == near(4.0 / 3));
    CHECK(num(worst["value"]) == near(0.0));
    CHECK(num(worst["normalized"]) == near(0.0));
    // "x y z": every share 1/3, TED 0, TExFAIR = max(TED).
    CHECK(num(run(nullptr, "x y z")["value"]) == near(4.0 / 3));
}

TEST_CASE("k beyond the list gives the values at k = n") {
    const Json docs = Json::array({text_doc("m", "he ran home"), text_doc("n", "the cat sat"), text_doc("f", "she sat")});
    const auto at_n = first(scenario(docs, {{"k", 3}}))["texfair"];
    const auto beyond = first(scenario(docs, {{"k", 10}}))["texfair"];
    CHECK(beyond == at_n);
}

// ------------------------------------------------------------------------------------------------
// Neutral documents. Here "neutral" means: no group term at all (M_g = 0 for every g), whatever the
// label. Such a document adds 0 to every TE(t) and to RBDF's numerator, and p(r) of its position to
// RBDF's denominator, which depends on the position only. So TExFAIR (shares, TED, RBDF, value,
// and every atCutoff) depends on which positions hold term-free documents, not on which of them
// sits where: permuting term-free documents among the positions they already occupy changes nothing.
// Moving one to a position held by a representative document does change it in general.
namespace {

bool term_free(const std::string& text) {
    std::istringstream in(text);
    for (std::string w; in >> w;)
        for (const auto* list : {&th::female_words, &th::male_words})
            if (std::find(list->begin(), list->end(), w) != list->end()) return false;
    return true;
}

}  // namespace

TEST_CASE("property: permuting term-free documents among their own positions leaves TExFAIR unchanged") {
    int permuted = 0;
    for (unsigned seed = 1; seed <= th::rounds(300); ++seed) {
        th::Gen gen(seed);
        const Json s = gen.scenario();
        const auto& docs = s["rankings"][0]["docs"];
        std::vector<std::size_t> positions;
        for (std::size_t i = 0; i < docs.size(); ++i)
            if (term_free(docs[i]["text"].get<std::string>())) positions.push_back(i);
        if (positions.size() < 2) continue;
        std::vector<std::size_t> order = positions;
        std::shuffle(order.begin(), order.end(), gen.engine());
        Json t = s;
        for (std::size_t j = 0; j < positions.size(); ++j) t["rankings"][0]["docs"][positions[j]] = docs[order[j]];
        ++permuted;
        CAPTURE(seed);
        CAPTURE(s.dump());
        CAPTURE(t.dump());
        const auto a = first(s)["texfair"];
        const auto b = first(t)["texfair"];
        for (const char* key : {"value", "normalized", "ted", "rbdf"}) {
            CAPTURE(key);
            CHECK(num(b[key]) == near(num(a[key])));
        }
        CHECK(th::same_value(a["share"]["female"], b["share"]["female"]));
        CHECK(th::same_value(a["share"]["male"], b["share"]["male"]));
        REQUIRE(a["atCutoff"].size() == b["atCutoff"].size());
        for (std::size_t c = 0; c < a["atCutoff"].size(); ++c) CHECK(th::same_value(a["atCutoff"][c], b["atCutoff"][c]));
        CHECK(a["termExposure"] == b["termExposure"]);
    }
    CHECK(permuted > static_cast<int>(th::rounds(300) / 3));  // the property was exercised
}

TEST_CASE("moving a term-free document onto a representative document's position does change TExFAIR") {
    // [he ran, the cat] against [the cat, he ran], k = 2: share male 1 both times, TED = RBDF.
    // First: RBDF = p(1) / (p(1) + p(2)) -> TExFAIR = p(2) / (1 + p(2)) ≈ 0.387.
    // Second: RBDF = p(2) / (p(1) + p(2)) -> TExFAIR = 1 / (1 + p(2)) ≈ 0.613.
    const auto a = first(scenario(Json::array({text_doc("m", "he ran"), text_doc("n", "the cat")})))["texfair"];
    const auto b = first(scenario(Json::array({text_doc("n", "the cat"), text_doc("m", "he ran")})))["texfair"];
    CHECK(num(a["value"]) == near(p(2) / (1 + p(2))));
    CHECK(num(b["value"]) == near(1 / (1 + p(2))));
}

TEST_CASE("property: 0 <= TExFAIR <= max(TED) and 0 <= normalized <= 1") {
    for (unsigned seed = 1; seed <= th::rounds(300); ++seed) {
        th::Gen gen(seed);
        const Json s = gen.scenario();
        CAPTURE(seed);
        CAPTURE(s.dump());
        const auto r = first(s)["texfair"];
        CHECK(num(r["value"]) >= -1e-12);
        CHECK(num(r["value"]) <= num(r["maxTed"]) + 1e-12);
        CHECK(num(r["normalized"]) >= -1e-12);
        CHECK(num(r["normalized"]) <= 1 + 1e-12);
        CHECK(num(r["value"]) == near(num(r["maxTed"]) - num(r["ted"])));
    }
}
