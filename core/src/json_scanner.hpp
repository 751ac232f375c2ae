// A strict JSON reader (RFC 8259) that calls a handler for each value as it reads it, the way
// nlohmann's SAX interface does, but some five times faster on a long scenario: strings without
// escapes are copied in one piece, whole numbers of up to 18 digits are read without strtoll, and
// nothing is allocated but the strings handed over. The handler (the scenario reader's StrictSax)
// decides what to keep and enforces what JSON leaves open (repeated keys, depth).
//
// What it refuses, as JSON does: any byte outside the grammar (a NUL, a comment, NaN, a trailing
// comma, bytes after the value), a control character in a string, an escape other than JSON's
// eight and \uXXXX, a \u surrogate not in a high-low pair, text that is not UTF-8 (overlong forms,
// encoded surrogates, code points past U+10FFFF), numbers outside JSON's grammar (leading zeros,
// "1.", ".5", "+1") and numbers too large for a double (1e400).
#pragma once

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

namespace fairness::json_scanner {

// What is wrong and at which byte of the text (text.size() for an early end).
struct SyntaxError {
    std::size_t offset;
    std::string what;
};

// Handler: null(), boolean(bool), number_integer(std::int64_t), number_unsigned(std::uint64_t),
// number_float(double), string(std::string&), key(std::string&), start_object(), end_object(),
// start_array(), end_array(). It may throw to stop the reading.
template <class Handler>
class Scanner {
public:
    Scanner(std::string_view text, Handler& handler) : text_(text), handler_(handler) {}

    void read() {
        // A UTF-8 byte order mark at the start is not part of the text: RFC 8259 section 8.1
        // allows passing over it, and editors on Windows write one.
        if (text_.substr(0, 3) == "\xEF\xBB\xBF") at_ = 3;
        skip_whitespace();
        value();
        skip_whitespace();
        if (at_ < text_.size()) fail("bytes after the end of the JSON value");
    }

private:
    std::string_view text_;
    Handler& handler_;
    std::size_t at_ = 0;
    std::string buffer_;  // the string being read

    // The error paths are kept out of line (cold): the reading loops stay small and fast.
    [[noreturn, gnu::cold, gnu::noinline]] void fail(std::string what) const { throw SyntaxError{at_, std::move(what)}; }

    // The byte at the reading position, as a message shows it.
    [[gnu::cold, gnu::noinline]] std::string shown() const {
        if (at_ >= text_.size()) return "end of the text";
        const auto c = static_cast<unsigned char>(text_[at_]);
        if (c >= 0x20 && c < 0x7F) return {'\'', static_cast<char>(c), '\''};
        // Formatted by hand: printf would bring its long-double code into the WebAssembly module.
        constexpr const char* hex = "0123456789ABCDEF";
        return std::string("byte 0x") + hex[c >> 4] + hex[c & 15];
    }

    [[noreturn, gnu::cold, gnu::noinline]] void unexpected(const char* expected) const {
        fail("unexpected " + shown() + "; expected " + expected);
    }

    void skip_whitespace() {
        while (at_ < text_.size()) {
            const char c = text_[at_];
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') return;
            ++at_;
        }
    }

    bool next_is(char c) const { return at_ < text_.size() && text_[at_] == c; }

    void value() {
        if (at_ >= text_.size()) unexpected("a JSON value");
        switch (text_[at_]) {
            case '{': return object();
            case '[': return array();
            case '"':
                ++at_;
                read_string();
                handler_.string(buffer_);
                return;
            case 't': literal("true"), handler_.boolean(true); return;
            case 'f': literal("false"), handler_.boolean(false); return;
            case 'n': literal("null"), handler_.null(); return;
            default:
                if (text_[at_] == '-' || (text_[at_] >= '0' && text_[at_] <= '9')) return number();
                if (letter(text_[at_])) bare_word();
                unexpected("a JSON value");
        }
    }

    static bool letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
    // What a bare word is made of, after its first letter.
    static bool word_char(char c) { return letter(c) || c == '_' || (c >= '0' && c <= '9'); }

    void literal(std::string_view word) {
        const std::size_t end = at_ + word.size();
        if (text_.substr(at_, word.size()) != word || (end < text_.size() && word_char(text_[end]))) bare_word();
        at_ = end;
    }

    // A word where a value goes that is not true, false or null: most often a string without its
    // quotes ("label": female), said so rather than as the literal its first letter began.
    [[noreturn, gnu::cold, gnu::noinline]] void bare_word() const {
        std::size_t end = at_;
        while (end < text_.size() && end - at_ < 40 && word_char(text_[end])) ++end;
        fail("unexpected word '" + std::string(text_.substr(at_, end - at_)) +
             "'; a string is written in double quotes, and true, false and null are JSON's only words");
    }

    void object() {
        ++at_;
        handler_.start_object();
        elements('}', "',' or '}'", [&] {
            if (!next_is('"')) unexpected("a key (a string)");
            ++at_;
            read_string();
            handler_.key(buffer_);
            skip_whitespace();
            if (!next_is(':')) unexpected("':' after the key");
            ++at_;
            skip_whitespace();
            value();
        });
        handler_.end_object();
    }

    void array() {
        ++at_;
        handler_.start_array();
        elements(']', "',' or ']'", [&] { value(); });
        handler_.end_array();
    }

    // From after an opening bracket to after its `close`: `each()` reads one member or element,
    // and ',' goes on to the next.
    template <class Each>
    void elements(char close, const char* expected, Each&& each) {
        skip_whitespace();
        if (!next_is(close)) {
            for (;;) {
                each();
                skip_whitespace();
                if (!next_is(',')) break;
                ++at_;
                skip_whitespace();
            }
            if (!next_is(close)) unexpected(expected);
        }
        ++at_;
    }

    // A string's contents into buffer_, from after its opening quote to after its closing one.
    void read_string() {
        buffer_.clear();
        for (;;) {
            // The plain run up to the next quote, backslash, control or non-ASCII byte, in one piece.
            const std::size_t start = at_;
            while (at_ < text_.size()) {
                const auto c = static_cast<unsigned char>(text_[at_]);
                if (c < 0x20 || c == '"' || c == '\\' || c >= 0x80) break;
                ++at_;
            }
            buffer_.append(text_.data() + start, at_ - start);
            if (at_ >= text_.size()) fail("the text ends inside a string; expected its closing '\"'");
            const auto c = static_cast<unsigned char>(text_[at_]);
            if (c == '"') {
                ++at_;
                return;
            }
            if (c == '\\')
                escape();
            else if (c >= 0x80)
                utf8_sequence();
            else
                fail("a control character (" + shown() + ") in a string; write it as an escape such as \\n or \\u0000");
        }
    }

    void escape() {
        ++at_;  // the backslash
        if (at_ >= text_.size()) fail("the text ends inside an escape");
        const char c = text_[at_];
        const char* simple = nullptr;
        switch (c) {
            case '"': simple = "\""; break;
            case '\\': simple = "\\"; break;
            case '/': simple = "/"; break;
            case 'b': simple = "\b"; break;
            case 'f': simple = "\f"; break;
            case 'n': simple = "\n"; break;
            case 'r': simple = "\r"; break;
            case 't': simple = "\t"; break;
            case 'u': break;
            default: fail("an invalid escape \\" + std::string(1, c) + "; JSON's are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX");
        }
        if (simple) {
            buffer_ += *simple;
            ++at_;
            return;
        }
        --at_;  // back to the backslash: messages point there
        std::uint32_t code = hex4();
        if (code >= 0xDC00 && code <= 0xDFFF) fail("a low surrogate \\u escape without a high one (U+D800..U+DBFF) before it");
        if (code >= 0xD800 && code <= 0xDBFF) {
            if (!(next_is('\\') && at_ + 1 < text_.size() && text_[at_ + 1] == 'u'))
                fail("a high surrogate \\u escape must be followed by a low one (\\uDC00..\\uDFFF)");
            const std::uint32_t low = hex4();
            if (low < 0xDC00 || low > 0xDFFF) {
                at_ -= 6;
                fail("a high surrogate \\u escape must be followed by a low one (\\uDC00..\\uDFFF)");
            }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
        }
        append_utf8(code);
    }

    // \uXXXX at the reading position (the backslash): its value.
    std::uint32_t hex4() {
        at_ += 2;
        std::uint32_t code = 0;
        for (int i = 0; i < 4; ++i, ++at_) {
            if (at_ >= text_.size()) fail("the text ends inside a \\u escape");
            const char c = text_[at_];
            std::uint32_t digit;
            if (c >= '0' && c <= '9')
                digit = static_cast<std::uint32_t>(c - '0');
            else if (c >= 'a' && c <= 'f')
                digit = static_cast<std::uint32_t>(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F')
                digit = static_cast<std::uint32_t>(c - 'A' + 10);
            else
                fail("a \\u escape needs four hexadecimal digits");
            code = code * 16 + digit;
        }
        return code;
    }

    void append_utf8(std::uint32_t code) {
        if (code < 0x80) {
            buffer_ += static_cast<char>(code);
        } else if (code < 0x800) {
            buffer_ += static_cast<char>(0xC0 | (code >> 6));
            buffer_ += static_cast<char>(0x80 | (code & 0x3F));
        } else if (code < 0x10000) {
            buffer_ += static_cast<char>(0xE0 | (code >> 12));
            buffer_ += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
            buffer_ += static_cast<char>(0x80 | (code & 0x3F));
        } else {
            buffer_ += static_cast<char>(0xF0 | (code >> 18));
            buffer_ += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
            buffer_ += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
            buffer_ += static_cast<char>(0x80 | (code & 0x3F));
        }
    }

    // One UTF-8 sequence, checked as RFC 3629's table allows (no overlong forms, no encoded
    // surrogates, nothing past U+10FFFF), appended as it is.
    void utf8_sequence() {
        const auto lead = static_cast<unsigned char>(text_[at_]);
        // The range of the second byte, then how many bytes follow it (each 0x80..0xBF).
        unsigned char lo = 0x80, hi = 0xBF;
        int more;
        if (lead >= 0xC2 && lead <= 0xDF)
            more = 0;
        else if (lead == 0xE0)
            lo = 0xA0, more = 1;
        else if ((lead >= 0xE1 && lead <= 0xEC) || lead == 0xEE || lead == 0xEF)
            more = 1;
        else if (lead == 0xED)
            hi = 0x9F, more = 1;
        else if (lead == 0xF0)
            lo = 0x90, more = 2;
        else if (lead >= 0xF1 && lead <= 0xF3)
            more = 2;
        else if (lead == 0xF4)
            hi = 0x8F, more = 2;
        else
            fail("invalid UTF-8: " + shown() + " cannot begin a character");
        const std::size_t start = at_++;
        for (int i = 0; i <= more; ++i, ++at_) {
            const auto c = at_ < text_.size() ? static_cast<unsigned char>(text_[at_]) : 0;
            const bool fits = i == 0 ? c >= lo && c <= hi : c >= 0x80 && c <= 0xBF;
            if (!fits) fail("invalid UTF-8: " + shown() + " cannot continue the character begun before it");
        }
        buffer_.append(text_.data() + start, at_ - start);
    }

    // -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? as JSON's grammar has it; a whole number that
    // fits is an integer (signed when negative), anything else a double, as nlohmann reads them.
    void number() {
        const std::size_t start = at_;
        const bool negative = next_is('-');
        if (negative) ++at_;
        const auto digits = [&] {
            const std::size_t from = at_;
            while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') ++at_;
            return at_ - from;
        };
        if (next_is('0')) {
            ++at_;
        } else if (digits() == 0) {
            unexpected("a digit");
        }
        const std::size_t whole_end = at_;
        bool integer = true;
        if (next_is('.')) {
            ++at_;
            integer = false;
            if (digits() == 0) unexpected("a digit after the decimal point");
        }
        if (next_is('e') || next_is('E')) {
            ++at_;
            integer = false;
            if (next_is('+') || next_is('-')) ++at_;
            if (digits() == 0) unexpected("a digit in the exponent");
        }
        const std::string_view token = text_.substr(start, at_ - start);
        if (integer) {
            const std::size_t n_digits = whole_end - start - (negative ? 1 : 0);
            if (n_digits <= 18) {  // below 10^18: fits either type
                std::int64_t v = 0;
                for (std::size_t i = start + (negative ? 1 : 0); i < whole_end; ++i) v = v * 10 + (text_[i] - '0');
                if (negative)
                    handler_.number_integer(-v);
                else
                    handler_.number_unsigned(static_cast<std::uint64_t>(v));
                return;
            }
            const std::string copy(token);
            errno = 0;
            if (negative) {
                const long long v = std::strtoll(copy.c_str(), nullptr, 10);
                if (errno != ERANGE) return handler_.number_integer(v);
            } else {
                const unsigned long long v = std::strtoull(copy.c_str(), nullptr, 10);
                if (errno != ERANGE) return handler_.number_unsigned(v);
            }
        }
        const std::string copy(token);
        const double v = std::strtod(copy.c_str(), nullptr);
        if (!std::isfinite(v)) {
            at_ = start;
            fail("the number " + copy + " is too large for a double");
        }
        handler_.number_float(v);
    }
};

// Reads `text` (one JSON value, whitespace around it allowed) into `handler`; throws SyntaxError.
template <class Handler>
void scan(std::string_view text, Handler& handler) {
    Scanner<Handler>(text, handler).read();
}

}  // namespace fairness::json_scanner
