// `fairness-eval runs`: run evaluation over TREC files (cli/runs.cpp).
#pragma once

namespace fairness::cli {

// argv[0] is "runs". Returns the process's exit code (0, or 2 for bad input).
int runs_main(int argc, char** argv);

}  // namespace fairness::cli
