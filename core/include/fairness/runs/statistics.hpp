// Aggregates and paired comparisons of per-query values (SPEC "Run evaluation", outputs).
// The t distribution comes from Boost.Math (students_t), not from hand-written special functions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "fairness/metrics/common.hpp"

namespace fairness::runs {

// The bootstrap percentile interval, when asked (samples > 0): `samples` resamples of the values,
// drawn with replacement from a generator seeded with `seed` (so the interval is reproducible, on
// every platform), and the 2.5th and 97.5th percentiles of their means, interpolated linearly
// between order statistics (NumPy's default percentile). Null for fewer than two values.
inline constexpr std::size_t default_bootstrap_samples = 10000;
inline constexpr std::uint64_t default_bootstrap_seed = 20240915;
struct Bootstrap {
    std::size_t samples = 0;  // 0: no bootstrap interval
    std::uint64_t seed = default_bootstrap_seed;
};

// Mean, sample standard deviation (n - 1) and 95% Student-t interval over the defined values.
// n = 0: everything null. n = 1: the mean only (sd and the interval need two values).
// sd = 0 (n >= 2): the interval is [mean, mean].
struct Summary {
    Maybe mean, sd;
    std::size_t n = 0, undefined = 0;
    Maybe ci_low, ci_high;
    Maybe boot_low, boot_high;  // the bootstrap percentile interval, when asked
};
Summary summarize(std::span<const Maybe> values, const Bootstrap& bootstrap = {});

// What a paired comparison tests: the signed values (run - baseline), or their distance from 0
// (|run| - |baseline|), the fairness of a metric whose fair value is 0.
enum class Difference { signed_values, distance };

// run - baseline (or |run| - |baseline|) on the n queries where both are defined; a difference
// within 1e-12 of the values (relative) is rounding, and counts as 0.
// run_mean, baseline_mean: the means over those n queries, and mean_diff = run_mean - baseline_mean
// (the mean of the differences, up to rounding; 0 within 1e-12 of the means), so the difference
// shown is that of the means shown.
// ci: the 95% Student-t interval of the mean difference (SciPy's ttest_rel(...).confidence_interval()).
// pTTest: two-sided paired t-test. Null for n < 2. When every difference is equal (sd = 0) the
// t statistic is not finite: p = 1 if they are all 0 (the runs agree), p = 0 otherwise.
// pRandomization: paired sign-flip test, R permutations from a fixed seed,
// p = (1 + #{|permuted mean| >= |observed mean|}) / (1 + R), "≥" up to a rounding slack of
// 1e-10 Σ|d|; null for n = 0.
struct Comparison {
    std::size_t n = 0, greater = 0, equal = 0, less = 0;
    Maybe run_mean, baseline_mean, mean_diff;
    Maybe ci_low, ci_high;
    Maybe boot_low, boot_high;  // the bootstrap percentile interval of the mean difference, when asked
    Maybe p_ttest, p_randomization;
};
inline constexpr std::size_t randomization_rounds = 10000;
inline constexpr std::uint64_t randomization_seed = 20200725;  // fixed, so every run of the tool agrees
struct CompareOptions {
    Difference difference = Difference::signed_values;
    std::size_t rounds = randomization_rounds;
    std::uint64_t seed = randomization_seed;
    Bootstrap bootstrap;
};
Comparison compare(std::span<const Maybe> run, std::span<const Maybe> baseline, const CompareOptions& options = {});

// A comparison names a run fairer when its randomization test gives p < 0.05 and the mean
// difference points that way; otherwise neither is ("no difference"). Fewer than
// min_tested_queries paired queries test nothing ("not tested"): the sign flips of n differences
// are 2^n patterns, of which the observed one and its mirror are always as extreme, so p is at
// least 2 / 2^n, never below 0.05 for n <= 5, however large the difference.
inline constexpr double significance_level = 0.05;
inline constexpr std::size_t min_tested_queries = 6;
static_assert(2.0 / (1 << min_tested_queries) < significance_level && 2.0 / (1 << (min_tested_queries - 1)) >= significance_level);

// Holm's step-down adjusted p values (Holm 1979), in the order given: the i-th smallest of the m
// p values (i from 0) times m - i, the running maximum of those in ascending order, capped at 1.
// A null stays null and does not count in m. Comparing several runs with one baseline makes m
// tests of a metric; an adjusted p < 0.05 keeps the chance of any false positive among them at 0.05.
std::vector<Maybe> holm(std::span<const Maybe> p_values);

// The two-sided paired t-test p value and the 95% interval half-width, exposed for the tests.
double t_test_p(double mean, double sd, std::size_t n);
double t_quantile_975(std::size_t degrees_of_freedom);

// The bootstrap percentile interval of the mean of `values` (see Bootstrap); {low, high}.
struct Interval {
    Maybe low, high;
};
Interval bootstrap_interval(std::span<const double> values, const Bootstrap& bootstrap);

}  // namespace fairness::runs
