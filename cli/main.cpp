// fairness-eval: the native command line over the metric core.
//   fairness-eval SCENARIO.json      results JSON on stdout (full precision)
//   fairness-eval -                  reads the scenario from stdin
//   fairness-eval --table FILE       a readable table instead
//   fairness-eval --summary FILE     the values without per-rank detail, values at every cut-off or
//                                    per-document matches, nor the background's documents (a few kB
//                                    per ranking, any length)
//   fairness-eval --describe         every metric's descriptor as JSON
//   fairness-eval --experiment a|b|SPEC  the DIPS paper's Figure 1a or 1b (SPEC: JSON, see
//                                    fairness/experiments.hpp), results JSON on stdout
//   fairness-eval --orderings R FILE the best and worst ordering of ranking R (its index from 0,
//                                    or its name) under every metric, as JSON
//   --large                          the large tier of core/limits.json instead of the default one
// Bad input: one message naming the field on stderr, exit code 2, nothing on stdout.
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "fairness/evaluate.hpp"
#include "fairness/experiments.hpp"
#include "fairness/orderings.hpp"
#include "option.hpp"
#include "output.hpp"
#include "runs.hpp"
#include "table.hpp"

namespace {

constexpr int bad_input = 2;

// The help text; the --large example quotes the two tiers of core/limits.json as built.
std::string usage_text() {
    return "usage: fairness-eval [--table] [--summary] SCENARIO.json|-\n"
           "       fairness-eval --describe\n"
           "       fairness-eval --experiment a|b|'{\"figure\": \"a\", \"repetitions\": 10, \"seed\": 1}'\n"
           "       fairness-eval --orderings RANKING SCENARIO.json|-\n"
           "       fairness-eval runs [OPTIONS] RUN...   (TREC runs over a collection; runs --help)\n"
           "Prints every metric of SPEC.md for each ranking of the scenario as JSON (or a table with --table).\n"
           "--summary leaves out each metric's perRank and atCutoff, each ranking's docs and the background's\n"
           "(the values stay the same): a few kilobytes per ranking, however many documents.\n"
           "--orderings prints the fairest and least fair ordering of one ranking (index from 0, or name)\n"
           "under every metric: exhaustive up to 8 documents, a local search beyond.\n"
           "--large accepts larger inputs (the large tier of core/limits.json, e.g. " +
           std::to_string(fairness::large_limits().documents_per_ranking) + " documents per\nranking instead of " +
           std::to_string(fairness::default_limits().documents_per_ranking) +
           "; see the README's Limits section), with any of the above.\n";
}
const std::string usage = usage_text();
// A usage error is one line: the options' list is one --help away, not scrolled past it.
const char* const see_help = "; fairness-eval --help lists the options\n";

// Why a scenario file cannot be read, in one line, or nothing when `text` holds it. Reads at most
// the scenario limit: a larger input is refused by its size (counted, not kept).
std::optional<std::string> read_input(const std::string& path, const fairness::Limits& limits, std::string& text) {
    const std::uint64_t max_bytes = limits.scenario_bytes;
    std::istream* in = &std::cin;
    std::ifstream file;
    if (path != "-") {
        std::error_code error;
        if (std::filesystem::is_directory(path, error)) return "is a directory, not a scenario file";
        file.open(path, std::ios::binary);
        if (!file) return std::string("cannot read the file: ") + std::strerror(errno);
        in = &file;
    }
    std::uint64_t total = 0;
    char buffer[1 << 16];
    while (*in) {
        in->read(buffer, sizeof buffer);
        const auto got = static_cast<std::uint64_t>(in->gcount());
        if (total + got <= max_bytes) text.append(buffer, static_cast<std::size_t>(got));
        total += got;
    }
    if (in->bad()) return std::string("cannot read the file: ") + std::strerror(errno);
    if (total > max_bytes) {
        text.clear();
        fairness::check_scenario_size(total, limits);  // throws ScenarioError: "scenario: too large: …"
    }
    return std::nullopt;
}

// A ranking named on the command line: its name, else its index from 0.
std::size_t ranking_index(const fairness::Scenario& scenario, const std::string& which) {
    for (std::size_t r = 0; r < scenario.rankings.size(); ++r)
        if (scenario.rankings[r].name == which) return r;
    if (!which.empty() && which.find_first_not_of("0123456789") == std::string::npos && which.size() < 10)
        return static_cast<std::size_t>(std::stoul(which));
    throw fairness::ScenarioError("ranking", "no ranking is named \"" + which + "\"");
}

struct Modes {
    bool describe, experiment, orderings;
};

// Options that cannot go together, said rather than one of them silently dropped: two modes, a
// scenario given to a mode that reads none, --table or --summary beside a mode they do not shape.
std::optional<std::string> mode_conflict(Modes m, bool shaped, const std::string& path) {
    std::vector<std::string> modes;
    if (m.describe) modes.emplace_back("--describe");
    if (m.experiment) modes.emplace_back("--experiment");
    if (m.orderings) modes.emplace_back("--orderings");
    if (modes.size() > 1) return modes[0] + " and " + modes[1] + " cannot go together: each is a mode of its own";
    if ((m.describe || m.experiment) && !path.empty()) return modes[0] + " reads no scenario, got '" + path + "'";
    if (!modes.empty() && shaped) return "--table and --summary shape a scenario's evaluation; " + modes[0] + " prints its own JSON";
    return std::nullopt;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc > 1 && std::string(argv[1]) == "runs") return fairness::cli::runs_main(argc - 1, argv + 1);
    bool table = false, describe = false, orderings = false, large = false, detail = true;
    std::optional<std::string> experiment;
    std::string path, ranking;
    for (int i = 1; i < argc; ++i) {
        auto [arg, given] = fairness::cli::split_option(argv[i]);
        const bool flag = arg == "--table" || arg == "--summary" || arg == "--describe" || arg == "--large";
        if (given && flag) {
            std::cerr << "fairness-eval: " << arg << " takes no value, got '" << *given << "'" << see_help;
            return bad_input;
        }
        if (arg == "--table")
            table = true;
        else if (arg == "--summary")
            detail = false;
        else if (arg == "--describe")
            describe = true;
        else if (arg == "--large")
            large = true;
        else if (arg == "--experiment") {
            if (!given && i + 1 == argc) {
                std::cerr << "fairness-eval: --experiment needs a or b or a JSON spec" << see_help;
                return bad_input;
            }
            experiment = given ? *given : argv[++i];
        } else if (arg == "--orderings") {
            if (!given && i + 1 >= argc) {
                std::cerr << "fairness-eval: --orderings needs a ranking (index or name)" << see_help;
                return bad_input;
            }
            orderings = true;
            ranking = given ? *given : argv[++i];
        } else if (arg == "-h" || arg == "--help") {
            std::cout << usage;
            return fairness::cli::finish_output("fairness-eval");
        } else if (!arg.empty() && arg[0] == '-' && arg != "-") {
            std::cerr << "fairness-eval: unknown option " << arg << see_help;
            return bad_input;
        } else if (path.empty())
            path = arg;
        else {
            std::cerr << "fairness-eval: one scenario at a time" << see_help;
            return bad_input;
        }
    }
    if (const auto conflict = mode_conflict({describe, experiment.has_value(), orderings}, table || !detail, path)) {
        std::cerr << "fairness-eval: " << *conflict << see_help;
        return bad_input;
    }
    const fairness::Limits& limits = large ? fairness::large_limits() : fairness::default_limits();
    if (describe) {
        std::cout << fairness::describe_metrics().dump(2) << "\n";
        return fairness::cli::finish_output("fairness-eval");
    }
    if (experiment) {
        const std::string& spec = *experiment;
        const auto first = spec.find_first_not_of(" \t\r\n");
        if (spec != "a" && spec != "b" && (first == std::string::npos || spec[first] != '{')) {
            std::cerr << "fairness-eval: --experiment: expected a, b or a JSON object such as '{\"figure\": \"a\"}', got '" << spec
                      << "'\n";
            return bad_input;
        }
        try {
            std::cout << fairness::experiments::run_json(spec == "a" || spec == "b" ? "{\"figure\": \"" + spec + "\"}" : spec, limits)
                      << "\n";
        } catch (const fairness::ScenarioError& error) {
            std::cerr << "fairness-eval: experiment: " << error.what() << "\n";
            return bad_input;
        }
        return fairness::cli::finish_output("fairness-eval");
    }
    if (path.empty()) {
        std::cerr << usage;
        return bad_input;
    }
    try {
        std::string text;
        if (const auto problem = read_input(path, limits, text)) {
            std::cerr << "fairness-eval: " << path << ": " << *problem << "\n";
            return bad_input;
        }
        const auto scenario = fairness::parse_scenario(text, limits);
        std::string().swap(text);  // the scenario holds what it needs
        if (orderings) {
            const auto index = ranking_index(scenario, ranking);
            fairness::OrderingOptions search;
            search.limits = &limits;
            std::cout << fairness::orderings_text(scenario, fairness::find_orderings(scenario, index, search)) << "\n";
        } else if (table) {
            // The table shows values and notes only: no detail to compute.
            std::cout << fairness::cli::format_table(fairness::evaluate(scenario, {.limits = &limits, .detail = false}));
        } else
            std::cout << fairness::evaluate_text(scenario, {.limits = &limits, .detail = detail}) << "\n";
    } catch (const fairness::ScenarioError& error) {
        std::cerr << "fairness-eval: " << error.what() << "\n";
        return bad_input;
    }
    return fairness::cli::finish_output("fairness-eval");
}
