#include "fairness/runs/statistics.hpp"

#include <boost/math/distributions/students_t.hpp>
#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace fairness::runs {

namespace {

struct Moments {
    double mean = 0, sd = 0;
};

// Two-pass mean and sample standard deviation (numerically steadier than the one-pass sums).
Moments moments(const std::vector<double>& x) {
    Moments m;
    double sum = 0;
    for (double v : x) sum += v;
    m.mean = sum / static_cast<double>(x.size());
    if (x.size() < 2) return m;
    double squares = 0;
    for (double v : x) squares += (v - m.mean) * (v - m.mean);
    m.sd = std::sqrt(squares / static_cast<double>(x.size() - 1));
    return m;
}

}  // namespace

double t_quantile_975(std::size_t df) {
    return boost::math::quantile(boost::math::students_t_distribution<double>(static_cast<double>(df)), 0.975);
}

double t_test_p(double mean, double sd, std::size_t n) {
    if (sd == 0) return mean == 0 ? 1.0 : 0.0;
    const double t = mean / (sd / std::sqrt(static_cast<double>(n)));
    const boost::math::students_t_distribution<double> dist(static_cast<double>(n - 1));
    return 2 * boost::math::cdf(boost::math::complement(dist, std::abs(t)));
}

Summary summarize(std::span<const Maybe> values) {
    Summary s;
    std::vector<double> x;
    for (const auto& v : values) {
        if (v) x.push_back(*v);
        else ++s.undefined;
    }
    s.n = x.size();
    if (x.empty()) return s;
    const auto m = moments(x);
    s.mean = m.mean;
    if (x.size() < 2) return s;
    s.sd = m.sd;
    const double half = t_quantile_975(x.size() - 1) * m.sd / std::sqrt(static_cast<double>(x.size()));
    s.ci_low = m.mean - half;
    s.ci_high = m.mean + half;
    return s;
}

Comparison compare(std::span<const Maybe> run, std::span<const Maybe> baseline, std::size_t rounds, std::uint64_t seed) {
    Comparison c;
    std::vector<double> d;
    for (std::size_t q = 0; q < run.size() && q < baseline.size(); ++q) {
        if (!run[q] || !baseline[q]) continue;
        d.push_back(*run[q] - *baseline[q]);
        if (*run[q] > *baseline[q]) ++c.greater;
        else if (*run[q] < *baseline[q]) ++c.less;
        else ++c.equal;
    }
    c.n = d.size();
    if (d.empty()) return c;
    const auto m = moments(d);
    c.mean_diff = m.mean;
    if (d.size() >= 2) c.p_ttest = t_test_p(m.mean, m.sd, d.size());

    // Sign flips: each permutation negates each difference with probability ½. The signs are the
    // bits of mt19937_64 words (the engine is fully specified by the standard, so every platform
    // draws the same permutations; std::*_distribution would not be). Sums, not means: the
    // comparison is the same and avoids a division. A slack of 1e-10 Σ|d| absorbs the rounding of
    // a permutation that reproduces the observed sum in another order (or with the signs of
    // equal differences exchanged): such a permutation counts as reaching it.
    std::mt19937_64 rng(seed);
    double observed = 0;
    for (double v : d) observed += v;
    double magnitude = 0;
    for (double v : d) magnitude += std::abs(v);
    const double threshold = std::abs(observed) - 1e-10 * magnitude;
    std::size_t extreme = 0;
    static constexpr double sign[2] = {1.0, -1.0};  // × ±1 is exact; an indexed load, not a branch
    for (std::size_t r = 0; r < rounds; ++r) {
        // Four partial sums break the chain of dependent additions (4× faster on 1,765 queries);
        // the slack above covers their different rounding.
        double sum[4] = {0, 0, 0, 0};
        for (std::size_t block = 0; block < d.size(); block += 64) {
            std::uint64_t bits = rng();
            const std::size_t end = std::min(d.size(), block + 64);
            std::size_t i = block;
            // No branch: the signs are random, so a branch would mispredict half the time.
            for (; i + 4 <= end; i += 4, bits >>= 4) {
                sum[0] += d[i] * sign[bits & 1];
                sum[1] += d[i + 1] * sign[(bits >> 1) & 1];
                sum[2] += d[i + 2] * sign[(bits >> 2) & 1];
                sum[3] += d[i + 3] * sign[(bits >> 3) & 1];
            }
            for (; i < end; ++i, bits >>= 1) sum[0] += d[i] * sign[bits & 1];
        }
        if (std::abs((sum[0] + sum[1]) + (sum[2] + sum[3])) >= threshold) ++extreme;
    }
    c.p_randomization = static_cast<double>(1 + extreme) / static_cast<double>(1 + rounds);
    return c;
}

}  // namespace fairness::runs
