// The writers of run evaluation's results: JSON (the interface other tools read), CSV (trec_eval
// style rows, the mean under query "all") and a table for people (ranx's compare: runs × metrics,
// significance against the baseline marked).
#include <algorithm>
#include <cctype>
#include <cstdio>

#include "count.hpp"
#include "fairness/json_writer.hpp"
#include "fairness/limits.hpp"
#include "fairness/runs/evaluation.hpp"

namespace fairness::runs {

namespace {

void write_interval(JsonWriter& w, std::string_view key, const Maybe& low, const Maybe& high) {
    w.key(key);
    if (low)
        w.begin_array().value(low).value(high).end_array();
    else
        w.null();
}

void write_summary(JsonWriter& w, const Summary& s, const ColumnInfo& info, bool bootstrap) {
    w.begin_object().member("mean", s.mean).member("sd", s.sd).member("n", s.n).member("undefined", s.undefined);
    write_interval(w, "ci95", s.ci_low, s.ci_high);
    w.member("ci95PastRange", past_range(s.ci_low, s.ci_high, info.range));
    if (bootstrap) write_interval(w, "ci95Bootstrap", s.boot_low, s.boot_high);
    w.end_object();
}

const char* difference_name(Difference d) { return d == Difference::distance ? "distance" : "signed"; }

// A number as the JSON output writes it (shortest round trip), for the CSV.
std::string number(double v) {
    JsonWriter w;
    w.value(v);
    return w.take();
}

// A text that is a plain number ("-0.25", "+3", "1e-9"): a spreadsheet reads it as a number.
bool plain_number(std::string_view s) {
    std::size_t i = 0;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    std::size_t digits = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i, ++digits;
    if (i < s.size() && s[i] == '.') {
        ++i;
        while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i, ++digits;
    }
    if (digits == 0) return false;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
        std::size_t exponent = 0;
        while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i, ++exponent;
        if (exponent == 0) return false;
    }
    return i == s.size();
}

// A text cell as a spreadsheet will only display it (CWE-1236, as the page's CSV): one starting
// like a formula (=, +, -, @, a tab or a carriage return) gets a leading apostrophe, unless it is
// a plain number; then quoted where needed.
std::string csv_field(std::string_view s) {
    std::string text;
    if (!s.empty() && std::string_view("=+-@\t\r").find(s.front()) != std::string_view::npos && !plain_number(s)) text = "'";
    text.append(s);
    if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
    std::string out = "\"";
    for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string fixed(const Maybe& v, int digits = 4) {
    if (!v) return "-";
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.*f", digits, *v);
    return buffer;
}

// Display width of UTF-8 text (code points; the marks are one column each).
std::size_t width(std::string_view s) {
    std::size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
}

std::string pad(std::string_view s, std::size_t w, bool right) {
    const std::size_t n = width(s);
    const std::string fill(w > n ? w - n : 0, ' ');
    return right ? fill + std::string(s) : std::string(s) + fill;
}

std::string render(const std::vector<std::vector<std::string>>& rows, std::size_t left_columns) {
    std::vector<std::size_t> widths;
    for (const auto& row : rows)
        for (std::size_t i = 0; i < row.size(); ++i) {
            if (widths.size() <= i) widths.push_back(0);
            widths[i] = std::max(widths[i], width(row[i]));
        }
    std::string out;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        for (std::size_t i = 0; i < rows[r].size(); ++i) out += (i ? "  " : "") + pad(rows[r][i], widths[i], i >= left_columns);
        out.erase(out.find_last_not_of(' ') + 1);  // no trailing blanks: a saved table diffs cleanly
        out += "\n";
        if (r == 0) {
            for (std::size_t i = 0; i < widths.size(); ++i) out += (i ? "  " : "") + std::string(widths[i], '-');
            out += "\n";
        }
    }
    return out;
}

std::string json_within(const Results& res, std::uint64_t max_bytes) {
    const bool bootstrap = res.bootstrap.samples > 0;
    JsonWriter w;
    w.limit(max_bytes);
    w.begin_object();
    w.key("cutoffs").begin_array();
    for (const auto c : res.cutoffs) w.value(c);
    w.end_array();
    w.key("queries").array(std::span<const std::string>(res.queries));
    w.key("columns").begin_array();
    for (std::size_t c = 0; c < res.columns.size(); ++c) {
        const auto& info = res.column_info[c];
        w.begin_object().member("name", res.columns[c]).member("metric", info.metric).member("cutoff", info.cutoff);
        w.member("fairer", to_string(info.fairer)).member("utility", info.utility);
        w.key("range").begin_array().value(info.range.min).value(info.range.max).end_array().end_object();
    }
    w.end_array();
    w.key("bootstrap");
    if (bootstrap)
        w.begin_object().member("samples", res.bootstrap.samples).member("seed", static_cast<std::size_t>(res.bootstrap.seed)).end_object();
    else
        w.null();
    w.key("runs").begin_array();
    for (const auto& run : res.runs) {
        w.begin_object().member("name", run.name);
        w.key("perQuery").begin_object();
        for (std::size_t q = 0; q < res.queries.size(); ++q) {
            w.key(res.queries[q]).begin_object();
            for (std::size_t c = 0; c < res.columns.size(); ++c) w.member(res.columns[c], run.values[q][c]);
            w.end_object();
        }
        w.end_object();
        // Why each null is null, for the queries that have one.
        w.key("perQueryNotes").begin_object();
        for (std::size_t i = 0; i < run.undefined.size(); ++i) {
            const auto& u = run.undefined[i];
            if (i == 0 || run.undefined[i - 1].query != u.query) w.key(res.queries[u.query]).begin_object();
            w.member(res.columns[u.column], u.why);
            if (i + 1 == run.undefined.size() || run.undefined[i + 1].query != u.query) w.end_object();
        }
        w.end_object();
        w.key("summary").begin_object();
        for (std::size_t c = 0; c < res.columns.size(); ++c)
            write_summary(w.key(res.columns[c]), run.summary[c], res.column_info[c], bootstrap);
        w.end_object().end_object();
    }
    w.end_array();
    w.key("comparisons").begin_array();
    for (const auto& cmp : res.comparisons) {
        const auto& s = cmp.stats;
        const auto column = std::find(res.columns.begin(), res.columns.end(), cmp.column) - res.columns.begin();
        const auto range = difference_range(res.column_info[static_cast<std::size_t>(column)].range, cmp.difference);
        w.begin_object().member("run", cmp.run).member("baseline", cmp.baseline).member("metric", cmp.column);
        w.member("difference", difference_name(cmp.difference)).member("n", s.n);
        w.member("runMean", s.run_mean).member("baselineMean", s.baseline_mean).member("meanDiff", s.mean_diff);
        write_interval(w, "ci95", s.ci_low, s.ci_high);
        w.member("ci95PastRange", past_range(s.ci_low, s.ci_high, range));
        if (bootstrap) write_interval(w, "ci95Bootstrap", s.boot_low, s.boot_high);
        w.member("greater", s.greater).member("equal", s.equal).member("less", s.less);
        w.member("pTTest", s.p_ttest).member("pRandomization", s.p_randomization);
        w.member("pTTestHolm", cmp.p_ttest_holm).member("pRandomizationHolm", cmp.p_randomization_holm);
        w.member("fairer", verdict_text(cmp)).end_object();
    }
    w.end_array();
    w.key("warnings").array(std::span<const std::string>(res.warnings));
    w.end_object();
    return w.take() + "\n";
}

}  // namespace

std::string results_json(const Results& res, std::uint64_t max_bytes) {
    try {
        return json_within(res, max_bytes);
    } catch (const JsonWriter::TooLarge&) {
        throw InputError("results", 0, "",
                         "the results' JSON passes " + std::to_string(max_bytes) + " bytes, the limit of one answer (" +
                             std::string(limit_key::output_bytes) + "): " + std::to_string(res.queries.size()) + " queries × " +
                             std::to_string(res.columns.size()) + " columns × " + std::to_string(res.runs.size()) +
                             " runs; evaluate a run this large with the CLI (fairness-eval runs), or choose fewer metrics or cut-offs");
    }
}

std::string results_csv(const Results& res, bool per_query) {
    std::string out = "run,query";
    for (const auto& c : res.columns) out.append(",").append(csv_field(c));
    out += "\n";
    const auto row = [&](const std::string& run, const std::string& query, auto&& value_of) {
        out.append(csv_field(run)).append(",").append(csv_field(query));
        for (std::size_t c = 0; c < res.columns.size(); ++c) {
            out += ",";
            if (const Maybe v = value_of(c)) out.append(number(*v));
        }
        out += "\n";
    };
    for (const auto& run : res.runs) {
        if (per_query)
            for (std::size_t q = 0; q < res.queries.size(); ++q)
                row(run.name, res.queries[q], [&](std::size_t c) { return run.values[q][c]; });
        row(run.name, "all", [&](std::size_t c) { return run.summary[c].mean; });
    }
    return out;
}

std::string results_comparisons_csv(const Results& res) {
    const bool bootstrap = res.bootstrap.samples > 0;
    std::string out = "run,baseline,metric,difference,n,run_mean,baseline_mean,mean_diff,ci95_low,ci95_high,ci95_past_range," +
                      std::string(bootstrap ? "ci95_bootstrap_low,ci95_bootstrap_high," : "") +
                      "greater,equal,less,p_ttest,p_randomization,p_ttest_holm,p_randomization_holm,fairer\n";
    const auto num = [](const Maybe& v) { return v ? number(*v) : std::string(); };
    for (const auto& cmp : res.comparisons) {
        const auto& s = cmp.stats;
        const auto column = static_cast<std::size_t>(std::find(res.columns.begin(), res.columns.end(), cmp.column) - res.columns.begin());
        const auto range = difference_range(res.column_info[column].range, cmp.difference);
        out += csv_field(cmp.run) + "," + csv_field(cmp.baseline) + "," + csv_field(cmp.column) + "," + difference_name(cmp.difference) +
               "," + std::to_string(s.n) + "," + num(s.run_mean) + "," + num(s.baseline_mean) + "," + num(s.mean_diff) + "," +
               num(s.ci_low) + "," + num(s.ci_high) + "," + (past_range(s.ci_low, s.ci_high, range) ? "true" : "false") + ",";
        if (bootstrap) out += num(s.boot_low) + "," + num(s.boot_high) + ",";
        out += std::to_string(s.greater) + "," + std::to_string(s.equal) + "," + std::to_string(s.less) + "," + num(s.p_ttest) + "," +
               num(s.p_randomization) + "," + num(cmp.p_ttest_holm) + "," + num(cmp.p_randomization_holm) + "," +
               csv_field(verdict_text(cmp)) + "\n";
    }
    return out;
}

namespace {

std::string signed_fixed(const Maybe& v) {
    if (!v) return "-";
    std::string out(*v > 0 ? "+" : "");
    out += fixed(v);
    return out;
}

std::string p_text(const Maybe& p) {
    if (!p) return "-";
    if (*p == 0) return "0";  // every difference equal and not 0: the t statistic is infinite
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, *p < 1e-4 ? "%.1e" : "%.4f", *p);
    return buffer;
}

// Each run's means, marked against the baseline.
std::string means_table(const Results& res) {
    // A run's mark against the baseline: ▲ fairer (better, for a utility measure), ▼ less fair,
    // by the verdict of the direction-aware comparison.
    const auto mark = [&](const std::string& run, const std::string& column) -> std::string {
        for (const auto& cmp : res.comparisons)
            if (cmp.run == run && cmp.column == column)
                return cmp.fairer == Verdict::run ? "▲" : cmp.fairer == Verdict::baseline ? "▼" : "";
        return "";
    };
    const std::size_t queries = res.queries.size();
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> header{"#", "Run"};
    for (const auto& c : res.columns) header.push_back(c);
    rows.push_back(header);
    bool fewer = false;
    for (std::size_t r = 0; r < res.runs.size(); ++r) {
        const auto& run = res.runs[r];
        std::vector<std::string> row{std::string(1, static_cast<char>('a' + r % 26)),
                                     run.name + (res.runs.size() > 1 && run.name == res.baseline ? " (baseline)" : "")};
        for (std::size_t c = 0; c < res.columns.size(); ++c) {
            const auto& s = run.summary[c];
            const std::string m = mark(run.name, res.columns[c]);
            std::string cell = fixed(s.mean) + (m.empty() ? " " : m);
            if (s.n != queries && s.n > 0) cell += " n=" + std::to_string(s.n), fewer = true;
            row.push_back(cell);
        }
        rows.push_back(row);
    }
    std::string out = render(rows, 2);
    out += "\nmeans over the queries where a metric is defined (" + count(queries, "query", "queries") + (fewer ? "; n= where fewer" : "") +
           ")";
    // Marks exist only where there is a run to compare with the baseline.
    if (res.runs.size() > 1)
        out += "; ▲/▼: fairer/less fair than the baseline '" + res.baseline +
               "' by the metric's direction (closer to 0: by the distance from 0; nDCG: better/worse), paired randomization test p < 0.05 "
               "(R = " +
               std::to_string(randomization_rounds) + ")";
    out += "\n";

    return out;
}

// Each run against the baseline, per metric: the differences, their intervals and tests.
std::string comparisons_table(const Results& res) {
    std::string out;
    // The comparisons, the decisive test first: for a metric fairer closer to 0, its distance
    // from 0, then the signed difference (which way the runs lean).
    // With several runs compared, each metric's tests are a family: Holm's adjusted p beside the p.
    const bool several = res.runs.size() > 2;
    std::vector<std::string> c_header{"Metric",        "Run",        "Tested", "n",        "Run mean",
                                      "Baseline mean", "Difference", "95% CI", "p t-test", "p rand."};
    if (several) c_header.emplace_back("p rand. Holm");
    c_header.emplace_back("Fairer");
    std::vector<std::vector<std::string>> c_rows{c_header};
    std::vector<const ComparisonResult*> order;
    for (std::size_t i = 0; i < res.comparisons.size(); ++i) {
        const auto& cmp = res.comparisons[i];
        const bool pair = i + 1 < res.comparisons.size() && res.comparisons[i + 1].difference == Difference::distance &&
                          res.comparisons[i + 1].column == cmp.column && res.comparisons[i + 1].run == cmp.run;
        if (pair) {
            order.push_back(&res.comparisons[i + 1]);
            order.push_back(&cmp);
            ++i;
        } else {
            order.push_back(&cmp);
        }
    }
    for (const auto* cmp : order) {
        const auto& s = cmp->stats;
        const auto column = static_cast<std::size_t>(std::find(res.columns.begin(), res.columns.end(), cmp->column) - res.columns.begin());
        const bool decided_elsewhere =
            cmp->difference == Difference::signed_values && res.column_info[column].fairer == Fairer::closer_to_zero;
        std::string interval = "-";
        if (s.ci_low) {
            interval = std::string("[").append(signed_fixed(s.ci_low)).append(", ").append(signed_fixed(s.ci_high)).append("]");
            if (past_range(s.ci_low, s.ci_high, difference_range(res.column_info[column].range, cmp->difference))) interval += "!";
        }
        std::vector<std::string> row{cmp->column,
                                     cmp->run,
                                     cmp->difference == Difference::distance ? "|value|" : "signed",
                                     std::to_string(s.n),
                                     fixed(s.run_mean),
                                     fixed(s.baseline_mean),
                                     signed_fixed(s.mean_diff),
                                     interval,
                                     p_text(s.p_ttest),
                                     p_text(s.p_randomization)};
        if (several) row.push_back(p_text(cmp->p_randomization_holm));
        row.push_back(decided_elsewhere ? "(by |value|)" : verdict_text(*cmp));
        c_rows.push_back(std::move(row));
    }
    out += "\ncompared with the baseline '" + res.baseline +
           "', paired over the n queries where both are defined; Difference = Run mean - Baseline mean\n";
    out += render(c_rows, 3);
    out +=
        "\n|value|: the distance from 0, for a metric fairer closer to 0 (it decides which run is fairer; the signed row "
        "says which way the runs lean). Fairer: the randomization test's p < 0.05 and the difference's sign, else no "
        "difference (not tested below " +
        std::to_string(min_tested_queries) +
        " paired queries: over n, that p is at least 2/2^n, 0.0625 at 5); for nDCG, better. 95% CI: Student's t";
    out += std::string(res.bootstrap.samples ? " (the bootstrap intervals are in the JSON and the comparisons CSV)" : "") +
           "; ! marks an interval past the range a difference can take";
    if (several)
        out += ". p rand. Holm: adjusted by Holm's method over the runs compared with the baseline, per metric (those with " +
               std::to_string(min_tested_queries) +
               " paired queries or more; below 0.05: the difference survives the correction; Fairer reads the p as tested)";
    out += "\n";
    return out;
}

// Every query's value, per run.
std::string per_query_table(const Results& res) {
    std::vector<std::vector<std::string>> q_rows;
    std::vector<std::string> h{"Query", "Run"};
    for (const auto& c : res.columns) h.push_back(c);
    q_rows.push_back(h);
    for (std::size_t q = 0; q < res.queries.size(); ++q)
        for (const auto& run : res.runs) {
            std::vector<std::string> row{res.queries[q], run.name};
            for (std::size_t c = 0; c < res.columns.size(); ++c) row.push_back(fixed(run.values[q][c]));
            q_rows.push_back(row);
        }
    return render(q_rows, 2);
}

}  // namespace

std::string results_table(const Results& res, bool per_query) {
    std::string out = means_table(res);
    if (!res.comparisons.empty()) out += comparisons_table(res);
    if (per_query) out.append("\n").append(per_query_table(res));
    return out;
}

}  // namespace fairness::runs
