#include "fairness/json_writer.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
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

JsonWriter& JsonWriter::value(long long number) {
    separate();
    append_integer(out_, number);
    return *this;
}

JsonWriter& JsonWriter::value(unsigned long long number) {
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

namespace {

// The length of the valid UTF-8 sequence at the start of `s` (s non-empty, s[0] >= 0x80), or 0
// when it is not one: overlong forms, surrogates and code points past U+10FFFF are not.
std::size_t utf8_sequence(std::string_view s) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    const unsigned char lead = byte(0);
    std::size_t length = 0;
    unsigned char low = 0x80, high = 0xbf;  // the second byte's range
    if (lead >= 0xc2 && lead <= 0xdf)
        length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
        length = 3;
        if (lead == 0xe0) low = 0xa0;
        if (lead == 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
        length = 4;
        if (lead == 0xf0) low = 0x90;
        if (lead == 0xf4) high = 0x8f;
    } else
        return 0;
    if (s.size() < length || byte(1) < low || byte(1) > high) return 0;
    for (std::size_t i = 2; i < length; ++i)
        if (byte(i) < 0x80 || byte(i) > 0xbf) return 0;
    return length;
}

bool plain_ascii(std::string_view text) {
    return std::none_of(text.begin(), text.end(), [](char c) { return needs_escape(c) || static_cast<unsigned char>(c) >= 0x80; });
}

}  // namespace

bool is_utf8(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        if (static_cast<unsigned char>(text[i]) < 0x80) {
            ++i;
            continue;
        }
        const std::size_t length = utf8_sequence(text.substr(i));
        if (length == 0) return false;
        i += length;
    }
    return true;
}

// Escapes as nlohmann's dump does: the short escapes, other control characters as \u00xx, and
// UTF-8 passed through. Bytes that are not UTF-8 (a run file's ids and a collection's texts are
// not checked as a scenario is) become U+FFFD, as the page's TextDecoder does, so the output is
// always valid JSON.
void JsonWriter::string(std::string_view text) {
    out_ += '"';
    // Most strings (keys, names, labels) need no escaping: copy them whole.
    if (plain_ascii(text)) {
        out_.append(text);
        out_ += '"';
        return;
    }
    for (std::size_t i = 0; i < text.size();) {
        const char c = text[i];
        if (static_cast<unsigned char>(c) >= 0x80) {
            const std::size_t length = utf8_sequence(text.substr(i));
            if (length == 0) {
                out_ += "\xEF\xBF\xBD";  // U+FFFD REPLACEMENT CHARACTER
                ++i;
            } else {
                out_.append(text.substr(i, length));
                i += length;
            }
            continue;
        }
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
                    constexpr const char* hex = "0123456789abcdef";
                    out_ += "\\u00";
                    out_ += hex[(c >> 4) & 15];
                    out_ += hex[c & 15];
                } else {
                    out_ += c;
                }
        }
        ++i;
    }
    out_ += '"';
}

}  // namespace fairness
