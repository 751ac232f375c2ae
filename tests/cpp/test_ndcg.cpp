// nDCG@k beside the fairness metrics (Järvelin and Kekäläinen, TOIS 2002).
#include <doctest/doctest.h>

#include <vector>

#include "helpers.hpp"

using th::first;
using th::L3;
using th::L5;
using th::near;
using th::num;
using Json = fairness::Json;

namespace {

Json ranking(const std::vector<double>& relevance, Json params = Json::object()) {
    Json docs = Json::array();
    for (double r : relevance) docs.push_back(Json{{"relevance", r}});
    return Json{{"params", std::move(params)}, {"rankings", Json::array({Json{{"docs", docs}}})}};
}

}  // namespace

TEST_CASE("linear gain: relevance 1, 3, 0, 2") {
    const auto r = first(ranking({1, 3, 0, 2}))["ndcg"];
    CAPTURE(r.dump());
    // DCG = 1/1 + 3/log2 3 + 0/2 + 2/log2 5; the ideal order 3, 2, 1, 0: IDCG = 3 + 2/log2 3 + 1/2 + 0.
    const double dcg = 1 + 3 / L3 + 2 / L5, idcg = 3 + 2 / L3 + 0.5;
    CHECK(num(r["dcg"]) == near(dcg));
    CHECK(num(r["idcg"]) == near(idcg));
    CHECK(num(r["value"]) == near(dcg / idcg));
    CHECK(num(r["perRank"][1]["gain"]) == near(3.0));
    CHECK(num(r["perRank"][1]["contribution"]) == near(3 / L3 / idcg));
    // k = 1: 1 / 3. k = 2: (1 + 3/log2 3) / (3 + 2/log2 3).
    CHECK(num(r["atCutoff"][0]) == near(1.0 / 3));
    CHECK(num(r["atCutoff"][1]) == near((1 + 3 / L3) / (3 + 2 / L3)));
}

TEST_CASE("exponential gain 2^rel - 1: relevance 1, 3, 0, 2") {
    const auto r = first(ranking({1, 3, 0, 2}, {{"ndcgGain", "exponential"}}))["ndcg"];
    CAPTURE(r.dump());
    // Gains 1, 7, 0, 3. DCG = 1 + 7/log2 3 + 0 + 3/log2 5; IDCG (7, 3, 1, 0) = 7 + 3/log2 3 + 1/2.
    const double dcg = 1 + 7 / L3 + 3 / L5, idcg = 7 + 3 / L3 + 0.5;
    CHECK(num(r["value"]) == near(dcg / idcg));
    CHECK(num(r["perRank"][1]["gain"]) == near(7.0));
}

TEST_CASE("the ideal order scores 1; the cut-off and k beyond the list") {
    CHECK(num(first(ranking({3, 2, 2, 0}))["ndcg"]["value"]) == near(1.0));
    // k = 2 on 1, 3, 0, 2: (1 + 3/log2 3) / (3 + 2/log2 3).
    CHECK(num(first(ranking({1, 3, 0, 2}, {{"k", 2}}))["ndcg"]["value"]) == near((1 + 3 / L3) / (3 + 2 / L3)));
    CHECK(first(ranking({1, 3, 0, 2}, {{"k", 4}}))["ndcg"] == first(ranking({1, 3, 0, 2}, {{"k", 40}}))["ndcg"]);
    // Fractional relevance: 0.5 then 1: DCG = 0.5 + 1/log2 3, IDCG = 1 + 0.5/log2 3.
    CHECK(num(first(ranking({0.5, 1}))["ndcg"]["value"]) == near((0.5 + 1 / L3) / (1 + 0.5 / L3)));
}

TEST_CASE("IDCG = 0 (nothing relevant): nDCG is null with a note") {
    const auto r = first(ranking({0, 0, 0}))["ndcg"];
    CAPTURE(r.dump());
    CHECK(r["value"].is_null());
    CHECK(r.contains("note"));
    CHECK(num(r["idcg"]) == near(0.0));
    CHECK(r["atCutoff"] == Json::array({nullptr, nullptr, nullptr}));
    // A relevant document below the cut-off is not the same case: the ideal order puts it first,
    // so IDCG@1 = 1 and DCG@1 = 0: nDCG 0, not null.
    CHECK(num(first(ranking({0, 1}, {{"k", 1}}))["ndcg"]["value"]) == near(0.0));
}

TEST_CASE("the ideal comes from the ranking's own documents, not the background") {
    Json s = ranking({1, 0});
    s["background"] = Json::array({Json{{"relevance", 5}}});
    CHECK(num(first(s)["ndcg"]["value"]) == near(1.0));
}

TEST_CASE("regression: gains past the largest double (relevance >= 1024, exponential) leave nDCG null with a note") {
    // 2^1024 - 1 is beyond DBL_MAX (about 1.8e308): the gain, DCG and IDCG are no numbers, and
    // inf / inf was reported as null without a word (or a finite part over an infinite one as 0).
    const auto r = first(ranking({1024, 1, 0}, {{"ndcgGain", "exponential"}}))["ndcg"];
    CAPTURE(r.dump());
    CHECK(r["value"].is_null());
    CHECK(r["note"].get<std::string>().find("beyond the largest number") != std::string::npos);
    CHECK(r["atCutoff"][0].is_null());
    CHECK(r["perRank"][0]["gain"].is_null());  // written as null: not a number
    // 1023 is the largest whole relevance whose gain is finite: defined.
    CHECK(!first(ranking({1023, 1}, {{"ndcgGain", "exponential"}}))["ndcg"]["value"].is_null());
    // Linear gain: three relevances of 1e308 sum past DBL_MAX.
    const auto big = first(ranking({1e308, 1e308, 1e308, 1}))["ndcg"];
    CHECK(big["value"].is_null());
    CHECK(big["note"].get<std::string>().find("beyond the largest number") != std::string::npos);
    // One 1e308 alone is finite, and nDCG is defined (DCG = IDCG: the ideal order).
    CHECK(num(first(ranking({1e308, 0}))["ndcg"]["value"]) == near(1.0));
}
