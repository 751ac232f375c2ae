// EE, EA and EA-dp: the exposure-based measures of the DIPS paper's §5.1 (Eq. 12-16).
// Group A is the first of dipsGroups (default "female"), B the second ("male"); "N" is neutral.
// value = δ_A = T_A / (T_A + T_B) - E_A / (E_A + E_B): positive when A gets less than its target.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "fairness/metrics/exposure.hpp"
#include "fairness/weights.hpp"
#include "helpers.hpp"

using th::first;
using th::near;
using th::num;
using th::sided_ranking;
using Json = fairness::Json;

namespace {

const char* const measures[] = {"ee", "ea", "eadp"};

bool tiny(double x) { return std::abs(x) < 1e-12; }

}  // namespace

TEST_CASE("a worked example, exponential F (γ = 0.9): [B (0), A (1), N (2), A (1)]") {
    const auto r = first(sided_ranking({{'B', 0}, {'A', 1}, {'N', 2}, {'A', 1}}));
    CAPTURE(r["ee"].dump());
    // F(k0) = 1, 0.9, 0.81, 0.729. Exposure (the same for the three measures):
    // E_A = F(1) + F(3) = 0.9 + 0.729 = 1.629; E_B = F(0) = 1; E_A + E_B = 2.629 (N counts for neither).
    const double share_a = 1.629 / 2.629, share_b = 1 / 2.629;
    // EA (Eq. 13): T_A = 1 + 1 = 2, T_B = 0: target shares 1 and 0.
    // δ_A = 1 - 1.629 / 2.629 = 1 / 2.629 ≈ 0.3804; δ_B = -1 / 2.629.
    CHECK(num(r["ea"]["value"]) == near(1 - share_a));
    CHECK(num(r["ea"]["value"]) == near(1 / 2.629));
    CHECK(num(r["ea"]["deltaB"]) == near(-1 / 2.629));
    CHECK(num(r["ea"]["l1"]) == near(2 / 2.629));
    CHECK(num(r["ea"]["targetShare"]["female"]) == near(1.0));
    CHECK(num(r["ea"]["targetShare"]["male"]) == 0.0);
    CHECK(num(r["ea"]["exposureShare"]["female"]) == near(share_a));
    CHECK(num(r["ea"]["exposureShare"]["male"]) == near(share_b));
    // EA-dp (Eq. 14): T_g = N_g / N: 2/3 and 1/3. δ_A = 2/3 - 0.6196 ≈ 0.0470.
    CHECK(num(r["eadp"]["value"]) == near(2.0 / 3 - share_a));
    // EE (Eq. 15-16): σ* = [N (2), A (1), A (1), B (0)] (the neutral item takes its ideal place too):
    // t of relevance 1 = mean(F(1), F(2)) = (0.9 + 0.81) / 2 = 0.855; t of B (0) = F(3) = 0.729.
    // T_A = 2 · 0.855 = 1.71, T_B = 0.729; δ_A = 1.71 / 2.439 - 1.629 / 2.629 ≈ 0.0815.
    CHECK(num(r["ee"]["value"]) == near(1.71 / 2.439 - share_a));
    CHECK(num(r["ee"]["deltaA"]) == near(1.71 / 2.439 - share_a));
    CHECK(num(r["ee"]["deltaB"]) == near(0.729 / 2.439 - share_b));
    CHECK(num(r["ee"]["l1"]) == near(2 * (1.71 / 2.439 - share_a)));
    CHECK(r["ee"]["nA"] == 2);
    CHECK(r["ee"]["nB"] == 1);
    // Per rank: t_i, t_i / T, and the misallocation t_i / T - F / E (0 for N).
    const auto& ranks = r["ee"]["perRank"];
    CHECK(ranks[0]["side"] == "B");
    CHECK(num(ranks[0]["target"]) == near(0.729));
    CHECK(num(ranks[1]["target"]) == near(0.855));
    CHECK(num(ranks[1]["targetShare"]) == near(0.855 / 2.439));
    CHECK(num(ranks[1]["targetShare"]) - num(ranks[1]["misallocation"]) == near(0.9 / 2.629));  // F / E
    CHECK(num(ranks[3]["misallocation"]) == near(0.855 / 2.439 - 0.729 / 2.629));
    CHECK(ranks[2]["side"].is_null());
    CHECK(num(ranks[2]["target"]) == 0.0);
    CHECK(num(ranks[2]["misallocation"]) == 0.0);
    // At cut-off 2 ([B (0), A (1)] as the whole ranking): σ* = [A, B], so T_A / T = 1 / 1.9 and
    // E_A / E = 0.9 / 1.9: δ_A = 0.1 / 1.9. At cut-off 1 group A is absent: null.
    CHECK(r["ee"]["atCutoff"][0].is_null());
    CHECK(num(r["ee"]["atCutoff"][1]) == near(0.1 / 1.9));
    // EA at cut-off 2: T_A / T = 1 (B has relevance 0); E_A / E = 0.9 / 1.9.
    CHECK(num(r["ea"]["atCutoff"][1]) == near(1 - 0.9 / 1.9));
    CHECK(num(r["ea"]["atCutoff"][3]) == near(num(r["ea"]["value"])));
}

TEST_CASE("the unit API gives the same numbers, and misallocation() is compute() without the detail") {
    using fairness::exposure::Item;
    using fairness::exposure::Side;
    using fairness::exposure::Target;
    const std::vector<Item> items{{Side::b, 0}, {Side::a, 1}, {Side::neither, 2}, {Side::a, 1}};
    const std::vector<double> f{1, 0.9, 0.81, 0.729};
    for (const auto target : {Target::ee, Target::ea, Target::eadp}) {
        const auto full = fairness::exposure::compute(items, f, target);
        const auto bare = fairness::exposure::misallocation(items, f, target);
        REQUIRE(full.value.has_value());
        CHECK(*full.value == *bare.value);
        CHECK(*full.l1 == *bare.l1);
        CHECK(*full.value == *full.at_cutoff.back());
    }
    CHECK(*fairness::exposure::misallocation(items, f, Target::ea).delta_a == near(1 / 2.629));
    CHECK(fairness::exposure::descriptor(Target::eadp).name == "EA-dp");
}

TEST_CASE("uniform F: EE and EA-dp are 0 for every order; EA is the relevance share minus the head-count share") {
    // F = 1 everywhere: E_g = N_g; EE's t_i = mean of 1 = 1, so T_g = N_g too.
    const Json params{{"browsing", {{"model", "uniform"}}}};
    const auto r = first(sided_ranking({{'B', 3}, {'A', 1}, {'A', 2}, {'N', 0}, {'B', 0}}, params));
    CHECK(num(r["ee"]["value"]) == 0.0);
    CHECK(num(r["eadp"]["value"]) == 0.0);
    // EA: T_A = 1 + 2 = 3, T_B = 3 + 0 = 3: 1/2; E_A / E = 2 / 4: δ_A = 0.
    CHECK(num(r["ea"]["value"]) == near(0.0));
    // [A (4), B (1), B (1)]: T_A / T = 4 / 6, E_A / E = 1 / 3: δ_A = 1/3.
    const auto s = first(sided_ranking({{'A', 4}, {'B', 1}, {'B', 1}}, params));
    CHECK(num(s["ea"]["value"]) == near(1.0 / 3));
    CHECK(num(s["ea"]["l1"]) == near(2.0 / 3));
}

TEST_CASE("logarithmic F: two items, each group once") {
    // [A (0), B (1)]: F(0) = 1, F(1) = 1 / log2 3. E_A / E = 1 / (1 + 1/L3) = L3 / (L3 + 1).
    // EE: σ* = [B, A]: T_B = 1, T_A = 1/L3, so T_A / T = 1 / (L3 + 1): δ_A = (1 - L3) / (1 + L3) < 0
    // (A, the less relevant, is over-exposed). EA: T_A = 0: δ_A = -L3 / (L3 + 1). EA-dp: 1/2 - L3 / (L3 + 1).
    const double L3 = th::L3;
    const auto r = first(sided_ranking({{'A', 0}, {'B', 1}}, {{"browsing", {{"model", "logarithmic"}}}}));
    CHECK(num(r["ee"]["value"]) == near((1 - L3) / (1 + L3)));
    CHECK(num(r["ea"]["value"]) == near(-L3 / (L3 + 1)));
    CHECK(num(r["eadp"]["value"]) == near(0.5 - L3 / (L3 + 1)));
}

TEST_CASE("ties: EE gives items of equal relevance the mean of their ideal exposure") {
    // [B (1), A (1)], γ = 0.5: σ* puts both at positions 0 and 1 (a tie), t = (1 + 0.5) / 2 = 0.75 each:
    // T_A / T = 1/2. E_A / E = 0.5 / 1.5 = 1/3: δ_A = 1/6, whichever of the two σ* lists first.
    const auto r = first(sided_ranking({{'B', 1}, {'A', 1}}, {{"browsing", {{"gamma", 0.5}}}}));
    CHECK(num(r["ee"]["value"]) == near(1.0 / 6));
    CHECK(num(r["ee"]["perRank"][0]["target"]) == near(0.75));
    CHECK(num(r["ee"]["perRank"][1]["target"]) == near(0.75));
}

TEST_CASE("undefined: a group absent, EA with relevance summing to 0, no exposure at all") {
    const auto one = first(sided_ranking({{'A', 1}, {'N', 2}, {'A', 0}}));
    for (const char* m : measures) {
        CAPTURE(m);
        CHECK(one[m]["value"].is_null());
        CHECK(one[m]["l1"].is_null());
        CHECK(one[m]["deltaA"].is_null());
        CHECK(one[m]["exposureShare"]["female"] == 1.0);  // a share is still given when its denominator is not 0
        CHECK(one[m]["note"].get<std::string>().find("group B") != std::string::npos);
    }
    // All relevance 0: EA's T_A + T_B = 0; EE and EA-dp are defined.
    const auto zero = first(sided_ranking({{'A', 0}, {'B', 0}, {'A', 0}}));
    CHECK(zero["ea"]["value"].is_null());
    CHECK(zero["ea"]["targetShare"]["female"].is_null());
    CHECK(zero["ea"]["note"].get<std::string>().find("sums to 0") != std::string::npos);
    // EE: σ* is a tie of all three, t = (1 + 0.9 + 0.81) / 3 each: T_A / T = 2/3; E_A / E = 1.81 / 2.71.
    CHECK(num(zero["ee"]["value"]) == near(2.0 / 3 - 1.81 / 2.71));
    CHECK(num(zero["eadp"]["value"]) == near(2.0 / 3 - 1.81 / 2.71));
    // γ = 0.05 and 300 more relevant neutral documents on top: F = 0.05^k0 underflows to exactly 0 by
    // k0 = 300, so A and B get no exposure, and σ* (neutral first) gives them none either.
    std::vector<std::pair<char, double>> deep(300, {'N', 5});
    deep.push_back({'A', 1});
    deep.push_back({'B', 0});
    const auto d = first(sided_ranking(deep, {{"browsing", {{"gamma", 0.05}}}}));
    CHECK(d["ea"]["value"].is_null());
    CHECK(d["ea"]["note"].get<std::string>().find("no exposure") != std::string::npos);
    CHECK(d["ee"]["value"].is_null());
    CHECK(d["ee"]["note"].get<std::string>().find("ideal ranking gives") != std::string::npos);
}

TEST_CASE("the measures read the whole ranking: k does not apply; dipsGroups picks A and B") {
    const std::vector<std::pair<char, double>> items{{'B', 0}, {'A', 1}, {'N', 2}, {'A', 1}};
    const auto at1 = first(sided_ranking(items, {{"k", 1}}));
    const auto at9 = first(sided_ranking(items, {{"k", 9}}));
    for (const char* m : measures) CHECK(at1[m] == at9[m]);
    // dipsGroups reversed: A is male, B female: δ_A of the reversed is δ_B of the default.
    const auto reversed = first(sided_ranking(items, {{"dipsGroups", {"male", "female"}}}));
    for (const char* m : measures) {
        CAPTURE(m);
        CHECK(num(reversed[m]["value"]) == near(num(at1[m]["deltaB"])));
        CHECK(num(reversed[m]["targetShare"]["female"]) == near(num(at1[m]["targetShare"]["female"])));
    }
}

// ------------------------------------------------------------------------------------------------
// Properties on seeded random rankings.
namespace {

std::vector<std::pair<char, double>> random_items(th::Gen& gen) {
    std::vector<std::pair<char, double>> items;
    const int n = gen.integer(2, 14), levels = gen.integer(1, 4);
    static const std::vector<char> sides{'A', 'B', 'N'};
    for (int i = 0; i < n; ++i) items.emplace_back(gen.pick(sides), gen.integer(0, levels));
    return items;
}

Json random_params(th::Gen& gen) {
    static const std::vector<std::string> models{"uniform", "exponential", "logarithmic"};
    return Json{{"browsing", {{"model", gen.pick(models)}, {"gamma", gen.real(0.05, 1)}}}};
}

bool both_groups(const std::vector<std::pair<char, double>>& items) {
    const auto has = [&](char c) { return std::any_of(items.begin(), items.end(), [c](const auto& i) { return i.first == c; }); };
    return has('A') && has('B');
}

}  // namespace

TEST_CASE("property: δ_A + δ_B = 0, ‖δ‖₁ = 2 |δ_A| <= 2, shares sum to 1, misallocations sum to δ_g") {
    int defined = 0;
    for (unsigned seed = 1; seed <= th::rounds(300); ++seed) {
        th::Gen gen(seed);
        const auto items = random_items(gen);
        const Json s = sided_ranking(items, random_params(gen));
        CAPTURE(seed);
        CAPTURE(s.dump());
        const auto r = first(s);
        for (const char* m : measures) {
            CAPTURE(m);
            const auto& x = r[m];
            if (!both_groups(items)) {
                CHECK(x["value"].is_null());
                continue;
            }
            if (x["value"].is_null()) continue;  // EA with all relevance 0 among A and B
            ++defined;
            CHECK(tiny(num(x["deltaA"]) + num(x["deltaB"])));
            CHECK(num(x["l1"]) == near(2 * std::abs(num(x["value"]))));
            CHECK(num(x["l1"]) <= 2 + 1e-12);
            CHECK(num(x["targetShare"]["female"]) + num(x["targetShare"]["male"]) == near(1.0));
            CHECK(num(x["exposureShare"]["female"]) + num(x["exposureShare"]["male"]) == near(1.0));
            double sum_a = 0, sum_b = 0;
            for (const auto& rank : x["perRank"]) {
                if (rank["side"] == "A") sum_a += num(rank["misallocation"]);
                if (rank["side"] == "B") sum_b += num(rank["misallocation"]);
            }
            CHECK(tiny(sum_a - num(x["deltaA"])));
            CHECK(tiny(sum_b - num(x["deltaB"])));
        }
    }
    CHECK(defined > th::rounds(400));
}

TEST_CASE("property: swapping the labels A <-> B negates δ_A and keeps ‖δ‖₁") {
    for (unsigned seed = 1; seed <= th::rounds(300); ++seed) {
        th::Gen gen(seed);
        const auto items = random_items(gen);
        if (!both_groups(items)) continue;
        auto swapped = items;
        for (auto& [side, rel] : swapped) side = side == 'A' ? 'B' : side == 'B' ? 'A' : side;
        const Json params = random_params(gen);
        CAPTURE(seed);
        CAPTURE(sided_ranking(items, params).dump());
        const auto a = first(sided_ranking(items, params));
        const auto b = first(sided_ranking(swapped, params));
        for (const char* m : measures) {
            CAPTURE(m);
            if (a[m]["value"].is_null()) {
                CHECK(b[m]["value"].is_null());
                continue;
            }
            CHECK(tiny(num(b[m]["value"]) + num(a[m]["value"])));
            CHECK(num(b[m]["l1"]) == near(num(a[m]["l1"])));
        }
    }
}

TEST_CASE("property: with distinct relevances, the ranking sorted by relevance has EE = 0 under any F") {
    // Without ties t_i = F(σ*⁻¹(i)) = F(σ⁻¹(i)) when σ = σ*, so T_g = E_g.
    for (unsigned seed = 1; seed <= th::rounds(200); ++seed) {
        th::Gen gen(seed);
        auto items = random_items(gen);
        for (std::size_t i = 0; i < items.size(); ++i) items[i].second = static_cast<double>(i) + gen.real(0, 0.5);
        std::shuffle(items.begin(), items.end(), gen.engine());
        std::sort(items.begin(), items.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
        if (!both_groups(items)) continue;
        const Json s = sided_ranking(items, random_params(gen));
        CAPTURE(seed);
        CAPTURE(s.dump());
        CHECK(tiny(num(first(s)["ee"]["value"])));
    }
}

TEST_CASE("property: moving an A item above the B item just above it lowers δ_A (F strictly decreasing)") {
    // A gains F(k0) - F(k0 + 1) > 0 of exposure, B loses it; the targets do not depend on the order.
    int checked = 0;
    for (unsigned seed = 1; seed <= th::rounds(300); ++seed) {
        th::Gen gen(seed);
        auto items = random_items(gen);
        const Json params{{"browsing", {{"model", gen.integer(0, 1) ? "exponential" : "logarithmic"}, {"gamma", gen.real(0.3, 0.95)}}}};
        for (std::size_t i = 1; i < items.size(); ++i) {
            if (items[i - 1].first != 'B' || items[i].first != 'A') continue;
            auto moved = items;
            std::swap(moved[i - 1], moved[i]);
            CAPTURE(seed);
            CAPTURE(sided_ranking(items, params).dump());
            const auto before = first(sided_ranking(items, params));
            const auto after = first(sided_ranking(moved, params));
            for (const char* m : measures) {
                CAPTURE(m);
                if (before[m]["value"].is_null()) continue;
                CHECK(num(after[m]["value"]) < num(before[m]["value"]));
            }
            ++checked;
            break;
        }
    }
    CHECK(checked > th::rounds(50));
}

TEST_CASE("regression: EA with relevances summing past the largest double is null with a note, not a value") {
    // T_A = 1e308 + 1e308 = inf: T_A / (T_A + T_B) is no number. EA reported δ_A = 0 - E_A / E from
    // a target share of 0 (1e308 / inf) before.
    const auto r = first(sided_ranking({{'A', 1e308}, {'A', 1e308}, {'B', 1}}));
    CAPTURE(r["ea"].dump());
    CHECK(r["ea"]["value"].is_null());
    CHECK(r["ea"]["l1"].is_null());
    CHECK(r["ea"]["deltaA"].is_null());
    CHECK(r["ea"]["targetShare"]["female"].is_null());
    CHECK(r["ea"]["targetShare"]["male"].is_null());
    CHECK(r["ea"]["note"].get<std::string>().find("beyond the largest number") != std::string::npos);
    // EE and EA-dp read only the order of the relevances and the head counts: defined.
    CHECK(!r["ee"]["value"].is_null());
    CHECK(!r["eadp"]["value"].is_null());
}

namespace {

using fairness::exposure::Item;
using fairness::exposure::Side;

// EE's δ_A at cut-off c by its definition (DIPS paper Eq. 12, 15-16), independently of the core:
// σ* of the top c items sorted by relevance, t of a level the mean of F over its block of
// positions summed position by position, everything in long double. Null when undefined.
std::optional<long double> ee_by_definition(const std::vector<Item>& items, const std::vector<double>& f, std::size_t c) {
    struct Level {
        std::size_t all = 0, a = 0, b = 0;
    };
    std::map<double, Level, std::greater<double>> levels;  // most relevant first
    long double e_a = 0, e_b = 0;
    std::size_t n_a = 0, n_b = 0;
    for (std::size_t i = 0; i < c; ++i) {
        auto& level = levels[items[i].relevance];
        ++level.all;
        if (items[i].side == Side::a) ++level.a, ++n_a, e_a += f[i];
        if (items[i].side == Side::b) ++level.b, ++n_b, e_b += f[i];
    }
    long double t_a = 0, t_b = 0;
    std::size_t position = 0;
    for (const auto& [relevance, level] : levels) {
        long double sum = 0;
        for (std::size_t m = 0; m < level.all; ++m) sum += f[position + m];
        position += level.all;
        const long double t = sum / static_cast<long double>(level.all);
        t_a += static_cast<long double>(level.a) * t;
        t_b += static_cast<long double>(level.b) * t;
    }
    if (n_a == 0 || n_b == 0 || t_a + t_b == 0 || e_a + e_b == 0) return std::nullopt;
    return t_a / (t_a + t_b) - e_a / (e_a + e_b);
}

// n items: the first `neutral_top` neutral and most relevant (so that A and B only get the tiny
// exposure deep in σ*), then A, B or neutral at random with relevance 0..levels-1.
std::vector<Item> random_items(th::Gen& gen, std::size_t n, std::size_t neutral_top, int levels) {
    std::vector<Item> items;
    for (std::size_t i = 0; i < n; ++i) {
        if (i < neutral_top) {
            items.push_back({Side::neither, static_cast<double>(levels)});
            continue;
        }
        const int side = gen.integer(0, 2);
        items.push_back({side == 0 ? Side::a : side == 1 ? Side::b : Side::neither, static_cast<double>(gen.integer(0, levels - 1))});
    }
    // Shuffle the top neutral items into the ranking, so that they are not simply first.
    std::shuffle(items.begin(), items.end(), gen.engine());
    return items;
}

void check_ee_series(const std::vector<Item>& items, const std::vector<double>& f, const std::vector<std::size_t>& cutoffs) {
    const auto result = fairness::exposure::compute(items, f, fairness::exposure::Target::ee);
    REQUIRE(result.at_cutoff.size() == items.size());
    for (const std::size_t c : cutoffs) {
        CAPTURE(c);
        const auto expected = ee_by_definition(items, f, c);
        const auto& got = result.at_cutoff[c - 1];
        REQUIRE(got.has_value() == expected.has_value());
        if (expected) CHECK(std::abs(static_cast<long double>(*got) - *expected) < 1e-12L);
    }
}

}  // namespace

TEST_CASE("EE at every cut-off: running range sums per relevance level equal the definition, summed in long double") {
    th::Gen gen(20261123);
    const std::vector<std::pair<fairness::BrowsingModel, double>> models{{fairness::BrowsingModel::exponential, 0.9},
                                                                         {fairness::BrowsingModel::exponential, 0.999},
                                                                         {fairness::BrowsingModel::logarithmic, 1},
                                                                         {fairness::BrowsingModel::uniform, 1}};
    SUBCASE("short rankings, every cut-off, few or many relevance levels") {
        for (int round = 0; round < static_cast<int>(th::rounds(200)); ++round) {
            const auto n = static_cast<std::size_t>(gen.integer(1, 40));
            const auto items = random_items(gen, n, static_cast<std::size_t>(gen.integer(0, 5)), gen.integer(1, 2) == 1 ? 4 : 40);
            const auto& [model, gamma] = models[static_cast<std::size_t>(round) % models.size()];
            std::vector<std::size_t> all(n);
            for (std::size_t c = 1; c <= n; ++c) all[c - 1] = c;
            CAPTURE(round);
            check_ee_series(items, fairness::browsing_weights(model, gamma, n), all);
        }
    }
    SUBCASE("10^4 items, every cut-off; A and B deep below 300 more relevant neutral items (F ~ 1e-14 there)") {
        for (const auto& [model, gamma] : models) {
            const std::size_t n = 10000;
            const auto items = random_items(gen, n, 300, 4);
            // Under the sanitizers (the same code paths, 17 times slower) every 10th cut-off.
            std::vector<std::size_t> cutoffs;
            for (std::size_t c = 1; c <= n; c += th::sanitized ? 10 : 1) cutoffs.push_back(c);
            if (cutoffs.back() != n) cutoffs.push_back(n);
            check_ee_series(items, fairness::browsing_weights(model, gamma, n), cutoffs);
        }
    }
    SUBCASE("10^5 items, 200 cut-offs spread over the ranking (γ = 0.995: A and B's F ~ 1e-5 below 2,000 neutral items)") {
        for (const auto model :
             {fairness::BrowsingModel::exponential, fairness::BrowsingModel::logarithmic, fairness::BrowsingModel::uniform}) {
            const std::size_t n = 100000;
            const auto items = random_items(gen, n, 2000, 5);
            std::vector<std::size_t> some;
            for (std::size_t c = 1; c <= n; c += n / (th::sanitized ? 39 : 199)) some.push_back(c);
            some.push_back(n);
            check_ee_series(items, fairness::browsing_weights(model, 0.995, n), some);
        }
    }
}
