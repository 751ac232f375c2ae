// What every call of the playground's modules (bindings.cpp, jobs_bindings.cpp) returns: `json`
// on success, else the core's `field` and `message`. A refusal (fairness::ScenarioError) comes back
// as this plain value object, never as a thrown C++ exception, so JS holds no C++ object it would
// have to delete. `internal` marks a failure of the core itself (a bug, or memory exhausted), not
// of the input; a refusal may blame any field, even one named "" (`scenario[""]`).
#pragma once

#include <emscripten/bind.h>
#include <malloc.h>

#include <exception>
#include <string>

#include "fairness/scenario.hpp"

namespace fairness::wasm {

struct Reply {
    bool ok = false;
    std::string json;
    std::string field;
    std::string message;
    bool internal = false;
};

template <typename F>
Reply reply(F&& compute) {
    try {
        return {true, compute(), {}, {}, false};
    } catch (const fairness::ScenarioError& error) {
        return {false, {}, error.field(), error.message(), false};
    } catch (const std::exception& error) {
        return {false, {}, {}, error.what(), true};
    }
}

// Bytes the allocator holds for live objects: flat across calls when nothing leaks.
inline double heap_in_use() { return static_cast<double>(mallinfo().uordblks); }

// The Reply value object and heapInUse, bound in each module.
inline void bind_reply() {
    emscripten::value_object<Reply>("Reply")
        .field("ok", &Reply::ok)
        .field("json", &Reply::json)
        .field("field", &Reply::field)
        .field("message", &Reply::message)
        .field("internal", &Reply::internal);
    emscripten::function("heapInUse", &heap_in_use);
}

}  // namespace fairness::wasm
