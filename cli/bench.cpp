// fairness-bench: times the core in-process, for `npm run bench` to set beside the WASM module.
//   fairness-bench SCENARIO.json N      evaluates the scenario N times (after a warm-up) and prints
//                                       one line per run: its wall time in milliseconds
// Each run is `fairness::evaluate_json`, the same text-in, text-out call the WASM module makes.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "fairness/evaluate.hpp"
#include "fairness/scenario.hpp"

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: fairness-bench SCENARIO.json RUNS\n");
        return 2;
    }
    std::ifstream file(argv[1], std::ios::binary);
    if (!file) {
        std::fprintf(stderr, "fairness-bench: %s: cannot read the file\n", argv[1]);
        return 2;
    }
    const std::string text(std::istreambuf_iterator<char>(file), {});
    const long runs = std::strtol(argv[2], nullptr, 10);
    if (runs < 1) {
        std::fprintf(stderr, "fairness-bench: RUNS must be a whole number of at least 1\n");
        return 2;
    }
    using clock = std::chrono::steady_clock;
    std::size_t sink = 0;  // keeps the optimiser from dropping the work
    try {
        for (long i = 0; i < std::min(runs, 10L); ++i) sink += fairness::evaluate_json(text).size();
        std::vector<double> ms;
        ms.reserve(static_cast<std::size_t>(runs));
        for (long i = 0; i < runs; ++i) {
            const auto start = clock::now();
            sink += fairness::evaluate_json(text).size();
            ms.push_back(std::chrono::duration<double, std::milli>(clock::now() - start).count());
        }
        for (const double t : ms) std::printf("%.6f\n", t);
    } catch (const fairness::ScenarioError& error) {
        std::fprintf(stderr, "fairness-bench: %s\n", error.what());
        return 2;
    }
    return sink == 0 ? 1 : 0;
}
