// Run evaluation's comparisons, by each metric's direction: a metric fairer closer to 0 is
// compared by the distance from 0 of its values, per query, beside the signed difference; each
// comparison names the fairer run or none; the paired n and means are those tested; intervals past
// a metric's range are marked. On generated runs built so that the answers are known by
// construction (one run mirrors the other's leaning; another leans less).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "fairness/runs/evaluation.hpp"

using namespace fairness::runs;
using fairness::Fairer;

namespace {

// Documents in mirrored pairs: f<i> is female-labelled and worded, m<i> its male mirror (the same
// number of group terms, the same relevance); n<i> is neutral.
struct Files {
    std::string collection, labels, qrels;
};

Files documents(int pairs) {
    Files f;
    const char* she[] = {"she", "she her", "her woman she"};
    const char* he[] = {"he", "he him", "him man he"};
    for (int i = 0; i < pairs; ++i) {
        const auto id = std::to_string(i);
        f.collection += "f" + id + "\t" + she[i % 3] + " went out\n";
        f.collection += "m" + id + "\t" + he[i % 3] + " went out\n";
        f.collection += "n" + id + "\tthe car went out\n";
        f.labels += "f" + id + ",F\nm" + id + ",M\nn" + id + ",N\n";
    }
    return f;
}

// A run over `queries` queries; `order(q)` gives each query's documents in rank order.
template <typename Order>
std::string run(int queries, Order order, const std::string& tag) {
    std::string out;
    for (int q = 0; q < queries; ++q) {
        const std::vector<std::string> docs = order(q);
        for (std::size_t i = 0; i < docs.size(); ++i)
            out +=
                "q" + std::to_string(q) + " Q0 " + docs[i] + " " + std::to_string(i + 1) + " " + std::to_string(100 - i) + " " + tag + "\n";
    }
    return out;
}

// Query q's documents: pairs (f, m) in an order that leans female (most queries) or male (every
// fourth), with a neutral document here and there; `mirror` swaps every f with its m.
std::vector<std::string> leaning(int q, bool mirror) {
    std::vector<std::string> docs;
    for (int i = 0; i < 4; ++i) {
        const int pair = (q * 3 + i) % 7;
        const bool female_first = q % 4 == 3 ? i == 0 : i != 1;
        std::string first = (female_first ? "f" : "m") + std::to_string(pair), second = (female_first ? "m" : "f") + std::to_string(pair);
        if (mirror) {
            first[0] = first[0] == 'f' ? 'm' : 'f';
            second[0] = second[0] == 'f' ? 'm' : 'f';
        }
        docs.push_back(first);
        if (i == q % 4) docs.push_back("n" + std::to_string(pair));
        docs.push_back(second);
    }
    return docs;
}

std::string qrels_for(int queries) {
    std::string out;
    for (int q = 0; q < queries; ++q)
        for (int pair = 0; pair < 7; ++pair) {
            const auto rel = std::to_string((pair + q) % 3);
            out += "q" + std::to_string(q) + " 0 f" + std::to_string(pair) + " " + rel + "\n";
            out += "q" + std::to_string(q) + " 0 m" + std::to_string(pair) + " " + rel + "\n";
        }
    return out;
}

Results evaluate(const std::vector<std::pair<std::string, std::string>>& runs, int queries, Options o = {}) {
    const auto files = documents(7);
    Evaluation ev(std::move(o));
    for (const auto& [name, text] : runs) ev.add(Input::run, name, name + ".run", text);
    ev.add(Input::qrels, "", "qrels.txt", qrels_for(queries));
    ev.add(Input::labels, "", "labels.csv", files.labels);
    ev.collection_begin("collection.tsv");
    ev.collection_feed(files.collection);
    ev.collection_end();
    return ev.compute();
}

std::size_t column_of(const Results& r, const std::string& name) {
    return static_cast<std::size_t>(std::find(r.columns.begin(), r.columns.end(), name) - r.columns.begin());
}

const ComparisonResult& find(const Results& r, const std::string& run, const std::string& column, Difference d) {
    for (const auto& c : r.comparisons)
        if (c.run == run && c.column == column && c.difference == d) return c;
    FAIL("no comparison " << run << " " << column);
    throw 0;
}

bool closer_to_zero(const std::string& column) {
    for (const char* m : {"DIPS@", "REE@", "IGI@", "EE@", "EA@", "EA-dp@", "RaB-", "ARaB-"})
        if (column.rfind(m, 0) == 0) return true;
    return false;
}

}  // namespace

TEST_CASE("a run that mirrors the baseline's leaning is as far from fair: no difference, however significant the signed one") {
    const int queries = 24;
    Options o;
    o.cutoffs = {4, 8};
    const auto res = evaluate({{"base", run(
                                            queries, [](int q) { return leaning(q, false); }, "base")},
                               {"mirror", run(
                                              queries, [](int q) { return leaning(q, true); }, "mirror")}},
                              queries, o);
    // The values mirror: DIPS and ARaB flip sign query by query (and lean both ways over the queries).
    const auto dips = column_of(res, "DIPS@8"), arab = column_of(res, "ARaB-tf@8");
    bool both_signs = false;
    for (int q = 0; q < queries; ++q) {
        CHECK(*res.runs[1].values[q][dips] == -*res.runs[0].values[q][dips]);
        CHECK(*res.runs[1].values[q][arab] == doctest::Approx(-*res.runs[0].values[q][arab]).epsilon(1e-12));
        both_signs |= *res.runs[0].values[q][dips] > 0;
    }
    CHECK(both_signs);

    for (std::size_t col = 0; col < res.columns.size(); ++col) {
        CAPTURE(res.columns[col]);
        const auto& info = res.column_info[col];
        const auto& s = find(res, "mirror", res.columns[col], Difference::signed_values);
        if (!closer_to_zero(res.columns[col])) {
            CHECK(info.fairer != Fairer::closer_to_zero);
            CHECK(std::count_if(res.comparisons.begin(), res.comparisons.end(),
                                [&](const ComparisonResult& c) { return c.column == res.columns[col]; }) == 1);  // no distance entry
            continue;
        }
        CHECK(info.fairer == Fairer::closer_to_zero);
        const auto& d = find(res, "mirror", res.columns[col], Difference::distance);
        if (!d.stats.mean_diff) continue;  // undefined everywhere (e.g. EA without relevance differences)
        CHECK(*d.stats.mean_diff == 0);
        CHECK(*d.stats.p_randomization == 1.0);
        CHECK(d.fairer == Verdict::none);
        CHECK(s.fairer == Verdict::none);  // the signed entry carries the distance's verdict
        CHECK(verdict_text(s) == "no difference");
    }
    // The signed differences are real: the mirror leans the other way, significantly (ARaB: most
    // queries lean female, so the baseline's mean is far from 0).
    const auto& signed_arab = find(res, "mirror", "ARaB-tf@8", Difference::signed_values);
    CHECK(*signed_arab.stats.p_randomization < 0.05);
    CHECK(*signed_arab.stats.mean_diff == doctest::Approx(-2 * *res.runs[0].summary[arab].mean).epsilon(1e-12));
    CHECK(*find(res, "mirror", "DIPS@8", Difference::signed_values).stats.mean_diff ==
          doctest::Approx(-2 * *res.runs[0].summary[dips].mean).epsilon(1e-12));

    // The JSON says so: every comparison of DIPS and ARaB names no run fairer.
    const auto json = nlohmann::json::parse(results_json(res));
    int distance_entries = 0;
    for (const auto& c : json["comparisons"]) {
        const auto metric = c["metric"].get<std::string>();
        if (metric.rfind("DIPS", 0) == 0 || metric.rfind("ARaB", 0) == 0) CHECK(c["fairer"] == "no difference");
        if (c["difference"] == "distance") {
            ++distance_entries;
            CHECK(closer_to_zero(metric));
            CHECK(c["meanDiff"] == 0.0);
        }
    }
    CHECK(distance_entries == 2 * 12);  // DIPS, REE, IGI, EE, EA, EA-dp, 3 RaB, 3 ARaB at two cut-offs
}

TEST_CASE("fewer than 6 paired queries test nothing: \"not tested\", not \"no difference\"") {
    const auto lean = [](int q) { return leaning(q, false); };
    const auto other = [](int q) { return std::vector<std::string>{"m" + std::to_string(q), "n1", "f" + std::to_string(q)}; };
    // One query: its difference is no evidence either way (the t-test needs 2, a sign flip of one
    // difference is itself), however large.
    const auto one = evaluate({{"base", run(1, lean, "b")}, {"other", run(1, other, "o")}}, 1);
    REQUIRE_FALSE(one.comparisons.empty());
    for (const auto& c : one.comparisons) {
        CHECK(c.stats.n <= 1);  // 0 where a metric is undefined in the one query
        CHECK(c.fairer == Verdict::untested);
        CHECK(verdict_text(c) == "not tested");
    }
    const auto& nfairr = find(one, "other", "NFaiRR@10", Difference::signed_values);
    CHECK(*nfairr.stats.mean_diff != 0);
    // No query in common (the other run answers another query): n = 0, nothing to compare.
    const auto none = evaluate({{"base", run(1, lean, "b")}, {"other", "q9 Q0 f1 1 1 o\n"}}, 1);
    for (const auto& c : none.comparisons) {
        CHECK(c.stats.n == 0);
        CHECK(verdict_text(c) == "not tested");
    }
    // The other run puts query q's grade-2 document first, the baseline second, behind an unjudged
    // one: nDCG is better in every query. Over n queries the sign flips give 2^n patterns, the
    // observed and its mirror the most extreme, so p is about 2 / 2^n: 0.0625 over 5 queries, where
    // a t-test already finds the difference (its p below 0.05, the t interval clear of 0), and
    // 0.031 over 6, where the randomization test can first name the better run.
    const auto best = [](int q) { return "f" + std::to_string((2 - q % 3 + 3) % 3); };
    const auto first = [&](int q) { return std::vector<std::string>{best(q), "n0"}; };
    const auto second = [&](int q) { return std::vector<std::string>{"n0", best(q)}; };
    for (const int queries : {2, 5, 6}) {
        CAPTURE(queries);
        const auto res = evaluate({{"base", run(queries, second, "b")}, {"other", run(queries, first, "o")}}, queries);
        const auto& ndcg = find(res, "other", "nDCG@10", Difference::signed_values);
        CHECK(ndcg.stats.n == static_cast<std::size_t>(queries));
        CHECK(*ndcg.stats.mean_diff > 0);
        CHECK(*ndcg.stats.p_randomization == doctest::Approx(2.0 / (1 << queries)).epsilon(0.15));
        if (queries == 5) CHECK(*ndcg.stats.p_ttest < 0.05);
        CHECK(verdict_text(ndcg) == (queries < 6 ? "not tested" : "other"));
        // Holm's families hold the tested comparisons only.
        CHECK(ndcg.p_randomization_holm.has_value() == (queries >= 6));
    }
}

TEST_CASE("a run that leans less is fairer by the distance from 0, whichever sign it leans") {
    const int queries = 20;
    Options o;
    o.cutoffs = {8};
    o.metrics = {"DIPS", "ARaB-tc", "nDCG", "CWEx"};
    // The baseline puts every female document first; the other alternates which comes first.
    const auto female_first = [](int q) {
        auto docs = leaning(q, false);
        std::stable_partition(docs.begin(), docs.end(), [](const std::string& d) { return d[0] == 'f'; });
        return docs;
    };
    const auto res = evaluate({{"skewed", run(queries, female_first, "s")},
                               {"even", run(
                                            queries, [](int q) { return leaning(q, false); }, "e")}},
                              queries, o);
    const auto& d = find(res, "even", "DIPS@8", Difference::distance);
    CHECK(*d.stats.mean_diff < 0);
    CHECK(*d.stats.p_randomization < 0.05);
    CHECK(d.fairer == Verdict::run);
    CHECK(verdict_text(d) == "even");
    CHECK(find(res, "even", "DIPS@8", Difference::signed_values).fairer == Verdict::run);
    // Baseline the other way round: the verdict names the baseline.
    o.baseline = "even";
    const auto back = evaluate({{"skewed", run(queries, female_first, "s")},
                                {"even", run(
                                             queries, [](int q) { return leaning(q, false); }, "e")}},
                               queries, o);
    CHECK(verdict_text(find(back, "skewed", "DIPS@8", Difference::distance)) == "even");
}

TEST_CASE("honest counts: each summary over its own queries, each comparison over the paired ones, difference = difference of means") {
    const int queries = 10;
    Options o;
    o.cutoffs = {4};
    o.metrics = {"DIPS", "NFaiRR"};
    // The second run lacks queries 0-2: its values there are null.
    const auto res = evaluate({{"a", run(
                                         queries, [](int q) { return leaning(q, false); }, "a")},
                               {"b", run(
                                         queries, [](int q) { return q < 3 ? std::vector<std::string>{} : leaning(q + 1, true); }, "b")}},
                              queries, o);
    const auto col = column_of(res, "DIPS@4");
    CHECK(res.runs[0].summary[col].n == 10);
    CHECK(res.runs[1].summary[col].n == 7);
    for (const auto& c : res.comparisons) {
        CAPTURE(c.column);
        CHECK(c.stats.n == 7);
        // The paired means are over queries 3-9 of both runs …
        double a = 0, b = 0;
        for (int q = 3; q < queries; ++q) {
            const auto x = *res.runs[1].values[q][column_of(res, c.column)], y = *res.runs[0].values[q][column_of(res, c.column)];
            a += c.difference == Difference::distance ? std::abs(x) : x;
            b += c.difference == Difference::distance ? std::abs(y) : y;
        }
        CHECK(*c.stats.run_mean == doctest::Approx(a / 7).epsilon(1e-14));
        CHECK(*c.stats.baseline_mean == doctest::Approx(b / 7).epsilon(1e-14));
        // … and the difference shown is exactly theirs.
        CHECK(*c.stats.mean_diff == *c.stats.run_mean - *c.stats.baseline_mean);
    }
    // The baseline's paired mean is not its summary mean (over all 10 queries).
    CHECK(*find(res, "b", "DIPS@4", Difference::signed_values).stats.baseline_mean != *res.runs[0].summary[col].mean);
    const auto json = nlohmann::json::parse(results_json(res));
    CHECK(json["comparisons"][0]["n"] == 7);
    CHECK(json["runs"][1]["summary"]["DIPS@4"]["n"] == 7);
    // The table gives n where it differs from the number of queries.
    CHECK(results_table(res, false).find("n=7") != std::string::npos);
}

TEST_CASE("the table's note counts its queries in the singular when there is one, and speaks of a baseline only beside another run") {
    Options o;
    o.cutoffs = {4};
    const auto female = [](int q) { return leaning(q, false); };
    const auto male = [](int q) { return leaning(q, true); };
    const std::string alone = results_table(evaluate({{"a", run(1, female, "a")}}, 1, o), false);
    CHECK(alone.find("(1 query)") != std::string::npos);
    CHECK(alone.find("baseline") == std::string::npos);
    CHECK(alone.find("▲") == std::string::npos);
    const std::string pair = results_table(evaluate({{"a", run(3, female, "a")}, {"b", run(3, male, "b")}}, 3, o), false);
    CHECK(pair.find("(3 queries)") != std::string::npos);
    CHECK(pair.find("▲/▼: fairer/less fair than the baseline 'a'") != std::string::npos);
    // No line ends in blanks (a mean without a mark, the comparisons' last column): a saved table diffs cleanly.
    CHECK(pair.find(" \n") == std::string::npos);
    CHECK(results_table(evaluate({{"a", run(3, female, "a")}, {"b", run(3, male, "b")}}, 3, o), true).find(" \n") == std::string::npos);
}

TEST_CASE("a run that misses queries is warned of, in the singular for one") {
    Options o;
    o.cutoffs = {4};
    const auto female = [](int q) { return leaning(q, false); };
    const auto res = evaluate({{"a", run(3, female, "a")}, {"b", run(2, female, "b")}, {"c", run(1, female, "c")}}, 3, o);
    const auto has = [&](const std::string& w) { return std::find(res.warnings.begin(), res.warnings.end(), w) != res.warnings.end(); };
    CHECK(has("1 of 3 queries is not in run 'b': its values are null"));
    CHECK(has("2 of 3 queries are not in run 'c': their values are null"));
}

TEST_CASE("directions and ranges come from the descriptors, for the params in force") {
    Options o;
    o.cutoffs = {4};
    const auto files = documents(7);
    Evaluation ev(o);
    ev.set_params(R"({"params": {"alpha": 0.3, "ct": 0}})");
    ev.add(Input::run, "a", "a.run",
           run(
               3, [](int q) { return leaning(q, false); }, "a"));
    ev.add(Input::labels, "", "labels.csv", files.labels);
    ev.collection_begin("collection.tsv");
    ev.collection_feed(files.collection);
    ev.collection_end();
    const auto res = ev.compute();
    const auto info = [&](const char* name) { return res.column_info[column_of(res, name)]; };
    const double inf = std::numeric_limits<double>::infinity();
    CHECK(info("NFaiRR@4").fairer == Fairer::higher);
    CHECK(info("NFaiRR@4").range.min == 0);
    CHECK(info("NFaiRR@4").range.max == 1);
    CHECK(info("AWRF@4").fairer == Fairer::lower);
    CHECK(info("AWRF@4").range.max == 1);  // L1 with targets 1/2: 2 (1 - 1/2)
    CHECK(info("CWEx@4").range.min == doctest::Approx(-0.7));
    CHECK(info("CWEx@4").range.max == doctest::Approx(0.3));
    CHECK(info("IGI@4").range.max == 1);  // ct = 0
    CHECK(info("DIPS@4").fairer == Fairer::closer_to_zero);
    CHECK(info("RaB-bool@4").range.max == 1);
    CHECK(info("RaB-tc@4").range.max == inf);
    CHECK(info("ARaB-tf@4").range.min == -inf);
    CHECK(info("nDCG@4").utility);
    CHECK_FALSE(info("DIPS@4").utility);
    const auto json = nlohmann::json::parse(results_json(res));
    CHECK(json["columns"][0]["name"] == "NFaiRR@4");
    CHECK(json["columns"][0]["fairer"] == "higher");
    CHECK(json["columns"][0]["range"] == nlohmann::json::array({0.0, 1.0}));
    CHECK(json["columns"][column_of(res, "RaB-tc@4")]["range"] == nlohmann::json::array({nullptr, nullptr}));
    CHECK(json["bootstrap"].is_null());
}

TEST_CASE("an interval past the metric's range is marked; the bootstrap interval is reproducible and stays inside") {
    // CWEx@4 over three queries whose values spread: the t interval (df = 2) is wide.
    Options o;
    o.cutoffs = {4};
    o.metrics = {"CWEx", "DIPS"};
    o.bootstrap = {2000, 5};
    const auto mixed = [](int q) {
        if (q == 0) return std::vector<std::string>{"n0", "n1", "n2", "n3"};  // all neutral: CWEx = α = 0.5, its maximum
        if (q == 1) return std::vector<std::string>{"n0", "n1", "n2", "f3"};
        return std::vector<std::string>{"f0", "f1", "f2", "f3"};  // all one group
    };
    const auto res = evaluate({{"a", run(3, mixed, "a")}}, 3, o);
    const auto col = column_of(res, "CWEx@4");
    const auto& s = res.runs[0].summary[col];
    CAPTURE(*s.mean);
    CHECK(*s.ci_high > 0.5);
    CHECK(past_range(s.ci_low, s.ci_high, res.column_info[col].range));
    CHECK(*s.boot_high <= 0.5);
    const auto json = nlohmann::json::parse(results_json(res));
    CHECK(json["runs"][0]["summary"]["CWEx@4"]["ci95PastRange"] == true);
    CHECK(json["runs"][0]["summary"]["CWEx@4"]["ci95Bootstrap"][1].get<double>() <= 0.5);
    CHECK(json["bootstrap"]["samples"] == 2000);
    CHECK(json["bootstrap"]["seed"] == 5);
    CHECK(results_json(evaluate({{"a", run(3, mixed, "a")}}, 3, o)) == results_json(res));  // seeded: the same every time
}

TEST_CASE("difference ranges and the comparisons CSV") {
    const fairness::NumericRange unit{-1, 1}, positive{0, 1};
    CHECK(difference_range(unit, Difference::signed_values).min == -2);
    CHECK(difference_range(unit, Difference::distance).max == 1);
    CHECK(difference_range(positive, Difference::signed_values).max == 1);
    CHECK(difference_range(fairness::NumericRange{0.25, 0.75}, Difference::distance).max == 0.5);
    CHECK_FALSE(past_range(-1e300, 1e300, fairness::NumericRange{}));

    const int queries = 6;
    Options o;
    o.cutoffs = {4};
    o.metrics = {"DIPS", "nDCG"};
    const auto res = evaluate({{"a", run(
                                         queries, [](int q) { return leaning(q, false); }, "a")},
                               {"b", run(
                                         queries, [](int q) { return leaning(q, true); }, "b")}},
                              queries, o);
    const auto csv = results_comparisons_csv(res);
    CHECK(csv.rfind("run,baseline,metric,difference,n,run_mean,baseline_mean,mean_diff,ci95_low,ci95_high,ci95_past_range,greater,", 0) ==
          0);
    CHECK(csv.find("\nb,a,DIPS@4,signed,6,") != std::string::npos);
    CHECK(csv.find("\nb,a,DIPS@4,distance,6,") != std::string::npos);
    CHECK(csv.find("\nb,a,nDCG@4,distance") == std::string::npos);
    CHECK(std::count(csv.begin(), csv.end(), '\n') == 4);  // header, DIPS twice, nDCG
    CHECK(csv.find(",no difference\n") != std::string::npos);
}

namespace {

// Holm's step-down procedure at level alpha, by its definition (not the adjusted values' formula):
// walk the p values from the smallest, rejecting while the j-th smallest (from 0) is at most
// alpha / (m - j); whether hypothesis i is among those rejected.
bool step_down_rejects(const std::vector<double>& ps, std::size_t i, double alpha) {
    std::vector<std::size_t> order(ps.size());
    for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return ps[x] < ps[y]; });
    for (std::size_t j = 0; j < order.size(); ++j) {
        if (ps[order[j]] > alpha / static_cast<double>(ps.size() - j)) return false;
        if (order[j] == i) return true;
    }
    return false;
}

}  // namespace

TEST_CASE("Holm's correction over the runs compared with the baseline, per metric and difference, in the JSON and both CSVs") {
    // Four runs against the baseline a, one of them (e) sharing a single query with it: it tests
    // nothing, so m = 3 tests in each family (a column and a difference).
    const int queries = 12;
    Options o;
    o.cutoffs = {4};
    o.metrics = {"DIPS", "nDCG"};
    const auto res = evaluate({{"a", run(
                                         queries, [](int q) { return leaning(q, false); }, "a")},
                               {"b", run(
                                         queries, [](int q) { return leaning(q, true); }, "b")},
                               {"c", run(
                                         queries, [](int q) { return leaning(q, q % 3 == 0); }, "c")},
                               {"d", run(
                                         queries, [](int q) { return leaning(q + 1, false); }, "d")},
                               {"e", run(
                                         1, [](int q) { return leaning(q, true); }, "e")}},
                              queries, o);
    REQUIRE(res.comparisons.size() == 12);  // 4 runs × (DIPS signed, DIPS distance, nDCG)
    const auto json = nlohmann::json::parse(results_json(res));
    for (std::size_t i = 0; i < res.comparisons.size(); ++i) {
        const auto& cmp = res.comparisons[i];
        if (cmp.run == "e") {
            // "not tested": its randomization p (1: one difference's sign flip is itself) is not in the family.
            CHECK(cmp.stats.n == 1);
            CHECK(*cmp.stats.p_randomization == 1);
            CHECK_FALSE(cmp.p_ttest_holm);
            CHECK_FALSE(cmp.p_randomization_holm);
            CHECK(json["comparisons"][i]["pRandomizationHolm"].is_null());
            continue;
        }
        std::vector<double> t, r;
        std::size_t self = 0;
        for (const auto& other : res.comparisons)
            if (other.column == cmp.column && other.difference == cmp.difference && other.run != "e") {
                if (&other == &cmp) self = t.size();
                t.push_back(*other.stats.p_ttest), r.push_back(*other.stats.p_randomization);
            }
        CAPTURE(cmp.run);
        CAPTURE(cmp.column);
        REQUIRE(t.size() == 3);
        // The adjusted p is the smallest level at which the procedure rejects this comparison.
        for (const auto& [ps, adjusted] : {std::pair{t, *cmp.p_ttest_holm}, std::pair{r, *cmp.p_randomization_holm}}) {
            CHECK(adjusted >= ps[self]);
            CHECK(adjusted <= 1);
            if (adjusted < 1) CHECK(step_down_rejects(ps, self, adjusted * (1 + 1e-12)));
            CHECK_FALSE(step_down_rejects(ps, self, adjusted * (1 - 1e-9)));
        }
        CHECK(json["comparisons"][i]["pTTestHolm"].get<double>() == *cmp.p_ttest_holm);
        CHECK(json["comparisons"][i]["pRandomizationHolm"].get<double>() == *cmp.p_randomization_holm);
    }
    const auto csv = results_comparisons_csv(res);
    CHECK(csv.find(",p_ttest,p_randomization,p_ttest_holm,p_randomization_holm,fairer\n") != std::string::npos);
    const auto table = results_table(res, false);
    CHECK(table.find("p rand. Holm") != std::string::npos);
    CHECK(table.find("over the runs compared with the baseline, per metric (those with 6 paired queries or more") != std::string::npos);

    // One run against the baseline: each family has one test, its own adjusted value; the table
    // has no Holm column.
    const auto pair = evaluate({{"a", run(
                                          queries, [](int q) { return leaning(q, false); }, "a")},
                                {"b", run(
                                          queries, [](int q) { return leaning(q, true); }, "b")}},
                               queries, o);
    for (const auto& cmp : pair.comparisons) {
        CHECK(*cmp.p_ttest_holm == *cmp.stats.p_ttest);
        CHECK(*cmp.p_randomization_holm == *cmp.stats.p_randomization);
    }
    CHECK(results_table(pair, false).find("Holm") == std::string::npos);
}
