// RaB and ARaB: Rekabsaz, Schedl. Do Neural Ranking Models Intensify Gender Bias? SIGIR 2020.
// §3 (document magnitudes tc, tf, bool; RaB@t, the rank bias of the top t; ARaB@t, its mean over
// the cut-offs 1..t). Conventions of the public code (navid-rekabsaz/GenderBias_IR, MIT), which
// SPEC follows where paper and code differ: tf = ln(c + 1) of a group's total count c, bool = 1
// when c > 0, means over t' = min(t, n) documents, and the sign m - f (positive leans to m).
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "fairness/descriptor.hpp"
#include "fairness/metric_unit.hpp"
#include "fairness/metrics/common.hpp"
#include "fairness/scenario.hpp"

namespace fairness::rab {

extern const MetricDescriptor rab_descriptor;
extern const MetricDescriptor arab_descriptor;

// The three magnitudes, in the order of `Measure` (index with `static_cast<std::size_t>(m)`).
inline constexpr std::array<RabMagnitude, 3> magnitudes{RabMagnitude::tc, RabMagnitude::tf, RabMagnitude::boolean};

// mag(c) for a document whose group-term count is c: tc c, tf ln(c + 1), bool 1[c > 0].
double magnitude(RabMagnitude, double count);

// One magnitude's value at the cut-off: `value = m - f`, where `f` and `m` are the same mean
// (RaB) or mean of means (ARaB) taken over mag_f and mag_m alone. All null for an empty ranking.
struct Parts {
    Maybe value, f, m;
};

// Parts for each magnitude, indexed as `magnitudes` (tc, tf, bool).
using Measure = std::array<Parts, 3>;

inline const Parts& of(const Measure& measure, RabMagnitude m) { return measure[static_cast<std::size_t>(m)]; }

// RaB@t and ARaB@t of one ranking, every magnitude.
struct Result {
    std::size_t cutoff = 0;  // t' = min(t, n); 0 for an empty ranking (every value null)
    Measure rab, arab;
};

/**
 * RaB@t and ARaB@t from per-rank group-term counts, independent of texts: `count_f[r]` and
 * `count_m[r]` are c_f and c_m of the document at rank r + 1 (same length n), `cutoff` is t
 * (t' = min(t, n) documents are read). O(t').
 */
Result compute(std::span<const double> count_f, std::span<const double> count_m, std::size_t cutoff);

// ------------------------------------------------------------------------------------------------
// Scenario mode: one of the two measures as the results write it, with teaching detail.

enum class Which { rab, arab };

struct Rank {
    double count_f = 0, count_m = 0;  // c_f, c_m
    double mag_f = 0, mag_m = 0;      // under the selected magnitude
    // w_i, the document's weight in the value: RaB 1/t', ARaB (1/t') Σ_{x=i..t'} 1/x (0 below t').
    double weight = 0;
    double contribution = 0;  // w_i (mag_m - mag_f); they sum to the value
};

struct Report {
    Which which = Which::rab;
    RabMagnitude magnitude = RabMagnitude::tf;
    Maybe value;       // the selected magnitude's value
    std::string note;  // why value is null
    Measure measure;   // every magnitude at t'
    std::vector<Rank> ranks;
    Series at_cutoff;  // the selected magnitude's value at t = 1..n
};

// `detail`: also `ranks` and `at_cutoff` (else both stay empty; the value and measure are the same).
Report report(Which, std::span<const double> count_f, std::span<const double> count_m, std::size_t cutoff, RabMagnitude selected,
              bool detail = true);

// `groups` = the names of f and m (params.rabGroups), which key the parts.
// `detail`: write perRank and atCutoff.
void write(JsonWriter&, const Report&, std::span<const std::string, 2> groups, bool detail = true);

// The metric units of this file, for the registry (fairness/metric_unit.hpp).
std::span<const MetricUnit> units();

}  // namespace fairness::rab
