// Aggregates and paired tests of run evaluation against a statistics package (SciPy 1.10 and
// NumPy, the calls in the comments), for the randomization test the exact sign-flip distribution
// and NumPy's own 10^5 flips, and for the bootstrap the exact bootstrap distribution.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <utility>
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

TEST_CASE("differences equal but for rounding are equal: sd 0, p 0 and the interval [mean, mean]") {
    // Two queries whose differences are -0.2 each, computed in floating point.
    const std::vector<Maybe> run{0.1, 0.30000000000000004}, base{0.30000000000000004, 0.5000000000000001};
    const auto c = compare(run, base);
    REQUIRE(c.n == 2);
    CHECK(*c.p_ttest == 0);
    CHECK(*c.ci_low == *c.ci_high);
    CHECK(*c.ci_low == doctest::Approx(-0.2));
}

TEST_CASE("a mean difference within rounding of the values is 0, where the means themselves are near 0") {
    // 0.1 + 0.2 - 0.3 is 5.6e-17 in floating point: the run's mean is 1.9e-17, the baseline's 0.
    const auto c = compare(values({0.1, 0.2, -0.3}), values({0, 0, 0}));
    REQUIRE(c.n == 3);
    CHECK(*c.run_mean != 0);
    CHECK(*c.mean_diff == 0);
    // A real difference of the same means' size among small values is kept.
    const auto small = compare(values({1e-17, 2e-17}), values({0, 0}));
    CHECK(*small.mean_diff == doctest::Approx(1.5e-17));
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

TEST_CASE("paired comparison: the paired means, their difference and its t interval against scipy.stats.ttest_rel") {
    const auto a = values({0.91, 0.55, 0.73, 0.62, 0.88, 0.47, 0.79, 0.66});
    const auto b = values({0.85, 0.50, 0.75, 0.52, 0.80, 0.49, 0.70, 0.61});
    const auto c = compare(a, b);
    // mean(a) = 5.61 / 8, mean(b) = 5.22 / 8: the difference shown is the difference of the means shown.
    CHECK(*c.run_mean == doctest::Approx(0.70125).epsilon(1e-14));
    CHECK(*c.baseline_mean == doctest::Approx(0.6525).epsilon(1e-14));
    CHECK(*c.mean_diff == *c.run_mean - *c.baseline_mean);
    // scipy.stats.ttest_rel(a, b).confidence_interval() is (0.01019515042453946, 0.08730484957546057):
    // its t quantile, t.ppf(0.975, 7) = 2.3646242510103 (Cephes), is off by 2.5e-10 relative
    // (t.sf of it is 0.025 + 2.1e-11). With the quantile as the root of t.sf(x, 7) = 0.025
    // (scipy.optimize.brentq, xtol 1e-15), 2.3646242515927853, the interval is:
    CHECK(*c.ci_low == doctest::Approx(0.010195150415042112).epsilon(1e-12));
    CHECK(*c.ci_high == doctest::Approx(0.08730484958495792).epsilon(1e-12));
    CHECK(*c.ci_low == doctest::Approx(0.01019515042453946).epsilon(1e-8));  // SciPy's own, to its precision
}

TEST_CASE("distance from 0: |run| - |baseline| per query, against scipy.stats.ttest_rel(|x|, |y|) and a 10^5-flip test") {
    // Signed values leaning both ways (as DIPS or ARaB): x stays near 0, y goes far on either side.
    const auto x = values({0.05, -0.10, 0.02, -0.04, 0.08, -0.03, 0.06, -0.07, 0.01, -0.09, 0.04, -0.02});
    const auto y = values({0.30, -0.25, 0.10, -0.40, 0.05, 0.20, -0.15, 0.35, -0.05, 0.12, -0.22, 0.18});
    const auto signed_c = compare(x, y);
    CompareOptions distance;
    distance.difference = Difference::distance;
    const auto dist = compare(x, y, distance);
    // scipy.stats.ttest_rel(x, y): the signed means barely differ (p 0.709) …
    CHECK(*signed_c.p_ttest == doctest::Approx(0.7094830978152318).epsilon(1e-10));
    CHECK(*signed_c.mean_diff == doctest::Approx(-0.02666666666666666).epsilon(1e-12));
    // … while x is much nearer 0: scipy.stats.ttest_rel(abs(x), abs(y)).
    CHECK(dist.n == 12);
    CHECK(dist.greater == 1);
    CHECK(dist.less == 11);
    CHECK(*dist.run_mean == doctest::Approx(0.05083333333333334).epsilon(1e-12));
    CHECK(*dist.baseline_mean == doctest::Approx(0.19750000000000004).epsilon(1e-12));
    CHECK(*dist.mean_diff == doctest::Approx(-0.14666666666666667).epsilon(1e-12));
    CHECK(*dist.p_ttest == doctest::Approx(0.0008880840586593949).epsilon(1e-10));
    // Its interval, with the t quantile as the root of t.sf (as above):
    CHECK(*dist.ci_low == doctest::Approx(-0.21826065108965456).epsilon(1e-12));
    CHECK(*dist.ci_high == doctest::Approx(-0.07507268224367877).epsilon(1e-12));
    // Randomization, against NumPy's 10^5 sign flips (default_rng(2024)): 0.7096329 signed,
    // 0.0017400 distance (exact over the 2^12 patterns: 0.7084961 and 6/4096 = 0.0014648). Within
    // 4 sd of the two estimates' difference.
    const auto near = [](double ours, double reference) {
        const double sd = std::sqrt(reference * (1 - reference) * (1.0 / randomization_rounds + 1.0 / 100000));
        return std::abs(ours - reference) < 4 * sd;
    };
    CHECK(near(*signed_c.p_randomization, 0.7096329036709633));
    CHECK(near(*dist.p_randomization, 0.0017399826001739983));
}

TEST_CASE("randomization p within Monte Carlo error of a 10^5-flip test on 40 queries") {
    const auto a = values({0.658, 0.868, 0.779, 0.278, 0.447, 0.963, 0.095, 0.882, 0.799, 0.500, 0.622, 0.494, 0.300, 0.549,
                           0.635, 0.600, 0.988, 0.779, 0.726, 1.051, 0.320, 0.360, 0.617, 0.272, 0.148, 0.538, 0.538, 0.953,
                           0.773, 0.471, 0.506, 0.461, 0.059, 0.323, 0.705, 0.483, 0.551, 0.204, 0.778, 0.315});
    const auto b = values({0.638, 0.828, 0.743, 0.358, 0.410, 0.811, 0.204, 0.775, 0.758, 0.528, 0.412, 0.395, 0.378, 0.512,
                           0.553, 0.587, 0.897, 0.755, 0.636, 0.892, 0.351, 0.312, 0.629, 0.231, 0.225, 0.560, 0.526, 0.842,
                           0.640, 0.560, 0.548, 0.373, 0.208, 0.335, 0.684, 0.340, 0.459, 0.203, 0.781, 0.308});
    const auto c = compare(a, b);
    // scipy.stats.ttest_rel(a, b): p, and the interval with the t quantile as the root of t.sf
    // (as above); NumPy's 10^5 flips (default_rng(99)): 0.0213098.
    CHECK(*c.p_ttest == doctest::Approx(0.021302722336202194).epsilon(1e-10));
    CHECK(*c.ci_low == doctest::Approx(0.004720783228258786).epsilon(1e-12));
    CHECK(*c.ci_high == doctest::Approx(0.05542921677174121).epsilon(1e-12));
    CHECK(*c.run_mean == doctest::Approx(0.5597).epsilon(1e-14));
    CHECK(*c.baseline_mean == doctest::Approx(0.529625).epsilon(1e-14));
    const double reference = 0.021309786902130978;
    const double sd = std::sqrt(reference * (1 - reference) * (1.0 / randomization_rounds + 1.0 / 100000));
    CHECK(std::abs(*c.p_randomization - reference) < 4 * sd);
    // The same with 10^5 flips of our own: closer still.
    CompareOptions more;
    more.rounds = 100000;
    CHECK(std::abs(*compare(a, b, more).p_randomization - reference) < 4 * std::sqrt(reference * (1 - reference) * 2.0 / 100000));
}

TEST_CASE("mirrored values: equally far from 0, so no difference in distance, however far apart their signs") {
    const auto x = values({0.2322, -0.5, 0.125, 1.0 / 3, -0.75});
    std::vector<Maybe> y;
    for (const auto& v : x) y.emplace_back(-*v);
    CompareOptions distance;
    distance.difference = Difference::distance;
    const auto d = compare(x, y, distance);
    CHECK(d.equal == 5);
    CHECK(*d.mean_diff == 0);
    CHECK(*d.p_ttest == 1.0);
    CHECK(*d.p_randomization == 1.0);
    // A difference in the last bits (as a metric computed in another order gives) is rounding, not a difference.
    std::vector<Maybe> z;
    for (const auto& v : x) z.emplace_back(std::nextafter(std::abs(*v), 2.0));
    const auto r = compare(z, x, distance);
    CHECK(r.equal == 5);
    CHECK(*r.p_randomization == 1.0);
}

TEST_CASE("bootstrap percentile interval: seeded, reproducible, within Monte Carlo error of the exact bootstrap distribution") {
    const std::vector<double> x{0.12, 0.95, 0.40, 0.33, 0.71, 0.58};
    Bootstrap b{100000, 7};
    const auto i1 = bootstrap_interval(x, b);
    const auto i2 = bootstrap_interval(x, b);
    CHECK(*i1.low == *i2.low);
    CHECK(*i1.high == *i2.high);
    CHECK(*bootstrap_interval(x, {100000, 8}).low != *i1.low);  // another seed, another draw
    // The exact bootstrap distribution of the mean: all 6^6 resamples, equally likely.
    std::vector<double> means;
    for (int code = 0; code < 46656; ++code) {
        double sum = 0;
        for (int k = 0, c = code; k < 6; ++k, c /= 6) sum += x[static_cast<std::size_t>(c % 6)];
        means.push_back(sum / 6);
    }
    std::sort(means.begin(), means.end());
    const auto exact = [&](double q) { return means[static_cast<std::size_t>(q * (means.size() - 1))]; };
    // A sample quantile from B draws lies, but for a 4-sd chance, between the exact quantiles at q ± 4 sqrt(q (1 - q) / B).
    for (const auto& [q, got] : {std::pair{0.025, *i1.low}, std::pair{0.975, *i1.high}}) {
        const double slack = 4 * std::sqrt(q * (1 - q) / 100000.0);
        CHECK(got >= exact(q - slack));
        CHECK(got <= exact(q + slack));
    }
    // Fewer than two values: no interval; samples 0: none asked.
    CHECK_FALSE(bootstrap_interval(std::vector<double>{0.5}, b).low);
    CHECK_FALSE(bootstrap_interval(x, {}).low);
}

TEST_CASE("summary and comparison carry the bootstrap interval when asked, never past the values") {
    auto v = values({0.6, 0.9, 0.95, 0.98, 0.99, 1.0, 1.0, 1.0});
    const auto s = summarize(v, {10000, default_bootstrap_seed});
    REQUIRE(s.boot_low);
    // Means of resampled values lie within the values' own range: the percentile interval cannot
    // leave it, where the t interval here reaches past 1.
    CHECK(*s.boot_low >= 0.6);
    CHECK(*s.boot_high <= 1.0);
    CHECK(*s.ci_high > 1.0);
    CHECK(*s.boot_low < *s.mean);
    CHECK(*s.boot_high > *s.mean);
    CHECK_FALSE(summarize(v).boot_low);  // not asked
    CompareOptions o;
    o.bootstrap = {10000, default_bootstrap_seed};
    const auto c = compare(v, values({0.5, 0.9, 0.9, 0.9, 0.9, 0.95, 1.0, 0.9}), o);
    REQUIRE(c.boot_low);
    CHECK(*c.boot_low <= *c.mean_diff);
    CHECK(*c.boot_high >= *c.mean_diff);
    CHECK(*c.boot_low >= 0);  // every difference is >= 0
}

TEST_CASE("Holm's step-down adjusted p values, computed by hand") {
    const auto adjusted = [](std::vector<Maybe> ps) { return holm(ps); };
    // Sorted 0.01, 0.02, 0.04 with m = 3 (the null is left out): 3·0.01 = 0.03, max(0.03, 2·0.02)
    // = 0.04, max(0.04, 1·0.04) = 0.04; each back in its place, the null still null.
    const auto a = adjusted({0.04, 0.01, std::nullopt, 0.02});
    CHECK(*a[0] == doctest::Approx(0.04).epsilon(1e-15));
    CHECK(*a[1] == doctest::Approx(0.03).epsilon(1e-15));
    CHECK_FALSE(a[2]);
    CHECK(*a[3] == doctest::Approx(0.04).epsilon(1e-15));
    // The running maximum: 2·0.02 = 0.04, then 1·0.021 = 0.021 is raised to 0.04.
    const auto b = adjusted({0.021, 0.02});
    CHECK(*b[0] == doctest::Approx(0.04).epsilon(1e-15));
    CHECK(*b[1] == doctest::Approx(0.04).epsilon(1e-15));
    // Capped at 1; one p is its own adjusted value; none gives none.
    const auto c = adjusted({0.9, 0.8});
    CHECK((*c[0] == 1 && *c[1] == 1));
    CHECK(*adjusted({0.3})[0] == 0.3);
    CHECK(adjusted({}).empty());
}
