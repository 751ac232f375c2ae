// AWRF as the TExFAIR paper writes it (Eq. 4-6, 14): alignment by term shares or by labels,
// L1 or Jensen-Shannon distance to the targets.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "fairness/metrics/awrf.hpp"
#include "helpers.hpp"

using fairness::AwrfAlignment;
using fairness::AwrfDistance;
using th::first;
using th::L3;
using th::near;
using th::num;
using th::p;
using Json = fairness::Json;
using Vec = std::vector<double>;

namespace {

Json scenario(Json docs, Json params = Json::object()) {
    return Json{{"lexicon", {{"female", {"she", "her"}}, {"male", {"he", "him"}}}},
                {"params", std::move(params)},
                {"rankings", Json::array({Json{{"docs", std::move(docs)}}})}};
}

Json doc(const std::string& text, const std::string& label = "neutral") { return Json{{"text", text}, {"label", label}}; }

}  // namespace

TEST_CASE("alignment: term shares, one-hot labels, uniform when there is nothing to go by") {
    using fairness::awrf::alignment;
    CHECK(alignment(Vec{1, 3}, -1, 2, AwrfAlignment::terms) == Vec{0.25, 0.75});  // M_g / Σ M
    CHECK(alignment(Vec{1, 3}, 0, 2, AwrfAlignment::terms) == Vec{0.25, 0.75});   // the label is ignored
    CHECK(alignment(Vec{0, 0}, 1, 2, AwrfAlignment::terms) == Vec{0.5, 0.5});     // no group term
    CHECK(alignment(Vec{1, 3}, 1, 2, AwrfAlignment::labels) == Vec{0, 1});        // terms are ignored
    CHECK(alignment(Vec{1, 3}, -1, 2, AwrfAlignment::labels) == Vec{0.5, 0.5});   // neutral
    const auto three = alignment(Vec{0, 0, 0}, -1, 3, AwrfAlignment::terms);
    for (double a : three) CHECK(a == near(1.0 / 3));
}

TEST_CASE("distance: (1, 0) against (1/2, 1/2)") {
    using fairness::awrf::distance;
    const Vec p1{1, 0}, half{0.5, 0.5};
    // L1 = |1 - 1/2| + |0 - 1/2| = 1
    CHECK(distance(p1, half, AwrfDistance::l1) == near(1.0));
    // JS: M = (3/4, 1/4).
    //   KL(P || M) = 1 · log2(1 / (3/4)) = 2 - log2 3
    //   KL(Q || M) = 1/2 log2((1/2) / (3/4)) + 1/2 log2((1/2) / (1/4)) = 1/2 (1 - log2 3) + 1/2
    //   JS = 1/2 KL(P || M) + 1/2 KL(Q || M) = 1 - 1/2 log2 3 + 1/4 - 1/4 log2 3 + 1/4 = 3/2 - 3/4 log2 3 ≈ 0.3113
    CHECK(distance(p1, half, AwrfDistance::js) == near(1.5 - 0.75 * L3));
    // The same by natural logarithms, term by term.
    const double ln_js = 0.5 * std::log(4.0 / 3) + 0.5 * (0.5 * std::log(2.0 / 3) + 0.5 * std::log(2.0));
    CHECK(distance(p1, half, AwrfDistance::js) == near(ln_js / std::log(2.0)));
    // Disjoint distributions: L1 = 2, JS = 1 bit. Equal ones: 0.
    CHECK(distance(Vec{1, 0}, Vec{0, 1}, AwrfDistance::l1) == near(2.0));
    CHECK(distance(Vec{1, 0}, Vec{0, 1}, AwrfDistance::js) == near(1.0));
    CHECK(distance(half, half, AwrfDistance::js) == near(0.0));
    CHECK(distance(Vec{0.3, 0.7}, Vec{0.3, 0.7}, AwrfDistance::l1) == near(0.0));
}

TEST_CASE("AWRF by terms: a female-only document then one without group terms") {
    // Alignments (1, 0) and (1/2, 1/2); E = (1 + p(2)/2, p(2)/2), ||E|| = 1 + p(2).
    // nE_female - 1/2 = (1/2) / (1 + p(2)), so L1 = 1 / (1 + p(2)).
    const auto r = first(scenario(Json::array({doc("she ran"), doc("the cat")})))["awrf"];
    CAPTURE(r.dump());
    CHECK(num(r["distribution"]["female"]) == near((1 + p(2) / 2) / (1 + p(2))));
    CHECK(num(r["distribution"]["male"]) == near((p(2) / 2) / (1 + p(2))));
    CHECK(num(r["value"]) == near(1 / (1 + p(2))));
    CHECK(num(r["perRank"][1]["alignment"]["female"]) == near(0.5));
    // At k = 1: distribution (1, 0): L1 = 1.
    CHECK(num(r["atCutoff"][0]) == near(1.0));
}

TEST_CASE("AWRF by labels and by terms read different things") {
    // Document 1: text "he he", label female. Document 2: text "x", label male.
    const Json docs = Json::array({doc("he he", "female"), doc("x", "male")});
    // labels: E = (1, p(2)); L1 = 2 |1/(1 + p(2)) - 1/2| = (1 - p(2)) / (1 + p(2)).
    const auto by_labels = first(scenario(docs, {{"awrfAlignment", "labels"}}))["awrf"];
    CHECK(num(by_labels["value"]) == near((1 - p(2)) / (1 + p(2))));
    // terms: alignments (0, 1) and (1/2, 1/2): E = (p(2)/2, 1 + p(2)/2): L1 = 1 / (1 + p(2)).
    const auto by_terms = first(scenario(docs))["awrf"];
    CHECK(num(by_terms["value"]) == near(1 / (1 + p(2))));
}

TEST_CASE("AWRF with the Jensen-Shannon distance") {
    // One female-only document, k = 1: nE = (1, 0): JS against (1/2, 1/2) = 3/2 - 3/4 log2 3.
    const auto r = first(scenario(Json::array({doc("she she")}), {{"awrfDistance", "js"}}))["awrf"];
    CHECK(num(r["value"]) == near(1.5 - 0.75 * L3));
    // A balanced document: nE = (1/2, 1/2): 0.
    CHECK(num(first(scenario(Json::array({doc("she he")}), {{"awrfDistance", "js"}}))["awrf"]["value"]) == near(0.0));
}

TEST_CASE("AWRF with non-uniform targets and three groups") {
    // Targets 0.2, 0.8 and a male-only document: L1 = |0 - 0.2| + |1 - 0.8| = 0.4.
    const auto two = first(scenario(Json::array({doc("him")}), {{"targets", {{"female", 0.2}, {"male", 0.8}}}}))["awrf"];
    CHECK(num(two["value"]) == near(0.4));
    // Three groups, uniform: "x" alone -> nE = (1, 0, 0): L1 = 2/3 + 1/3 + 1/3 = 4/3 = 2 (1 - 1/3).
    const Json s{{"groups", {"a", "b", "c"}},
                 {"lexicon", {{"a", {"x"}}, {"b", {"y"}}, {"c", {"z"}}}},
                 {"rankings", Json::array({Json{{"docs", Json::array({doc("x")})}}})}};
    CHECK(num(first(s)["awrf"]["value"]) == near(4.0 / 3));
}

TEST_CASE("k beyond the list is k = n; the weight below the cut-off is 0") {
    const Json docs = Json::array({doc("she"), doc("he he"), doc("the cat")});
    CHECK(first(scenario(docs, {{"k", 3}}))["awrf"] == first(scenario(docs, {{"k", 30}}))["awrf"]);
    const auto r = first(scenario(docs, {{"k", 2}}))["awrf"];
    CHECK(num(r["perRank"][1]["weight"]) == near(1 / L3));
    CHECK(num(r["perRank"][2]["weight"]) == near(0.0));
    // k = 2: alignments (1, 0), (0, 1): E = (1, p(2)): L1 = (1 - p(2)) / (1 + p(2)).
    CHECK(num(r["value"]) == near((1 - p(2)) / (1 + p(2))));
}
