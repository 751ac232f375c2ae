// CWEx (SPEC "CWEx"; Mousavian et al., ICTIR 2025, Eq. 1-4). Reads labels, not terms.
#include <doctest/doctest.h>

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

TEST_CASE("class exposure and CWEx for alpha = 0, 1 and 0.5") {
    // Labels female, male, neutral, neutral; k = 4; Σ p = 1 + 1/log2 3 + 1/2 + 1/log2 5.
    const double total = 1 + 1 / L3 + 0.5 + 1 / L5;
    const double female = 1 / total, male = (1 / L3) / total, neutral = (0.5 + 1 / L5) / total;
    const double delta = female - male;  // p(1) > p(2)
    const std::vector<std::string> labels{"female", "male", "neutral", "neutral"};
    for (double alpha : {0.0, 1.0, 0.5}) {
        CAPTURE(alpha);
        const auto r = first(th::labelled(labels, {{"k", 4}, {"alpha", alpha}}))["cwex"];
        CAPTURE(r.dump());
        CHECK(num(r["exposure"]["neutral"]) == near(neutral));
        CHECK(num(r["exposure"]["female"]) == near(female));
        CHECK(num(r["exposure"]["male"]) == near(male));
        CHECK(num(r["deltaExposure"]) == near(delta));
        // CWEx = α Exposure_neutral - (1 - α) |Exposure_male - Exposure_female|
        CHECK(num(r["value"]) == near(alpha * neutral - (1 - alpha) * delta));
    }
    // The three values, spelled out.
    CHECK(num(first(th::labelled(labels, {{"k", 4}, {"alpha", 0}}))["cwex"]["value"]) == near(-(1 - 1 / L3) / total));
    CHECK(num(first(th::labelled(labels, {{"k", 4}, {"alpha", 1}}))["cwex"]["value"]) == near((0.5 + 1 / L5) / total));
    CHECK(num(first(th::labelled(labels, {{"k", 4}}))["cwex"]["value"]) == near(0.5 * (0.5 + 1 / L5) / total - 0.5 * (1 - 1 / L3) / total));
}

TEST_CASE("the ends of the range: all neutral gives alpha, all one group gives alpha - 1") {
    for (double alpha : {0.0, 0.2, 0.5, 0.7, 1.0}) {
        CAPTURE(alpha);
        // Exposure_neutral = 1, no gap.
        CHECK(num(first(th::labelled({"neutral", "neutral", "neutral"}, {{"alpha", alpha}}))["cwex"]["value"]) == near(alpha));
        // Exposure_neutral = 0, gap 1 - 0.
        CHECK(num(first(th::labelled({"male", "male"}, {{"alpha", alpha}}))["cwex"]["value"]) == near(alpha - 1));
    }
}

TEST_CASE("CWEx reads labels, not terms") {
    const Json s{{"rankings", Json::array({Json{{"docs", Json::array({Json{{"text", "he he he"}, {"label", "neutral"}},
                                                                      Json{{"text", "the sky"}, {"label", "female"}}})}}})}};
    const auto r = first(s)["cwex"];
    CAPTURE(r.dump());
    // neutral p(1) / (p(1) + p(2)), female p(2) / (…), male 0.
    CHECK(num(r["exposure"]["neutral"]) == near(1 / (1 + p(2))));
    CHECK(num(r["exposure"]["female"]) == near(p(2) / (1 + p(2))));
    CHECK(num(r["exposure"]["male"]) == near(0.0));
}

TEST_CASE("three groups: the gap is max - min over all groups, an absent group counting 0") {
    const Json groups{"a", "b", "c"};
    // [a, b], k = 2: a = 1/(1 + p(2)), b = p(2)/(1 + p(2)), c = 0 -> gap = 1/(1 + p(2)).
    const auto two = first(th::labelled({"a", "b"}, {{"alpha", 0.5}}, groups))["cwex"];
    CAPTURE(two.dump());
    CHECK(num(two["deltaExposure"]) == near(1 / (1 + p(2))));
    CHECK(num(two["value"]) == near(-0.5 / (1 + p(2))));
    CHECK(num(two["exposure"]["c"]) == near(0.0));
    // [a, b, c]: a = 1/Σ, c = (1/2)/Σ is the least: gap = (1 - 1/2) / (1 + 1/log2 3 + 1/2).
    const auto three = first(th::labelled({"a", "b", "c"}, Json::object(), groups))["cwex"];
    CHECK(num(three["deltaExposure"]) == near(0.5 / (1.5 + 1 / L3)));
    // [c, neutral]: gap = c's share p(1)/(p(1)+p(2)) - 0; neutral p(2)/(…).
    const auto mixed = first(th::labelled({"c", "neutral"}, {{"alpha", 0.7}}, groups))["cwex"];
    CHECK(num(mixed["value"]) == near(0.7 * p(2) / (1 + p(2)) - 0.3 / (1 + p(2))));
}

TEST_CASE("the cut-off: k beyond the list is k = n; per-rank exposure is 0 below k") {
    const std::vector<std::string> labels{"female", "neutral", "male"};
    const auto at_n = first(th::labelled(labels, {{"k", 3}}))["cwex"];
    const auto beyond = first(th::labelled(labels, {{"k", 50}}))["cwex"];
    CHECK(beyond == at_n);
    const auto at1 = first(th::labelled(labels, {{"k", 1}}))["cwex"];
    CAPTURE(at1.dump());
    // k = 1: only the female document counts: female 1, neutral 0, gap 1 -> α - 1 = -1/2.
    CHECK(num(at1["value"]) == near(-0.5));
    CHECK(num(at1["perRank"][0]["exposure"]) == near(1.0));
    CHECK(num(at1["perRank"][1]["exposure"]) == near(0.0));
    CHECK(at1["perRank"][2]["label"] == "male");
    // k = 2: female 1/(1 + p(2)), neutral p(2)/(1 + p(2)), gap 1/(1 + p(2)).
    CHECK(num(at1["atCutoff"][1]) == near(0.5 * p(2) / (1 + p(2)) - 0.5 / (1 + p(2))));
}

TEST_CASE("property: CWEx lies in [alpha - 1, alpha]") {
    static const std::vector<double> alphas{0, 0.2, 0.5, 0.7, 1};
    for (unsigned seed = 1; seed <= th::rounds(300); ++seed) {
        th::Gen gen(seed);
        Json s = gen.scenario();
        const double alpha = gen.pick(alphas);
        s["params"]["alpha"] = alpha;
        CAPTURE(seed);
        CAPTURE(s.dump());
        const auto r = first(s)["cwex"];
        CHECK(num(r["value"]) >= alpha - 1 - 1e-12);
        CHECK(num(r["value"]) <= alpha + 1e-12);
        const double sum = num(r["exposure"]["neutral"]) + num(r["exposure"]["female"]) + num(r["exposure"]["male"]);
        CHECK(sum == near(1.0));  // the classes share all the exposure
        for (const auto& c : r["atCutoff"]) {
            CHECK(num(c) >= alpha - 1 - 1e-12);
            CHECK(num(c) <= alpha + 1e-12);
        }
    }
}
