// The writers of run evaluation's results: JSON (the interface other tools read), CSV (trec_eval
// style rows, the mean under query "all") and a table for people (ranx's compare: runs × metrics,
// significance against the baseline marked).
#include <algorithm>
#include <cstdio>

#include "fairness/json_writer.hpp"
#include "fairness/runs/evaluation.hpp"

namespace fairness::runs {

namespace {

void write_summary(JsonWriter& w, const Summary& s) {
    w.begin_object().member("mean", s.mean).member("sd", s.sd).member("n", s.n).member("undefined", s.undefined);
    w.key("ci95");
    if (s.ci_low)
        w.begin_array().value(s.ci_low).value(s.ci_high).end_array();
    else
        w.null();
    w.end_object();
}

// A number as the JSON output writes it (shortest round trip), for the CSV.
std::string number(double v) {
    JsonWriter w;
    w.value(v);
    return w.take();
}

std::string csv_field(std::string_view s) {
    if (s.find_first_of(",\"\n\r") == std::string_view::npos) return std::string(s);
    std::string out = "\"";
    for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
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
        out += "\n";
        if (r == 0) {
            for (std::size_t i = 0; i < widths.size(); ++i) out += (i ? "  " : "") + std::string(widths[i], '-');
            out += "\n";
        }
    }
    return out;
}

}  // namespace

std::string results_json(const Results& res) {
    JsonWriter w;
    w.begin_object();
    w.key("cutoffs").begin_array();
    for (const auto c : res.cutoffs) w.value(c);
    w.end_array();
    w.key("queries").array(std::span<const std::string>(res.queries));
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
        w.key("summary").begin_object();
        for (std::size_t c = 0; c < res.columns.size(); ++c) write_summary(w.key(res.columns[c]), run.summary[c]);
        w.end_object().end_object();
    }
    w.end_array();
    w.key("comparisons").begin_array();
    for (const auto& cmp : res.comparisons) {
        const auto& s = cmp.stats;
        w.begin_object().member("run", cmp.run).member("baseline", cmp.baseline).member("metric", cmp.column).member("n", s.n);
        w.member("meanDiff", s.mean_diff).member("greater", s.greater).member("equal", s.equal).member("less", s.less);
        w.member("pTTest", s.p_ttest).member("pRandomization", s.p_randomization).end_object();
    }
    w.end_array();
    w.key("warnings").array(std::span<const std::string>(res.warnings));
    w.end_object();
    return w.take() + "\n";
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

std::string results_table(const Results& res, bool per_query) {
    // Significance mark of a run's mean against the baseline: the randomization test at 0.05.
    const auto mark = [&](const std::string& run, const std::string& column) -> std::string {
        for (const auto& cmp : res.comparisons)
            if (cmp.run == run && cmp.column == column && cmp.stats.p_randomization && *cmp.stats.p_randomization < 0.05 &&
                cmp.stats.mean_diff)
                return *cmp.stats.mean_diff > 0 ? "▲" : *cmp.stats.mean_diff < 0 ? "▼" : "";
        return "";
    };
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> header{"#", "Run"};
    for (const auto& c : res.columns) header.push_back(c);
    rows.push_back(header);
    for (std::size_t r = 0; r < res.runs.size(); ++r) {
        const auto& run = res.runs[r];
        std::vector<std::string> row{std::string(1, static_cast<char>('a' + r % 26)),
                                     run.name + (run.name == res.baseline ? " (baseline)" : "")};
        for (std::size_t c = 0; c < res.columns.size(); ++c) {
            const std::string m = mark(run.name, res.columns[c]);
            row.push_back(fixed(run.summary[c].mean) + (m.empty() ? " " : m));
        }
        rows.push_back(row);
    }
    std::string out = render(rows, 2);
    out += "\nmeans over the queries where a metric is defined (" + std::to_string(res.queries.size()) +
           " queries); ▲/▼: higher/lower than the baseline '" + res.baseline +
           "', paired randomization test p < 0.05 (R = " + std::to_string(randomization_rounds) + ")\n";
    if (per_query) {
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
        out.append("\n").append(render(q_rows, 2));
    }
    for (const auto& w : res.warnings) out.append("warning: ").append(w).append("\n");
    return out;
}

}  // namespace fairness::runs
