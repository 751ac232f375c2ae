#include "fairness/json_writer.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

namespace fairness {

void JsonWriter::separate() {
    // Every value and key passes here, so the text overshoots the limit by one value at most.
    if (out_.size() > max_bytes_) throw TooLarge();
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (!first_.empty()) {
        if (!first_.back()) out_ += ',';
        first_.back() = false;
    }
}

JsonWriter& JsonWriter::begin_object() {
    separate();
    out_ += '{';
    first_.push_back(true);
    return *this;
}

JsonWriter& JsonWriter::end_object() {
    out_ += '}';
    first_.pop_back();
    return *this;
}

JsonWriter& JsonWriter::begin_array() {
    separate();
    out_ += '[';
    first_.push_back(true);
    return *this;
}

JsonWriter& JsonWriter::end_array() {
    out_ += ']';
    first_.pop_back();
    return *this;
}

JsonWriter& JsonWriter::key(std::string_view name) {
    separate();
    string(name);
    out_ += ':';
    after_key_ = true;
    return *this;
}

JsonWriter& JsonWriter::value(double number) {
    separate();
    if (!std::isfinite(number)) {
        out_ += "null";  // as nlohmann's dump does
        return *this;
    }
    std::array<char, 64> buffer{};
    const char* end = nlohmann::detail::to_chars(buffer.data(), buffer.data() + buffer.size(), number);
    out_.append(buffer.data(), static_cast<std::size_t>(end - buffer.data()));
    return *this;
}

namespace {

template <typename Integer>
void append_integer(std::string& out, Integer number) {
    std::array<char, 24> buffer{};
    const auto [end, error] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), number);
    out.append(buffer.data(), static_cast<std::size_t>(end - buffer.data()));
}

bool needs_escape(char c) { return c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20; }

}  // namespace

JsonWriter& JsonWriter::value(std::size_t number) {
    separate();
    append_integer(out_, number);
    return *this;
}

JsonWriter& JsonWriter::value(int number) {
    separate();
    append_integer(out_, number);
    return *this;
}

JsonWriter& JsonWriter::value(bool flag) {
    separate();
    out_ += flag ? "true" : "false";
    return *this;
}

JsonWriter& JsonWriter::value(std::string_view text) {
    separate();
    string(text);
    return *this;
}

JsonWriter& JsonWriter::value(const std::optional<double>& number) { return number ? value(*number) : null(); }

JsonWriter& JsonWriter::null() {
    separate();
    out_ += "null";
    return *this;
}

// Escapes as nlohmann's dump does: the short escapes, other control characters as \u00xx, and
// UTF-8 passed through (the scenario reader has already checked it is valid).
void JsonWriter::string(std::string_view text) {
    out_ += '"';
    // Most strings (keys, names, labels) need no escaping: copy them whole.
    if (std::none_of(text.begin(), text.end(), needs_escape)) {
        out_.append(text);
        out_ += '"';
        return;
    }
    for (const char c : text) {
        switch (c) {
            case '"': out_ += "\\\""; break;
            case '\\': out_ += "\\\\"; break;
            case '\b': out_ += "\\b"; break;
            case '\f': out_ += "\\f"; break;
            case '\n': out_ += "\\n"; break;
            case '\r': out_ += "\\r"; break;
            case '\t': out_ += "\\t"; break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    char escaped[8];
                    std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
                    out_ += escaped;
                } else {
                    out_ += c;
                }
        }
    }
    out_ += '"';
}

}  // namespace fairness
