#include "table.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "fairness/descriptor.hpp"

namespace fairness::cli {

namespace {

std::string cell(const Json& value) {
    if (value.is_null()) return "undefined";
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.6f", value.get<double>());
    return buffer;
}

// Pads by code points, so names like "Exposure_neutral" or "γ" line up.
std::string pad(const std::string& text, std::size_t width) {
    std::size_t length = 0;
    for (unsigned char c : text) length += (c & 0xC0) != 0x80;
    return text + std::string(width > length ? width - length : 0, ' ');
}

}  // namespace

std::string format_table(const Json& results) {
    const auto& rankings = results["rankings"];
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> header{"metric", "fairer"};
    for (const auto& r : rankings) header.push_back(r["name"].get<std::string>());
    rows.push_back(header);
    std::vector<std::string> notes;
    for (const auto* m : all_metrics()) {
        std::vector<std::string> row{std::string(m->name), std::string(to_string(m->fairer))};
        for (const auto& r : rankings) {
            const auto& metric = r[std::string(m->id)];
            row.push_back(cell(metric["value"]));
            if (metric.contains("note"))
                notes.push_back(r["name"].get<std::string>() + ", " + std::string(m->name) + ": " + metric["note"].get<std::string>());
        }
        rows.push_back(row);
    }
    std::vector<std::size_t> width(header.size(), 0);
    for (const auto& row : rows)
        for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], pad(row[c], 0).size());
    std::ostringstream out;
    for (const auto& row : rows) {
        std::string line;
        for (std::size_t c = 0; c < row.size(); ++c) line += pad(row[c], width[c] + 2);
        line.erase(line.find_last_not_of(' ') + 1);  // no trailing blanks: a saved table diffs cleanly
        out << line << "\n";
    }
    out << "\nk = " << results["params"]["k"] << ", lexicon: " << results["lexicon"].get<std::string>()
        << ", tokenizer: " << results["params"]["tokenizer"].get<std::string>() << "\n";
    // RaB and ARaB report one of three magnitudes, with f and m chosen by params.rabGroups.
    const auto& rab_groups = results["params"]["rabGroups"];
    out << "RaB, ARaB: magnitude " << results["params"]["rabMagnitude"].get<std::string>() << ", f = " << rab_groups[0].get<std::string>()
        << ", m = " << rab_groups[1].get<std::string>() << " (positive leans to m)\n";
    for (const auto& note : notes) out << "note: " << note << "\n";
    for (const auto& warning : results["warnings"]) out << "warning: " << warning.get<std::string>() << "\n";
    return out.str();
}

}  // namespace fairness::cli
