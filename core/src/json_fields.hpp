// Reading typed fields of a JSON tree with messages that name the field: what the scenario
// reader and the readers of its parts (the lesson) share. Each refusal is a ScenarioError.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "fairness/scenario.hpp"
#include "strict_json.hpp"

namespace fairness::fields {

using nlohmann::json;

// A number for a message, to 10 significant digits. snprintf rather than a stream: iostreams
// would add about 35 kB of locale code to the WebAssembly module.
inline std::string format_number(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.10g", value);
    return buffer;
}

inline std::string in_quotes(std::string_view s) {
    std::string out;  // appended, not "'" + s + "'": GCC 12 warns falsely (-Wrestrict) on that
    out.reserve(s.size() + 2);
    out.append(1, '\'').append(s).append(1, '\'');
    return out;
}

inline std::string join(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& item : items) out += (out.empty() ? "" : ", ") + item;
    return out;
}

inline std::string describe(const json& j) {
    if (j.is_string()) return "the string " + j.dump();
    if (j.is_null()) return "null";
    if (j.is_boolean()) return j.dump();
    if (j.is_number()) return j.dump();
    if (j.is_array()) return "an array";
    return "an object";
}

inline std::string child(const std::string& path, std::string_view key, std::string_view root = "scenario") {
    return path_child(path, key, root);
}
inline std::string item(const std::string& path, std::size_t index) { return path_item(path, index); }

inline const json& expect_object(const json& j, const std::string& path) {
    if (!j.is_object()) throw ScenarioError(path, "must be an object, got " + describe(j));
    return j;
}

inline const json& expect_array(const json& j, const std::string& path) {
    if (!j.is_array()) throw ScenarioError(path, "must be an array, got " + describe(j));
    return j;
}

inline void only_keys(const json& object, const std::string& path, std::initializer_list<std::string_view> allowed) {
    for (const auto& [key, value] : object.items()) {
        if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
        std::vector<std::string> names(allowed.begin(), allowed.end());
        throw ScenarioError(child(path, key), "unknown key; expected one of " + join(names));
    }
}

inline double number(const json& j, const std::string& path) {
    if (!j.is_number()) throw ScenarioError(path, "must be a finite number, got " + describe(j));
    const double value = j.get<double>();
    if (!std::isfinite(value)) throw ScenarioError(path, "must be a finite number");
    return value;
}

inline double number_in(const json& j, const std::string& path, double lo, double hi) {
    const double value = number(j, path);
    if (value < lo || value > hi) {
        throw ScenarioError(path, "must be between " + format_number(lo) + " and " + format_number(hi) + ", got " + j.dump());
    }
    return value;
}

inline bool boolean(const json& j, const std::string& path) {
    if (!j.is_boolean()) throw ScenarioError(path, "must be true or false, got " + describe(j));
    return j.get<bool>();
}

inline std::string string(const json& j, const std::string& path) {
    if (!j.is_string()) throw ScenarioError(path, "must be a string, got " + describe(j));
    return j.get<std::string>();
}

}  // namespace fairness::fields
