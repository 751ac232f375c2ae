// The DIPS paper's synthetic experiments (§6.1, Figure 1a and 1b): the generator, the data, the
// rankings each condition builds, the spec, and the shapes the paper reports. Fewer repetitions
// than the paper's 100 keep the suite fast; the shapes hold for every seed tried.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "fairness/experiments.hpp"
#include "fairness/scenario.hpp"
#include "helpers.hpp"

namespace ex = fairness::experiments;
using fairness::dips::Side;
using th::near;
using Json = fairness::Json;

namespace {

const std::vector<double> ct_half{0.5};
const std::vector<double> ct_both{0, 1};

std::string refused(const std::string& spec) {
    try {
        ex::parse_spec(spec);
    } catch (const fairness::ScenarioError& error) {
        return error.field();
    }
    return "(accepted)";
}

}  // namespace

TEST_CASE("the generator: std::mt19937_64, (x >> 11) · 2^-53, so native and WASM draw the same numbers") {
    // The standard pins mt19937_64's 10000th output for the default seed 5489.
    ex::Random random(5489);
    for (int i = 1; i < 10000; ++i) random.uniform();
    CHECK(random.uniform() == static_cast<double>(9981545732273789042ULL >> 11) * std::ldexp(1.0, -53));
    ex::Random a(7), b(7);
    for (int i = 0; i < 1000; ++i) {
        const double x = a.uniform();
        CHECK(x == b.uniform());
        CHECK(x >= 0);
        CHECK(x < 1);
    }
    ex::Random c(1);
    const double lo = c.uniform(0.2, 0.7);
    CHECK(lo >= 0.2);
    CHECK(lo < 0.7);
}

TEST_CASE("the data of §6.1: 500 items of A from U(0.5, 1), then 500 of B from U(0.2, 0.7)") {
    ex::Random random(1);
    const auto data = ex::synthetic(random);
    REQUIRE(data.relevance.size() == 1000);
    double sum_a = 0, sum_b = 0;
    for (std::size_t i = 0; i < 1000; ++i) {
        const bool a = i < 500;
        CHECK(data.side[i] == (a ? Side::a : Side::b));
        CHECK(data.relevance[i] >= (a ? 0.5 : 0.2));
        CHECK(data.relevance[i] < (a ? 1.0 : 0.7));
        (a ? sum_a : sum_b) += data.relevance[i];
    }
    // Means 0.75 and 0.45, with a standard error of 0.5 / sqrt(12 · 500) ≈ 0.0065.
    CHECK(std::abs(sum_a / 500 - 0.75) < 0.03);
    CHECK(std::abs(sum_b / 500 - 0.45) < 0.03);
}

TEST_CASE("1a: the 20 most relevant B items at ranks k..k+19, everything else in the ideal order") {
    ex::Random random(3);
    const auto data = ex::synthetic(random);
    const auto ideal = ex::ideal_order(data);
    for (std::size_t i = 1; i < ideal.size(); ++i) CHECK(data.relevance[ideal[i - 1]] >= data.relevance[ideal[i]]);
    std::vector<std::size_t> top_b;
    for (const auto i : ideal)
        if (data.side[i] == Side::b && top_b.size() < 20) top_b.push_back(i);
    for (const std::size_t k : {0, 1, 37, 99, 980}) {
        CAPTURE(k);
        const auto order = ex::promotion_order(data, k);
        REQUIRE(order.size() == 1000);
        CHECK(std::set<std::size_t>(order.begin(), order.end()).size() == 1000);  // a permutation
        CHECK(std::vector<std::size_t>(order.begin() + k, order.begin() + k + 20) == top_b);
        // The others: σ* without the promoted items, in order (σ⁻¹(i) = σ*⁻¹(i) + 20 between them).
        std::vector<std::size_t> others(order.begin(), order.begin() + k);
        others.insert(others.end(), order.begin() + k + 20, order.end());
        std::vector<std::size_t> expected;
        for (const auto i : ideal)
            if (std::find(top_b.begin(), top_b.end(), i) == top_b.end()) expected.push_back(i);
        CHECK(others == expected);
    }
}

TEST_CASE("1b: relevance rounded, ties at the top broken for A with probability p_A") {
    ex::Random random(5);
    auto data = ex::synthetic(random);
    for (double& r : data.relevance) r = std::round(r);
    const auto b_ones = std::count_if(data.relevance.begin() + 500, data.relevance.end(), [](double r) { return r == 1; });
    // All of A rounds to 1; B is 1 above 0.5: 40% of it.
    CHECK(std::all_of(data.relevance.begin(), data.relevance.begin() + 500, [](double r) { return r == 1; }));
    CHECK(b_ones > 150);
    CHECK(b_ones < 250);
    for (const double p : {0.0, 0.3, 1.0}) {
        CAPTURE(p);
        ex::Random draws(11);
        const auto order = ex::tie_breaking_order(data, p, draws);
        REQUIRE(order.size() == 1000);
        for (std::size_t i = 1; i < order.size(); ++i) CHECK(data.relevance[order[i - 1]] >= data.relevance[order[i]]);
        // Among the 500 + b_ones items of relevance 1: p_A = 0 puts every B first, p_A = 1 every A.
        const auto first_side = data.side[order[0]];
        const auto a_among_first =
            std::count_if(order.begin(), order.begin() + b_ones, [&](std::size_t i) { return data.side[i] == Side::a; });
        if (p == 0.0) CHECK(a_among_first == 0);
        if (p == 1.0) CHECK(a_among_first == b_ones);
        if (p == 1.0) CHECK(first_side == Side::a);
    }
}

TEST_CASE("determinism: repetition r uses seed + r; a point is the mean of its repetitions") {
    const auto one = ex::figure_a(10, 42, 1, ct_half);
    const auto next = ex::figure_a(10, 43, 1, ct_half);
    const auto both = ex::figure_a(10, 42, 2, ct_half);
    CHECK(both.pairwise[0].dips == near((one.pairwise[0].dips + next.pairwise[0].dips) / 2));
    CHECK(both.ee.l1 == near((one.ee.l1 + next.ee.l1) / 2));
    const auto again = ex::figure_a(10, 42, 2, ct_half);
    CHECK(again.pairwise[0].dips == both.pairwise[0].dips);
    CHECK(again.eadp.delta_a == both.eadp.delta_a);
    const auto b1 = ex::figure_b(0.3, 9, 3, ct_both), b2 = ex::figure_b(0.3, 9, 3, ct_both);
    CHECK(b1.pairwise[1].dips == b2.pairwise[1].dips);
    CHECK(ex::run_json(R"({"figure": "b", "xs": [0.5], "repetitions": 2})") ==
          ex::run_json(R"({"figure": "b", "xs": [0.5], "repetitions": 2})"));
}

TEST_CASE("Figure 1a's shapes: DIPS > 0.5 at k = 0 and decaying, REE small and nearly flat, M_BA = 0") {
    const std::size_t reps = 20;
    std::vector<ex::Point> points;
    for (const std::size_t k : {0, 10, 20, 40, 60, 80, 99}) points.push_back(ex::figure_a(k, 1, reps, ct_half));
    const auto at = [&](std::size_t k) {
        for (const auto& p : points)
            if (p.x == static_cast<double>(k)) return p;
        FAIL("no point at k = " << k);
        return points[0];
    };
    for (const auto& p : points) {
        CAPTURE(p.x);
        // "No promotion takes place in favour of g = A, hence M_BA = 0."
        CHECK(p.pairwise[0].dips_ba == 0);
        CHECK(p.pairwise[0].ree_ba == 0);
        CHECK(p.pairwise[0].dips == p.pairwise[0].dips_ab);
        // "M_AB^REE << 0.1".
        CHECK(p.pairwise[0].ree < 0.05);
        CHECK(p.pairwise[0].ree > 0);
    }
    // "DIPS > 0.5 for k = 0 captures a strong dissatisfaction", and "an exponential decay".
    MESSAGE("DIPS at k = 0, 20, 60: " << at(0).pairwise[0].dips << ", " << at(20).pairwise[0].dips << ", " << at(60).pairwise[0].dips);
    CHECK(at(0).pairwise[0].dips > 0.5);
    CHECK(at(0).pairwise[0].dips > at(20).pairwise[0].dips);
    CHECK(at(20).pairwise[0].dips > at(60).pairwise[0].dips);
    CHECK(at(60).pairwise[0].dips < 0.01);
    for (std::size_t i = 1; i < points.size(); ++i) CHECK(points[i].pairwise[0].dips < points[i - 1].pairwise[0].dips);
    // "REE is mostly flat": it only loses the A items above rank k (about 0.024 to 0.016).
    double lo = 1, hi = 0;
    for (const auto& p : points) lo = std::min(lo, p.pairwise[0].ree), hi = std::max(hi, p.pairwise[0].ree);
    MESSAGE("REE from " << lo << " to " << hi);
    CHECK(hi - lo < 0.02);
    // Exposure: δ_A decays with k for all three ("a monotonic trend with exponential decay"), and the
    // three are "equal up to a constant": their targets do not depend on k.
    for (std::size_t i = 1; i < points.size(); ++i) {
        CAPTURE(points[i].x);
        CHECK(points[i].ee.delta_a < points[i - 1].ee.delta_a);
        CHECK(points[i].ea.delta_a < points[i - 1].ea.delta_a);
        CHECK(points[i].eadp.delta_a < points[i - 1].eadp.delta_a);
        CHECK(points[i].ee.delta_a - points[i].ea.delta_a == near(points[0].ee.delta_a - points[0].ea.delta_a).epsilon(1e-9));
        CHECK(points[i].ee.delta_a - points[i].eadp.delta_a == near(points[0].ee.delta_a - points[0].eadp.delta_a).epsilon(1e-9));
    }
    CHECK(at(0).ee.delta_a > 0.8);  // the 20 promoted B items take 1 - 0.9^20 ≈ 88% of the exposure
    // Two groups: ‖δ‖₁ = 2 |δ_A| in every repetition; δ_A of EE keeps its sign, so the means agree too.
    for (const auto& p : points) CHECK(p.ee.l1 == near(2 * std::abs(p.ee.delta_a)).epsilon(1e-9));
}

TEST_CASE("Figure 1b's shapes: tie-indifferent DIPS and REE are exactly 0, tie-aware ones span a wide range") {
    const std::size_t reps = 20;
    std::vector<ex::Point> points;
    for (int i = 0; i <= 10; i += 2) points.push_back(ex::figure_b(i / 10.0, 1, reps, ct_both));
    for (const auto& p : points) {
        CAPTURE(p.x);
        // c_t = 0: σ = argsort(r^q) is meritocratic, so there is no proper UDP.
        CHECK(p.pairwise[0].ct == 0);
        CHECK(p.pairwise[0].dips == 0);
        CHECK(p.pairwise[0].ree == 0);
        CHECK(p.pairwise[1].ct == 1);
        // "The difference between EE and EA is negligible in this setting."
        CHECK(std::abs(p.ee.delta_a - p.ea.delta_a) < 0.005);
    }
    const auto& p0 = points.front().pairwise[1];
    const auto& p1 = points.back().pairwise[1];
    MESSAGE("DIPS (c_t = 1) from " << p0.dips << " at p_A = 0 to " << p1.dips << " at p_A = 1; REE from " << p0.ree << " to " << p1.ree);
    // p_A = 0: about 200 B items of relevance 1 above all 500 A items: M_AB ≈ 500 · Σ_{k<200} 0.9^k / (500 · 10) ≈ 1.
    // p_A = 1: the 500 A items above them: M_BA ≈ 200 · 10 / 5000 = 0.4.
    CHECK(p0.dips - p1.dips > 1);
    CHECK(p0.dips > 0.9);
    CHECK(p1.dips < -0.3);
    CHECK(p0.ree == near(p0.ree_ab));  // at p_A = 0 every tie goes to B: M_BA = 0
    CHECK(p0.ree_ba == 0);
    CHECK(p1.ree_ab == 0);
    CHECK(p0.ree > 0.3);
    CHECK(p1.ree < -0.3);
    // DIPS, REE and δ_A fall as ties go to A more often ("EA and EE have the same profile as the
    // tie-aware version of DIPS").
    for (std::size_t i = 1; i < points.size(); ++i) {
        CAPTURE(points[i].x);
        CHECK(points[i].pairwise[1].dips < points[i - 1].pairwise[1].dips);
        CHECK(points[i].pairwise[1].ree < points[i - 1].pairwise[1].ree);
        CHECK(points[i].ee.delta_a < points[i - 1].ee.delta_a);
        CHECK(points[i].ea.delta_a < points[i - 1].ea.delta_a);
        CHECK(points[i].eadp.delta_a < points[i - 1].eadp.delta_a);
    }
}

TEST_CASE("the spec: defaults, and refusals naming the field") {
    const auto a = ex::parse_spec(R"({"figure": "a"})");
    CHECK(a.xs.size() == 100);
    CHECK(a.xs.front() == 0);
    CHECK(a.xs.back() == 99);
    CHECK(a.repetitions == 100);
    CHECK(a.seed == 1);
    CHECK(a.cts == std::vector<double>{0.5});
    const auto b = ex::parse_spec(R"({"figure": "b", "seed": 7, "repetitions": 3})");
    REQUIRE(b.xs.size() == 11);
    CHECK(b.xs[3] == 0.3);
    CHECK(b.cts == std::vector<double>{0, 1});
    CHECK(b.seed == 7);
    CHECK(Json::parse(ex::spec_json(b)) == Json::parse(R"({"figure": "b", "xs": [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1],
        "repetitions": 3, "seed": 7, "cts": [0, 1]})"));
    CHECK(refused("[1") == "spec");
    CHECK(refused("[1]") == "spec");
    CHECK(refused("{}") == "figure");
    CHECK(refused(R"({"figure": "c"})") == "figure");
    CHECK(refused(R"({"figure": "a", "xs": [0, 981]})") == "xs[1]");
    CHECK(refused(R"({"figure": "a", "xs": [1.5]})") == "xs[0]");
    CHECK(refused(R"({"figure": "b", "xs": [1.1]})") == "xs[0]");
    CHECK(refused(R"({"figure": "b", "xs": []})") == "xs");
    CHECK(refused(R"({"figure": "a", "repetitions": 0})") == "repetitions");
    CHECK_THROWS_WITH(ex::parse_spec(R"({"figure": "a", "repetitions": 0})"), "repetitions: must be a whole number of at least 1, got 0");
    CHECK(refused(R"({"figure": "a", "seed": -1})") == "seed");
    CHECK(refused(R"({"figure": "a", "cts": [2]})") == "cts[0]");
    CHECK(refused(R"({"figure": "a", "gamma": 0.5})") == "gamma");
    CHECK(refused(R"({"figure": "b", "xs": [0, 1], "repetitions": 5, "seed": 0, "cts": [0.5]})") == "(accepted)");
}

TEST_CASE("run_json writes the largest seed, 2^53 - 1, exactly") {
    const auto text = ex::run_json(R"({"figure": "b", "xs": [0.5], "repetitions": 1, "seed": 9007199254740991})");
    CHECK(text.find(R"("seed":9007199254740991,)") != std::string::npos);
}

TEST_CASE("run_json: the spec, then one point per x with every measure") {
    const auto r = Json::parse(ex::run_json(R"({"figure": "a", "xs": [0, 50], "repetitions": 2, "seed": 3})"));
    CHECK(r["figure"] == "a");
    CHECK(r["repetitions"] == 2);
    CHECK(r["seed"].is_number_unsigned());  // a whole number, written as one ("3", not "3.0")
    CHECK(r["seed"] == 3);
    REQUIRE(r["points"].size() == 2);
    const auto& p = r["points"][1];
    CHECK(p["x"] == 50);
    CHECK(p["pairwise"][0]["ct"] == 0.5);
    const auto direct = ex::figure_a(50, 3, 2, ct_half);
    CHECK(p["pairwise"][0]["dips"]["value"] == direct.pairwise[0].dips);
    CHECK(p["pairwise"][0]["ree"]["mAB"] == direct.pairwise[0].ree_ab);
    CHECK(p["ee"]["l1"] == direct.ee.l1);
    CHECK(p["eadp"]["deltaA"] == direct.eadp.delta_a);
}

TEST_CASE("regression: the spec is read by the scenario's strict JSON reader (repeated keys, trailing bytes, empty key)") {
    namespace ex = fairness::experiments;
    CHECK_THROWS_WITH(ex::parse_spec(R"({"figure": "a", "figure": "b"})"),
                      R"(figure: the key "figure" appears twice in this object; give each key once)");
    CHECK_THROWS_WITH(ex::parse_spec(std::string(R"({"figure": "a"})") + std::string(1, '\0')),
                      "spec: malformed JSON at line 1, column 16: a NUL byte; JSON text cannot hold one");
    CHECK_THROWS_WITH(ex::parse_spec(R"({"figure": "a"} x)"),
                      "spec: malformed JSON at line 1, column 17: bytes after the end of the JSON value");
    CHECK_THROWS_WITH(ex::parse_spec(R"({"figure": "a", "": 1})"),
                      R"(spec[""]: unknown key; expected one of figure, xs, repetitions, seed, cts)");
}
