// RaB and ARaB (Rekabsaz and Schedl, SIGIR 2020), with the conventions of the public code
// (navid-rekabsaz/GenderBias_IR): tf = ln(c + 1), bool = [c > 0], means over t' = min(t, n), and
// value = mean_m - mean_f.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "fairness/metrics/rab.hpp"
#include "helpers.hpp"

using fairness::RabMagnitude;
using th::first;
using th::near;
using th::num;
using Json = fairness::Json;

namespace {

const double ln2 = std::log(2.0), ln3 = std::log(3.0);

// c_f = 1, 1, 0, 0 and c_m = 2, 0, 0, 1 at ranks 1..4.
const std::vector<double> cf{1, 1, 0, 0}, cm{2, 0, 0, 1};

void check_parts(const fairness::rab::Parts& p, double f, double m) {
    REQUIRE(p.value.has_value());
    CHECK(*p.f == near(f));
    CHECK(*p.m == near(m));
    CHECK(*p.value == near(m - f));
}

// One ranking whose documents hold the given texts; lexicon she/her (female), he/him (male).
Json texts(const std::vector<std::string>& docs, Json params = Json::object()) {
    Json list = Json::array();
    for (const auto& t : docs) list.push_back(Json{{"text", t}});
    return Json{{"lexicon", {{"female", {"she", "her"}}, {"male", {"he", "him"}}}},
                {"params", std::move(params)},
                {"rankings", Json::array({Json{{"docs", list}}})}};
}

}  // namespace

TEST_CASE("compute at t = 3: every magnitude, both measures, each group's part") {
    const auto r = fairness::rab::compute(cf, cm, 3);
    CHECK(r.cutoff == 3);
    // RaB@3, tc: f (1 + 1 + 0) / 3 = 2/3, m (2 + 0 + 0) / 3 = 2/3, value 0.
    check_parts(of(r.rab, RabMagnitude::tc), 2.0 / 3, 2.0 / 3);
    // tf: f (ln 2 + ln 2 + 0) / 3, m (ln 3 + 0 + 0) / 3.
    check_parts(of(r.rab, RabMagnitude::tf), 2 * ln2 / 3, ln3 / 3);
    // bool: f (1 + 1 + 0) / 3, m (1 + 0 + 0) / 3: value -1/3 (leans to f).
    check_parts(of(r.rab, RabMagnitude::boolean), 2.0 / 3, 1.0 / 3);
    // ARaB@3 = mean of RaB@1, RaB@2, RaB@3.
    // tc: f (1 + 1 + 2/3) / 3 = 8/9; m (2 + 1 + 2/3) / 3 = 11/9.
    check_parts(of(r.arab, RabMagnitude::tc), 8.0 / 9, 11.0 / 9);
    // tf: f (ln 2 + ln 2 + 2 ln 2 / 3) / 3 = 8 ln 2 / 9; m (ln 3 + ln 3 / 2 + ln 3 / 3) / 3 = 11 ln 3 / 18.
    check_parts(of(r.arab, RabMagnitude::tf), 8 * ln2 / 9, 11 * ln3 / 18);
    // bool: f (1 + 1 + 2/3) / 3 = 8/9; m (1 + 1/2 + 1/3) / 3 = 11/18.
    check_parts(of(r.arab, RabMagnitude::boolean), 8.0 / 9, 11.0 / 18);
}

TEST_CASE("t beyond the ranking: t' = n (the code's mean over the list's first t entries)") {
    const auto r = fairness::rab::compute(cf, cm, 10);
    CHECK(r.cutoff == 4);
    // RaB, tc: f 2/4, m 3/4.
    check_parts(of(r.rab, RabMagnitude::tc), 0.5, 0.75);
    // ARaB, tc over x = 1..4: f (1 + 1 + 2/3 + 2/4) / 4 = 19/24; m (2 + 1 + 2/3 + 3/4) / 4 = 53/48.
    check_parts(of(r.arab, RabMagnitude::tc), 19.0 / 24, 53.0 / 48);
    // Equal to t = n exactly.
    const auto at_n = fairness::rab::compute(cf, cm, 4);
    CHECK(*of(r.arab, RabMagnitude::tf).value == *of(at_n.arab, RabMagnitude::tf).value);
}

TEST_CASE("the public code's own example (step 2 notebook): ten documents, tc") {
    // Its per-document (f - m, f, m) tuples: rank 2 has 3 female terms, rank 8 five male, rank 10 two male.
    const std::vector<double> f{0, 3, 0, 0, 0, 0, 0, 0, 0, 0}, m{0, 0, 0, 0, 0, 0, 0, 5, 0, 2};
    const auto r = fairness::rab::compute(f, m, 10);
    // RaB@10: f 3/10, m 7/10.
    check_parts(of(r.rab, RabMagnitude::tc), 0.3, 0.7);
    // ARaB@10: RaB_f@x = 3/x for x >= 2, so f = 3 (1/2 + ... + 1/10) / 10; RaB_m@x = 5/x at x = 8, 9
    // and 7/10 at x = 10, so m = (5/8 + 5/9 + 7/10) / 10.
    double h = 0;
    for (int x = 2; x <= 10; ++x) h += 1.0 / x;
    check_parts(of(r.arab, RabMagnitude::tc), 3 * h / 10, (5.0 / 8 + 5.0 / 9 + 7.0 / 10) / 10);
}

TEST_CASE("an empty ranking: every part null, and the report says why") {
    const std::vector<double> none;
    const auto r = fairness::rab::compute(none, none, 10);
    CHECK(r.cutoff == 0);
    for (const auto m : fairness::rab::magnitudes) {
        CHECK_FALSE(of(r.rab, m).value.has_value());
        CHECK_FALSE(of(r.arab, m).f.has_value());
    }
    const auto report = fairness::rab::report(fairness::rab::Which::arab, none, none, 10, RabMagnitude::tf);
    CHECK_FALSE(report.value.has_value());
    CHECK_FALSE(report.note.empty());
    CHECK(report.ranks.empty());
    CHECK(report.at_cutoff.empty());
}

TEST_CASE("magnitudes: tc c, tf ln(c + 1), bool [c > 0]") {
    using fairness::rab::magnitude;
    CHECK(magnitude(RabMagnitude::tc, 3) == 3);
    CHECK(magnitude(RabMagnitude::tf, 3) == near(std::log(4.0)));
    CHECK(magnitude(RabMagnitude::tf, 0) == 0);
    CHECK(magnitude(RabMagnitude::boolean, 3) == 1);
    CHECK(magnitude(RabMagnitude::boolean, 0) == 0);
}

TEST_CASE("in a scenario: counts from the lexicon, value of params.rabMagnitude, per-rank weights") {
    // c_f, c_m: "he he she" 1, 2; "her" 1, 0; "nothing" 0, 0; "him" 0, 1 (the counts of `cf`, `cm`).
    const std::vector<std::string> docs{"he he she", "her", "nothing", "him"};
    const auto r = first(texts(docs, {{"k", 3}}));
    CAPTURE(r.dump());
    const auto& rab = r["rab"];
    CHECK(rab["magnitude"] == "tf");  // the default
    CHECK(rab["groups"] == Json::array({"female", "male"}));
    CHECK(num(rab["value"]) == near((ln3 - 2 * ln2) / 3));
    CHECK(num(rab["tf"]["parts"]["female"]) == near(2 * ln2 / 3));
    CHECK(num(rab["bool"]["value"]) == near(-1.0 / 3));
    CHECK(num(rab["tc"]["value"]) == near(0.0));
    CHECK(num(r["arab"]["tc"]["parts"]["male"]) == near(11.0 / 9));
    // RaB's perRank: mag_f, mag_m (tf) of each document, below the cut-off too.
    CHECK(rab["perRank"][0] == Json{{"mag", {{"female", ln2}, {"male", ln3}}}});
    CHECK(rab["perRank"][3] == Json{{"mag", {{"female", 0.0}, {"male", ln2}}}});
    // ARaB's weights: w_i = (1/3) Σ_{x=i..3} 1/x: 11/18, 5/18, 1/9.
    CHECK(num(r["arab"]["perRank"][0]["weight"]) == near(11.0 / 18));
    CHECK(num(r["arab"]["perRank"][1]["weight"]) == near(5.0 / 18));
    CHECK(num(r["arab"]["perRank"][2]["weight"]) == near(1.0 / 9));
    // Below the cut-off: weight 0; ARaB's rows carry the same magnitudes as RaB's.
    CHECK(r["arab"]["perRank"][3] == Json{{"mag", {{"female", 0.0}, {"male", ln2}}}, {"weight", 0.0}});
    // rabMagnitude picks the value; the three magnitudes stay reported.
    const auto as_bool = first(texts(docs, {{"k", 3}, {"rabMagnitude", "bool"}}));
    CHECK(num(as_bool["rab"]["value"]) == near(-1.0 / 3));
    CHECK(num(as_bool["arab"]["value"]) == near(11.0 / 18 - 8.0 / 9));
    CHECK(as_bool["rab"]["tf"] == rab["tf"]);
    // atCutoff: RaB@1 tf = ln 3 - ln 2; RaB@4 tf = (ln 3 + ln 2 - 2 ln 2) / 4.
    CHECK(num(rab["atCutoff"][0]) == near(ln3 - ln2));
    CHECK(num(rab["atCutoff"][3]) == near((ln3 - ln2) / 4));
}

TEST_CASE("rabGroups: swapping f and m negates every value; defaults") {
    const std::vector<std::string> docs{"he he she", "her", "nothing", "him"};
    const auto fm = first(texts(docs));
    const auto mf = first(texts(docs, {{"rabGroups", {"male", "female"}}}));
    for (const char* metric : {"rab", "arab"})
        for (const char* m : {"tc", "tf", "bool"}) {
            CAPTURE(metric);
            CAPTURE(m);
            CHECK(num(mf[metric][m]["value"]) == -num(fm[metric][m]["value"]));
        }
    CHECK(mf["rab"]["groups"] == Json::array({"male", "female"}));
    // Groups named otherwise: f and m are the first two groups (as dipsGroups).
    const auto other = th::run(std::string_view(R"({"groups": ["a", "b", "c"], "lexicon": {"a": ["x"], "b": ["y"], "c": ["z"]},
        "rankings": [{"docs": [{"text": "y y z"}]}]})"));
    CHECK(other["params"]["rabGroups"] == Json::array({"a", "b"}));
    CHECK(num(other["rankings"][0]["rab"]["tc"]["value"]) == near(2.0));  // c_b - c_a = 2 - 0
    // Female and male among other groups, in any order: they are f and m.
    const auto mixed =
        th::run(std::string_view(R"({"groups": ["male", "other", "female"], "lexicon": {"male": ["he"], "other": ["it"], "female": ["she"]},
        "rankings": [{"docs": [{"text": "she it"}]}]})"));
    CHECK(mixed["params"]["rabGroups"] == Json::array({"female", "male"}));
    CHECK(num(mixed["rankings"][0]["rab"]["tc"]["value"]) == near(-1.0));
}

TEST_CASE("bad rabGroups and rabMagnitude are refused, naming the field") {
    using th::refused_field;
    const auto with = [](const char* params) { return std::string(R"({"params": )") + params + R"(, "rankings": [{"docs": [{}]}]})"; };
    CHECK(refused_field(with(R"({"rabGroups": ["female", "nobody"]})")) == "params.rabGroups[1]");
    CHECK(refused_field(with(R"({"rabGroups": ["male", "male"]})")) == "params.rabGroups");
    CHECK(refused_field(with(R"({"rabGroups": ["male"]})")) == "params.rabGroups");
    CHECK(refused_field(with(R"({"rabGroups": "male"})")) == "params.rabGroups");
    CHECK(refused_field(with(R"({"rabMagnitude": "log"})")) == "params.rabMagnitude");
    CHECK(refused_field(with(R"({"rabMagnitude": 1})")) == "params.rabMagnitude");
    CHECK(refused_field(with(R"({"rabMagnitude": "bool"})")) == "(accepted)");
}

TEST_CASE("property: ARaB@t is the mean of RaB@1..t'; per-rank contributions add up to the value; atCutoff is a fresh evaluation") {
    int checked = 0;
    for (unsigned seed = 1; seed <= th::rounds(60); ++seed) {
        th::Gen gen(seed);
        Json s = gen.scenario();
        static const std::vector<std::string> magnitudes{"tc", "tf", "bool"};
        s["params"]["rabMagnitude"] = gen.pick(magnitudes);
        CAPTURE(seed);
        CAPTURE(s.dump());
        const auto full = first(s);
        const std::size_t n = s["rankings"][0]["docs"].size();
        const std::size_t t = std::min<std::size_t>(s["params"]["k"].get<std::size_t>(), n);
        double mean = 0, sum_rab = 0, sum_arab = 0;
        for (std::size_t x = 1; x <= t; ++x) mean += num(full["rab"]["atCutoff"][x - 1]) / static_cast<double>(t);
        CHECK(num(full["arab"]["value"]) == near(mean));
        // A rank's contribution is w_i (mag_m - mag_f): RaB's w_i is 1/t' up to t'.
        for (std::size_t i = 0; i < n; ++i) {
            const auto& mag = full["rab"]["perRank"][i]["mag"];
            const double bias = num(mag["male"]) - num(mag["female"]);
            if (i < t) sum_rab += bias / static_cast<double>(t);
            sum_arab += num(full["arab"]["perRank"][i]["weight"]) * bias;
        }
        CHECK(num(full["rab"]["value"]) == doctest::Approx(sum_rab).epsilon(1e-12).scale(1));
        CHECK(num(full["arab"]["value"]) == doctest::Approx(sum_arab).epsilon(1e-12).scale(1));
        for (std::size_t c = 1; c <= n; ++c) {
            Json at_c = s;
            at_c["params"]["k"] = c;
            const auto fresh = first(at_c);
            for (const char* metric : {"rab", "arab"}) {
                CAPTURE(metric);
                CAPTURE(c);
                // Bitwise: both read the same prefix sums by the same divisions.
                CHECK(full[metric]["atCutoff"][c - 1] == fresh[metric]["value"]);
            }
            ++checked;
        }
    }
    CHECK(checked > static_cast<int>(10 * th::rounds(60) / 3));
}
