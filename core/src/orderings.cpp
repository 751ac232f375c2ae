#include "fairness/orderings.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "fairness/json_writer.hpp"
#include "fairness/ranking_context.hpp"

namespace fairness {

namespace {

// How fair a value is under the metric's direction: larger is fairer.
double fairness_score(Fairer fairer, double value) {
    switch (fairer) {
        case Fairer::higher: return value;
        case Fairer::lower: return -value;
        case Fairer::closer_to_zero: return -std::abs(value);
    }
    return value;
}

// `a` is better than `b` by more than rounding: orderings whose values differ by less are ties.
bool beats(double a, double b) { return a > b + 1e-12 * std::max(1.0, std::abs(b)); }

// The best ordering seen so far under one objective (larger objective wins).
struct Tracker {
    bool found = false;
    double objective = 0;
    double value = 0;
    std::vector<std::size_t> order;
    std::size_t ties = 0;

    void offer(double candidate, double raw, std::span<const std::size_t> candidate_order) {
        if (!found || beats(candidate, objective)) {
            found = true;
            objective = candidate;
            value = raw;
            order.assign(candidate_order.begin(), candidate_order.end());
            ties = 1;
        } else if (!beats(objective, candidate)) {
            ++ties;
        }
    }

    std::optional<Extreme> result(bool count_ties) const {
        if (!found) return std::nullopt;
        return Extreme{order, value, count_ties ? ties : 0};
    }
};

std::vector<std::size_t> identity(std::size_t n) {
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    return order;
}

std::string undefined_note(const RankingContext& context, std::size_t metric, bool exhaustive) {
    std::string reason;
    context.value(metric, identity(context.size()), &reason);
    std::string note = exhaustive ? "undefined for every ordering of these documents" : "undefined for every ordering the search tried";
    if (!reason.empty()) note += ": " + reason;
    return note;
}

// splitmix64 (Steele, Lea, Flood 2014): a small, fast generator whose sequence is the same on
// every platform, unlike the distributions of <random>.
class SplitMix64 {
public:
    explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    // Uniform in [0, bound) (modulo bias below 2^-50 for the small bounds used here).
    std::size_t below(std::size_t bound) { return static_cast<std::size_t>(next() % bound); }

private:
    std::uint64_t state_;
};

std::uint64_t fnv1a(std::string_view text) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (const unsigned char c : text) h = (h ^ c) * 0x100000001b3ull;
    return h;
}

// ------------------------------------------------------------------------------------------------
// Exhaustive

void exhaustive(const RankingContext& context, Orderings& out) {
    const auto& metrics = all_metrics();
    const std::size_t n = context.size();
    std::vector<Tracker> best(metrics.size()), worst(metrics.size());
    auto order = identity(n);
    bool first = true;
    do {
        const auto values = context.values(order);
        for (std::size_t m = 0; m < metrics.size(); ++m) {
            if (first) out.metrics[m].current = values[m];
            if (!values[m]) continue;
            const double s = fairness_score(metrics[m]->fairer, *values[m]);
            best[m].offer(s, *values[m], order);
            worst[m].offer(-s, *values[m], order);
        }
        first = false;
        ++out.evaluated;
    } while (std::next_permutation(order.begin(), order.end()));
    for (std::size_t m = 0; m < metrics.size(); ++m) {
        out.metrics[m].best = best[m].result(true);
        out.metrics[m].worst = worst[m].result(true);
        if (!best[m].found) out.metrics[m].note = undefined_note(context, m, true);
    }
    out.exhaustive = true;
    out.method = "exhaustive: " + std::to_string(out.evaluated) + (out.evaluated == 1 ? " ordering" : " orderings");
}

// ------------------------------------------------------------------------------------------------
// Local search

std::size_t budget_of(const OrderingOptions& options, std::size_t n) {
    if (options.budget > 0) return options.budget;
    return std::min<std::size_t>(40000, 400000 / std::max<std::size_t>(n, 1));
}

class Climber {
public:
    Climber(const RankingContext& context, std::size_t metric, double sign, const OrderingOptions& options)
        : context_(context), metric_(metric), sign_(sign), budget_(budget_of(options, context.size())) {
        const auto* d = all_metrics()[metric];
        fairer_ = d->fairer;
        const std::size_t n = context.size();
        // Ranks at and below `fixed_from` do not count for a cut-off metric.
        fixed_from_ = d->uses_cutoff ? std::min(context.scenario().params.k, n) : n;
    }

    // Climbs from every start in turn while the budget lasts.
    void run(const std::vector<std::vector<std::size_t>>& fixed_starts, std::size_t random_starts, std::uint64_t seed) {
        std::vector<std::vector<std::size_t>> tried;
        const auto climb_new = [&](const std::vector<std::size_t>& start) {
            if (std::find(tried.begin(), tried.end(), start) != tried.end()) return;
            tried.push_back(start);
            ++starts;
            climb(start);
        };
        for (const auto& start : fixed_starts) {
            if (exhausted()) return;
            climb_new(start);
        }
        SplitMix64 rng(seed);
        for (std::size_t i = 0; i < random_starts && !exhausted(); ++i) {
            auto start = identity(context_.size());
            for (std::size_t j = start.size(); j > 1; --j) std::swap(start[j - 1], start[rng.below(j)]);
            climb_new(start);
        }
        // Iterated local search: kick the best order found (three random swaps, each touching a
        // rank that counts) and climb again.
        const std::size_t n = context_.size();
        if (n < 2 || !tracker.found) return;
        for (std::size_t i = 0; i < kicks && !exhausted(); ++i) {
            auto start = tracker.order;
            for (int swap = 0; swap < 3; ++swap) {
                const std::size_t a = rng.below(std::max<std::size_t>(fixed_from_, 1));
                std::size_t b = rng.below(n - 1);
                if (b >= a) ++b;
                std::swap(start[a], start[b]);
            }
            ++starts;
            climb(start);
        }
    }

    std::size_t kicks = 0;

    Tracker tracker;
    std::size_t used = 0;
    std::size_t starts = 0;

private:
    bool exhausted() const { return used >= budget_; }

    std::optional<double> evaluate(std::span<const std::size_t> order) {
        ++used;
        const Maybe v = context_.value(metric_, order);
        if (!v) return std::nullopt;
        const double objective = sign_ * fairness_score(fairer_, *v);
        tracker.offer(objective, *v, order);
        return objective;
    }

    // Steepest ascent: take the best neighbour while it improves on the current order.
    void climb(std::vector<std::size_t> current) {
        if (exhausted()) return;
        std::optional<double> here = evaluate(current);
        const std::size_t n = current.size();
        std::vector<std::size_t> neighbour(n);
        while (true) {
            std::optional<double> best;
            std::size_t best_i = 0, best_j = 0;
            bool best_is_move = false;
            const auto consider = [&](std::size_t i, std::size_t j, bool move) {
                neighbour = current;
                if (!move)
                    std::swap(neighbour[i], neighbour[j]);
                else if (i < j)
                    std::rotate(neighbour.begin() + i, neighbour.begin() + i + 1, neighbour.begin() + j + 1);
                else
                    std::rotate(neighbour.begin() + j, neighbour.begin() + i, neighbour.begin() + i + 1);
                const auto value = evaluate(neighbour);
                if (value && (!best || beats(*value, *best))) {
                    best = value;
                    best_i = i, best_j = j, best_is_move = move;
                }
            };
            for (std::size_t i = 0; i < n && !exhausted(); ++i)
                for (std::size_t j = i + 1; j < n && !exhausted(); ++j) {
                    if (i >= fixed_from_) continue;  // only rearranges ranks that do not count
                    consider(i, j, false);
                    // A move to the next position is that swap; other moves in both directions.
                    if (j > i + 1) {
                        if (!exhausted()) consider(i, j, true);
                        if (!exhausted()) consider(j, i, true);
                    }
                }
            if (!best || (here && !beats(*best, *here))) return;  // a local optimum (or out of budget)
            if (!best_is_move)
                std::swap(current[best_i], current[best_j]);
            else if (best_i < best_j)
                std::rotate(current.begin() + best_i, current.begin() + best_i + 1, current.begin() + best_j + 1);
            else
                std::rotate(current.begin() + best_j, current.begin() + best_i, current.begin() + best_i + 1);
            here = best;
            if (exhausted()) return;
        }
    }

    const RankingContext& context_;
    std::size_t metric_;
    double sign_;
    std::size_t budget_;
    Fairer fairer_ = Fairer::higher;
    std::size_t fixed_from_ = 0;
};

void search(const RankingContext& context, const OrderingOptions& options, Orderings& out) {
    const auto& metrics = all_metrics();
    const std::size_t n = context.size();
    const auto& docs = context.ranking().docs;
    std::vector<std::vector<std::size_t>> fixed{identity(n)};
    auto by_relevance = identity(n);
    std::stable_sort(by_relevance.begin(), by_relevance.end(),
                     [&](std::size_t a, std::size_t b) { return docs[a].relevance > docs[b].relevance; });
    fixed.push_back(by_relevance);
    std::reverse(by_relevance.begin(), by_relevance.end());
    fixed.push_back(by_relevance);

    for (std::size_t m = 0; m < metrics.size(); ++m) {
        out.metrics[m].current = context.value(m, fixed.front());
        for (const double sign : {1.0, -1.0}) {
            Climber climber(context, m, sign, options);
            climber.kicks = options.kicks;
            const std::uint64_t seed = fnv1a(metrics[m]->id) ^ (sign > 0 ? 0 : 0x5bd1e9955bd1e995ull) ^ options.seed;
            climber.run(fixed, options.random_starts, seed);
            out.evaluated += climber.used;
            out.starts += climber.starts;
            (sign > 0 ? out.metrics[m].best : out.metrics[m].worst) = climber.tracker.result(false);
        }
        if (!out.metrics[m].best) out.metrics[m].note = undefined_note(context, m, false);
    }
    out.exhaustive = false;
    out.method =
        "local search: " + std::to_string(out.starts) + " starts, " + std::to_string(out.evaluated) + " evaluations; may miss the optimum";
}

void write_extreme(JsonWriter& w, const Ranking& ranking, const std::optional<Extreme>& e, bool exhaustive) {
    if (!e) {
        w.null();
        return;
    }
    w.begin_object();
    w.key("order").begin_array();
    for (const auto i : e->order) w.value(i);
    w.end_array();
    w.key("ids").begin_array();
    for (const auto i : e->order) {
        if (ranking.docs[i].id)
            w.value(*ranking.docs[i].id);
        else
            w.null();
    }
    w.end_array();
    w.member("value", e->value);
    if (exhaustive) w.member("ties", e->ties);
    w.end_object();
}

}  // namespace

Orderings find_orderings(const Scenario& scenario, std::size_t ranking, const OrderingOptions& options) {
    if (ranking >= scenario.rankings.size())
        throw ScenarioError("ranking", "there is no ranking " + std::to_string(ranking) + " (the scenario has " +
                                           std::to_string(scenario.rankings.size()) + ")");
    const RankingContext context(scenario, ranking);
    const std::size_t n = context.size();
    using Method = OrderingOptions::Method;
    const bool exhaustive_wanted =
        options.method == Method::exhaustive || (options.method == Method::automatic && n <= options.exhaustive_limit);
    const std::uint64_t max_documents = options.limits->ordering_documents;
    if (!exhaustive_wanted && n > max_documents)
        throw ScenarioError("rankings[" + std::to_string(ranking) + "].docs",
                            "best and worst orderings are searched for up to " + std::to_string(max_documents) +
                                " documents: " + over_limit(n, "documents", max_documents, limit_key::ordering_documents));

    if (exhaustive_wanted && n > 12)
        throw ScenarioError("rankings[" + std::to_string(ranking) + "].docs",
                            "an exhaustive search over " + std::to_string(n) + "! orderings would not finish");

    Orderings out;
    out.ranking_index = ranking;
    out.ranking = context.ranking().name;
    out.n = n;
    out.k = std::min(scenario.params.k, n);
    for (const auto* m : all_metrics()) out.metrics.push_back({m, std::nullopt, std::nullopt, std::nullopt, {}});
    if (exhaustive_wanted)
        exhaustive(context, out);
    else
        search(context, options, out);
    return out;
}

std::string orderings_text(const Scenario& scenario, const Orderings& o) {
    const Ranking* ranking = &scenario.rankings.at(o.ranking_index);
    JsonWriter w;
    w.begin_object().member("ranking", o.ranking).member("n", o.n).member("k", o.k);
    w.member("method", o.method).member("exhaustive", o.exhaustive).member("evaluated", o.evaluated);
    w.key("metrics").begin_array();
    for (const auto& m : o.metrics) {
        w.begin_object().member("id", m.metric->id).member("name", m.metric->name).member("fairer", to_string(m.metric->fairer));
        w.member("current", m.current);
        write_extreme(w.key("best"), *ranking, m.best, o.exhaustive);
        write_extreme(w.key("worst"), *ranking, m.worst, o.exhaustive);
        if (!m.note.empty()) w.member("note", m.note);
        w.end_object();
    }
    w.end_array().end_object();
    return w.take();
}

std::string orderings_json(std::string_view scenario_json, std::size_t ranking, const Limits& limits) {
    const Scenario scenario = parse_scenario(scenario_json, limits);
    OrderingOptions options;
    options.limits = &limits;
    return orderings_text(scenario, find_orderings(scenario, ranking, options));
}

}  // namespace fairness
