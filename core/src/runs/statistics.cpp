#include "fairness/runs/statistics.hpp"

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
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
        if (v)
            x.push_back(*v);
        else
            ++s.undefined;
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
        if (*run[q] > *baseline[q])
            ++c.greater;
        else if (*run[q] < *baseline[q])
            ++c.less;
        else
            ++c.equal;
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
    // The signs of 8 consecutive queries are one byte of a word, so each group of 8 differences
    // gets a table of its 256 signed sums, built once; a permutation is then one load and one
    // addition per 8 queries instead of 8 multiply-adds. The bits, and so the permutations, are
    // exactly those of the plain loop (bit i of a word: query block + i, 1 = negated); only the
    // order of the additions differs, which the slack covers.
    const std::size_t groups = (d.size() + 7) / 8;
    std::vector<double> table(groups * 256);
    for (std::size_t g = 0; g < groups; ++g) {
        double* t = &table[g * 256];
        t[0] = 0;
        for (std::size_t i = 0; i < 8; ++i) t[0] += g * 8 + i < d.size() ? d[g * 8 + i] : 0.0;
        // Setting bit i flips query g·8 + i from + to −: subtract 2 d (a query past the end adds 0).
        for (std::size_t i = 0; i < 8; ++i) {
            const double flip = g * 8 + i < d.size() ? 2 * d[g * 8 + i] : 0.0;
            const std::size_t bit = std::size_t{1} << i;
            for (std::size_t m = 0; m < bit; ++m) t[bit | m] = t[m] - flip;
        }
    }
    std::size_t extreme = 0;
    for (std::size_t r = 0; r < rounds; ++r) {
        // Four partial sums break the chain of dependent additions.
        double sum[4] = {0, 0, 0, 0};
        for (std::size_t g = 0; g < groups; g += 8) {
            std::uint64_t bits = rng();  // the signs of queries 8g … 8g + 63
            const std::size_t end = std::min(groups, g + 8);
            std::size_t k = g;
            for (; k + 4 <= end; k += 4, bits >>= 32) {
                sum[0] += table[k * 256 + (bits & 0xff)];
                sum[1] += table[(k + 1) * 256 + ((bits >> 8) & 0xff)];
                sum[2] += table[(k + 2) * 256 + ((bits >> 16) & 0xff)];
                sum[3] += table[(k + 3) * 256 + ((bits >> 24) & 0xff)];
            }
            for (; k < end; ++k, bits >>= 8) sum[0] += table[k * 256 + (bits & 0xff)];
        }
        if (std::abs((sum[0] + sum[1]) + (sum[2] + sum[3])) >= threshold) ++extreme;
    }
    c.p_randomization = static_cast<double>(1 + extreme) / static_cast<double>(1 + rounds);
    return c;
}

}  // namespace fairness::runs
