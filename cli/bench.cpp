// fairness-bench: times the core in-process, for `npm run bench` to set beside the WASM module.
//   fairness-bench SCENARIO.json RUNS [--summary]
//       evaluates the scenario RUNS times (after a warm-up) and prints one line per run: its wall
//       time in milliseconds. Each run is `fairness::evaluate_json`, the same text-in, text-out
//       call the WASM module makes (--summary: with EvaluateOptions{.detail = false}, as
//       `fairness-eval --summary`). Then a line `peak-rss-kB N`: the process's peak resident memory.
//   fairness-bench --once SCENARIO.json [--summary]
//       what `fairness-eval [--summary] SCENARIO.json` does, timed from the file read: parse, free
//       the text, evaluate (results not printed). One line: milliseconds, then the peak-rss-kB line.
//   fairness-bench --metrics SMALL.json LARGE.json RUNS
//       times each metric's compute, with its per-rank detail and value at every cut-off, on the
//       first ranking of each scenario, read, analysed and arranged once
//       (fairness::RankingContext). RUNS rounds, each timing every metric once on SMALL then once
//       on LARGE (interleaved, so that a busy moment of the machine does not favour one size),
//       after a warm-up round: one line per metric, `ID SMALL_MS LARGE_MS` (the best of the
//       rounds), then the peak-rss-kB line. Times are the thread's processor time, not wall
//       time: on a shared machine a compute of 100 ms is descheduled several times and one of
//       1 ms seldom, which made the large size look slower per item than it is.
// Every scenario is read under the large tier of core/limits.json (as `fairness-eval --large`):
// the bench measures sizes beyond what the default tier allows.
#include <malloc.h>
#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include "fairness/descriptor.hpp"
#include "fairness/evaluate.hpp"
#include "fairness/ranking_context.hpp"
#include "fairness/scenario.hpp"
#include "read_file.hpp"

namespace {

using clock_type = std::chrono::steady_clock;

double ms_since(clock_type::time_point start) { return std::chrono::duration<double, std::milli>(clock_type::now() - start).count(); }

// The calling thread's processor time in milliseconds.
double thread_cpu_ms() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

long peak_rss_kb() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

int usage() {
    std::fprintf(stderr,
                 "usage: fairness-bench SCENARIO.json RUNS [--summary]\n       fairness-bench --once SCENARIO.json [--summary]\n"
                 "       fairness-bench --metrics SMALL.json LARGE.json RUNS\n");
    return 2;
}

// Whole evaluations, text in, text out.
std::size_t time_evaluations(const std::string& text, long runs, const fairness::EvaluateOptions& options) {
    std::size_t sink = 0;  // keeps the optimiser from dropping the work
    // A warm-up as long as the runs are short.
    for (long i = 0; i < std::min(runs, 10L); ++i) sink += fairness::evaluate_json(text, options).size();
    std::vector<double> ms;
    for (long i = 0; i < runs; ++i) {
        const auto start = clock_type::now();
        sink += fairness::evaluate_json(text, options).size();
        ms.push_back(ms_since(start));
    }
    for (const double t : ms) std::printf("%.6f\n", t);
    return sink;
}

// One evaluation as the CLI makes it: the file's text freed once parsed.
std::size_t time_once(const char* path, const fairness::EvaluateOptions& options) {
    const auto start = clock_type::now();
    std::string text;
    if (!fairness::cli::read_file(path, text)) throw fairness::ScenarioError("scenario", std::string(path) + ": cannot read the file");
    const auto scenario = fairness::parse_scenario(text, *options.limits);
    std::string().swap(text);
    const auto size = fairness::evaluate_text(scenario, options).size();
    std::printf("%.6f\n", ms_since(start));
    return size;
}

// A scenario's first ranking, analysed and arranged in its own order, for time_metrics.
struct Arranged {
    fairness::Scenario scenario;
    std::unique_ptr<fairness::RankingContext> context;

    explicit Arranged(const char* path) {
        std::string text;
        if (!fairness::cli::read_file(path, text)) throw fairness::ScenarioError("scenario", std::string(path) + ": cannot read the file");
        scenario = fairness::parse_scenario(text, fairness::large_limits());
        context = std::make_unique<fairness::RankingContext>(scenario, 0, true);
        std::vector<std::size_t> order(context->size());
        std::iota(order.begin(), order.end(), std::size_t{0});
        context->arrange(order);
    }
};

// Each metric's compute with detail on both scenarios, interleaved; the best of `runs` rounds.
std::size_t time_metrics(const char* small_path, const char* large_path, long runs) {
    const Arranged small(small_path), large(large_path);
    const auto& metrics = fairness::all_metrics();
    std::vector<std::array<double, 2>> best(metrics.size(),
                                            {std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()});
    std::size_t sink = 0;
    for (long round = -1; round < runs; ++round) {  // round -1: the warm-up
        for (std::size_t m = 0; m < metrics.size(); ++m) {
            for (std::size_t size = 0; size < 2; ++size) {
                const double start = thread_cpu_ms();
                sink += (size == 0 ? small : large).context->arranged_value(m).has_value();
                if (round >= 0) best[m][size] = std::min(best[m][size], thread_cpu_ms() - start);
            }
        }
    }
    for (std::size_t m = 0; m < metrics.size(); ++m)
        std::printf("%s %.6f %.6f\n", std::string(metrics[m]->id).c_str(), best[m][0], best[m][1]);
    return sink + 1;
}

}  // namespace

int main(int argc, char** argv) {
    // Freed memory is kept for the next run, at every size: without this, glibc returns large
    // blocks to the system, and a long ranking's runs pay page faults a short one's do not.
    mallopt(M_MMAP_THRESHOLD, 1 << 30);
    mallopt(M_TRIM_THRESHOLD, std::numeric_limits<int>::max());
    if (argc >= 3 && std::strcmp(argv[1], "--once") == 0) {
        if (argc > 4 || (argc == 4 && std::strcmp(argv[3], "--summary") != 0)) return usage();
        try {
            if (time_once(argv[2], {.limits = &fairness::large_limits(), .detail = argc != 4}) == 0) return 1;
        } catch (const fairness::ScenarioError& error) {
            std::fprintf(stderr, "fairness-bench: %s\n", error.what());
            return 2;
        }
        std::printf("peak-rss-kB %ld\n", peak_rss_kb());
        return 0;
    }
    if (argc >= 2 && std::strcmp(argv[1], "--metrics") == 0) {
        const long runs = argc == 5 ? std::strtol(argv[4], nullptr, 10) : 0;
        if (runs < 1) return usage();
        std::size_t sink = 0;
        try {
            sink = time_metrics(argv[2], argv[3], runs);
        } catch (const fairness::ScenarioError& error) {
            std::fprintf(stderr, "fairness-bench: %s\n", error.what());
            return 2;
        }
        std::printf("peak-rss-kB %ld\n", peak_rss_kb());
        return sink == 0 ? 1 : 0;
    }
    const bool summary = argc == 4 && std::strcmp(argv[3], "--summary") == 0;
    if (argc != 3 && !summary) return usage();
    const char* path = argv[1];
    const long runs = std::strtol(argv[2], nullptr, 10);
    if (runs < 1) {
        std::fprintf(stderr, "fairness-bench: RUNS must be a whole number of at least 1\n");
        return 2;
    }
    std::string text;
    if (!fairness::cli::read_file(path, text)) {
        std::fprintf(stderr, "fairness-bench: %s: cannot read the file\n", path);
        return 2;
    }
    std::size_t sink = 0;
    try {
        sink = time_evaluations(text, runs, {.limits = &fairness::large_limits(), .detail = !summary});
    } catch (const fairness::ScenarioError& error) {
        std::fprintf(stderr, "fairness-bench: %s\n", error.what());
        return 2;
    }
    std::printf("peak-rss-kB %ld\n", peak_rss_kb());
    return sink == 0 ? 1 : 0;
}
