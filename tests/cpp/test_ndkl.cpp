// NDKL (SPEC "NDKL"; Geyik, Ambler, Kenthapadi, KDD 2019, Eq. 4). Reads labels, not terms. The
// expected values are worked out by hand below: D_i the shares among the labelled documents of the
// top i, KL in natural log, each prefix weighted by 1 / log2(i + 1).
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "fairness/metrics/ndkl.hpp"
#include "helpers.hpp"

using th::first;
using th::L3;
using th::L5;
using th::near;
using th::num;
using Json = fairness::Json;

namespace {

const double ln2 = std::log(2.0);

}  // namespace

TEST_CASE("female, female, male, neutral against equal targets: every prefix's KL, weighted and normalised") {
    // D_1 = D_2 = (1, 0): KL = 1 · ln(1 / 0.5) = ln 2.
    // D_3 = D_4 = (2/3, 1/3) (the neutral document counts in no share): KL = 2/3 ln(4/3) + 1/3 ln(2/3).
    const double kl3 = 2.0 / 3 * std::log(4.0 / 3) + 1.0 / 3 * std::log(2.0 / 3);
    const double z = 1 + 1 / L3 + 0.5 + 1 / L5;
    const double value = (ln2 + ln2 / L3 + kl3 * 0.5 + kl3 / L5) / z;  // ≈ 0.46189
    const auto r = first(th::labelled({"female", "female", "male", "neutral"}, {{"k", 4}}))["ndkl"];
    CHECK(num(r["value"]) == near(value));
    CHECK(num(r["z"]) == near(z));
    CHECK(num(r["target"]["female"]) == 0.5);
    CHECK(num(r["perRank"][2]["kl"]) == near(kl3));
    CHECK(num(r["perRank"][1]["weight"]) == near(1 / L3));
    double contributions = 0;
    for (const auto& rank : r["perRank"]) contributions += num(rank["contribution"]);
    CHECK(contributions == near(value));
    // At cut-off 2 only the first two prefixes count: both ln 2.
    CHECK(num(r["atCutoff"][1]) == near(ln2));
    CHECK(num(r["atCutoff"][3]) == near(value));
}

TEST_CASE("a neutral prefix is left out of I and Z") {
    // Top 1 holds no labelled document: I = {2}, D_2 = (0, 1), KL = ln 2, Z = 1 / log2 3.
    const auto r = first(th::labelled({"neutral", "male"}, {{"k", 2}}))["ndkl"];
    CHECK(num(r["value"]) == near(ln2));
    CHECK(num(r["z"]) == near(1 / L3));
    CHECK(r["perRank"][0]["kl"].is_null());
    CHECK(r["atCutoff"][0].is_null());
}

TEST_CASE("a desired share of 0 makes NDKL undefined with a note, unless epsilon smooths it") {
    // targets (1, 0): D_1 = (1, 0) matches (KL 0); D_2 = (1/2, 1/2) gives male a share D* lacks.
    const Json params{{"k", 2}, {"targets", {{"female", 1}, {"male", 0}}}};
    const auto r = first(th::labelled({"female", "male"}, params))["ndkl"];
    CHECK(r["value"].is_null());
    CHECK(r["note"].get<std::string>().find("ndklEpsilon") != std::string::npos);
    CHECK(num(r["atCutoff"][0]) == 0.0);
    CHECK(r["atCutoff"][1].is_null());
    // With ε: KL_1 = (1+ε) ln((1+ε)/(1+ε)) + ε ln(ε/ε) = 0; KL_2 = (½+ε) ln((½+ε)/(1+ε)) + (½+ε) ln((½+ε)/ε).
    const double e = 1e-7;
    Json smoothed = params;
    smoothed["ndklEpsilon"] = e;
    const double kl2 = (0.5 + e) * std::log((0.5 + e) / (1 + e)) + (0.5 + e) * std::log((0.5 + e) / e);
    const auto s = first(th::labelled({"female", "male"}, smoothed))["ndkl"];
    CHECK(num(s["value"]) == near((kl2 / L3) / (1 + 1 / L3)));
}

TEST_CASE("ndklTarget ranking: D* is the ranking's own shares, over every position") {
    // female, male, male with k = 2: D* = (1/3, 2/3) from all three documents.
    // D_1 = (1, 0): KL = ln 3. D_2 = (1/2, 1/2): KL = ½ ln(3/2) + ½ ln(3/4) = ½ ln(9/8).
    const double value = (std::log(3.0) + 0.5 * std::log(9.0 / 8) / L3) / (1 + 1 / L3);
    const auto r = first(th::labelled({"female", "male", "male"}, {{"k", 2}, {"ndklTarget", "ranking"}}))["ndkl"];
    CHECK(num(r["value"]) == near(value));
    CHECK(num(r["target"]["male"]) == near(2.0 / 3));
    // At cut-off 3 the last prefix has D* itself: KL 0.
    CHECK(num(r["perRank"][2]["kl"]) == doctest::Approx(0).epsilon(1e-15));
    CHECK(num(r["atCutoff"][2]) == near((std::log(3.0) + 0.5 * std::log(9.0 / 8) / L3) / (1 + 1 / L3 + 0.5)));
}

TEST_CASE("every document neutral: undefined, with a note") {
    const auto r = first(th::labelled({"neutral", "neutral"}))["ndkl"];
    CHECK(r["value"].is_null());
    CHECK(r["note"].get<std::string>().find("no labelled document") != std::string::npos);
}

TEST_CASE("the parameters are checked and written back") {
    CHECK(th::refused_field(th::labelled({"female"}, {{"ndklTarget", "ideal"}}).dump()) == "params.ndklTarget");
    CHECK(th::refused_field(th::labelled({"female"}, {{"ndklEpsilon", -1}}).dump()) == "params.ndklEpsilon");
    const auto results = th::run(th::labelled({"female"}, {{"ndklTarget", "ranking"}, {"ndklEpsilon", 1e-7}}));
    CHECK(results["params"]["ndklTarget"] == "ranking");
    CHECK(num(results["params"]["ndklEpsilon"]) == 1e-7);
}

TEST_CASE("properties on seeded random rankings: NDKL >= 0, 0 when every prefix has the desired shares") {
    // Alternating female, male with targets (0.5, 0.5): every even prefix matches D*, odd ones do not.
    // A ranking whose every prefix has D* exactly is one group alone against targets (1, 0).
    const auto one = first(th::labelled({"female", "neutral", "female"}, {{"targets", {{"female", 1}, {"male", 0}}}}))["ndkl"];
    CHECK(num(one["value"]) == 0.0);
    std::mt19937 random(7);
    for (int trial = 0; trial < static_cast<int>(th::rounds(200)); ++trial) {
        std::vector<std::string> labels;
        const int n = 1 + static_cast<int>(random() % 12);
        for (int i = 0; i < n; ++i) labels.push_back(std::vector<std::string>{"female", "male", "neutral"}[random() % 3]);
        const auto r = first(th::labelled(labels, {{"k", 1 + static_cast<int>(random() % 12)}}))["ndkl"];
        if (!r["value"].is_null()) CHECK(num(r["value"]) >= 0);
    }
}
