#include "fairness/runs/statistics.hpp"

#include "fairness/runs/evaluation.hpp"

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <random>
#include <stdexcept>
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
    // Values equal but for rounding (-0.19999999999999996 and -0.20000000000000007) are equal:
    // their sd is 0, not a t statistic of 10^15 (the 1e-12 relative tolerance of the differences).
    if (m.sd <= 1e-12 * std::abs(m.mean)) m.sd = 0;
    return m;
}

// The 95% t interval of the mean of x (at least 2 values, their moments m) and, when asked, its
// bootstrap percentile interval: a run's summary and a comparison's differences alike.
template <class Intervals>
void mean_intervals(const std::vector<double>& x, const Moments& m, const Bootstrap& bootstrap, Intervals& out) {
    const double half = t_quantile_975(x.size() - 1) * m.sd / std::sqrt(static_cast<double>(x.size()));
    out.ci_low = m.mean - half;
    out.ci_high = m.mean + half;
    const auto boot = bootstrap_interval(x, bootstrap);
    out.boot_low = boot.low;
    out.boot_high = boot.high;
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

Interval bootstrap_interval(std::span<const double> x, const Bootstrap& b) {
    if (b.samples == 0 || x.size() < 2) return {};
    // Indices come two per 64-bit word of mt19937_64 (fully specified by the standard, so every
    // platform draws the same resamples; std::uniform_int_distribution would not): a 32-bit half
    // h picks ⌊h n / 2^32⌋ (Lemire's multiply-shift). Its bias, at most n / 2^32 relative per
    // index, is far below the bootstrap's own Monte Carlo error.
    if constexpr (sizeof(std::size_t) > 4)
        if (x.size() >= (std::uint64_t{1} << 32)) throw std::length_error("bootstrap: more than 2^32 values");
    std::mt19937_64 rng(b.seed);
    const std::uint64_t n = x.size();
    const auto pick = [&](std::uint64_t half) { return x[static_cast<std::size_t>((half * n) >> 32)]; };
    std::vector<double> means(b.samples);
    for (auto& mean : means) {
        double sum[2] = {0, 0};
        std::uint64_t i = 0;
        for (; i + 2 <= n; i += 2) {
            const std::uint64_t word = rng();
            sum[0] += pick(word & 0xffffffffu);
            sum[1] += pick(word >> 32);
        }
        if (i < n) sum[0] += pick(rng() & 0xffffffffu);
        mean = (sum[0] + sum[1]) / static_cast<double>(n);
    }
    std::sort(means.begin(), means.end());
    // The q-th quantile with linear interpolation between order statistics (NumPy's default).
    const auto quantile = [&](double q) {
        const double h = static_cast<double>(means.size() - 1) * q;
        const auto lo = static_cast<std::size_t>(std::floor(h));
        if (lo + 1 >= means.size()) return means.back();
        return means[lo] + (h - static_cast<double>(lo)) * (means[lo + 1] - means[lo]);
    };
    return {quantile(0.025), quantile(0.975)};
}

Summary summarize(std::span<const Maybe> values, const Bootstrap& bootstrap) {
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
    mean_intervals(x, m, bootstrap, s);
    return s;
}

Comparison compare(std::span<const Maybe> run, std::span<const Maybe> baseline, const CompareOptions& options) {
    Comparison c;
    const bool distance = options.difference == Difference::distance;
    std::vector<double> d, a, b;
    double scale = 0;  // the largest value paired: what a rounding of the means is relative to
    for (std::size_t q = 0; q < run.size() && q < baseline.size(); ++q) {
        if (!run[q] || !baseline[q]) continue;
        const double x = distance ? std::abs(*run[q]) : *run[q], y = distance ? std::abs(*baseline[q]) : *baseline[q];
        // A difference within rounding of the values (1e-12 relative) is none: a metric computed
        // in another order of operations, as of a mirrored ranking, can differ in its last bits,
        // and that is no evidence of anything.
        double diff = x - y;
        if (std::abs(diff) <= 1e-12 * std::max(std::abs(x), std::abs(y))) diff = 0;
        scale = std::max({scale, std::abs(x), std::abs(y)});
        a.push_back(x);
        b.push_back(y);
        d.push_back(diff);
        if (diff > 0)
            ++c.greater;
        else if (diff < 0)
            ++c.less;
        else
            ++c.equal;
    }
    c.n = d.size();
    if (d.empty()) return c;
    const auto m = moments(d);
    c.run_mean = moments(a).mean;
    c.baseline_mean = moments(b).mean;
    c.mean_diff = *c.run_mean - *c.baseline_mean;
    // Rounding, relative to the values (not to the means, which may be near 0: 0.1 + 0.2 - 0.3).
    if (std::abs(*c.mean_diff) <= 1e-12 * scale) c.mean_diff = 0.0;
    if (d.size() >= 2) {
        c.p_ttest = t_test_p(m.mean, m.sd, d.size());
        mean_intervals(d, m, options.bootstrap, c);
    }

    // Sign flips: each permutation negates each difference with probability ½. The signs are the
    // bits of mt19937_64 words (the engine is fully specified by the standard, so every platform
    // draws the same permutations; std::*_distribution would not be). Sums, not means: the
    // comparison is the same and avoids a division. A slack of 1e-10 Σ|d| absorbs the rounding of
    // a permutation that reproduces the observed sum in another order (or with the signs of
    // equal differences exchanged): such a permutation counts as reaching it.
    std::mt19937_64 rng(options.seed);
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
    for (std::size_t r = 0; r < options.rounds; ++r) {
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
    c.p_randomization = static_cast<double>(1 + extreme) / static_cast<double>(1 + options.rounds);
    return c;
}

std::vector<Maybe> holm(std::span<const Maybe> p_values) {
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < p_values.size(); ++i)
        if (p_values[i]) order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return *p_values[a] < *p_values[b]; });
    std::vector<Maybe> out(p_values.size());
    double running = 0;
    for (std::size_t rank = 0; rank < order.size(); ++rank) {
        const double m_minus_rank = static_cast<double>(order.size() - rank);
        running = std::max(running, std::min(1.0, m_minus_rank * *p_values[order[rank]]));
        out[order[rank]] = running;
    }
    return out;
}

// ------------------------------------------------------------------------------------------------
// A run evaluation's statistics: every run's summaries, every other run against the baseline.

namespace {

// Which run a comparison calls fairer: the one the mean difference favours, when the
// randomization test is significant. `higher_fairer`: whether a larger tested value is fairer.
Verdict verdict(const Comparison& c, bool higher_fairer) {
    if (c.n < min_tested_queries) return Verdict::untested;
    if (!c.p_randomization || *c.p_randomization >= significance_level || !c.mean_diff || *c.mean_diff == 0) return Verdict::none;
    return (*c.mean_diff > 0) == higher_fairer ? Verdict::run : Verdict::baseline;
}

// Holm's correction within each family: the comparisons of one column and difference that test
// something (min_tested_queries paired queries or more); one that tests nothing ("not tested") is not in the
// family, and its adjusted p values are null.
void adjust_for_runs(std::vector<ComparisonResult>& comparisons) {
    std::vector<bool> done(comparisons.size());
    std::vector<std::size_t> family;
    std::vector<Maybe> t, r;
    for (std::size_t i = 0; i < comparisons.size(); ++i) {
        if (done[i]) continue;
        family.clear(), t.clear(), r.clear();
        for (std::size_t j = i; j < comparisons.size(); ++j)
            if (comparisons[j].column == comparisons[i].column && comparisons[j].difference == comparisons[i].difference) {
                done[j] = true;
                family.push_back(j);
                const bool tested = comparisons[j].stats.n >= min_tested_queries;
                t.push_back(tested ? comparisons[j].stats.p_ttest : Maybe{});
                r.push_back(tested ? comparisons[j].stats.p_randomization : Maybe{});
            }
        const auto t_adjusted = holm(t), r_adjusted = holm(r);
        for (std::size_t k = 0; k < family.size(); ++k) {
            comparisons[family[k]].p_ttest_holm = t_adjusted[k];
            comparisons[family[k]].p_randomization_holm = r_adjusted[k];
        }
    }
}

}  // namespace

void summarize_and_compare(Results& out, std::size_t baseline_index) {
    const std::size_t queries = out.queries.size(), columns = out.columns.size();
    std::vector<Maybe> a(queries), b(queries);
    for (auto& run : out.runs) {
        run.summary.clear();
        for (std::size_t col = 0; col < columns; ++col) {
            for (std::size_t q = 0; q < queries; ++q) a[q] = run.values[q][col];
            run.summary.push_back(summarize(a, out.bootstrap));
        }
    }
    out.comparisons.clear();
    const auto& base = out.runs[baseline_index];
    for (std::size_t r = 0; r < out.runs.size(); ++r) {
        if (r == baseline_index) continue;
        const auto& run = out.runs[r];
        for (std::size_t col = 0; col < columns; ++col) {
            for (std::size_t q = 0; q < queries; ++q) a[q] = run.values[q][col], b[q] = base.values[q][col];
            const auto& info = out.column_info[col];
            CompareOptions options;
            options.bootstrap = out.bootstrap;
            ComparisonResult signed_result{run.name, base.name, out.columns[col], Difference::signed_values, compare(a, b, options)};
            if (info.fairer != Fairer::closer_to_zero) {
                signed_result.fairer = verdict(signed_result.stats, info.fairer == Fairer::higher);
                out.comparisons.push_back(std::move(signed_result));
                continue;
            }
            // Closer to 0 is fairer: the distance from 0 decides, for both entries. The signed
            // difference says which way the runs lean, not which is fairer (-0.3 and +0.3 are
            // equally far from fair).
            options.difference = Difference::distance;
            ComparisonResult distance_result{run.name, base.name, out.columns[col], Difference::distance, compare(a, b, options)};
            distance_result.fairer = signed_result.fairer = verdict(distance_result.stats, false);
            out.comparisons.push_back(std::move(signed_result));
            out.comparisons.push_back(std::move(distance_result));
        }
    }
    adjust_for_runs(out.comparisons);
}

bool past_range(const Maybe& low, const Maybe& high, const NumericRange& range) {
    return (low && *low < range.min) || (high && *high > range.max);
}

NumericRange difference_range(const NumericRange& range, Difference difference) {
    if (difference == Difference::signed_values) return {range.min - range.max, range.max - range.min, range.needs_nonnegative_relevance};
    // |v| for v in [min, max] lies in [near, far].
    const double far = std::max(std::abs(range.min), std::abs(range.max));
    const double near = range.min <= 0 && range.max >= 0 ? 0 : std::min(std::abs(range.min), std::abs(range.max));
    return {near - far, far - near, range.needs_nonnegative_relevance};
}

std::string verdict_text(const ComparisonResult& c) {
    switch (c.fairer) {
        case Verdict::run: return c.run;
        case Verdict::baseline: return c.baseline;
        case Verdict::untested: return "not tested";
        case Verdict::none: break;
    }
    return "no difference";
}

}  // namespace fairness::runs
