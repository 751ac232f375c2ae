#include "fairness/runs/input.hpp"

#include <charconv>
#include <cmath>
#include <cstring>

namespace fairness::runs {

namespace {
std::string where(const std::string& file, std::size_t line, const std::string& field) {
    std::string out = file.empty() ? "input" : file;
    if (line) out += ":" + std::to_string(line);
    if (!field.empty()) out += ": " + field;
    return out;
}
}  // namespace

InputError::InputError(std::string file, std::size_t line, std::string field, const std::string& message)
    : std::runtime_error(where(file, line, field) + ": " + message), file_(std::move(file)), line_(line), field_(std::move(field)) {}

std::uint32_t Interner::intern(std::string_view s) {
    if (const auto it = index_.find(s); it != index_.end()) return it->second;
    if (used_ + s.size() > capacity_) {
        capacity_ = std::max<std::size_t>(1 << 20, s.size());
        blocks_.push_back(std::make_unique<char[]>(capacity_));
        used_ = 0;
    }
    char* at = blocks_.back().get() + used_;
    if (!s.empty()) std::memcpy(at, s.data(), s.size());
    used_ += s.size();
    const std::string_view stored(at, s.size());
    const auto id = static_cast<std::uint32_t>(names_.size());
    names_.push_back(stored);
    index_.emplace(stored, id);
    return id;
}

std::size_t split_fields(std::string_view line, std::string_view* out, std::size_t max) {
    std::size_t count = 0, i = 0;
    const std::size_t n = line.size();
    while (true) {
        while (i < n && (line[i] == ' ' || line[i] == '\t')) ++i;
        if (i == n) return count;
        const std::size_t start = i;
        while (i < n && line[i] != ' ' && line[i] != '\t') ++i;
        if (count < max) out[count] = line.substr(start, i - start);
        ++count;
    }
}

bool parse_double(std::string_view s, double& out) {
    if (s.empty()) return false;
    const char* begin = s.data();
    if (*begin == '+') ++begin;  // from_chars refuses a leading '+', which run files may carry
    const auto [end, ec] = std::from_chars(begin, s.data() + s.size(), out);
    return ec == std::errc() && end == s.data() + s.size() && std::isfinite(out);
}

bool parse_int(std::string_view s, long long& out) {
    if (s.empty()) return false;
    const char* begin = s.data();
    if (*begin == '+') ++begin;
    const auto [end, ec] = std::from_chars(begin, s.data() + s.size(), out);
    return ec == std::errc() && end == s.data() + s.size();
}

}  // namespace fairness::runs
