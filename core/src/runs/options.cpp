#include "fairness/runs/options.hpp"

#include <cmath>
#include <nlohmann/json.hpp>

#include "../strict_json.hpp"
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

// A whole number from 1 to 1000000, as the CLI's whole_number().
std::size_t whole_number(const json& v, const char* flag) {
    if (v.is_string() && v.get<std::string>().empty()) refuse(flag, empty_value);
    if (!v.is_number_integer() && !(v.is_number_float() && v.get<double>() == static_cast<double>(static_cast<long long>(v.get<double>()))))
        refuse(flag, "expected a whole number from 1 to 1000000, got " + shown(v));
    const double n = v.get<double>();
    if (n < 1 || n > 1000000) refuse(flag, "expected a whole number from 1 to 1000000, got " + shown(v));
    return static_cast<std::size_t>(n);
}

std::size_t bootstrap_samples(const json& v) {
    const bool whole = v.is_number() && v.get<double>() == std::floor(v.get<double>());
    if (!whole || v.get<double>() < 100 || v.get<double>() > 1000000)
        refuse("--bootstrap-samples", "expected a whole number from 100 to 1000000, got " + shown(v));
    return static_cast<std::size_t>(v.get<double>());
}

std::uint64_t bootstrap_seed(const json& v) {
    const bool whole = v.is_number() && v.get<double>() == std::floor(v.get<double>());
    if (!whole || v.get<double>() < 0 || v.get<double>() > 4294967295.0)
        refuse("--bootstrap-seed", "expected a whole number from 0 to 4294967295, got " + shown(v));
    return static_cast<std::uint64_t>(v.get<double>());
}

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
        opt.bootstrap.samples = bootstrap_samples(*it);
    }
    if (const auto it = root.find("bootstrapSeed"); it != root.end() && !it->is_null()) {
        if (!opt.bootstrap.samples) refuse("--bootstrap-seed", "needs --ci bootstrap");
        opt.bootstrap.seed = bootstrap_seed(*it);
    }
    return opt;
}

}  // namespace fairness::runs
