// DIPS and its companions REE and IGI (SPEC "DIPS"; Fabris et al., WSDM 2023).
// Group A is the first of dipsGroups (default "female"), B the second ("male").
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "fairness/metrics/dips.hpp"
#include "helpers.hpp"

using th::first;
using th::L3;
using th::near;
using th::num;
using th::sided_ranking;
using Json = fairness::Json;

namespace {

// The paper's toy example: ideal [A0, B1, A2, A3] with relevances 4, 3, 2, 1, ranked as [A2, B1, A0, A3].
const std::vector<std::pair<char, double>> toy{{'A', 2}, {'B', 3}, {'A', 4}, {'A', 1}};

Json uniform_ct0() { return Json{{"ct", 0}, {"browsing", {{"model", "uniform"}}}}; }

}  // namespace

TEST_CASE("the paper's toy example, uniform F and ct = 0: IGI 1 and 1/2, REE 1/3 and 1/3, DIPS 0") {
    const auto r = first(sided_ranking(toy, uniform_ct0()));
    CAPTURE(r["dips"].dump());
    // UDPs across groups: A0 (4) below B1 (3): one against A. B1 (3) below A2 (2): one against B.
    // IGI: C_AB = #{A more relevant than B} = {A0 > B1} = 1; C_BA = {B1 > A2, B1 > A3} = 2.
    CHECK(num(r["igi"]["mAB"]) == near(1.0));  // 1 / 1
    CHECK(num(r["igi"]["mBA"]) == near(0.5));  // 1 / 2
    CHECK(num(r["igi"]["value"]) == near(0.5));
    // REE: C = N_A N_B = 3.
    CHECK(num(r["ree"]["mAB"]) == near(1.0 / 3));
    CHECK(num(r["ree"]["mBA"]) == near(1.0 / 3));
    CHECK(num(r["ree"]["value"]) == near(0.0));
    // DIPS, F = 1: C = max(3 · 1, 1 · 3) = 3.
    CHECK(num(r["dips"]["mAB"]) == near(1.0 / 3));
    CHECK(num(r["dips"]["mBA"]) == near(1.0 / 3));
    CHECK(num(r["dips"]["value"]) == near(0.0));
    CHECK(r["dips"]["nA"] == 3);
    CHECK(r["dips"]["nB"] == 1);
}

TEST_CASE("the toy example with the default exponential browsing, γ = 0.9: DIPS = -1/30") {
    const auto r = first(sided_ranking(toy, {{"ct", 0}}));
    const auto& d = r["dips"];
    CAPTURE(d.dump());
    // C = max(N_A · Σ_{k0<1} F, N_B · Σ_{k0<3} F) = max(3 · 1, 1 · (1 + 0.9 + 0.81)) = 3.
    // M_AB: A0 at position 2 is below B1 at position 1, F(1) = 0.9 -> 0.9 / 3 = 0.3.
    // M_BA: B1 at position 1 is below A2 at position 0, F(0) = 1 -> 1 / 3.
    CHECK(num(d["mAB"]) == near(0.3));
    CHECK(num(d["mBA"]) == near(1.0 / 3));
    CHECK(num(d["value"]) == near(0.3 - 1.0 / 3));
    CHECK(num(d["value"]) == near(-1.0 / 30));
    // Per item: weight F(k0); M_i counts every item above with lower relevance, any group;
    // contribution = its share of M_AB (A, positive) or of M_BA (B, negative).
    const auto& ranks = d["perRank"];
    CHECK(num(ranks[2]["weight"]) == near(0.81));
    CHECK(num(ranks[0]["dissatisfaction"]) == near(0.0));  // nothing above
    CHECK(num(ranks[1]["dissatisfaction"]) == near(1.0));  // A2 (2) < 3 at F(0)
    CHECK(num(ranks[2]["dissatisfaction"]) == near(1.9));  // A2, B1 < 4 at F(0) + F(1)
    CHECK(num(ranks[3]["dissatisfaction"]) == near(0.0));  // everything above is more relevant
    CHECK(num(ranks[1]["contribution"]) == near(-1.0 / 3));
    CHECK(num(ranks[2]["contribution"]) == near(0.3));
    CHECK(ranks[0]["side"] == "A");
    CHECK(ranks[1]["side"] == "B");
    // REE and IGI do not depend on the browsing model.
    CHECK(num(r["ree"]["value"]) == near(0.0));
    CHECK(num(r["igi"]["value"]) == near(0.5));
}

TEST_CASE("the toy example through the unit API") {
    using fairness::dips::Item;
    using fairness::dips::Side;
    const std::vector<Item> items{{Side::a, 2}, {Side::b, 3}, {Side::a, 4}, {Side::a, 1}};
    const std::vector<double> f{1, 0.9, 0.81, 0.729};
    const auto d = fairness::dips::dips(items, f, 0);
    REQUIRE(d.value.has_value());
    CHECK(*d.value == near(-1.0 / 30));
    CHECK(*fairness::dips::ree(items, 0).value == near(0.0));
    CHECK(*fairness::dips::igi(items, 0).m_ab == near(1.0));
    CHECK(*fairness::dips::igi(items, 0).m_ba == near(0.5));
}

TEST_CASE("range: one A item placed below one less relevant B item gives exactly 1 (SPEC and the paper say (-1, 1))") {
    // [B (rel 0), A (rel 1)]: N_A = N_B = 1, C = max(1 · F(0), 1 · F(0)) = 1, M_AB = F(0) = 1, M_BA = 0.
    for (const char* model : {"uniform", "exponential", "logarithmic"}) {
        CAPTURE(model);
        const auto r = first(sided_ranking({{'B', 0}, {'A', 1}}, {{"browsing", {{"model", model}}}}));
        CHECK(num(r["dips"]["value"]) == near(1.0));
        CHECK(num(r["ree"]["value"]) == near(1.0));  // 1 / (N_A N_B)
    }
    // Swapped labels: -1.
    CHECK(num(first(sided_ranking({{'A', 0}, {'B', 1}}))["dips"]["value"]) == near(-1.0));
}

TEST_CASE("IGI is undefined when one side has no pair to get wrong") {
    // [B (0), A (1)]: C_BA = #{B more relevant than A} = 0, so M_BA = 0/0.
    const auto r = first(sided_ranking({{'B', 0}, {'A', 1}}));
    CAPTURE(r["igi"].dump());
    CHECK(num(r["igi"]["mAB"]) == near(1.0));
    CHECK(r["igi"]["mBA"].is_null());
    CHECK(r["igi"]["value"].is_null());
    // Regression: the note said no pair was ordered by relevance, though A (1) > B (0) is one.
    CHECK(r["igi"]["note"].get<std::string>().rfind("C_BA = 0", 0) == 0);
}

TEST_CASE("ties in relevance count c_t") {
    // [A (1), B (1)]: B is below an equally relevant A: d_U = c_t, at F(0) = 1; C = 1.
    for (double ct : {0.0, 0.5, 1.0}) {
        CAPTURE(ct);
        const auto r = first(sided_ranking({{'A', 1}, {'B', 1}}, {{"ct", ct}}));
        CHECK(num(r["dips"]["mBA"]) == near(ct));
        CHECK(num(r["dips"]["value"]) == near(-ct));
        CHECK(num(r["ree"]["value"]) == near(-ct));
    }
}

TEST_CASE("documents of neither group keep their positions but make no cross-group pair") {
    // [N (5), B (0), A (1)], exponential: A at position 2 is below B at position 1: F(1) = 0.9.
    // C = max(1 · F(0), 1 · F(0)) = 1 (the first N_B positions, not where B actually is).
    const auto r = first(sided_ranking({{'N', 5}, {'B', 0}, {'A', 1}}));
    CAPTURE(r["dips"].dump());
    CHECK(num(r["dips"]["mAB"]) == near(0.9));
    CHECK(num(r["dips"]["mBA"]) == near(0.0));
    CHECK(num(r["dips"]["value"]) == near(0.9));
    CHECK(r["dips"]["perRank"][0]["side"].is_null());
    // M_i of B: N (5) above is more relevant -> 0; of A: B (0) at F(1) -> 0.9; N (5) is more relevant.
    CHECK(num(r["dips"]["perRank"][1]["dissatisfaction"]) == near(0.0));
    CHECK(num(r["dips"]["perRank"][2]["dissatisfaction"]) == near(0.9));
}

TEST_CASE("the logarithmic browsing model, F = 1 / log2(k0 + 2)") {
    // [B (0), B (0), A (1)]: A is below both Bs: F(0) + F(1) = 1 + 1/log2 3.
    // C = max(N_A · (F(0) + F(1)), N_B · F(0)) = max(1 + 1/log2 3 ≈ 1.63, 2) = 2.
    const auto r = first(sided_ranking({{'B', 0}, {'B', 0}, {'A', 1}}, {{"browsing", {{"model", "logarithmic"}}}}));
    CHECK(num(r["dips"]["value"]) == near((1 + 1 / L3) / 2));
    // Exponential with γ = 0.5: numerator 1 + 0.5; C = max(1.5, 2) = 2.
    const auto e = first(sided_ranking({{'B', 0}, {'B', 0}, {'A', 1}}, {{"browsing", {{"gamma", 0.5}}}}));
    CHECK(num(e["dips"]["value"]) == near(0.75));
}

TEST_CASE("one group absent: DIPS, REE and IGI are null with a note") {
    const auto r = first(sided_ranking({{'A', 1}, {'A', 0}, {'N', 2}}));
    for (const char* metric : {"dips", "ree", "igi"}) {
        CAPTURE(metric);
        CAPTURE(r[metric].dump());
        CHECK(r[metric]["value"].is_null());
        CHECK(r[metric]["mAB"].is_null());
        CHECK(r[metric]["mBA"].is_null());
        REQUIRE(r[metric].contains("note"));
        // Named as dipsGroups names them (A = female, B = male by default).
        CHECK(r[metric]["note"].get<std::string>() == "no document of group B (male) in the ranking, so the measure is undefined");
    }
    // IGI's C_BA = 0: both groups named, in the same sentence.
    CHECK(first(sided_ranking({{'B', 0}, {'A', 1}}))["igi"]["note"] ==
          "C_BA = 0: no item of group B (male) is more relevant than an item of group A (female), so M_BA and the measure are undefined");
    // Chosen the other way round, the names follow.
    const auto swapped = first(sided_ranking({{'A', 1}, {'A', 0}}, Json{{"dipsGroups", {"male", "female"}}}));
    CHECK(swapped["dips"]["note"] == "no document of group A (male) in the ranking, so the measure is undefined");
}

TEST_CASE("dipsGroups picks A and B among three groups; the third is neither") {
    Json s{
        {"groups", {"a", "b", "c"}},
        {"lexicon", {{"a", {"x"}}, {"b", {"y"}}, {"c", {"z"}}}},
        {"params", {{"dipsGroups", {"c", "a"}}}},
        {"rankings", Json::array({Json{{"docs", Json::array({Json{{"label", "a"}, {"relevance", 0}}, Json{{"label", "b"}, {"relevance", 5}},
                                                             Json{{"label", "c"}, {"relevance", 1}}})}}})}};
    const auto r = first(s)["dips"];
    CAPTURE(r.dump());
    // A = c at position 2, below B = a (rel 0 < 1) at position 0: F(0) = 1; C = 1.
    CHECK(num(r["value"]) == near(1.0));
    CHECK(r["nA"] == 1);
    CHECK(r["nB"] == 1);
}

TEST_CASE("DIPS reads the whole ranking: k does not apply") {
    const auto at1 = first(sided_ranking(toy, {{"k", 1}}))["dips"];
    const auto at10 = first(sided_ranking(toy, {{"k", 10}}))["dips"];
    CHECK(at1 == at10);
}

// ------------------------------------------------------------------------------------------------
// Properties on seeded random rankings.
namespace {

// A random ranking of 2..12 documents labelled A, B or N with relevance 0..3 (or 0..1 for many ties).
std::vector<std::pair<char, double>> random_items(th::Gen& gen) {
    std::vector<std::pair<char, double>> items;
    const int n = gen.integer(2, 12), levels = gen.integer(1, 3);
    static const std::vector<char> sides{'A', 'B', 'N'};
    for (int i = 0; i < n; ++i) items.emplace_back(gen.pick(sides), gen.integer(0, levels));
    return items;
}

Json random_params(th::Gen& gen) {
    static const std::vector<std::string> models{"uniform", "exponential", "logarithmic"};
    static const std::vector<double> cts{0, 0.5, 1};
    return Json{{"ct", gen.pick(cts)}, {"browsing", {{"model", gen.pick(models)}, {"gamma", gen.real(0.05, 1)}}}};
}

bool both_groups(const std::vector<std::pair<char, double>>& items) {
    const auto has = [&](char c) { return std::any_of(items.begin(), items.end(), [c](const auto& i) { return i.first == c; }); };
    return has('A') && has('B');
}

}  // namespace

TEST_CASE("property: DIPS and REE lie in [-1, 1]; IGI too when ct = 0") {
    int defined = 0;
    for (unsigned seed = 1; seed <= th::rounds(400); ++seed) {
        th::Gen gen(seed);
        const auto items = random_items(gen);
        const Json params = random_params(gen);
        const auto r = first(sided_ranking(items, params));
        CAPTURE(seed);
        CAPTURE(sided_ranking(items, params).dump());
        if (!both_groups(items)) {
            CHECK(r["dips"]["value"].is_null());
            continue;
        }
        ++defined;
        for (const char* metric : {"dips", "ree"}) {
            CAPTURE(metric);
            for (const char* key : {"mAB", "mBA"}) {
                CHECK(num(r[metric][key]) >= 0);
                CHECK(num(r[metric][key]) <= 1 + 1e-12);
            }
            CHECK(std::abs(num(r[metric]["value"])) <= 1 + 1e-12);
        }
        if (params["ct"] == 0.0 && !r["igi"]["value"].is_null()) CHECK(std::abs(num(r["igi"]["value"])) <= 1 + 1e-12);
    }
    CHECK(defined > th::rounds(200));
}

TEST_CASE("property: a meritocratic ranking (relevance descending, ties in any order) has DIPS = REE = 0 with ct = 0") {
    for (unsigned seed = 1; seed <= th::rounds(300); ++seed) {
        th::Gen gen(seed);
        auto items = random_items(gen);
        std::shuffle(items.begin(), items.end(), gen.engine());  // ties end up in a random order
        std::stable_sort(items.begin(), items.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
        Json params = random_params(gen);
        params["ct"] = 0;
        const Json s = sided_ranking(items, params);
        CAPTURE(seed);
        CAPTURE(s.dump());
        const auto r = first(s);
        for (const auto& rank : r["dips"]["perRank"]) CHECK(num(rank["dissatisfaction"]) == 0);
        if (!both_groups(items)) continue;
        CHECK(num(r["dips"]["value"]) == 0);
        CHECK(num(r["ree"]["value"]) == 0);
        if (!r["igi"]["value"].is_null()) CHECK(num(r["igi"]["value"]) == 0);
    }
}

TEST_CASE("property: swapping the labels A <-> B negates DIPS, REE and IGI; so does swapping dipsGroups") {
    for (unsigned seed = 1; seed <= th::rounds(300); ++seed) {
        th::Gen gen(seed);
        const auto items = random_items(gen);
        if (!both_groups(items)) continue;
        auto swapped = items;
        for (auto& [side, rel] : swapped) side = side == 'A' ? 'B' : side == 'B' ? 'A' : side;
        const Json params = random_params(gen);
        Json reversed_params = params;
        reversed_params["dipsGroups"] = {"male", "female"};
        CAPTURE(seed);
        CAPTURE(sided_ranking(items, params).dump());
        const auto a = first(sided_ranking(items, params));
        const auto b = first(sided_ranking(swapped, params));
        const auto c = first(sided_ranking(items, reversed_params));
        for (const char* metric : {"dips", "ree", "igi"}) {
            CAPTURE(metric);
            if (a[metric]["value"].is_null()) {
                CHECK(b[metric]["value"].is_null());
                CHECK(c[metric]["value"].is_null());
                continue;
            }
            CHECK(num(b[metric]["value"]) == near(-num(a[metric]["value"])));
            CHECK(num(c[metric]["value"]) == near(-num(a[metric]["value"])));
            CHECK(num(b[metric]["mAB"]) == near(num(a[metric]["mBA"])));
        }
    }
}

TEST_CASE("property: the per-item contributions add up to DIPS") {
    for (unsigned seed = 1; seed <= th::rounds(300); ++seed) {
        th::Gen gen(seed);
        const auto items = random_items(gen);
        if (!both_groups(items)) continue;
        const Json s = sided_ranking(items, random_params(gen));
        CAPTURE(seed);
        CAPTURE(s.dump());
        const auto r = first(s);
        for (const char* metric : {"dips", "ree"}) {
            double sum = 0;
            for (const auto& rank : r[metric]["perRank"]) sum += rank["contribution"].get<double>();
            CHECK(sum == near(num(r[metric]["value"])));
        }
    }
}
