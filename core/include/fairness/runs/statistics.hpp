// Aggregates and paired comparisons of per-query values (SPEC "Run evaluation", outputs).
// The t distribution comes from Boost.Math (students_t), not from hand-written special functions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "fairness/metrics/common.hpp"

namespace fairness::runs {

// Mean, sample standard deviation (n - 1) and 95% Student-t interval over the defined values.
// n = 0: everything null. n = 1: the mean only (sd and the interval need two values).
// sd = 0 (n >= 2): the interval is [mean, mean].
struct Summary {
    Maybe mean, sd;
    std::size_t n = 0, undefined = 0;
    Maybe ci_low, ci_high;
};
Summary summarize(std::span<const Maybe> values);

// run - baseline on the queries where both are defined.
// pTTest: two-sided paired t-test. Null for n < 2. When every difference is equal (sd = 0) the
// t statistic is not finite: p = 1 if they are all 0 (the runs agree), p = 0 otherwise.
// pRandomization: paired sign-flip test, R permutations from a fixed seed,
// p = (1 + #{|permuted mean| >= |observed mean|}) / (1 + R), "≥" up to a rounding slack of
// 1e-10 Σ|d|; null for n = 0.
struct Comparison {
    std::size_t n = 0, greater = 0, equal = 0, less = 0;
    Maybe mean_diff, p_ttest, p_randomization;
};
inline constexpr std::size_t randomization_rounds = 10000;
inline constexpr std::uint64_t randomization_seed = 20200725;  // fixed, so every run of the tool agrees
Comparison compare(std::span<const Maybe> run, std::span<const Maybe> baseline, std::size_t rounds = randomization_rounds,
                   std::uint64_t seed = randomization_seed);

// The two-sided paired t-test p value and the 95% interval half-width, exposed for the tests.
double t_test_p(double mean, double sd, std::size_t n);
double t_quantile_975(std::size_t degrees_of_freedom);

}  // namespace fairness::runs
