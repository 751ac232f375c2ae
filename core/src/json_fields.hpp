// Reading typed fields of a JSON tree with messages that name the field: what the scenario
// reader and the readers of its parts (the lesson) share. Each refusal is a ScenarioError.
#pragma once

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "fairness/json_writer.hpp"
#include "fairness/scenario.hpp"
#include "strict_json.hpp"

namespace fairness::fields {

using nlohmann::json;

// A number for a message, as printf's "%.10g" writes it (10 significant digits, trailing zeros
// dropped, an exponent below 1e-4 or from 1e10): "got 0.9" for a sum of 0.8999999999999999. Not
// printf itself, which would bring its long-double code into the WebAssembly module, nor a stream
// (about 35 kB of locale code): the shortest round-trip digits, rounded to 10. That rounding
// differs from printf's (of the exact binary value) only when the shortest digits end in a 5 at the
// 11th digit, a tie the exact value breaks one way or the other, and for subnormal numbers (below
// 2.2e-308), whose shortest digits may hold fewer than 10 correct ones.
inline std::string format_number(double value) {
    const std::string shortest = JsonWriter().value(value).take();  // e.g. -1.5e-07, 0.9, 120.0
    std::string digits;
    int point = 0;  // the decimal point's place, counted in digits from the first
    bool seen_point = false;
    std::size_t at = shortest[0] == '-' ? 1 : 0;
    for (; at < shortest.size() && shortest[at] != 'e'; ++at) {
        if (shortest[at] == '.') {
            seen_point = true;
        } else {
            digits += shortest[at];
            point += seen_point ? 0 : 1;
        }
    }
    if (at < shortest.size()) {  // e-07, e+20
        int exponent = 0;
        for (std::size_t i = at + 2; i < shortest.size(); ++i) exponent = 10 * exponent + (shortest[i] - '0');
        point += shortest[at + 1] == '-' ? -exponent : exponent;
    }
    while (digits.size() > 1 && digits[0] == '0') digits.erase(0, 1), --point;
    std::string out = shortest[0] == '-' ? "-" : "";
    if (digits == "0") return out + "0";
    if (digits.size() > 10) {
        const bool up = digits[10] >= '5';
        digits.resize(10);
        for (std::size_t i = 10; up && i-- > 0;) {
            if (digits[i] != '9') {
                ++digits[i];
                break;
            }
            digits[i] = '0';
            if (i == 0) digits.insert(0, 1, '1'), digits.pop_back(), ++point;
        }
    }
    while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
    const int exponent = point - 1;
    if (exponent < -4 || exponent >= 10) {
        out += digits.substr(0, 1);
        if (digits.size() > 1) out += "." + digits.substr(1);
        const int magnitude = exponent < 0 ? -exponent : exponent;
        return out + (exponent < 0 ? "e-" : "e+") + (magnitude < 10 ? "0" : "") + std::to_string(magnitude);
    }
    if (point <= 0) return out + "0." + std::string(static_cast<std::size_t>(-point), '0') + digits;
    if (static_cast<std::size_t>(point) >= digits.size())
        return out + digits + std::string(static_cast<std::size_t>(point) - digits.size(), '0');
    return out + digits.substr(0, static_cast<std::size_t>(point)) + "." + digits.substr(static_cast<std::size_t>(point));
}

// Control characters are written as JSON writes them (\u0000): a NUL (from "\u0000" in the input)
// would end the message where it is read as a C string (what()), and the rest would be lost.
inline std::string in_quotes(std::string_view s) {
    constexpr char hex[] = "0123456789abcdef";
    std::string out;  // appended, not "'" + s + "'": GCC 12 warns falsely (-Wrestrict) on that
    out.reserve(s.size() + 2);
    out.append(1, '\'');
    for (const char c : s) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20)
            out.append("\\u00").append(1, hex[byte >> 4]).append(1, hex[byte & 15]);
        else
            out.append(1, c);
    }
    out.append(1, '\'');
    return out;
}

inline std::string join(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& item : items) out += (out.empty() ? "" : ", ") + item;
    return out;
}

inline std::string describe(const json& j) {
    if (j.is_string()) return "the string " + json_text(j);
    if (j.is_null()) return "null";
    if (j.is_boolean()) return json_text(j);
    if (j.is_number()) return json_text(j);
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
        throw ScenarioError(path, "must be between " + format_number(lo) + " and " + format_number(hi) + ", got " + json_text(j));
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
