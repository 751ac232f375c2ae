// Shared by the doctest files: run a scenario given as JSON text, read numbers out of the results,
// and draw seeded random rankings for the property tests. Nothing here computes a metric: the
// expected values live in the tests, worked out by hand.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <concepts>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "fairness/evaluate.hpp"
#include "fairness/scenario.hpp"

namespace th {

using fairness::Json;

// The position bias p(r) = 1 / log2(r + 1), written out here rather than taken from weights.hpp.
inline double p(int r) { return 1.0 / std::log2(static_cast<double>(r) + 1.0); }

// Logarithms that appear in hand-computed values.
inline const double L3 = std::log2(3.0);  // p(2) = 1 / L3
inline const double L5 = std::log2(5.0);  // p(4) = 1 / L5

inline doctest::Approx near(double x) { return doctest::Approx(x).epsilon(1e-12); }

// A scenario of one ranking whose documents carry only these labels (no text), with `params`;
// `groups` (with an empty lexicon) when given.
inline Json labelled(const std::vector<std::string>& labels, Json params = Json::object(), Json groups = nullptr) {
    Json docs = Json::array();
    for (const auto& label : labels) docs.push_back(Json{{"label", label}});
    Json s{{"params", std::move(params)}, {"rankings", Json::array({Json{{"docs", docs}}})}};
    if (!groups.is_null()) {
        s["groups"] = std::move(groups);
        s["lexicon"] = Json::object();
    }
    return s;
}

// Whether this is npm test's second build of the suite, under AddressSanitizer and UBSan. That
// build looks for memory and undefined-behaviour errors on the code paths the tests reach, and
// runs some 17 times slower: its property loops take a fifth of the rounds (rounds()), which reach
// the same paths; the native build runs them all.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool sanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool sanitized = true;
#else
inline constexpr bool sanitized = false;
#endif
#else
inline constexpr bool sanitized = false;
#endif

// The rounds of a property loop: all of them natively, a fifth under the sanitizers.
constexpr unsigned rounds(unsigned n) { return sanitized ? (n + 4) / 5 : n; }

// Every metric of SPEC for the scenario, as fairness::evaluate returns it.
// The scenario is JSON text, or a Json value (taken exactly, so that text never converts to Json).
inline Json run(std::string_view scenario) { return fairness::evaluate(fairness::parse_scenario(scenario)); }
template <std::same_as<Json> J>
Json run(const J& scenario) {
    return run(std::string_view(scenario.dump()));
}

// The results of the first (often only) ranking.
inline Json first(std::string_view scenario) { return run(scenario)["rankings"][0]; }
template <std::same_as<Json> J>
Json first(const J& scenario) {
    return run(scenario)["rankings"][0];
}

// A number of the results; fails the test (not just the check) if it is null or missing.
inline double num(const Json& j) {
    REQUIRE_MESSAGE(j.is_number(), "expected a number, got " << j.dump());
    return j.get<double>();
}

// `word` repeated `times`, separated by spaces: "she she she".
inline std::string repeat(std::string_view word, int times) {
    std::string out;
    for (int i = 0; i < times; ++i) out += (i ? " " : "") + std::string(word);
    return out;
}

// The field named by the ScenarioError that the scenario raises; "(accepted)" if none.
inline std::string refused_field(std::string_view scenario) {
    try {
        fairness::parse_scenario(scenario);
    } catch (const fairness::ScenarioError& error) {
        return error.field();
    }
    return "(accepted)";
}

// Two metric values (numbers or null) are the same: both null, or both numbers within 1e-12.
inline bool same_value(const Json& a, const Json& b) {
    if (a.is_null() || b.is_null()) return a.is_null() && b.is_null();
    return a.get<double>() == near(b.get<double>());
}

// ------------------------------------------------------------------------------------------------
// Seeded random scenarios. The lexicon is small and fixed, so a test knows which words count:
// female {she, her, woman}, male {he, him, man}; the filler words belong to no group.
inline const std::vector<std::string> female_words{"she", "her", "woman"};
inline const std::vector<std::string> male_words{"he", "him", "man"};
inline const std::vector<std::string> filler_words{"the", "a", "cat", "sat", "on", "mat", "ran", "home"};

inline Json small_lexicon() { return Json{{"female", female_words}, {"male", male_words}}; }

// A one-ranking scenario from (side, relevance) pairs, for the pairwise and exposure measures:
// 'A' is female, 'B' male (the default DIPS groups), anything else neutral.
inline Json sided_ranking(const std::vector<std::pair<char, double>>& items, Json params = Json::object()) {
    Json docs = Json::array();
    for (const auto& [side, relevance] : items) {
        const char* label = side == 'A' ? "female" : side == 'B' ? "male" : "neutral";
        docs.push_back(Json{{"label", label}, {"relevance", relevance}});
    }
    return Json{{"params", std::move(params)}, {"rankings", Json::array({Json{{"docs", docs}}})}};
}

class Gen {
public:
    explicit Gen(unsigned seed) : rng_(seed) {}

    int integer(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
    double real(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng_); }
    template <typename T>
    const T& pick(const std::vector<T>& items) {
        return items[static_cast<std::size_t>(integer(0, static_cast<int>(items.size()) - 1))];
    }
    std::mt19937& engine() { return rng_; }

    // 0 to 8 words: filler only when `neutral`, else at least one group word.
    std::string text(bool neutral) {
        std::vector<std::string> words;
        const int n = integer(neutral ? 0 : 1, 8);
        for (int i = 0; i < n; ++i) {
            const int kind = neutral ? 0 : integer(0, 2);
            words.push_back(kind == 0 ? pick(filler_words) : kind == 1 ? pick(female_words) : pick(male_words));
        }
        if (!neutral && std::none_of(words.begin(), words.end(), [](const std::string& w) {
                return std::find(filler_words.begin(), filler_words.end(), w) == filler_words.end();
            }))
            words[0] = integer(0, 1) ? pick(female_words) : pick(male_words);
        std::string out;
        for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
        return out;
    }

    // A document with a random text (neutral one time in three), label and relevance 0..3.
    Json doc(const std::string& id) {
        static const std::vector<std::string> labels{"female", "male", "neutral"};
        return Json{{"id", id}, {"text", text(integer(0, 2) == 0)}, {"label", pick(labels)}, {"relevance", integer(0, 3)}};
    }

    std::vector<Json> docs(int n, const std::string& prefix) {
        std::vector<Json> out;
        for (int i = 0; i < n; ++i) out.push_back(doc(prefix + std::to_string(i)));
        return out;
    }

    // One ranking of 1..12 documents, 0..5 background documents, a random k in 1..14.
    Json scenario() {
        Json s;
        s["lexicon"] = small_lexicon();
        s["params"] = Json{{"k", integer(1, 14)}};
        s["rankings"] = Json::array({Json{{"name", "R"}, {"docs", docs(integer(1, 12), "d")}}});
        s["background"] = docs(integer(0, 5), "b");
        return s;
    }

private:
    std::mt19937 rng_;
};

}  // namespace th
