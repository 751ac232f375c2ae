#include "fairness/metrics/exposure.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include "fairness/scenario.hpp"

namespace fairness::exposure {

namespace {

const std::vector<ParamInfo> exposure_params{
    {"dipsGroups", "first two groups",
     "groups A and B; other documents keep their places (and their place in the ideal ranking) but count for neither"},
    {"browsing", "exponential, γ = 0.9", "F(k0), the exposure of position k0 (the same model as DIPS)"}};

// Two lines: δ and the exposure, then each measure's target and its value.
#define FAIRNESS_DELTA \
    R"(\begin{gathered} \delta^\sigma = \Big[\tfrac{T_A}{T_A + T_B} - \tfrac{E_A}{E_A + E_B},\ \tfrac{T_B}{T_A + T_B} - \tfrac{E_B}{E_A + E_B}\Big] \qquad E_g = \sum_{i \in g} F(\sigma^{-1}(i)) \\ )"

}  // namespace

const MetricDescriptor ee_descriptor{
    .id = "ee",
    .name = "EE",
    .summary =
        "Expected Exposure, groupwise: each group's share of the exposure it would get in the ideal ranking (items of equal relevance "
        "sharing alike) minus the share it gets; positive: group A under-exposed.",
    .paper =
        "Diaz, Mitra, Ekstrand, Biega, Carterette. Evaluating Stochastic Rankings with Expected Exposure. CIKM 2020; as written in Fabris "
        "et al., WSDM 2023 (§5.1).",
    .equations = "DIPS paper Eq. 12 (misallocation δ), Eq. 15-16 (EE targets); value δ_A, also ‖δ‖₁",
    .range = "[-1, 1]; 0 is fair; positive: group A gets less exposure than in the ideal ranking; ‖δ‖₁ = 2 |δ_A| in [0, 2]",
    .numeric_range =
        [](const Params&) {
            return NumericRange{-1, 1};
        },
    .fairer = Fairer::closer_to_zero,
    .uses_cutoff = false,
    .params = exposure_params,
    .formula = FAIRNESS_DELTA
    R"(t_i = \operatorname{mean}_{j : r_j = r_i} F(\sigma^{*-1}(j)) \qquad T_g = \sum_{i \in g} t_i \qquad \mathrm{EE} = \delta^\sigma_A \end{gathered})",
    .chart = {"side", "misallocation",
              "target share − exposure share of each item (up: under-exposed); group A’s add up to δ_A, the value"},
};

const MetricDescriptor ea_descriptor{
    .id = "ea",
    .name = "EA",
    .summary =
        "Equity of Attention, groupwise: each group's share of the total relevance minus its share of the exposure; positive: group A "
        "under-exposed.",
    .paper =
        "Biega, Gummadi, Weikum. Equity of Attention: Amortizing Individual Fairness in Rankings. SIGIR 2018; as written in Fabris et al., "
        "WSDM 2023 (§5.1).",
    .equations = "DIPS paper Eq. 12 (misallocation δ), Eq. 13 (EA targets); value δ_A, also ‖δ‖₁",
    .range =
        "[-1, 1] for non-negative relevance (a negative relevance can push a target share outside [0, 1]); 0 is fair; positive: group A "
        "under-exposed",
    .numeric_range =
        [](const Params&) {
            return NumericRange{-1, 1, true};
        },
    .fairer = Fairer::closer_to_zero,
    .uses_cutoff = false,
    .params = exposure_params,
    .formula = FAIRNESS_DELTA R"(T_g = \sum_{i \in g} r_i \qquad \mathrm{EA} = \delta^\sigma_A \end{gathered})",
    .chart = {"side", "misallocation",
              "target share − exposure share of each item (up: under-exposed); group A’s add up to δ_A, the value"},
};

const MetricDescriptor eadp_descriptor{
    .id = "eadp",
    .name = "EA-dp",
    .summary =
        "Equity of Attention with demographic parity: each group's share of the items minus its share of the exposure; positive: group A "
        "under-exposed.",
    .paper =
        "Fabris, Silvello, Susto, Biega. Pairwise Fairness in Ranking as a Dissatisfaction Measure. WSDM 2023 (§5.1), after Biega et al., "
        "SIGIR 2018.",
    .equations = "DIPS paper Eq. 12 (misallocation δ), Eq. 14 (EA-dp targets); value δ_A, also ‖δ‖₁",
    .range = "[-1, 1]; 0 is fair; positive: group A under-exposed",
    .numeric_range =
        [](const Params&) {
            return NumericRange{-1, 1};
        },
    .fairer = Fairer::closer_to_zero,
    .uses_cutoff = false,
    .params = exposure_params,
    .formula = FAIRNESS_DELTA R"(T_g = \frac{N_g}{N} \qquad \mathrm{EA\text{-}dp} = \delta^\sigma_A \end{gathered})",
    .chart = {"side", "misallocation",
              "target share − exposure share of each item (up: under-exposed); group A’s add up to δ_A, the value"},
};

#undef FAIRNESS_DELTA

const MetricDescriptor& descriptor(Target target) {
    switch (target) {
        case Target::ee: return ee_descriptor;
        case Target::ea: return ea_descriptor;
        case Target::eadp: return eadp_descriptor;
    }
    return ee_descriptor;
}

namespace {

// Σ F(j) over positions [begin, end): the difference of two suffix sums S(k) = Σ_{j ≥ k} F(j),
// each carried as an unevaluated sum hi + lo (double-double, TwoSum). F never increases (γ ≤ 1),
// so a range deep in the ranking is a difference of two tiny suffix sums: its relative precision
// is that of a position-by-position sum (a tiny exposure is not lost next to the top's large sums,
// and positions where F underflows to 0 sum to exactly 0), in O(1) per range after O(n).
class RangeSums {
public:
    explicit RangeSums(std::span<const double> weights) : hi_(weights.size() + 1, 0.0), lo_(weights.size() + 1, 0.0) {
        for (std::size_t k = weights.size(); k-- > 0;) {
            double error = 0;
            const double sum = two_sum(hi_[k + 1], weights[k], error);
            // Renormalise so that |lo| stays below half an ulp of hi.
            const double lo = lo_[k + 1] + error;
            hi_[k] = sum + lo;
            lo_[k] = lo - (hi_[k] - sum);
        }
    }

    double operator()(std::size_t begin, std::size_t end) const {
        double error = 0;
        const double hi = two_sum(hi_[begin], -hi_[end], error);
        return hi + (error + (lo_[begin] - lo_[end]));
    }

private:
    // a + b as the rounded sum, with `error` = the exact a + b minus it (Knuth's TwoSum).
    static double two_sum(double a, double b, double& error) {
        const double sum = a + b;
        const double b_part = sum - a;
        error = (a - (sum - b_part)) + (b - b_part);
        return sum;
    }

    std::vector<double> hi_, lo_;
};

// E_g and T_g of a growing prefix of the ranking: `add` the items in rank order, `read` δ of the
// items added so far, taken as the whole ranking. One code path for the value and every cut-off.
// EE keeps the items added per relevance level: σ* of the prefix holds each level in one block of
// positions, so a level's t_i is one range sum, and T_g costs O(levels) per read (O(n · levels)
// for the value at every cut-off, not the O(n²) of re-summing the blocks position by position).
class Accumulator {
public:
    // `levels`: dips::levels_of(ranking), computed here when not given (EE only reads them).
    Accumulator(std::span<const Item> ranking, std::span<const double> weights, Target target, const dips::Levels* levels = nullptr)
        : ranking_(ranking), weights_(weights), target_(target) {
        if (target != Target::ee) return;
        // Relevance levels, most relevant first: σ* places level 0 on top, then level 1, ...
        const dips::Levels own = levels ? dips::Levels{} : dips::levels_of(ranking);
        const dips::Levels& ascending = levels ? *levels : own;
        level_.resize(ranking.size());
        for (std::size_t i = 0; i < ranking.size(); ++i) level_[i] = ascending.count - 1 - ascending.of[i];
        count_.assign(ascending.count, 0);
        count_a_.assign(ascending.count, 0);
        count_b_.assign(ascending.count, 0);
        range_.emplace(weights.first(ranking.size()));
    }

    // The item at position `added()` joins.
    void add() {
        const std::size_t i = added_++;
        const Item& item = ranking_[i];
        if (target_ == Target::ee) ++count_[level_[i]];
        if (item.side == Side::a) {
            ++n_a_;
            e_a_ += weights_[i];
            relevance_a_ += item.relevance;
            if (target_ == Target::ee) ++count_a_[level_[i]];
        } else if (item.side == Side::b) {
            ++n_b_;
            e_b_ += weights_[i];
            relevance_b_ += item.relevance;
            if (target_ == Target::ee) ++count_b_[level_[i]];
        }
    }

    std::size_t added() const { return added_; }
    std::size_t level(std::size_t i) const { return level_[i]; }  // EE only

    // t_i of every relevance level for the items added so far (EE only): the mean of F over the
    // block of positions σ* gives that level.
    std::vector<double> level_targets() const {
        std::vector<double> t(count_.size(), 0.0);
        std::size_t position = 0;
        for (std::size_t level = 0; level < count_.size(); ++level) {
            if (count_[level] == 0) continue;
            t[level] = (*range_)(position, position + count_[level]) / static_cast<double>(count_[level]);
            position += count_[level];
        }
        return t;
    }

    // δ_A of the items added so far (the value at this cut-off), without the rest of read().
    Maybe delta_a() const {
        const Totals s = totals();
        const double t = s.t_a + s.t_b, e = e_a_ + e_b_;
        if (n_a_ == 0 || n_b_ == 0 || t == 0 || e == 0) return std::nullopt;
        return s.t_a / t - e_a_ / e;
    }

    // δ of the items added so far, and T_A + T_B, E_A + E_B.
    Misallocation read(double* target_total = nullptr, double* exposure_total = nullptr) const {
        Misallocation m;
        m.n_a = n_a_;
        m.n_b = n_b_;
        const Totals s = totals();
        const double t_a = s.t_a, t_b = s.t_b;
        const double t = t_a + t_b, e = e_a_ + e_b_;
        if (target_total) *target_total = t;
        if (exposure_total) *exposure_total = e;
        // Relevances near 1e308 can sum past the largest double: then T_g / (T_A + T_B) is no number.
        const bool t_finite = std::isfinite(t_a) && std::isfinite(t_b) && std::isfinite(t);
        if (t != 0 && t_finite) {
            m.target_a = t_a / t;
            m.target_b = t_b / t;
        }
        if (e != 0) {
            m.exposure_a = e_a_ / e;
            m.exposure_b = e_b_ / e;
        }
        if (n_a_ == 0 || n_b_ == 0) {
            m.note = std::string("no document of group ") + (n_a_ == 0 ? "A" : "B") + " in the ranking, so the measure is undefined";
        } else if (!t_finite) {
            m.note =
                "the relevance of groups A and B sums beyond the largest number (about 1.8e308), so the target shares T_g / (T_A + T_B) "
                "are undefined";
        } else if (t == 0) {
            m.note = target_ == Target::ea
                         ? "the relevance of groups A and B sums to 0, so the target shares T_g / (T_A + T_B) are undefined"
                         : "the ideal ranking gives groups A and B no exposure, so the target shares T_g / (T_A + T_B) are undefined";
        } else if (e == 0) {
            m.note = "groups A and B get no exposure (F is 0 at their positions), so the exposure shares E_g / (E_A + E_B) are undefined";
        } else {
            m.delta_a = *m.target_a - *m.exposure_a;
            m.delta_b = *m.target_b - *m.exposure_b;
            m.l1 = std::abs(*m.delta_a) + std::abs(*m.delta_b);
            m.value = m.delta_a;
        }
        return m;
    }

private:
    struct Totals {
        double t_a = 0, t_b = 0;
    };

    // T_A and T_B of the items added so far.
    Totals totals() const {
        switch (target_) {
            case Target::ea: return {relevance_a_, relevance_b_};
            case Target::eadp:  // N_g / N: N cancels in T_g / (T_A + T_B)
                return {static_cast<double>(n_a_), static_cast<double>(n_b_)};
            case Target::ee: break;
        }
        Totals s;
        std::size_t position = 0;
        for (std::size_t level = 0; level < count_.size(); ++level) {
            if (count_[level] == 0) continue;
            const double t = (*range_)(position, position + count_[level]) / static_cast<double>(count_[level]);
            s.t_a += static_cast<double>(count_a_[level]) * t;
            s.t_b += static_cast<double>(count_b_[level]) * t;
            position += count_[level];
        }
        return s;
    }

    std::span<const Item> ranking_;
    std::span<const double> weights_;
    Target target_;
    std::vector<std::size_t> level_;                      // EE: relevance level of each item
    std::vector<std::size_t> count_, count_a_, count_b_;  // EE: items added per level (any, A, B)
    std::optional<RangeSums> range_;                      // EE: sums of F over blocks of positions
    std::size_t added_ = 0, n_a_ = 0, n_b_ = 0;
    double e_a_ = 0, e_b_ = 0, relevance_a_ = 0, relevance_b_ = 0;
};

}  // namespace

Misallocation misallocation(std::span<const Item> ranking, std::span<const double> weights, Target target) {
    return misallocation(ranking, weights, target, nullptr);
}

Misallocation misallocation(std::span<const Item> ranking, std::span<const double> weights, Target target, const dips::Levels* levels) {
    Accumulator acc(ranking, weights, target, levels);
    while (acc.added() < ranking.size()) acc.add();
    return acc.read();
}

Result compute(std::span<const Item> ranking, std::span<const double> weights, Target target, bool detail) {
    Accumulator acc(ranking, weights, target);
    Result result;
    if (detail) result.at_cutoff.reserve(ranking.size());
    while (acc.added() < ranking.size()) {
        acc.add();
        if (detail) result.at_cutoff.push_back(acc.delta_a());
    }
    double t = 0, e = 0;
    static_cast<Misallocation&>(result) = acc.read(&t, &e);
    if (!detail) return result;
    // EE: t_i of each relevance level, for the whole ranking
    const std::vector<double> levels = target == Target::ee ? acc.level_targets() : std::vector<double>{};
    result.ranks.reserve(ranking.size());
    for (std::size_t i = 0; i < ranking.size(); ++i) {
        const Item& item = ranking[i];
        Rank rank{item.side, weights[i], 0, 0, 0, 0};
        if (item.side != Side::neither) {
            switch (target) {
                case Target::ea: rank.target = item.relevance; break;
                case Target::eadp: rank.target = 1; break;
                case Target::ee: rank.target = levels[acc.level(i)]; break;
            }
            if (t != 0) rank.target_share = rank.target / t;
            if (e != 0) rank.exposure_share = rank.weight / e;
            rank.misallocation = rank.target_share - rank.exposure_share;
        }
        result.ranks.push_back(rank);
    }
    return result;
}

void write(JsonWriter& w, const Result& r, std::span<const std::string> groups, bool detail) {
    w.begin_object().member("value", r.value);
    if (!r.note.empty()) w.member("note", r.note);
    w.member("l1", r.l1).member("deltaA", r.delta_a).member("deltaB", r.delta_b);
    w.key("targetShare").begin_object().member(groups[0], r.target_a).member(groups[1], r.target_b).end_object();
    w.key("exposureShare").begin_object().member(groups[0], r.exposure_a).member(groups[1], r.exposure_b).end_object();
    w.member("nA", r.n_a).member("nB", r.n_b);
    if (detail) {
        w.key("perRank").begin_array();
        for (const auto& rank : r.ranks) {
            w.begin_object().key("side");
            if (rank.side == Side::a)
                w.value("A");
            else if (rank.side == Side::b)
                w.value("B");
            else
                w.null();
            // F(k0) stands in DIPS' perRank, and this item's exposure share is targetShare -
            // misallocation: leaving both out keeps the results of a long ranking a tenth smaller.
            w.member("target", rank.target).member("targetShare", rank.target_share).member("misallocation", rank.misallocation);
            w.end_object();
        }
        w.end_array();
        w.key("atCutoff").array(std::span<const Maybe>(r.at_cutoff));
    }
    w.end_object();
}

// ------------------------------------------------------------------------------------------------
// The units: EE, EA and EA-dp read the whole ranking; their parts are keyed by the names of A and B.

namespace {

template <Target target>
Maybe unit_value(const MetricInputs& in, const Params&, std::size_t, bool detail, std::string* note) {
    return value_and_note(compute(in.items, in.browsing, target, detail), note);
}

template <Target target>
void unit_write(JsonWriter& w, const MetricInputs& in, const MetricContext& c, bool detail) {
    const std::string ab[] = {c.groups[c.params.dips_a], c.groups[c.params.dips_b]};
    write(w, compute(in.items, in.browsing, target, detail), ab, detail);
}

unsigned with_relevance(const Params&) { return Reads::labels | Reads::relevance; }

const MetricUnit unit_list[] = {
    {.descriptor = &ee_descriptor,
     .position = 80,
     .run_position = 80,
     .reads = with_relevance,
     .without_labels = "undefined",
     .without_relevance = "sees one relevance level",
     .value = unit_value<Target::ee>,
     .write = unit_write<Target::ee>},
    {.descriptor = &ea_descriptor,
     .position = 90,
     .run_position = 90,
     .reads = with_relevance,
     .without_labels = "undefined",
     .without_relevance = "undefined",
     .value = unit_value<Target::ea>,
     .write = unit_write<Target::ea>},
    {.descriptor = &eadp_descriptor,
     .position = 100,
     .run_position = 100,
     .reads = [](const Params&) { return static_cast<unsigned>(Reads::labels); },
     .without_labels = "undefined",
     .value = unit_value<Target::eadp>,
     .write = unit_write<Target::eadp>},
};

}  // namespace

std::span<const MetricUnit> units() { return unit_list; }

}  // namespace fairness::exposure
