// A metric as one unit: its descriptor, what it reads, and how it is computed and written from the
// inputs every metric shares. The registry (metric_units()) is generated at build time from the
// units in core/src/metrics/ (each file's `units()`), so a metric is added by adding its file: the
// scenario's results, the best and worst orderings, run evaluation's columns, the WASM module and
// the CLI all loop over it.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "fairness/descriptor.hpp"
#include "fairness/metrics/common.hpp"
#include "fairness/scenario.hpp"
#include "fairness/text.hpp"

namespace fairness {

// A document as the pairwise measures read it (DIPS, REE, IGI, EE, EA): its side among the two
// groups compared (params.dipsGroups) and its relevance.
enum class PairSide { a, b, neither };
struct PairItem {
    PairSide side = PairSide::neither;
    double relevance = 0;
};

// What a metric reads of the documents (SPEC: each metric's inputs). `relevance`: the judgments
// (the pairwise measures too: without them every pair is a tie).
enum class Reads : unsigned { text = 1, labels = 2, relevance = 4, background = 8 };
constexpr unsigned operator|(Reads a, Reads b) { return static_cast<unsigned>(a) | static_cast<unsigned>(b); }
constexpr unsigned operator|(unsigned a, Reads b) { return a | static_cast<unsigned>(b); }

// The inputs of every metric for one ranking's documents in rank order (rank r + 1 at index r),
// laid out by arrange_inputs (fairness/ranking_inputs.hpp) for a scenario's ranking and for a run's top
// documents of a query alike.
struct MetricInputs {
    const TermIndex* index = nullptr;  // names the documents' term counts
    std::size_t groups = 0;
    // The groups' names, where a note names them (run evaluation's per-query notes; the scenario's
    // results name them as they are written).
    const std::vector<std::string>* group_names = nullptr;
    std::vector<double> omega;      // ω(d), NFaiRR's neutrality of each document (Eq. 2)
    std::vector<double> relevance;  // as given (a run: the qrels, 0 when unjudged)
    std::vector<const DocTerms*> terms;
    std::vector<int> labels;               // group index, -1 neutral
    std::vector<double> alignments;        // AWRF alignment, rank r + 1, group g at [r · groups + g]
    std::vector<PairItem> items;           // side (A, B, neither) and relevance
    std::vector<double> count_f, count_m;  // the group-term counts of params.rabGroups' f and m
    std::vector<double> browsing;          // the browsing model's F(k0), k0 = 0..n-1

    // The background: the ω of every document of NFaiRR's set S (the ranking's own included, when
    // the convention says so), in any order. `no_background`: the query has none where the
    // convention needs one (run evaluation under --official), so what reads it is undefined.
    std::vector<double> set_omega;
    bool no_background = false;
    // The ideal DCG's relevances when they are not the ranking's own (run evaluation: every judged
    // document of the query, as trec_eval).
    bool judged_ideal = false;
    std::vector<double> ideal_relevance;

    // What a unit derives once per set of documents, whatever their order (NFaiRR's ideal
    // ordering of S), for n documents and cut-off k: kept between orderings, dropped when the
    // background changes (set_background).
    struct Derived {
        const void* owner;
        std::size_t n, k;
        std::shared_ptr<const void> value;
    };
    mutable std::vector<Derived> derived;
    void forget_derived() const { derived.clear(); }
    template <typename T, typename Make>
    const T& derive(const void* owner, std::size_t k, Make&& make) const {
        for (const auto& d : derived)
            if (d.owner == owner && d.n == omega.size() && d.k == k) return *static_cast<const T*>(d.value.get());
        std::erase_if(derived, [&](const Derived& d) { return d.owner == owner; });
        auto value = std::make_shared<const T>(make());
        const T& out = *value;
        derived.push_back({owner, omega.size(), k, std::move(value)});
        return out;
    }
};

// A compute function's value, and its note when null.
template <typename Result>
Maybe value_and_note(const Result& r, std::string* note) {
    const Maybe value(r.value);
    if constexpr (requires { r.note; })
        if (!value && note) *note = r.note;
    return value;
}

// The names a writer keys its parts by.
struct MetricContext {
    const Params& params;
    std::span<const std::string> groups;
};

// The value and the writer of a unit whose result is `of(inputs, params, k, detail)`, written by
// `write(w, result, group names, detail)`.
template <auto of>
Maybe value_of(const MetricInputs& in, const Params& p, std::size_t k, bool detail, std::string* note) {
    return value_and_note(of(in, p, k, detail), note);
}
template <auto of, auto write>
void write_with_groups(JsonWriter& w, const MetricInputs& in, const MetricContext& c, bool detail) {
    write(w, of(in, c.params, c.params.k, detail), c.groups, detail);
}

// One column of run evaluation: RaB is three (RaB-tc, RaB-tf, RaB-bool), one per magnitude.
struct RunVariant {
    std::string_view name;
    void (*adjust)(Params&) = nullptr;  // the params the column is computed under
};

struct MetricUnit {
    const MetricDescriptor* descriptor;
    int position;      // order in the results, the table and the page
    int run_position;  // order of run evaluation's columns
    // Reads flags under `p` (AWRF reads labels instead of text under awrfAlignment "labels").
    unsigned (*reads)(const Params& p);
    // What the value is without labels (every document neutral) and without relevance judgments
    // (every relevance 0): "undefined", or what it then reflects ("sees one relevance level").
    std::string_view without_labels = {};
    std::string_view without_relevance = {};
    // The value at cut-off k for the inputs (k is params.k for a scenario, c for a run column);
    // null when undefined, then `note` (if given) says why. `detail`: computed as the results
    // compute it, per-rank detail included (what `fairness-bench --metrics` times).
    Maybe (*value)(const MetricInputs&, const Params&, std::size_t k, bool detail, std::string* note);
    // The metric's object of the results, at params.k (SPEC "results"), with per-rank detail and
    // the value at every cut-off when `detail`.
    void (*write)(JsonWriter&, const MetricInputs&, const MetricContext&, bool detail);
    std::span<const RunVariant> run_variants = {};  // empty: one column, named as the descriptor
};

// Every unit, in `position` order.
const std::vector<const MetricUnit*>& metric_units();
// The unit whose descriptor id is `id`, or null.
const MetricUnit* find_metric_unit(std::string_view id);

}  // namespace fairness
