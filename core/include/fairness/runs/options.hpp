// Run evaluation's options as JSON (the page's form of the CLI's flags), read by the core so the
// WASM module, the page and the CLI share one reader and one set of messages:
//   { "cutoffs": [10, 20], "order": "score"|"file", "official": false,
//     "backgroundFrom": "run"|"collection", "backgroundDepth": 200,
//     "metrics": ["NFaiRR", "nDCG@10"], "baseline": "bm25", "queryLabel": "n",
//     "ci": "t"|"bootstrap", "bootstrapSamples": 10000, "bootstrapSeed": 20240915 }
// Every key is optional (the CLI's defaults). A number may also come as the text typed ("10", as
// the CLI passes its flags' values). A bad value throws InputError naming the CLI's flag
// (`--cutoffs`), so the page says what the CLI says: the CLI's options are read here too.
#pragma once

#include <string_view>

#include "fairness/runs/evaluation.hpp"

namespace fairness::runs {

Options options_from_json(std::string_view json_text);

}  // namespace fairness::runs
