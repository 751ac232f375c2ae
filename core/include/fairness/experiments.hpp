// The synthetic experiments of the DIPS paper (Fabris, Silvello, Susto, Biega. Pairwise Fairness in
// Ranking as a Dissatisfaction Measure. WSDM 2023, §6.1, Figure 1a and 1b), recomputed with the
// metric kernels of the core (dips::dips, dips::ree, exposure::misallocation).
//
// Data (§6.1): N = 1,000 items, N_A = N_B = 500; relevance of A from U(0.5, 1), of B from
// U(0.2, 0.7); browsing model F(k0) = 0.9^k0 over all 1,000 positions.
//   Figure 1a (§6.1.1, systematic group advantage): the ideal ranking σ* (relevance descending)
//     with the 20 most relevant B items moved to ranks k..k+19; the other items keep their
//     relative order. x = k in 0..980 (the paper: 0..99).
//   Figure 1b (§6.1.2, relevance ties): relevance rounded to 0 or 1; position by position the
//     ranking takes an item of the highest rounded relevance left, drawing it from A with
//     probability p_A when both groups still have one (within a group, in index order).
//     x = p_A in [0, 1] (the paper: 0, 0.1, ..., 1). Every metric reads the rounded relevance.
// Repetition r (0-based) draws its data from its own generator seeded with seed + r, so a
// repetition's data are the same at every x (in 1b the tie-breaking draws follow from the same
// generator: common random numbers across p_A).
#pragma once

#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "fairness/limits.hpp"
#include "fairness/metrics/dips.hpp"

namespace fairness::experiments {

inline constexpr std::size_t items_per_group = 500;  // N_A = N_B
inline constexpr std::size_t promoted = 20;          // 1a: B items moved up
inline constexpr double gamma = 0.9;                 // F(k0) = γ^k0

// Uniform doubles in [0, 1) from std::mt19937_64, converted by hand ((x >> 11) · 2^-53) so that
// the native build and the WASM module draw the same numbers (std::uniform_real_distribution is
// implementation-defined).
class Random {
public:
    explicit Random(std::uint64_t seed) : engine_(seed) {}
    double uniform() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }
    double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }

private:
    std::mt19937_64 engine_;
};

// The items of one repetition: relevance and group, A items first (indices 0..499), then B.
struct Dataset {
    std::vector<double> relevance;
    std::vector<dips::Side> side;
};

// Draws the §6.1 data: 500 relevances of A from U(0.5, 1), then 500 of B from U(0.2, 0.7).
Dataset synthetic(Random& random);

// σ* = argsort of the relevance, descending (ties by index): item indices, rank order.
std::vector<std::size_t> ideal_order(const Dataset& data);

// 1a: σ* with the `promoted` most relevant B items at ranks k..k+promoted-1 (in their σ* order),
// every other item in its σ* order around them.
std::vector<std::size_t> promotion_order(const Dataset& data, std::size_t k);
std::vector<std::size_t> promotion_order(const Dataset& data, std::span<const std::size_t> ideal, std::size_t k);

// 1b: the tie-breaking policy on `data` (whose relevance is already rounded), drawing from `random`.
// Within a group, by (rounded) relevance, then index.
std::vector<std::size_t> tie_breaking_order(const Dataset& data, double p_a, Random& random);

// dips::levels_of for the ranking `order` of `data`'s items, read off `sorted` (every item by
// relevance, descending) without sorting again.
dips::Levels levels_in(const Dataset& data, std::span<const std::size_t> sorted, std::span<const std::size_t> order);

enum class Figure { a, b };

struct Spec {
    Figure figure = Figure::a;
    std::vector<double> xs;  // k (1a) or p_A (1b); default 0..99 and 0, 0.1, ..., 1
    std::size_t repetitions = 100;
    std::uint64_t seed = 1;
    std::vector<double> cts;  // c_t of DIPS and REE; default 1a {0.5} (no ties there), 1b {0, 1}
};

struct Pairwise {
    double ct = 0;
    double dips = 0, dips_ab = 0, dips_ba = 0;  // M_AB - M_BA, M_AB, M_BA
    double ree = 0, ree_ab = 0, ree_ba = 0;
};

struct Exposure {
    double l1 = 0, delta_a = 0;  // ‖δ‖₁ and δ_A (Eq. 12)
};

// The mean of every measure over the repetitions, at one x.
struct Point {
    double x = 0;
    std::vector<Pairwise> pairwise;  // one per c_t
    Exposure ee, ea, eadp;
};

// One point of Figure 1a (x = k) or 1b (x = p_A): the means over repetitions seed .. seed + repetitions - 1.
Point figure_a(std::size_t k, std::uint64_t seed, std::size_t repetitions, std::span<const double> cts);
Point figure_b(double p_a, std::uint64_t seed, std::size_t repetitions, std::span<const double> cts);

// The spec as JSON ({"figure": "a" | "b", "xs"?, "repetitions"?, "seed"?, "cts"?}), checked and
// with its defaults filled in. Throws ScenarioError naming the field.
// Within `limits` (core/limits.json: experimentRepetitions, experimentPoints).
Spec parse_spec(std::string_view json, const Limits& limits = default_limits());
std::string spec_json(const Spec& spec);

// The whole experiment: {"figure", "xs", "repetitions", "seed", "cts", "points": [...]}.
std::string run_json(std::string_view spec_json_text, const Limits& limits = default_limits());

}  // namespace fairness::experiments
