// Aggregates and paired tests of run evaluation against a statistics package (SciPy 1.10, the
// calls in the comments) and, for the randomization test, the exact sign-flip distribution.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "fairness/runs/statistics.hpp"

using fairness::Maybe;
using namespace fairness::runs;

namespace {
std::vector<Maybe> values(std::initializer_list<double> xs) {
    std::vector<Maybe> out;
    for (double x : xs) out.emplace_back(x);
    return out;
}
}  // namespace

TEST_CASE("summary: mean, sample sd and the 95% Student-t interval") {
    auto x = values({0.2, 0.5, 0.9, 0.4, 0.7});
    x.emplace_back();  // one undefined query
    const auto s = summarize(x);
    // mean = 2.7 / 5 = 0.54; sd = sqrt(0.292 / 4) = 0.27018512172212594 (numpy std(ddof=1));
    // scipy.stats.t.interval(0.95, 4, loc=0.54, scale=sd/sqrt(5)) = (0.2045208615073339, 0.8754791384926661)
    CHECK(s.n == 5);
    CHECK(s.undefined == 1);
    CHECK(*s.mean == doctest::Approx(0.54).epsilon(1e-14));
    CHECK(*s.sd == doctest::Approx(0.2701851217221259).epsilon(1e-14));
    CHECK(*s.ci_low == doctest::Approx(0.2045208615073339).epsilon(1e-12));
    CHECK(*s.ci_high == doctest::Approx(0.8754791384926661).epsilon(1e-12));
    // scipy.stats.t.ppf(0.975, 4), scipy.stats.t.ppf(0.975, 1)
    CHECK(t_quantile_975(4) == doctest::Approx(2.7764451051977987).epsilon(1e-12));
    CHECK(t_quantile_975(1) == doctest::Approx(12.706204736432095).epsilon(1e-10));
}

TEST_CASE("summary: n = 0 is all null, n = 1 has a mean only, sd = 0 gives a zero-width interval") {
    std::vector<Maybe> none(3);
    const auto s0 = summarize(none);
    CHECK(s0.n == 0);
    CHECK(s0.undefined == 3);
    CHECK_FALSE(s0.mean);
    const auto s1 = summarize(values({0.25}));
    CHECK(*s1.mean == 0.25);
    CHECK_FALSE(s1.sd);
    CHECK_FALSE(s1.ci_low);
    const auto s2 = summarize(values({0.5, 0.5, 0.5}));
    CHECK(*s2.sd == 0);
    CHECK(*s2.ci_low == 0.5);
    CHECK(*s2.ci_high == 0.5);
}

TEST_CASE("paired comparison: counts, mean difference and the t-test p against scipy.stats.ttest_rel") {
    const auto a = values({0.91, 0.55, 0.73, 0.62, 0.88, 0.47, 0.79, 0.66});
    const auto b = values({0.85, 0.50, 0.75, 0.52, 0.80, 0.49, 0.70, 0.61});
    const auto c = compare(a, b);
    CHECK(c.n == 8);
    CHECK(c.greater == 6);
    CHECK(c.less == 2);
    CHECK(c.equal == 0);
    // Σ(a - b) = 0.06 + 0.05 - 0.02 + 0.10 + 0.08 - 0.02 + 0.09 + 0.05 = 0.39; / 8 = 0.04875
    CHECK(*c.mean_diff == doctest::Approx(0.04875).epsilon(1e-12));
    // scipy.stats.ttest_rel(a, b).pvalue
    CHECK(*c.p_ttest == doctest::Approx(0.02022899663310252).epsilon(1e-10));
}

TEST_CASE("randomization p is within sampling error of the exact sign-flip p") {
    const auto a = values({0.91, 0.55, 0.73, 0.62, 0.88, 0.47, 0.79, 0.66});
    const auto b = values({0.85, 0.50, 0.75, 0.52, 0.80, 0.49, 0.70, 0.61});
    // Exact: of the 2^8 = 256 sign patterns, 8 give |Σ ±d| >= |Σ d| (enumerated here), p = 8/256.
    std::vector<double> d;
    for (std::size_t i = 0; i < a.size(); ++i) d.push_back(*a[i] - *b[i]);
    double observed = 0;
    for (double x : d) observed += x;
    int extreme = 0;
    for (int mask = 0; mask < 256; ++mask) {
        double s = 0;
        for (int i = 0; i < 8; ++i) s += (mask >> i & 1) ? -d[i] : d[i];
        extreme += std::abs(s) >= std::abs(observed) - 1e-12;
    }
    const double exact = extreme / 256.0;
    CHECK(extreme == 8);
    const auto c = compare(a, b);
    // R = 10,000: the estimate's sd is sqrt(p (1 - p) / R) ≈ 0.0017; allow 4 sd.
    const double sd = std::sqrt(exact * (1 - exact) / randomization_rounds);
    CHECK(std::abs(*c.p_randomization - exact) < 4 * sd);
    // A fixed seed: the same p every time.
    CHECK(*compare(a, b).p_randomization == *c.p_randomization);
}

TEST_CASE("paired comparison: only queries where both are defined; equal runs; one query") {
    std::vector<Maybe> a{0.5, std::nullopt, 0.7, 0.2}, b{0.4, 0.9, std::nullopt, 0.2};
    const auto c = compare(a, b);
    CHECK(c.n == 2);
    CHECK(c.greater == 1);
    CHECK(c.equal == 1);
    // d = 0.1, 0: mean 0.05, sd = 0.0707…, t = 1, df 1: p = 0.5 (t(1) is Cauchy: 2 (1/2 - atan(1)/π)).
    CHECK(*c.p_ttest == doctest::Approx(0.5).epsilon(1e-12));
    const auto same = compare(values({0.1, 0.2, 0.3}), values({0.1, 0.2, 0.3}));
    CHECK(*same.p_ttest == 1.0);
    CHECK(*same.p_randomization == 1.0);
    const auto one = compare(values({0.3}), values({0.1}));
    CHECK(one.n == 1);
    CHECK_FALSE(one.p_ttest);
    // One difference: the two sign patterns both reach |d|, so every permutation counts: p = 1.
    CHECK(*one.p_randomization == 1.0);
    const auto shifted = compare(values({0.3, 0.4, 0.5}), values({0.2, 0.3, 0.4}));
    // Every difference 0.1 (up to rounding): sd = 0 or nearly; the t-test is then (near) 0.
    CHECK(*shifted.p_ttest < 1e-6);
}
