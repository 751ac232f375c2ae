// What every call of the playground's modules (bindings.cpp, jobs_bindings.cpp) returns: on
// success, where the result's JSON text lies in the module's memory (`at`, `bytes`), else the
// core's `field` and `message`. A refusal (fairness::ScenarioError) comes back
// as this plain value object, never as a thrown C++ exception, so JS holds no C++ object it would
// have to delete. `internal` marks a failure of the core itself (a bug, or memory exhausted), not
// of the input; a refusal may blame any field, even one named "" (`scenario[""]`).
#pragma once

#include <emscripten/bind.h>
#include <malloc.h>

#include <algorithm>
#include <cstdint>
#include <exception>
#include <string>

#include "fairness/scenario.hpp"

namespace fairness::wasm {

struct Reply {
    bool ok = false;
    // The result's UTF-8 bytes, kept by the module until its next call: JS decodes them at once
    // with one TextDecoder call. (Returned as a std::string, Embind's glue would look at every
    // byte in a JS loop, twice: a quarter of a 1,000-document evaluation's time.)
    std::uint32_t at = 0;
    std::uint32_t bytes = 0;
    std::string field;
    std::string message;
    bool internal = false;
};

// The input of a call: JS writes the scenario's UTF-8 bytes here (HEAPU8.set, at the address
// input_buffer returns) and passes their length; the call takes them (take_input) and frees them
// when it returns, as it would a std::string argument. (Passed as a std::string, Embind's glue
// would copy them a byte at a time in a JS loop: a fifth of an edit's time at 1,000 documents.)
inline std::string& input() {
    static std::string bytes;
    return bytes;
}
inline std::uint32_t input_buffer(std::uint32_t bytes) {
    input() = std::string(bytes, '\0');
    return static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(input().data()));
}
// The input's first `bytes`, taken from the buffer.
inline std::string take_input(std::uint32_t bytes) {
    std::string text = std::move(input());
    input() = std::string();
    text.resize(std::min<std::size_t>(bytes, text.size()));
    return text;
}

// The last result, until the next call replaces it.
inline std::string& last_result() {
    static std::string text;
    return text;
}

template <typename F>
Reply reply(F&& compute) {
    try {
        std::string& text = last_result();
        text = std::string();  // the last result is freed before this one is computed
        text = compute();
        return {.ok = true,
                .at = static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(text.data())),
                .bytes = static_cast<std::uint32_t>(text.size())};
    } catch (const fairness::ScenarioError& error) {
        return {.field = error.field(), .message = error.message()};
    } catch (const std::exception& error) {
        return {.message = error.what(), .internal = true};
    }
}

// Bytes the allocator holds for live objects: flat across calls when nothing leaks.
inline double heap_in_use() { return static_cast<double>(mallinfo().uordblks); }

// The Reply value object and heapInUse, bound in each module.
inline void bind_reply() {
    emscripten::value_object<Reply>("Reply")
        .field("ok", &Reply::ok)
        .field("at", &Reply::at)
        .field("bytes", &Reply::bytes)
        .field("field", &Reply::field)
        .field("message", &Reply::message)
        .field("internal", &Reply::internal);
    emscripten::function("heapInUse", &heap_in_use);
}

}  // namespace fairness::wasm
