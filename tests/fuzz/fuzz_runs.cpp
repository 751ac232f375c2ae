// libFuzzer target over run evaluation's readers (runs, qrels, labels, queries, a background run,
// the collection as TSV or JSON lines) and what follows them: any bytes in, split into the six
// inputs at "\n%%\n", each fed in chunks of a size the input chooses (so lines and fields cross
// chunk boundaries). Either an InputError or ScenarioError (a refusal naming its file) or results
// whose JSON is valid and whose CSV and table are written. Anything else (another exception, a
// crash, a sanitizer report, a hang past -timeout) is a bug. Gzip is the CLI's (cli/runs.cpp) and
// is tested there. Built by tests/fuzz/CMakeLists.txt; run by `npm run fuzz`.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "fairness/runs/evaluation.hpp"
#include "fairness/scenario.hpp"

namespace {

using fairness::runs::Evaluation;
using fairness::runs::Input;

void check(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz_runs: %s\n", what);
        std::abort();
    }
}

// The input's parts: run, qrels, labels, queries, background, collection (missing ones empty).
std::array<std::string_view, 6> parts_of(std::string_view text) {
    std::array<std::string_view, 6> parts{};
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const auto cut = i + 1 < parts.size() ? text.find("\n%%\n") : std::string_view::npos;
        parts[i] = text.substr(0, cut);
        if (cut == std::string_view::npos) break;
        text.remove_prefix(cut + 4);
    }
    return parts;
}

template <typename Feed>
void in_chunks(std::string_view bytes, std::size_t chunk, Feed&& feed) {
    for (std::size_t at = 0; at < bytes.size(); at += chunk) feed(bytes.substr(at, chunk));
}

void evaluate(std::string_view text, std::size_t chunk) {
    const auto parts = parts_of(text);
    fairness::runs::Options options;
    options.cutoffs = {3, 10};
    options.background_depth = 20;
    options.bootstrap.samples = chunk % 2 ? 200 : 0;  // the bootstrap on half the inputs, cheaply
    Evaluation ev(options);
    const auto add = [&](Input kind, std::string name, std::string_view bytes) {
        ev.begin(kind, std::move(name), "fuzz");
        in_chunks(bytes, chunk, [&](std::string_view piece) { ev.feed(piece); });
        ev.end();
    };
    // In the CLI's order: runs, background, qrels, labels, queries, collection.
    add(Input::run, "a", parts[0]);
    add(Input::run, "b", parts[0].substr(parts[0].size() / 2));  // a second run, for the comparisons
    if (!parts[4].empty()) add(Input::background, "", parts[4]);
    if (!parts[1].empty()) add(Input::qrels, "", parts[1]);
    if (!parts[2].empty()) add(Input::labels, "", parts[2]);
    if (!parts[3].empty()) add(Input::queries, "", parts[3]);
    if (ev.needs_collection()) {
        ev.collection_begin("fuzz-collection");
        in_chunks(parts[5], chunk, [&](std::string_view piece) { ev.collection_feed(piece); });
        ev.collection_end();
    }
    const auto results = ev.compute();
    check(nlohmann::json::accept(fairness::runs::results_json(results)), "the results are not valid JSON");
    check(!fairness::runs::results_csv(results, true).empty(), "the CSV is empty");
    check(!fairness::runs::results_table(results, true).empty(), "the table is empty");
    (void)fairness::runs::results_comparisons_csv(results);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const std::size_t chunk = 1 + data[0] % 64;  // 1 to 64 bytes a chunk
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    try {
        evaluate(text, chunk);
    } catch (const fairness::runs::InputError&) {
    } catch (const fairness::ScenarioError&) {
    }
    return 0;
}
