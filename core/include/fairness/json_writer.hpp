// A streaming JSON writer for the results: text is appended as it is produced, without building
// a tree (a 1,000-document result has some 60,000 values; building and freeing nlohmann's tree
// for them took most of an evaluation). Numbers are formatted by nlohmann's own shortest
// round-trip routine, so the text is what `dump()` of the same values would print.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace fairness {

// Whether `text` is valid UTF-8 (no overlong forms, surrogates or code points past U+10FFFF): what
// JsonWriter writes unchanged; other bytes it writes as U+FFFD.
bool is_utf8(std::string_view text);

class JsonWriter {
public:
    /** Thrown when the text would grow past the writer's limit (see limit()). */
    struct TooLarge : std::length_error {
        TooLarge() : std::length_error("JSON output over its limit") {}
    };

    /**
     * Stop at `bytes` of output: any write that finds the text past it throws TooLarge, so a
     * result too large for its reader (V8's longest string, for the WASM module) is refused
     * while it is being written, not after.
     */
    void limit(std::uint64_t bytes) { max_bytes_ = bytes; }

    JsonWriter& begin_object();
    JsonWriter& end_object();
    JsonWriter& begin_array();
    JsonWriter& end_array();
    /** The next member's key (inside an object). */
    JsonWriter& key(std::string_view name);

    JsonWriter& value(double number);
    JsonWriter& value(std::size_t number);
    JsonWriter& value(int number);
    JsonWriter& value(long long number);
    JsonWriter& value(unsigned long long number);
    JsonWriter& value(bool flag);
    JsonWriter& value(std::string_view text);
    JsonWriter& value(const char* text) { return value(std::string_view(text)); }
    JsonWriter& value(const std::string& text) { return value(std::string_view(text)); }
    JsonWriter& value(const std::optional<double>& number);  // null when empty
    JsonWriter& null();

    /** key + value in one call. */
    template <typename T>
    JsonWriter& member(std::string_view name, const T& v) {
        return key(name).value(v);
    }

    /** An array of values. */
    template <typename T>
    JsonWriter& array(std::span<const T> values) {
        begin_array();
        for (const auto& v : values) value(v);
        return end_array();
    }

    /** An object mapping each name to the value at the same index. */
    template <typename T>
    JsonWriter& object(std::span<const std::string> names, std::span<const T> values) {
        begin_object();
        for (std::size_t i = 0; i < names.size(); ++i) key(names[i]).value(values[i]);
        return end_object();
    }

    /** Room for `bytes` of output, so a large result is not copied as it grows. */
    void reserve(std::size_t bytes) { out_.reserve(bytes); }

    const std::string& text() const { return out_; }
    std::string take() {
        if (out_.size() > max_bytes_) throw TooLarge();
        return std::move(out_);
    }

private:
    void separate();  // a comma before every element but the first of its container; checks the limit
    void string(std::string_view text);

    std::string out_;
    std::vector<bool> first_;  // per open container: nothing written in it yet
    bool after_key_ = false;
    std::uint64_t max_bytes_ = UINT64_MAX;
};

}  // namespace fairness
