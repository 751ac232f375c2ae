// The Embind table of run evaluation (fairness/runs/evaluation.hpp), a module of its own
// (fairness-runs.wasm) so that the playground's module stays small: only the Runs view's worker
// loads it. One evaluation per module instance (one per worker), so JS holds no C++ object;
// runsStart replaces it and every other call acts on it. Nothing is computed or checked here.
// A refusal is a plain value naming the file, line and field (fairness::runs::InputError).
#include <emscripten/bind.h>

#include <cstdint>
#include <exception>
#include <memory>
#include <new>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "fairness/json_writer.hpp"
#include "fairness/runs/evaluation.hpp"
#include "fairness/runs/options.hpp"
#include "fairness/scenario.hpp"

namespace {

struct RunsReply {
    bool ok = false;
    std::string json;
    std::string file;
    double line = 0;  // a JS number: exact up to 2^53
    std::string field;
    std::string message;
};

std::unique_ptr<fairness::runs::Evaluation> runs_evaluation;
std::string runs_query_texts = "[]";
std::string runs_comparisons = "";

template <typename F>
RunsReply runs_reply(F&& compute) {
    try {
        if (!runs_evaluation) throw std::logic_error("no run evaluation started (runsStart)");
        return {true, compute(*runs_evaluation), {}, 0, {}, {}};
    } catch (const fairness::runs::InputError& error) {
        return {false, {}, error.file(), static_cast<double>(error.line()), error.field(), error.what()};
    } catch (const fairness::ScenarioError& error) {
        return {false, {}, "params", 0, error.field(), error.message()};
    } catch (const std::bad_alloc&) {
        return {false, {}, {}, 0, {}, "out of memory"};
    } catch (const std::exception& error) {
        return {false, {}, {}, 0, {}, error.what()};
    }
}

// Options as the JSON of fairness/runs/options.hpp; params: a scenario JSON without rankings, or
// empty for SPEC's defaults.
// A refusal of the params names their file, as the CLI's --params does.
RunsReply runs_start(const std::string& options_json, const std::string& params_json, const std::string& params_file) {
    runs_evaluation.reset();
    try {
        runs_evaluation = std::make_unique<fairness::runs::Evaluation>(fairness::runs::options_from_json(options_json));
    } catch (const fairness::runs::InputError& error) {
        return {false, {}, error.file(), 0, error.field(), error.what()};
    }
    return runs_reply([&](fairness::runs::Evaluation& ev) {
        if (!params_json.empty()) {
            try {
                ev.set_params(params_json);
            } catch (const fairness::ScenarioError& error) {
                throw fairness::runs::InputError(params_file, 0, error.field(), error.message());
            }
        }
        return std::string(ev.needs_collection() ? "true" : "false");
    });
}

// kind: 0 run, 1 background, 2 qrels, 3 labels, 4 queries (fairness::runs::Input's order).
RunsReply runs_begin(int kind, const std::string& name, const std::string& file) {
    return runs_reply([&](fairness::runs::Evaluation& ev) {
        if (kind < 0 || kind > 4) throw std::invalid_argument("unknown input kind");
        ev.begin(static_cast<fairness::runs::Input>(kind), name, file);
        return std::string();
    });
}

// Input bytes cross into the module through one buffer in its memory: JS writes a chunk there
// (HEAPU8.set, one memory copy) and feeds its length. Embind's std::string from a Uint8Array
// copies byte by byte in a JS loop and then again into the string, which cost more than parsing.
std::vector<char> runs_input;

// The buffer, grown to at least `size` bytes; its address in the module's memory.
unsigned runs_buffer(unsigned size) {
    if (runs_input.size() < size) runs_input.resize(size);
    return static_cast<unsigned>(reinterpret_cast<std::uintptr_t>(runs_input.data()));
}

std::string_view runs_chunk(unsigned size) {
    if (size > runs_input.size()) throw std::invalid_argument("a chunk larger than the input buffer");
    return {runs_input.data(), size};
}

RunsReply runs_feed(unsigned size) {
    return runs_reply([&](fairness::runs::Evaluation& ev) {
        ev.feed(runs_chunk(size));
        return std::string();
    });
}

RunsReply runs_end() {
    return runs_reply([&](fairness::runs::Evaluation& ev) {
        ev.end();
        return std::string();
    });
}

RunsReply runs_collection_begin(const std::string& file) {
    return runs_reply([&](fairness::runs::Evaluation& ev) {
        ev.collection_begin(file);
        return std::string();
    });
}

// Returns the progress as "bytes documents kept" (no JSON per chunk).
RunsReply runs_collection_feed(unsigned size) {
    return runs_reply([&](fairness::runs::Evaluation& ev) {
        ev.collection_feed(runs_chunk(size));
        const auto& p = ev.progress();
        return std::to_string(p.bytes) + " " + std::to_string(p.documents) + " " + std::to_string(p.kept);
    });
}

RunsReply runs_collection_end() {
    return runs_reply([&](fairness::runs::Evaluation& ev) {
        ev.collection_end();
        const auto& p = ev.progress();
        return std::to_string(p.bytes) + " " + std::to_string(p.documents) + " " + std::to_string(p.kept);
    });
}

// The results as the CLI's --format json writes them; the evaluation stays for runsQueryScenario.
RunsReply runs_compute() {
    return runs_reply([&](fairness::runs::Evaluation& ev) {
        const auto results = ev.compute();
        fairness::JsonWriter texts;
        texts.array(std::span<const std::string>(results.query_texts));
        runs_query_texts = texts.take();
        runs_comparisons = fairness::runs::results_comparisons_csv(results);
        return fairness::runs::results_json(results, fairness::default_limits().output_bytes);
    });
}

// The texts of the queries of the last results, in their order (from an annotated query list;
// empty strings otherwise): the CLI's JSON does not carry them.
std::string runs_texts() { return runs_query_texts; }

// The comparisons of the last results as the CLI's --format comparisons-csv writes them.
std::string runs_comparisons_csv() { return runs_comparisons; }

RunsReply runs_query_scenario(const std::string& query, const std::string& run_a, const std::string& run_b, int cutoff) {
    return runs_reply([&](fairness::runs::Evaluation& ev) {
        if (cutoff < 1) throw fairness::runs::InputError("--cutoffs", 0, "", "a cut-off is at least 1");
        std::vector<std::string> names{run_a};
        if (!run_b.empty()) names.push_back(run_b);
        return ev.query_scenario(query, names, static_cast<std::size_t>(cutoff));
    });
}

void runs_reset() {
    runs_evaluation.reset();
    std::vector<char>().swap(runs_input);
    runs_query_texts = "[]";
    runs_comparisons.clear();
}

}  // namespace

EMSCRIPTEN_BINDINGS(fairness_runs) {
    using namespace emscripten;
    value_object<RunsReply>("RunsReply")
        .field("ok", &RunsReply::ok)
        .field("json", &RunsReply::json)
        .field("file", &RunsReply::file)
        .field("line", &RunsReply::line)
        .field("field", &RunsReply::field)
        .field("message", &RunsReply::message);
    function("runsStart", &runs_start);
    function("runsBegin", &runs_begin);
    function("runsBuffer", &runs_buffer);
    function("runsFeed", &runs_feed);
    function("runsEnd", &runs_end);
    function("runsCollectionBegin", &runs_collection_begin);
    function("runsCollectionFeed", &runs_collection_feed);
    function("runsCollectionEnd", &runs_collection_end);
    function("runsCompute", &runs_compute);
    function("runsQueryScenario", &runs_query_scenario);
    function("runsQueryTexts", &runs_texts);
    function("runsComparisonsCsv", &runs_comparisons_csv);
    function("runsReset", &runs_reset);
}
