#include "fairness/experiments.hpp"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "fairness/json_writer.hpp"
#include "fairness/metrics/exposure.hpp"
#include "fairness/scenario.hpp"
#include "fairness/weights.hpp"
#include "strict_json.hpp"

namespace fairness::experiments {

Dataset synthetic(Random& random) {
    Dataset data;
    data.relevance.reserve(2 * items_per_group);
    data.side.reserve(2 * items_per_group);
    for (std::size_t i = 0; i < items_per_group; ++i) {
        data.relevance.push_back(random.uniform(0.5, 1.0));  // f_A = unif(0.5, 1)
        data.side.push_back(dips::Side::a);
    }
    for (std::size_t i = 0; i < items_per_group; ++i) {
        data.relevance.push_back(random.uniform(0.2, 0.7));  // f_B = unif(0.2, 0.7)
        data.side.push_back(dips::Side::b);
    }
    return data;
}

namespace {

// Indices of the items with `keep(i)`, by relevance descending, ties by index: a bucket sort over
// [min, max] (the values are spread evenly, so a bucket holds about one item), then an insertion
// sort within each bucket. The bucket of a value is monotone in it, so the result is exactly the
// sort by (-relevance, index), in expected linear time: this sort was a third of Figure 1a's time.
template <typename Keep>
std::vector<std::size_t> by_relevance(const Dataset& data, Keep&& keep) {
    std::vector<std::size_t> kept;
    kept.reserve(data.relevance.size());
    for (std::size_t i = 0; i < data.relevance.size(); ++i)
        if (keep(i)) kept.push_back(i);
    const auto before = [&](std::size_t a, std::size_t b) {
        return data.relevance[a] > data.relevance[b] || (data.relevance[a] == data.relevance[b] && a < b);
    };
    if (kept.empty()) return kept;
    double lo = data.relevance[kept[0]], hi = lo;
    for (const auto i : kept) lo = std::min(lo, data.relevance[i]), hi = std::max(hi, data.relevance[i]);
    if (!(hi > lo)) return kept;  // all equal: index order
    const std::size_t buckets = kept.size();
    const auto bucket = [&](std::size_t i) {
        const auto b = static_cast<std::size_t>((hi - data.relevance[i]) / (hi - lo) * static_cast<double>(buckets));
        return std::min(b, buckets - 1);
    };
    std::vector<std::size_t> start(buckets + 1, 0);
    for (const auto i : kept) ++start[bucket(i) + 1];
    for (std::size_t b = 0; b < buckets; ++b) start[b + 1] += start[b];
    std::vector<std::size_t> order(kept.size());
    std::vector<std::size_t> fill(start.begin(), start.end() - 1);
    for (const auto i : kept) order[fill[bucket(i)]++] = i;
    for (std::size_t b = 0; b < buckets; ++b)
        for (std::size_t j = start[b] + 1; j < start[b + 1]; ++j)
            for (std::size_t m = j; m > start[b] && before(order[m], order[m - 1]); --m) std::swap(order[m], order[m - 1]);
    return order;
}

}  // namespace

std::vector<std::size_t> ideal_order(const Dataset& data) {
    return by_relevance(data, [](std::size_t) { return true; });
}

std::vector<std::size_t> promotion_order(const Dataset& data, std::size_t k) { return promotion_order(data, ideal_order(data), k); }

std::vector<std::size_t> promotion_order(const Dataset& data, std::span<const std::size_t> ideal, std::size_t k) {
    std::vector<std::size_t> moved, rest;
    for (const auto i : ideal) {
        if (data.side[i] == dips::Side::b && moved.size() < promoted) {
            moved.push_back(i);
        } else {
            rest.push_back(i);
        }
    }
    k = std::min(k, rest.size());
    std::vector<std::size_t> order(rest.begin(), rest.begin() + static_cast<std::ptrdiff_t>(k));
    order.insert(order.end(), moved.begin(), moved.end());
    order.insert(order.end(), rest.begin() + static_cast<std::ptrdiff_t>(k), rest.end());
    return order;
}

std::vector<std::size_t> tie_breaking_order(const Dataset& data, double p_a, Random& random) {
    const auto a = by_relevance(data, [&](std::size_t i) { return data.side[i] == dips::Side::a; });
    const auto b = by_relevance(data, [&](std::size_t i) { return data.side[i] == dips::Side::b; });
    std::vector<std::size_t> order;
    order.reserve(a.size() + b.size());
    std::size_t ia = 0, ib = 0;
    while (ia < a.size() || ib < b.size()) {
        bool take_a;
        if (ib == b.size())
            take_a = true;
        else if (ia == a.size())
            take_a = false;
        else if (data.relevance[a[ia]] != data.relevance[b[ib]])
            take_a = data.relevance[a[ia]] > data.relevance[b[ib]];
        else
            take_a = random.uniform() < p_a;  // a tie at the top: A with probability p_A
        order.push_back(take_a ? a[ia++] : b[ib++]);
    }
    return order;
}

dips::Levels levels_in(const Dataset& data, std::span<const std::size_t> sorted, std::span<const std::size_t> order) {
    std::vector<std::size_t> level_of(data.relevance.size(), 0);
    std::size_t level = 0;
    for (std::size_t j = sorted.size(); j-- > 0;) {  // least relevant first
        if (j + 1 < sorted.size() && data.relevance[sorted[j]] != data.relevance[sorted[j + 1]]) ++level;
        level_of[sorted[j]] = level;
    }
    dips::Levels levels;
    levels.count = sorted.empty() ? 0 : level + 1;
    levels.of.reserve(order.size());
    for (const auto i : order) levels.of.push_back(level_of[i]);
    return levels;
}

namespace {

// Adds the measures of one ranking to the running sums of `point`. Every kernel reads the same
// relevance levels, found without a sort (levels_in).
void accumulate(Point& point, std::span<const dips::Item> items, std::span<const double> weights, const dips::Levels& levels) {
    for (auto& pair : point.pairwise) {
        const auto d = dips::dips(items, weights, pair.ct, levels);
        const auto r = dips::ree(items, pair.ct, levels);
        pair.dips += *d.value, pair.dips_ab += *d.m_ab, pair.dips_ba += *d.m_ba;
        pair.ree += *r.value, pair.ree_ab += *r.m_ab, pair.ree_ba += *r.m_ba;
    }
    const auto add = [&](Exposure& e, exposure::Target target) {
        const auto m = exposure::misallocation(items, weights, target, &levels);
        e.l1 += *m.l1;
        e.delta_a += *m.delta_a;
    };
    add(point.ee, exposure::Target::ee);
    add(point.ea, exposure::Target::ea);
    add(point.eadp, exposure::Target::eadp);
}

void divide(Point& point, std::size_t repetitions) {
    const double n = static_cast<double>(repetitions);
    for (auto& pair : point.pairwise)
        for (double* v : {&pair.dips, &pair.dips_ab, &pair.dips_ba, &pair.ree, &pair.ree_ab, &pair.ree_ba}) *v /= n;
    for (Exposure* e : {&point.ee, &point.ea, &point.eadp}) e->l1 /= n, e->delta_a /= n;
}

Point start(double x, std::span<const double> cts) {
    Point point;
    point.x = x;
    for (const double ct : cts) point.pairwise.push_back(Pairwise{.ct = ct});
    return point;
}

// What a condition builds from one repetition's data: the ranking (item indices in rank order) and
// every item by relevance descending (the ideal ranking), whose levels all the measures read.
struct Orders {
    std::vector<std::size_t> ranking, sorted;
};

// Runs `order_of(data, random)` for every repetition and averages the measures of the rankings.
template <typename OrderOf>
Point run(double x, std::uint64_t seed, std::size_t repetitions, std::span<const double> cts, OrderOf&& order_of) {
    const auto weights = browsing_weights(BrowsingModel::exponential, gamma, 2 * items_per_group);
    Point point = start(x, cts);
    std::vector<dips::Item> items(2 * items_per_group);
    for (std::size_t r = 0; r < repetitions; ++r) {
        Random random(seed + r);
        Dataset data = synthetic(random);
        const Orders orders = order_of(data, random);
        const auto& order = orders.ranking;
        for (std::size_t pos = 0; pos < order.size(); ++pos) items[pos] = {data.side[order[pos]], data.relevance[order[pos]]};
        accumulate(point, items, weights, levels_in(data, orders.sorted, order));
    }
    divide(point, repetitions);
    return point;
}

}  // namespace

Point figure_a(std::size_t k, std::uint64_t seed, std::size_t repetitions, std::span<const double> cts) {
    return run(static_cast<double>(k), seed, repetitions, cts, [k](const Dataset& data, Random&) {
        auto ideal = ideal_order(data);
        auto ranking = promotion_order(data, ideal, k);
        return Orders{std::move(ranking), std::move(ideal)};
    });
}

Point figure_b(double p_a, std::uint64_t seed, std::size_t repetitions, std::span<const double> cts) {
    return run(p_a, seed, repetitions, cts, [p_a](Dataset& data, Random& random) {
        for (double& r : data.relevance) r = std::round(r);  // r^q = round(r_i): 0 or 1
        auto ranking = tie_breaking_order(data, p_a, random);
        auto sorted = ranking;  // already by rounded relevance, descending
        return Orders{std::move(ranking), std::move(sorted)};
    });
}

// ------------------------------------------------------------------------------------------------
// The spec and the results as JSON.

namespace {

using json = nlohmann::json;

constexpr double max_seed = 9007199254740991.0;  // 2^53 - 1: every integer below is exact in JSON

std::string field_of(const std::string& parent, std::size_t index) { return parent + "[" + std::to_string(index) + "]"; }

double number(const json& j, const std::string& field) {
    if (!j.is_number()) throw ScenarioError(field, "must be a number, got " + json_text(j));
    const double v = j.get<double>();
    if (!std::isfinite(v)) throw ScenarioError(field, "must be a finite number");
    return v;
}

double whole(const json& j, const std::string& field, double lo, double hi) {
    const double v = number(j, field);
    if (v != std::floor(v) || v < lo || v > hi)
        throw ScenarioError(field, "must be a whole number from " + std::to_string(static_cast<long long>(lo)) + " to " +
                                       std::to_string(static_cast<long long>(hi)) + ", got " + json_text(j));
    return v;
}

// A count past its limit (core/limits.json), refused before anything runs.
void at_most(std::uint64_t count, const std::string& field, std::string_view unit, std::uint64_t limit, std::string_view key) {
    if (count > limit) throw ScenarioError(field, over_limit(count, unit, limit, key));
}

std::vector<double> numbers(const json& j, const std::string& field, std::size_t max_size) {
    if (!j.is_array() || j.empty()) throw ScenarioError(field, "must be an array of 1 to " + std::to_string(max_size) + " numbers");
    if (j.size() > max_size)
        throw ScenarioError(field, "must be an array of at most " + std::to_string(max_size) + " numbers, got " + std::to_string(j.size()));
    std::vector<double> out;
    for (std::size_t i = 0; i < j.size(); ++i) out.push_back(number(j[i], field_of(field, i)));
    return out;
}

}  // namespace

Spec parse_spec(std::string_view text, const Limits& limits) {
    const json root = parse_json_strictly(text, limits, "spec");
    if (!root.is_object()) throw ScenarioError("spec", "must be an object");
    for (const auto& [key, value] : root.items())
        if (key != "figure" && key != "xs" && key != "repetitions" && key != "seed" && key != "cts")
            throw ScenarioError(key.empty() ? "spec[\"\"]" : key, "unknown key; expected one of figure, xs, repetitions, seed, cts");
    Spec spec;
    if (!root.contains("figure") || !root["figure"].is_string() || (root["figure"] != "a" && root["figure"] != "b"))
        throw ScenarioError("figure", "must be \"a\" (systematic group advantage) or \"b\" (relevance ties)");
    spec.figure = root["figure"] == "a" ? Figure::a : Figure::b;
    if (root.contains("xs")) {
        if (root["xs"].is_array()) at_most(root["xs"].size(), "xs", "points", limits.experiment_points, limit_key::experiment_points);
        spec.xs = numbers(root["xs"], "xs", static_cast<std::size_t>(limits.experiment_points));
        for (std::size_t i = 0; i < spec.xs.size(); ++i) {
            if (spec.figure == Figure::a)
                whole(root["xs"][i], field_of("xs", i), 0, static_cast<double>(2 * items_per_group - promoted));
            else if (spec.xs[i] < 0 || spec.xs[i] > 1)
                throw ScenarioError(field_of("xs", i), "p_A must be in [0, 1], got " + json_text(root["xs"][i]));
        }
    } else if (spec.figure == Figure::a) {
        for (int k = 0; k < 100; ++k) spec.xs.push_back(k);  // k = 0..99
    } else {
        for (int i = 0; i <= 10; ++i) spec.xs.push_back(i / 10.0);  // p_A = 0, 0.1, ..., 1
    }
    if (root.contains("repetitions")) {
        const double repetitions = number(root["repetitions"], "repetitions");
        if (repetitions < 1 || repetitions != std::floor(repetitions))
            throw ScenarioError("repetitions", "must be a whole number of at least 1, got " + json_text(root["repetitions"]));
        at_most(static_cast<std::uint64_t>(repetitions), "repetitions", "repetitions", limits.experiment_repetitions,
                limit_key::experiment_repetitions);
        spec.repetitions = static_cast<std::size_t>(repetitions);
    }
    if (root.contains("seed")) spec.seed = static_cast<std::uint64_t>(whole(root["seed"], "seed", 0, max_seed));
    if (root.contains("cts")) {
        spec.cts = numbers(root["cts"], "cts", 8);
        for (std::size_t i = 0; i < spec.cts.size(); ++i)
            if (spec.cts[i] < 0 || spec.cts[i] > 1)
                throw ScenarioError(field_of("cts", i), "must be in [0, 1], got " + json_text(root["cts"][i]));
    } else {
        spec.cts = spec.figure == Figure::a ? std::vector<double>{0.5} : std::vector<double>{0, 1};
    }
    return spec;
}

namespace {

void write_spec(JsonWriter& w, const Spec& spec) {
    w.member("figure", spec.figure == Figure::a ? "a" : "b");
    w.key("xs").array(std::span<const double>(spec.xs));
    w.member("repetitions", spec.repetitions).member("seed", static_cast<unsigned long long>(spec.seed));
    w.key("cts").array(std::span<const double>(spec.cts));
}

void write_point(JsonWriter& w, const Point& p) {
    w.begin_object().member("x", p.x).key("pairwise").begin_array();
    for (const auto& pair : p.pairwise) {
        w.begin_object().member("ct", pair.ct);
        w.key("dips").begin_object().member("value", pair.dips).member("mAB", pair.dips_ab).member("mBA", pair.dips_ba).end_object();
        w.key("ree").begin_object().member("value", pair.ree).member("mAB", pair.ree_ab).member("mBA", pair.ree_ba).end_object();
        w.end_object();
    }
    w.end_array();
    for (const auto& [name, e] : {std::pair{"ee", &p.ee}, std::pair{"ea", &p.ea}, std::pair{"eadp", &p.eadp}})
        w.key(name).begin_object().member("l1", e->l1).member("deltaA", e->delta_a).end_object();
    w.end_object();
}

}  // namespace

std::string spec_json(const Spec& spec) {
    JsonWriter w;
    w.begin_object();
    write_spec(w, spec);
    w.end_object();
    return w.take();
}

std::string run_json(std::string_view text, const Limits& limits) {
    const Spec spec = parse_spec(text, limits);
    JsonWriter w;
    w.begin_object();
    write_spec(w, spec);
    w.key("points").begin_array();
    for (const double x : spec.xs)
        write_point(w, spec.figure == Figure::a ? figure_a(static_cast<std::size_t>(x), spec.seed, spec.repetitions, spec.cts)
                                                : figure_b(x, spec.seed, spec.repetitions, spec.cts));
    w.end_array().end_object();
    return w.take();
}

}  // namespace fairness::experiments
