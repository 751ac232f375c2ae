#include "fairness/metrics/dips.hpp"

#include <algorithm>
#include "fairness/scenario.hpp"

namespace fairness::dips {

const MetricDescriptor descriptor{
    .id = "dips",
    .name = "DIPS",
    .summary =
        "Which group suffers more visible unfair swaps: more relevant items placed below less relevant items of the other group, weighted "
        "by how likely users see the item placed above.",
    .paper = "Fabris, Silvello, Susto, Biega. Pairwise Fairness in Ranking as a Dissatisfaction Measure. WSDM 2023.",
    .equations =
        "Eq. 8 (unfavourable discordant pair with ties), §4.3 (per-item dissatisfaction), Eq. 9 and 11 (M_AB), Eq. 10 (normalising "
        "constant), Eq. 2 (M_AB - M_BA)",
    .range =
        "[-1, 1]; 0 is fair; positive: group A suffers more (the paper says (-1, 1), but one A item below one less relevant B item gives "
        "exactly 1)",
    .numeric_range =
        [](const Params&) {
            return NumericRange{-1, 1};
        },
    .fairer = Fairer::closer_to_zero,
    .uses_cutoff = false,
    .params = {{"dipsGroups", "first two groups", "groups A and B; other documents keep their places but belong to neither"},
               {"browsing", "exponential, γ = 0.9", "F(k0): uniform 1, exponential γ^k0 (RBP), logarithmic 1 / log2(k0 + 2)"},
               {"ct", "0.5", "weight of a pair tied in relevance (0: ties ignored, 1: a tie counts as a full swap)"}},
    // The paper's position k is k_0 here: on the page k is the cut-off.
    .formula =
        R"(d_U(i, j) = \mathbb{1}[r_i > r_j] + c_t \mathbb{1}[r_i = r_j] \qquad M_{AB} = \frac{1}{C} \sum_{i \in A} \sum_{k_0 < \sigma^{-1}(i)} F(k_0)\, d_U(i, \sigma(k_0))\, \mathbb{1}[\sigma(k_0) \in B] \qquad C = \max\Big(N_A \sum_{k_0<N_B} F(k_0),\ N_B \sum_{k_0<N_A} F(k_0)\Big) \qquad \mathrm{DIPS} = M_{AB} - M_{BA})",
    .chart = {"side", "contribution", "each item’s share of M_AB (up, group A) or of M_BA (down, group B)"},
    .parts = {{"value", "mAB", "M_AB"}, {"value", "mBA", "M_BA"}},
};

const MetricDescriptor ree_descriptor{
    .id = "ree",
    .name = "REE",
    .summary =
        "Rank equality error: the share of cross-group pairs swapped against A minus the share swapped against B (positive: A "
        "suffers), every position equally visible.",
    .paper =
        "Kuhlman, VanValkenburg, Rundensteiner. FARE: Diagnostics for Fair Ranking using Pairwise Error Metrics. WWW 2019; as written in "
        "Fabris et al., WSDM 2023.",
    .equations = "DIPS paper Eq. 1-2 with C_AB = N_A N_B (§4.4)",
    .range = "[-1, 1]; 0 is fair; positive: group A suffers more",
    .numeric_range =
        [](const Params&) {
            return NumericRange{-1, 1};
        },
    .fairer = Fairer::closer_to_zero,
    .uses_cutoff = false,
    .params = {{"dipsGroups", "first two groups", "groups A and B"}, {"ct", "0.5", "weight of a pair tied in relevance"}},
    .formula =
        R"(M_{AB} = \frac{1}{N_A N_B} \sum_{i \in A} \sum_{j \in B} \mathbb{1}[\sigma^{-1}(j) < \sigma^{-1}(i)]\, d_U(i, j) \qquad \mathrm{REE} = M_{AB} - M_{BA})",
    .chart = {"side", "contribution", "each item’s share of M_AB (up) or M_BA (down), every position equally visible"},
    .parts = {{"value", "mAB", "M_AB"}, {"value", "mBA", "M_BA"}},
};

const MetricDescriptor igi_descriptor{
    .id = "igi",
    .name = "IGI",
    .summary =
        "Inter-group inaccuracy: the share of each group's own possible swaps that happened; the two sides have different denominators.",
    .paper =
        "Beutel et al. Fairness in Recommendation Ranking through Pairwise Comparisons. KDD 2019; as written in Fabris et al., WSDM 2023.",
    .equations = "DIPS paper Eq. 1-2 with C_AB = #{i in A, j in B : r_i > r_j} (§4.4)",
    .range =
        "[-1, 1] when ct = 0; with ct > 0 ties add to the numerator but not to C, so a side can exceed 1 (the paper defines IGI without "
        "ties)",
    .numeric_range =
        [](const Params& p) {
            return p.ct == 0 ? NumericRange{-1, 1} : NumericRange{};
        },
    .fairer = Fairer::closer_to_zero,
    .uses_cutoff = false,
    .params = {{"dipsGroups", "first two groups", "groups A and B"}, {"ct", "0.5", "weight of a pair tied in relevance"}},
    .formula =
        R"(M_{AB} = \frac{\sum_{i \in A} \sum_{j \in B} \mathbb{1}[\sigma^{-1}(j) < \sigma^{-1}(i)]\, d_U(i, j)}{\#\{i \in A, j \in B : r_i > r_j\}} \qquad \mathrm{IGI} = M_{AB} - M_{BA})",
    .chart = {"side", "contribution", "each item’s share of M_AB (up) or M_BA (down), every position equally visible"},
    .parts = {{"value", "mAB", "M_AB"}, {"value", "mBA", "M_BA"}},
};

namespace {

// Sums of weights over relevance levels, so each item's UDPs against the items above it cost
// O(log n): the whole ranking is O(n log n), fast enough for the DIPS paper's 1,000-item runs.
class Fenwick {
public:
    explicit Fenwick(std::size_t n) : tree_(n + 1, 0.0) {}
    void add(std::size_t level, double w) {
        for (std::size_t i = level + 1; i < tree_.size(); i += i & (~i + 1)) tree_[i] += w;
        total_ += w;
    }
    double below(std::size_t level) const {  // levels [0, level)
        double s = 0;
        for (std::size_t i = level; i > 0; i -= i & (~i + 1)) s += tree_[i];
        return s;
    }
    double at(std::size_t level) const { return below(level + 1) - below(level); }
    double above(std::size_t level) const { return total_ - below(level + 1); }

private:
    std::vector<double> tree_;
    double total_ = 0;
};

// Per item: F-weighted UDPs against the other group's items above it, and against all items above.
struct Pairs {
    std::vector<double> cross, all;
};

}  // namespace

Levels levels_of(std::span<const Item> ranking) {
    // The distinct relevance values, ascending, then each item's level by binary search among
    // them: O(n log L) for L levels. Judgements are graded (a handful of levels), so the values
    // are first gathered into a small sorted list; past 256 of them, all n are sorted instead.
    constexpr std::size_t few = 256;
    const std::size_t n = ranking.size();
    std::vector<double> values;
    for (const auto& item : ranking) {
        const auto at = std::lower_bound(values.begin(), values.end(), item.relevance);
        if (at != values.end() && *at == item.relevance) continue;
        if (values.size() == few) {
            values.clear();
            values.reserve(n);
            for (const auto& each : ranking) values.push_back(each.relevance);
            std::sort(values.begin(), values.end());
            values.erase(std::unique(values.begin(), values.end()), values.end());
            break;
        }
        values.insert(at, item.relevance);
    }
    Levels levels;
    levels.count = values.size();
    levels.of.resize(n);
    for (std::size_t i = 0; i < n; ++i)
        levels.of[i] = static_cast<std::size_t>(std::lower_bound(values.begin(), values.end(), ranking[i].relevance) - values.begin());
    return levels;
}

namespace {

Pairs unfavourable_pairs(std::span<const Item> ranking, std::span<const double> weights, double ct, const Levels& levels) {
    Fenwick in_a(levels.count), in_b(levels.count), everyone(levels.count);
    Pairs pairs{std::vector<double>(ranking.size(), 0.0), std::vector<double>(ranking.size(), 0.0)};
    // d_U(i, j) for j above i: 1 if r_i > r_j, ct if r_i = r_j (Eq. 8); weighted by F(position of j).
    const auto udp = [ct](const Fenwick& above, std::size_t level) {
        const double lower = above.below(level);  // the same arithmetic as below(level) + ct * at(level)
        return lower + ct * (above.below(level + 1) - lower);
    };
    for (std::size_t i = 0; i < ranking.size(); ++i) {
        const auto level = levels.of[i];
        const Side side = ranking[i].side;
        if (side == Side::a) pairs.cross[i] = udp(in_b, level);
        if (side == Side::b) pairs.cross[i] = udp(in_a, level);
        pairs.all[i] = udp(everyone, level);
        everyone.add(level, weights[i]);
        if (side == Side::a) in_a.add(level, weights[i]);
        if (side == Side::b) in_b.add(level, weights[i]);
    }
    return pairs;
}

// The normalising constants of each metric for the top c items: C_AB and C_BA.
struct Constants {
    double ab, ba;
};

// `constants(c, n_a, n_b)`: C_AB and C_BA of the top c items.
template <typename ConstantsOf>
Result assemble(std::span<const Item> ranking, std::span<const double> weights, double ct, const Levels& levels, ConstantsOf&& constants) {
    const auto pairs = unfavourable_pairs(ranking, weights, ct, levels);
    Result result;
    double raw_ab = 0, raw_ba = 0;
    const auto ratio = [](double a, double c) { return c > 0 ? Maybe{a / c} : Maybe{}; };
    std::vector<Constants> at(ranking.size());
    result.at_cutoff.reserve(ranking.size());
    result.ranks.reserve(ranking.size());
    for (std::size_t i = 0; i < ranking.size(); ++i) {
        const Side side = ranking[i].side;
        if (side == Side::a) {
            ++result.n_a;
            raw_ab += pairs.cross[i];
        } else if (side == Side::b) {
            ++result.n_b;
            raw_ba += pairs.cross[i];
        }
        at[i] = constants(i + 1, result.n_a, result.n_b);
        Maybe ab = ratio(raw_ab, at[i].ab), ba = ratio(raw_ba, at[i].ba);
        const bool both = result.n_a > 0 && result.n_b > 0;
        result.at_cutoff.push_back(both && ab && ba ? Maybe{*ab - *ba} : Maybe{});
        if (i + 1 == ranking.size() && both) {
            result.m_ab = ab;
            result.m_ba = ba;
            if (ab && ba) result.value = *ab - *ba;
        }
    }
    const Constants c = ranking.empty() ? Constants{0, 0} : at.back();
    for (std::size_t i = 0; i < ranking.size(); ++i) {
        const Side side = ranking[i].side;
        double contribution = 0;
        if (side == Side::a && c.ab > 0) contribution = pairs.cross[i] / c.ab;
        if (side == Side::b && c.ba > 0) contribution = -pairs.cross[i] / c.ba;
        result.ranks.push_back({side, weights[i], pairs.all[i], result.value ? contribution : 0.0});
    }
    if (result.n_a == 0 || result.n_b == 0)
        result.note = std::string("no document of group ") + (result.n_a == 0 ? "A" : "B") + " in the ranking, so the measure is undefined";
    else if (!result.value)  // only IGI's constants can be 0 with both groups present
        result.note = c.ab == 0
                          ? "C_AB = 0: no item of group A is more relevant than an item of group B, so M_AB and the measure are undefined"
                          : "C_BA = 0: no item of group B is more relevant than an item of group A, so M_BA and the measure are undefined";
    return result;
}

}  // namespace

Result dips(std::span<const Item> ranking, std::span<const double> weights, double ct) {
    return dips(ranking, weights, ct, levels_of(ranking));
}

Result dips(std::span<const Item> ranking, std::span<const double> weights, double ct, const Levels& levels) {
    std::vector<double> cumulative(ranking.size() + 1, 0.0);  // Σ_{k0 < m} F(k0)
    for (std::size_t m = 0; m < ranking.size(); ++m) cumulative[m + 1] = cumulative[m] + weights[m];
    return assemble(ranking, weights, ct, levels, [&](std::size_t, std::size_t n_a, std::size_t n_b) {
        // Eq. 10: the worst case of either group, the same for M_AB and M_BA.
        const double c = std::max(n_a * cumulative[n_b], n_b * cumulative[n_a]);
        return Constants{c, c};
    });
}

Result ree(std::span<const Item> ranking, double ct) { return ree(ranking, ct, levels_of(ranking)); }

Result ree(std::span<const Item> ranking, double ct, const Levels& levels) {
    const std::vector<double> ones(ranking.size(), 1.0);
    return assemble(ranking, ones, ct, levels, [](std::size_t, std::size_t n_a, std::size_t n_b) {
        const double c = static_cast<double>(n_a) * static_cast<double>(n_b);
        return Constants{c, c};
    });
}

Result igi(std::span<const Item> ranking, double ct) {
    // C_AB(c) = #{i in A, j in B among the top c : r_i > r_j}, counted as each item arrives.
    const auto levels = levels_of(ranking);
    Fenwick in_a(levels.count), in_b(levels.count);
    std::vector<Constants> prefix;
    Constants c{0, 0};
    for (std::size_t i = 0; i < ranking.size(); ++i) {
        const auto level = levels.of[i];
        if (ranking[i].side == Side::a) {
            c.ab += in_b.below(level);
            c.ba += in_b.above(level);
            in_a.add(level, 1);
        } else if (ranking[i].side == Side::b) {
            c.ab += in_a.above(level);
            c.ba += in_a.below(level);
            in_b.add(level, 1);
        }
        prefix.push_back(c);
    }
    const std::vector<double> ones(ranking.size(), 1.0);
    return assemble(ranking, ones, ct, levels, [&](std::size_t top, std::size_t, std::size_t) { return prefix[top - 1]; });
}

namespace {
const char* side_name(Side side) { return side == Side::a ? "A" : side == Side::b ? "B" : nullptr; }
}  // namespace

void write(JsonWriter& w, const Result& r, bool detail) {
    w.begin_object().member("value", r.value);
    if (!r.note.empty()) w.member("note", r.note);
    w.member("mAB", r.m_ab).member("mBA", r.m_ba).member("nA", r.n_a).member("nB", r.n_b);
    if (detail) {
        w.key("perRank").begin_array();
        for (const auto& rank : r.ranks) {
            w.begin_object().key("side");
            if (const char* side = side_name(rank.side))
                w.value(side);
            else
                w.null();
            w.member("weight", rank.weight).member("dissatisfaction", rank.dissatisfaction).member("contribution", rank.contribution);
            w.end_object();
        }
        w.end_array();
        w.key("atCutoff").array(std::span<const Maybe>(r.at_cutoff));
    }
    w.end_object();
}

// ------------------------------------------------------------------------------------------------
// The units: DIPS, REE and IGI read the whole ranking (no cut-off).

namespace {

// The note as the page shows it: "group A" with the name dipsGroups gives it, and so for B.
void name_side(std::string& note, std::string_view side, const std::string& name) {
    const auto at = note.find(side);
    if (at != std::string::npos) note.insert(at + side.size(), " (" + name + ")");
}

// Each side is named once in a note, at its first mention.
void name_sides(std::string& note, const Params& p, std::span<const std::string> groups) {
    if (note.empty() || p.dips_a >= groups.size() || p.dips_b >= groups.size()) return;
    name_side(note, "group A", groups[p.dips_a]);
    name_side(note, "group B", groups[p.dips_b]);
}

template <Result (*measure)(const MetricInputs&, const Params&)>
Maybe unit_value(const MetricInputs& in, const Params& p, std::size_t, bool, std::string* note) {
    auto result = measure(in, p);
    if (note && in.group_names) name_sides(result.note, p, *in.group_names);
    return value_and_note(result, note);
}

template <Result (*measure)(const MetricInputs&, const Params&)>
void unit_write(JsonWriter& w, const MetricInputs& in, const MetricContext& c, bool detail) {
    auto result = measure(in, c.params);
    name_sides(result.note, c.params, c.groups);
    write(w, result, detail);
}

Result dips_of(const MetricInputs& in, const Params& p) { return dips(in.items, in.browsing, p.ct); }
Result ree_of(const MetricInputs& in, const Params& p) { return ree(in.items, p.ct); }
Result igi_of(const MetricInputs& in, const Params& p) { return igi(in.items, p.ct); }

unsigned reads(const Params&) { return Reads::labels | Reads::relevance; }

const MetricUnit unit_list[] = {
    {.descriptor = &descriptor,
     .position = 30,
     .run_position = 30,
     .reads = reads,
     .without_labels = "undefined",
     .without_relevance = "counts every pair as a tie",
     .value = unit_value<dips_of>,
     .write = unit_write<dips_of>},
    {.descriptor = &ree_descriptor,
     .position = 60,
     .run_position = 60,
     .reads = reads,
     .without_labels = "undefined",
     .without_relevance = "counts every pair as a tie",
     .value = unit_value<ree_of>,
     .write = unit_write<ree_of>},
    {.descriptor = &igi_descriptor,
     .position = 70,
     .run_position = 70,
     .reads = reads,
     .without_labels = "undefined",
     .without_relevance = "counts every pair as a tie",
     .value = unit_value<igi_of>,
     .write = unit_write<igi_of>},
};

}  // namespace

std::span<const MetricUnit> units() { return unit_list; }

}  // namespace fairness::dips
