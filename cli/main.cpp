// fairness-eval: the native command line over the metric core.
//   fairness-eval SCENARIO.json      results JSON on stdout (full precision)
//   fairness-eval -                  reads the scenario from stdin
//   fairness-eval --table FILE       a readable table instead
//   fairness-eval --describe         every metric's descriptor as JSON
// Bad input: one message naming the field on stderr, exit code 2, nothing on stdout.
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>

#include "fairness/evaluate.hpp"
#include "table.hpp"

namespace {

constexpr int bad_input = 2;

const char* usage =
    "usage: fairness-eval [--table] SCENARIO.json|-\n"
    "       fairness-eval --describe\n"
    "Prints every metric of SPEC.md for each ranking of the scenario as JSON (or a table with --table).\n";

bool read_input(const std::string& path, std::string& text) {
    if (path == "-") {
        text.assign(std::istreambuf_iterator<char>(std::cin), {});
        return true;
    }
    std::ifstream file(path, std::ios::binary);
    if (!file) return false;
    text.assign(std::istreambuf_iterator<char>(file), {});
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    bool table = false, describe = false;
    std::string path;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--table") table = true;
        else if (arg == "--describe") describe = true;
        else if (arg == "-h" || arg == "--help") {
            std::cout << usage;
            return 0;
        } else if (!arg.empty() && arg[0] == '-' && arg != "-") {
            std::cerr << "fairness-eval: unknown option " << arg << "\n" << usage;
            return bad_input;
        } else if (path.empty()) path = arg;
        else {
            std::cerr << "fairness-eval: one scenario at a time\n" << usage;
            return bad_input;
        }
    }
    if (describe) {
        std::cout << fairness::describe_metrics().dump(2) << "\n";
        return 0;
    }
    if (path.empty()) {
        std::cerr << usage;
        return bad_input;
    }
    std::string text;
    if (!read_input(path, text)) {
        std::cerr << "fairness-eval: " << path << ": cannot read the file\n";
        return bad_input;
    }
    try {
        const auto scenario = fairness::parse_scenario(text);
        if (table) std::cout << fairness::cli::format_table(fairness::evaluate(scenario));
        else std::cout << fairness::evaluate_text(scenario) << "\n";
    } catch (const fairness::ScenarioError& error) {
        std::cerr << "fairness-eval: " << error.what() << "\n";
        return bad_input;
    }
    return 0;
}
