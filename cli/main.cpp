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
#include <set>
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

// A usage error: one line, then where the options are listed.
struct Usage {
    std::string message;
};

// What the command line asks for.
struct Command {
    bool table = false, describe = false, orderings = false, large = false, detail = true, help = false;
    std::optional<std::string> experiment;
    std::string path, ranking;
};

// The value of an option that takes one: after '=', or the next argument. Given twice, the
// second would silently win, as in runs mode it is refused.
std::string option_value(const std::string& name, const std::optional<std::string>& given, int& i, int argc, char** argv,
                         const char* missing, std::set<std::string>& valued) {
    if (!valued.insert(name).second) throw Usage{name + " is given twice; give it once"};
    if (given) return *given;
    if (i + 1 >= argc) throw Usage{missing};
    return argv[++i];
}

Command parse_arguments(int argc, char** argv) {
    Command c;
    std::set<std::string> valued;  // the options with a value given so far
    for (int i = 1; i < argc; ++i) {
        auto [arg, given] = fairness::cli::split_option(argv[i]);
        const bool flag = arg == "--table" || arg == "--summary" || arg == "--describe" || arg == "--large";
        if (given && flag) throw Usage{arg + " takes no value, got '" + *given + "'"};
        if (arg == "--table")
            c.table = true;
        else if (arg == "--summary")
            c.detail = false;
        else if (arg == "--describe")
            c.describe = true;
        else if (arg == "--large")
            c.large = true;
        else if (arg == "--experiment")
            c.experiment = option_value(arg, given, i, argc, argv, "--experiment needs a or b or a JSON spec", valued);
        else if (arg == "--orderings") {
            c.ranking = option_value(arg, given, i, argc, argv, "--orderings needs a ranking (index or name)", valued);
            c.orderings = true;
        } else if (arg == "-h" || arg == "--help") {
            c.help = true;  // the options after it are not read
            return c;
        } else if (!arg.empty() && arg[0] == '-' && arg != "-")
            throw Usage{"unknown option " + arg};
        else if (c.path.empty())
            c.path = arg;
        else
            throw Usage{"one scenario at a time"};
    }
    return c;
}

// Options that cannot go together, said rather than one of them silently dropped: two modes, a
// scenario given to a mode that reads none, --table or --summary beside a mode they do not shape.
std::optional<std::string> mode_conflict(const Command& c) {
    std::vector<std::string> modes;
    if (c.describe) modes.emplace_back("--describe");
    if (c.experiment) modes.emplace_back("--experiment");
    if (c.orderings) modes.emplace_back("--orderings");
    if (modes.size() > 1) return modes[0] + " and " + modes[1] + " cannot go together: each is a mode of its own";
    if ((c.describe || c.experiment) && !c.path.empty()) return modes[0] + " reads no scenario, got '" + c.path + "'";
    if (!modes.empty() && (c.table || !c.detail))
        return "--table and --summary shape a scenario's evaluation; " + modes[0] + " prints its own JSON";
    return std::nullopt;
}

// --experiment: a or b (the DIPS paper's Figure 1a or 1b), or a JSON spec.
int run_experiment(const std::string& spec, const fairness::Limits& limits) {
    const auto first = spec.find_first_not_of(" \t\r\n");
    if (spec != "a" && spec != "b" && (first == std::string::npos || spec[first] != '{')) {
        std::cerr << "fairness-eval: --experiment: expected a, b or a JSON object such as '{\"figure\": \"a\"}', got '" << spec << "'\n";
        return bad_input;
    }
    try {
        std::cout << fairness::experiments::run_json(spec == "a" || spec == "b" ? "{\"figure\": \"" + spec + "\"}" : spec, limits) << "\n";
    } catch (const fairness::ScenarioError& error) {
        std::cerr << "fairness-eval: experiment: " << error.what() << "\n";
        return bad_input;
    }
    return fairness::cli::finish_output("fairness-eval");
}

// A scenario file: its evaluation as JSON or a table, or one ranking's orderings.
int evaluate_scenario(const Command& c, const fairness::Limits& limits) {
    try {
        std::string text;
        if (const auto problem = read_input(c.path, limits, text)) {
            std::cerr << "fairness-eval: " << c.path << ": " << *problem << "\n";
            return bad_input;
        }
        const auto scenario = fairness::parse_scenario(text, limits);
        std::string().swap(text);  // the scenario holds what it needs
        if (c.orderings) {
            const auto index = ranking_index(scenario, c.ranking);
            fairness::OrderingOptions search;
            search.limits = &limits;
            std::cout << fairness::orderings_text(scenario, fairness::find_orderings(scenario, index, search)) << "\n";
        } else if (c.table) {
            // The table shows values and notes only: no detail to compute.
            std::cout << fairness::cli::format_table(fairness::evaluate(scenario, {.limits = &limits, .detail = false}));
        } else
            std::cout << fairness::evaluate_text(scenario, {.limits = &limits, .detail = c.detail}) << "\n";
    } catch (const fairness::ScenarioError& error) {
        std::cerr << "fairness-eval: " << error.what() << "\n";
        return bad_input;
    }
    return fairness::cli::finish_output("fairness-eval");
}

}  // namespace

int main(int argc, char** argv) {
    if (argc > 1 && std::string(argv[1]) == "runs") return fairness::cli::runs_main(argc - 1, argv + 1);
    Command command;
    try {
        command = parse_arguments(argc, argv);
        if (const auto conflict = mode_conflict(command); conflict && !command.help) throw Usage{*conflict};
    } catch (const Usage& error) {
        std::cerr << "fairness-eval: " << error.message << see_help;
        return bad_input;
    }
    if (command.help) {
        std::cout << usage;
        return fairness::cli::finish_output("fairness-eval");
    }
    const fairness::Limits& limits = command.large ? fairness::large_limits() : fairness::default_limits();
    if (command.describe) {
        std::cout << fairness::describe_metrics().dump(2) << "\n";
        return fairness::cli::finish_output("fairness-eval");
    }
    if (command.experiment) return run_experiment(*command.experiment, limits);
    if (command.path.empty()) {
        std::cerr << usage;
        return bad_input;
    }
    return evaluate_scenario(command, limits);
}
