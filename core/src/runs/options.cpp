#include "fairness/runs/options.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>

#include "../strict_json.hpp"
#include "fairness/runs/input.hpp"
#include "fairness/scenario.hpp"

namespace fairness::runs {

namespace {

using nlohmann::json;

[[noreturn]] void refuse(const char* flag, const std::string& message) { throw InputError(flag, 0, "", message); }

// A refused value as the message shows it: text as the CLI quotes what was typed ('abc', as a form
// passes a field it cannot read as a number), anything else as JSON.
std::string shown(const json& v) {
    if (!v.is_string()) return v.dump();
    std::string quoted(1, '\'');
    quoted += v.get<std::string>();
    quoted += '\'';
    return quoted;
}

std::string text_of(const json& root, const char* key, const char* flag) {
    const auto it = root.find(key);
    if (it == root.end() || it->is_null()) return {};
    if (!it->is_string()) refuse(flag, "expected text");
    return it->get<std::string>();
}

// A whole number as a JSON number, or as text typed (the CLI's argument; a form's field it could
// not read as a number), read as a run's rank is.
bool whole_of(const json& v, long long& n) {
    if (v.is_string()) return parse_int(v.get_ref<const std::string&>(), n);
    if (v.is_number_unsigned()) {
        const auto u = v.get<std::uint64_t>();
        n = static_cast<long long>(u);
        return u <= static_cast<std::uint64_t>(std::numeric_limits<long long>::max());
    }
    if (v.is_number_integer()) {
        n = v.get<long long>();
        return true;
    }
    const double d = v.is_number_float() ? v.get<double>() : 0.5;
    if (!(std::abs(d) < 9e18) || std::floor(d) != d) return false;
    n = static_cast<long long>(d);
    return true;
}

// A whole number from lo to hi, or the flag's refusal saying so.
long long whole_in(const json& v, const char* flag, long long lo, long long hi) {
    if (v.is_string() && v.get_ref<const std::string&>().empty()) refuse(flag, empty_value);
    long long n = 0;
    if (!whole_of(v, n) || n < lo || n > hi)
        refuse(flag, "expected a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) + ", got " + shown(v));
    return n;
}

std::size_t whole_number(const json& v, const char* flag) { return static_cast<std::size_t>(whole_in(v, flag, 1, 1000000)); }

}  // namespace

Options options_from_json(std::string_view json_text) {
    // The core's strict reader, as for every JSON it reads: a key given twice is refused, not overwritten.
    json root;
    try {
        root = parse_json_strictly(json_text, default_limits(), "options");
    } catch (const ScenarioError& error) {
        refuse("options", error.message());
    }
    if (!root.is_object()) refuse("options", "expected a JSON object");
    Options opt;
    if (const auto it = root.find("cutoffs"); it != root.end()) {
        if (!it->is_array() || it->empty()) refuse("--cutoffs", "needs at least one cut-off");
        opt.cutoffs.clear();
        for (const auto& c : *it) opt.cutoffs.push_back(whole_number(c, "--cutoffs"));
    }
    const auto order = text_of(root, "order", "--order");
    opt.order_given = !order.empty();
    if (order == "file")
        opt.order = Order::file;
    else if (!order.empty() && order != "score")
        refuse("--order", "is score or file, got '" + order + "'");
    if (const auto it = root.find("official"); it != root.end()) {
        if (!it->is_boolean()) refuse("--official", "expected true or false");
        opt.official = it->get<bool>();
    }
    const auto from = text_of(root, "backgroundFrom", "--background-from");
    if (from == "collection")
        opt.background_from = BackgroundFrom::collection;
    else if (!from.empty() && from != "run")
        refuse("--background-from", "is run or collection, got '" + from + "'");
    if (const auto it = root.find("backgroundDepth"); it != root.end()) opt.background_depth = whole_number(*it, "--background-depth");
    if (const auto it = root.find("metrics"); it != root.end()) {
        if (!it->is_array()) refuse("--metrics", "expected a list of metric names");
        for (const auto& m : *it) {
            if (!m.is_string()) refuse("--metrics", "expected a list of metric names");
            if (!m.get<std::string>().empty()) opt.metrics.push_back(m.get<std::string>());
        }
    }
    opt.baseline = text_of(root, "baseline", "--baseline");
    opt.query_label = text_of(root, "queryLabel", "--query-label");
    const auto ci = text_of(root, "ci", "--ci");
    if (ci == "bootstrap")
        opt.bootstrap.samples = default_bootstrap_samples;
    else if (!ci.empty() && ci != "t")
        refuse("--ci", "is t or bootstrap, got '" + ci + "'");
    if (const auto it = root.find("bootstrapSamples"); it != root.end() && !it->is_null()) {
        if (!opt.bootstrap.samples) refuse("--bootstrap-samples", "needs --ci bootstrap");
        opt.bootstrap.samples = static_cast<std::size_t>(whole_in(*it, "--bootstrap-samples", 100, 1000000));
    }
    if (const auto it = root.find("bootstrapSeed"); it != root.end() && !it->is_null()) {
        if (!opt.bootstrap.samples) refuse("--bootstrap-seed", "needs --ci bootstrap");
        opt.bootstrap.seed = static_cast<std::uint64_t>(whole_in(*it, "--bootstrap-seed", 0, 4294967295LL));
    }
    return opt;
}

}  // namespace fairness::runs
