// What the page, the CLI's --describe and the docs say about each metric.
#pragma once

#include <limits>
#include <string_view>
#include <vector>

namespace fairness {

struct Params;

enum class Fairer { higher, lower, closer_to_zero };

// A metric's range as numbers, for the parameters in force (the text `range` says the same in
// words). An end is ±infinity where the range is unbounded, or has no closed form for these
// parameters; such an end is never "passed".
struct NumericRange {
    double min = -std::numeric_limits<double>::infinity();
    double max = std::numeric_limits<double>::infinity();
    // The bounds hold only when every relevance is >= 0 (EA's target shares, nDCG's gains).
    bool needs_nonnegative_relevance = false;
};

struct ParamInfo {
    std::string_view key;  // as in the scenario's `params`
    std::string_view default_value;
    std::string_view meaning;
};

// How the page charts the per-rank detail (`perRank`): what a bar is, and how each bar is read.
struct ChartSpec {
    // "value": row[key], one series. "group": row[key][g], a series per group. "label": row[key]
    // in the series of the row's label (neutral included). "weighted": row.weight · row[key][g].
    // "side": row[key] in the series of the row's side, A or B (the groups of `dipsGroups`).
    // "pull": RaB's and ARaB's pull of each rank towards m (up) and f (down),
    // w_i · mag(d), with w_i from row[key] (ARaB) or 1/k' (RaB).
    std::string_view kind;
    std::string_view key;
    std::string_view title;
};

// The parts of a metric's result the page's table lists under its value. "value": result[key],
// labelled `label`. "groups": each member of the object result[key] (a group, or "neutral"),
// labelled by its name, after `label` when there is one. "magnitudes": RaB's and ARaB's
// magnitude in use split into its groups' parts, then the other magnitudes' values. `when`: a
// boolean parameter without which the part means nothing (TExFAIR's RBDF, not applied when off).
struct PartSpec {
    std::string_view kind;
    std::string_view key;
    std::string_view label;
    std::string_view when = "";
};

struct MetricDescriptor {
    std::string_view id;         // key in the results, e.g. "nfairr"
    std::string_view name;       // display name, e.g. "NFaiRR"
    std::string_view summary;    // one line of meaning
    std::string_view paper;      // citation
    std::string_view equations;  // where in the paper
    std::string_view range;
    NumericRange (*numeric_range)(const Params&) = nullptr;  // null: no known bound
    Fairer fairer;
    bool utility = false;  // a utility measure (nDCG): "fairer" reads "better"
    bool uses_cutoff;      // false: reads the whole ranking (DIPS, REE, IGI)
    std::vector<ParamInfo> params;
    std::string_view formula;  // LaTeX, for the page's explainer
    ChartSpec chart;
    std::vector<PartSpec> parts = {};  // none: the value alone
};

// Every metric, in the order the page and the CLI table show them.
const std::vector<const MetricDescriptor*>& all_metrics();

std::string_view to_string(Fairer);

}  // namespace fairness
